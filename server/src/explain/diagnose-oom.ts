// What an out-of-memory message's numbers say about its cause, stated with the numbers, and the
// remedies that fit that cause in order of likely payoff. Pure: a parsed message in, data out.
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages, OomCause, OomRemedy } from '../l10n/messages';
import { formatSize } from './format-size';
import type { OomMessage } from './parse-oom';

export type { OomCause } from '../l10n/messages';

/** The device's memory as the message describes it, in bytes; absent where it cannot be worked out. */
export interface MemoryBreakdown {
  /** The device's capacity, or the MPS limit ("max allowed"). */
  capacity?: number;
  requested?: number;
  free?: number;
  /** Handed out to this program's tensors. */
  allocatedByPyTorch?: number;
  /** Held by PyTorch's allocator but not handed out: the room fragmentation wastes. */
  reservedUnallocated?: number;
  /** Not held by PyTorch's allocator: other processes, the CUDA context, non-PyTorch libraries, the display. */
  outsidePyTorch?: number;
  /** The part of `outsidePyTorch` in this process ("Including non-PyTorch memory, this process has ..."). */
  nonPyTorchInThisProcess?: number;
  privatePools?: number;
  allowed?: number;
}

export interface OomDiagnosis {
  cause: OomCause;
  /** One sentence naming the cause. */
  headline: string;
  /** The numbers behind it, one sentence each. */
  evidence: string[];
  remedies: string[];
  breakdown: MemoryBreakdown;
}

/** The shares that decide the cause (see test/fixtures/oom-messages/README.md). */
const LARGE_SHARE = 0.25;
const FRAGMENTED_SHARE = 0.1;
/** The printed sizes are rounded to two decimals: "1.05 GiB allowed" may be reached at 1.04 GiB. */
const ROUNDING = 0.98;


const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

export function memoryBreakdown(message: OomMessage): MemoryBreakdown {
  const breakdown: MemoryBreakdown = {};
  if (message.requested !== undefined) breakdown.requested = message.requested;
  if (message.privatePools !== undefined) breakdown.privatePools = message.privatePools;
  if (message.allowed !== undefined) breakdown.allowed = message.allowed;
  if (message.backend === 'mps') {
    if (message.maxAllowed !== undefined) breakdown.capacity = message.maxAllowed;
    if (message.mpsAllocated !== undefined) breakdown.allocatedByPyTorch = message.mpsAllocated;
    if (message.otherAllocations !== undefined) breakdown.outsidePyTorch = message.otherAllocations;
    if (message.maxAllowed !== undefined && message.mpsAllocated !== undefined && message.otherAllocations !== undefined) {
      breakdown.free = Math.max(0, message.maxAllowed - message.mpsAllocated - message.otherAllocations);
    }
    return breakdown;
  }
  if (message.total !== undefined) breakdown.capacity = message.total;
  if (message.free !== undefined) breakdown.free = message.free;
  if (message.allocated !== undefined) breakdown.allocatedByPyTorch = message.allocated;
  const unallocated =
    message.reservedUnallocated ??
    message.cached ??
    (message.reservedTotal !== undefined && message.allocated !== undefined ? Math.max(0, message.reservedTotal - message.allocated) : undefined);
  if (unallocated !== undefined) breakdown.reservedUnallocated = unallocated;
  const reserved = message.reservedTotal ?? (message.allocated !== undefined && unallocated !== undefined ? message.allocated + unallocated : undefined);
  if (message.total !== undefined && message.free !== undefined && reserved !== undefined) {
    breakdown.outsidePyTorch = Math.max(0, message.total - message.free - reserved);
  }
  if (message.processInUse !== undefined && reserved !== undefined) {
    breakdown.nonPyTorchInThisProcess = Math.max(0, message.processInUse - reserved);
  }
  return breakdown;
}

function reservedOf(b: MemoryBreakdown): number | undefined {
  return b.allocatedByPyTorch !== undefined && b.reservedUnallocated !== undefined ? b.allocatedByPyTorch + b.reservedUnallocated : undefined;
}

function decideCause(message: OomMessage, b: MemoryBreakdown): OomCause {
  const { requested, capacity, free } = b;
  const reserved = reservedOf(b) ?? message.reservedTotal;
  if (b.allowed !== undefined && reserved !== undefined && reserved + (requested ?? 0) > ROUNDING * b.allowed) return 'memory-fraction';
  if (
    requested !== undefined &&
    b.reservedUnallocated !== undefined &&
    reserved !== undefined &&
    free !== undefined &&
    message.backend !== 'mps' &&
    b.reservedUnallocated >= requested &&
    b.reservedUnallocated >= FRAGMENTED_SHARE * reserved &&
    free < requested
  ) {
    return 'fragmentation';
  }
  if (requested !== undefined && capacity !== undefined && requested >= LARGE_SHARE * capacity) return 'huge-allocation';
  if (b.outsidePyTorch !== undefined && capacity !== undefined && b.outsidePyTorch >= LARGE_SHARE * capacity) return 'outside-pytorch';
  if (requested === undefined || capacity === undefined || free === undefined) return 'undetermined';
  // On MPS the limit is checked against all three figures: "free" there is only rounding.
  if (message.backend !== 'mps' && free >= requested) return 'undetermined';
  return 'own-tensors';
}

const SHRINK_ACTIVATIONS: readonly OomRemedy[] = ['no-grad', 'smaller-batch', 'mixed-precision', 'checkpointing', 'numbers-not-tensors', 'distributed-data-parallel'];

function allocConfVariable(message: OomMessage): string {
  return message.allocConf ?? (message.backend === 'hip' ? 'PYTORCH_HIP_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF');
}

/** What the traceback says the program was doing, when it says. */
export interface DiagnosisContext {
  phase?: 'backward' | 'evaluation' | 'training';
}

function remediesFor(cause: OomCause, message: OomMessage, context: DiagnosisContext): OomRemedy[] {
  switch (cause) {
    case 'memory-fraction':
      return ['raise-memory-fraction', ...SHRINK_ACTIVATIONS.slice(0, 3)];
    case 'fragmentation':
      return [
        message.hint === 'max_split_size_mb' && message.form !== '2023-process' ? 'max-split-size' : 'expandable-segments',
        'empty-cache-between-phases',
        ...SHRINK_ACTIVATIONS.slice(0, 2),
      ];
    case 'huge-allocation':
      return ['look-at-shapes', 'process-in-chunks', 'mixed-precision-halves-tensor', 'checkpointing-in-backward'];
    case 'outside-pytorch':
      return message.backend === 'mps'
        ? ['mps-close-other-programs', 'mps-free-outside-pytorch', 'mps-smaller-model']
        : [message.backend === 'hip' ? 'see-processes-hip' : 'see-processes-cuda', 'stop-or-other-gpu', 'memory-outside-pytorch-here'];
    case 'own-tensors':
      // In training or its backward pass, no_grad is not the answer; it stays first otherwise, where
      // evaluation without it is the most common waste.
      return context.phase === 'backward' || context.phase === 'training' ? [...SHRINK_ACTIVATIONS.slice(1), SHRINK_ACTIVATIONS[0]!] : [...SHRINK_ACTIVATIONS];
    case 'undetermined':
      return ['paste-whole-message', 'unprinted-memory-fraction', 'windows-wddm'];
  }
}

function evidenceFor(message: OomMessage, b: MemoryBreakdown, words: ExplainMessages): string[] {
  const lines: string[] = [];
  const cap = b.capacity;
  const gpu = message.backend === 'mps' ? null : String(message.gpu ?? '?');
  if (b.requested !== undefined) {
    lines.push(words.oomEvidenceRequested({ size: formatSize(b.requested), share: cap ? { percent: percent(b.requested, cap), gpu, capacity: formatSize(cap) } : null }));
  }
  if (b.free !== undefined) lines.push(words.oomEvidenceFree({ size: formatSize(b.free) }));
  if (b.allocatedByPyTorch !== undefined) lines.push(words.oomEvidenceAllocated({ size: formatSize(b.allocatedByPyTorch) }));
  if (b.reservedUnallocated !== undefined) lines.push(words.oomEvidenceReservedUnallocated({ size: formatSize(b.reservedUnallocated) }));
  if (b.privatePools !== undefined) lines.push(words.oomEvidencePrivatePools({ size: formatSize(b.privatePools) }));
  if (b.outsidePyTorch !== undefined) {
    lines.push(words.oomEvidenceOutside({ size: formatSize(b.outsidePyTorch), mps: message.backend === 'mps', percent: cap ? percent(b.outsidePyTorch, cap) : null }));
  }
  if (b.nonPyTorchInThisProcess !== undefined) lines.push(words.oomEvidenceNonPyTorchInProcess({ size: formatSize(b.nonPyTorchInThisProcess) }));
  const reserved = reservedOf(b);
  for (const process of message.processes) {
    // Without the "this process has" clause, NVML did not match this process's PID (a container's
    // PID namespace): a process holding what PyTorch reserved is most likely this one.
    const ours = message.processInUse === undefined && reserved !== undefined && Math.abs(process.used - reserved) <= 0.1 * process.used;
    lines.push(words.oomEvidenceProcess({ pid: process.pid, size: formatSize(process.used), likelyThisProcess: ours }));
  }
  if (b.allowed !== undefined) lines.push(words.oomEvidenceAllowed({ size: formatSize(b.allowed) }));
  if (message.truncated) lines.push(words.oomEvidenceTruncated);
  return lines;
}

function headlineFor(cause: OomCause, b: MemoryBreakdown, words: ExplainMessages): string {
  const size = (n: number | undefined) => (n === undefined ? '?' : formatSize(n));
  return words.oomHeadline({
    cause,
    allowed: size(b.allowed),
    reservedUnallocated: size(b.reservedUnallocated),
    requested: size(b.requested),
    capacity: size(b.capacity),
    outsidePyTorch: size(b.outsidePyTorch),
    allocatedByPyTorch: size(b.allocatedByPyTorch),
  });
}

/** `words`: the language of the headline, evidence and remedies; the cause and the numbers are the same in all. */
export function diagnoseOom(message: OomMessage, context: DiagnosisContext = {}, words: ExplainMessages = explainEn): OomDiagnosis {
  const breakdown = memoryBreakdown(message);
  const cause = decideCause(message, breakdown);
  const conf = allocConfVariable(message);
  return {
    cause,
    headline: headlineFor(cause, breakdown, words),
    evidence: evidenceFor(message, breakdown, words),
    remedies: remediesFor(cause, message, context).map((remedy) => words.oomRemedy({ remedy, conf })),
    breakdown,
  };
}
