// What an out-of-memory message says about its cause, from its numbers, its form (which dates the
// PyTorch that printed it), the traceback and the log around it; stated with the numbers, with the
// remedies that fit the case in order of likely payoff. Pure: a parsed message in, data out.
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages, OomCause, OomHeadlineParams, OomNote } from '../l10n/explain-messages';
import { chooseRemedies } from './choose-remedies';
import { formatSize } from './format-size';
import type { LogFacts } from './log-context';
import { blockFor, hasImpossibleSize, inconsistency, memoryBreakdown, reservedOf, type MemoryBreakdown } from './memory-breakdown';
import type { OomMessage } from './oom-message';

export type { OomCause } from '../l10n/explain-messages';
export type { MemoryBreakdown } from './memory-breakdown';
export { memoryBreakdown } from './memory-breakdown';

export type EvidenceKind =
  | 'requested'
  | 'free'
  | 'allocated'
  | 'reserved-unallocated'
  | 'private-pools'
  | 'outside'
  | 'non-pytorch-in-process'
  | 'process'
  | 'allowed'
  | 'truncated'
  | 'note';

/** One sentence of evidence; the kinds a memory bar's legend shows can be left out beside it. */
export interface Evidence {
  kind: EvidenceKind;
  text: string;
}

export interface OomDiagnosis {
  cause: OomCause;
  /** One sentence naming the cause. */
  headline: string;
  /** The numbers and observations behind it, one sentence each. */
  evidence: Evidence[];
  remedies: string[];
  breakdown: MemoryBreakdown;
}

/** What the traceback and the log say about the program. */
export interface DiagnosisContext {
  phase?: 'backward' | 'evaluation' | 'training';
  facts?: LogFacts;
  /** The epoch it ran out in, when the log says and it is past the first. */
  epoch?: number;
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** The shares that decide the cause (see test/fixtures/oom-messages/README.md). */
const LARGE_SHARE = 0.25;
const FRAGMENTED_SHARE = 0.1;
/** The printed sizes are rounded to two decimals: "1.05 GiB allowed" may be reached at 1.04 GiB. */
const ROUNDING = 0.98;
/**
 * What a CUDA context (300 MiB to 1 GiB, by CUDA version and lazy loading) and a desktop take on a
 * display card: memory outside PyTorch up to this much is not another program.
 */
const CONTEXT_AND_DESKTOP = 1.25 * GiB;
/** The desktop alone, when the message counts this process's own non-PyTorch memory apart. */
const DESKTOP = 0.75 * GiB;
/** What another rank's CUDA context holds on a GPU it does not use. */
const RANK_CONTEXT_MIN = 150 * MiB;
const RANK_CONTEXT_MAX = 3 * GiB;

interface Decision {
  cause: OomCause;
  notes: OomNote[];
  reason?: OomHeadlineParams['reason'];
  /** ranks-on-one-gpu: how many processes. */
  count?: number;
}

const percentOf = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
const size = (n: number | undefined) => (n === undefined ? '?' : formatSize(n));

/** A listed process that holds about what PyTorch reserved, when NVML did not name this process: it is this one. */
function isLikelyThisProcess(message: OomMessage, b: MemoryBreakdown, used: number): boolean {
  const reserved = reservedOf(b);
  return message.processInUse === undefined && reserved !== undefined && Math.abs(used - reserved) <= 0.1 * used;
}

function decideWithoutNumbers(message: OomMessage): Decision | undefined {
  switch (message.form) {
    case 'cuda-error':
      return { cause: 'outside-allocator', notes: [{ kind: 'no-sizes', what: 'cuda-error' }, { kind: 'asynchronous' }] };
    case 'cublas':
    case 'cudnn':
      return { cause: 'outside-allocator', notes: [{ kind: 'no-sizes', what: message.form }] };
    case 'thc':
      return { cause: 'undetermined', reason: 'no-sizes', notes: [{ kind: 'no-sizes', what: 'thc' }] };
    case 'cpu-allocator':
      return { cause: hasImpossibleSize(message) ? 'invalid-size' : 'host-memory', notes: [] };
    case 'tensorflow':
    case 'jax': {
      const notes: OomNote[] = [{ kind: 'not-pytorch', framework: message.form }];
      if (message.shape && message.dtype && message.requested !== undefined) {
        notes.push({ kind: 'tensor', shape: `[${message.shape.join(', ')}]`, dtype: message.dtype, size: formatSize(message.requested) });
      }
      return { cause: hasImpossibleSize(message) ? 'invalid-size' : 'own-tensors', notes };
    }
    case 'vllm': {
      const notes: OomNote[] = [];
      if (message.maxModelLen !== undefined && message.kvCacheTokens !== undefined) notes.push({ kind: 'vllm-tokens', maxModelLen: message.maxModelLen, tokens: message.kvCacheTokens });
      if (message.kvCacheNeeded !== undefined && message.kvCacheAvailable !== undefined) {
        notes.push({ kind: 'vllm-kv-memory', needed: formatSize(message.kvCacheNeeded), available: formatSize(message.kvCacheAvailable) });
      }
      if (message.vllmKind === 'startup-free-memory') {
        if (message.free !== undefined && message.total !== undefined && message.desired !== undefined) {
          notes.push({ kind: 'vllm-startup', free: formatSize(message.free), total: formatSize(message.total), utilization: String(message.memoryUtilization ?? '?'), desired: formatSize(message.desired) });
        }
        return { cause: 'outside-pytorch', notes };
      }
      return { cause: 'kv-cache', notes };
    }
    default:
      return undefined;
  }
}

/**
 * Whether the free memory would serve the request: the block the allocator asks for, and room to spare
 * (on a nearly full card the last few percent cannot be had in one piece).
 */
function freeCovers(free: number, requested: number, capacity: number): boolean {
  return free >= blockFor(requested) + Math.max(256 * MiB, 0.03 * capacity);
}

/** The cause of a caching allocator's message (CUDA, ROCm, XPU, MPS), from its numbers. */
function decideFromNumbers(message: OomMessage, b: MemoryBreakdown): Decision {
  const notes: OomNote[] = [];
  if (hasImpossibleSize(message)) return { cause: 'invalid-size', notes };
  const { requested, capacity, free } = b;
  const large = requested !== undefined && capacity !== undefined && requested >= LARGE_SHARE * capacity;
  const contradiction = inconsistency(message);
  if (contradiction) {
    notes.push({ kind: 'inconsistent', what: contradiction.what, size: formatSize(contradiction.size), capacity: formatSize(contradiction.capacity) });
    if (large) return { cause: 'huge-allocation', notes };
    // More allocated than the card holds: Windows lends shared system memory to the program's own tensors.
    if (contradiction.what !== 'free-above-total') return { cause: 'own-tensors', notes };
    return { cause: 'undetermined', reason: 'inconsistent', notes };
  }
  const reserved = reservedOf(b) ?? message.reservedTotal;
  const mps = message.backend === 'mps';
  const covered = !mps && free !== undefined && requested !== undefined && capacity !== undefined && freeCovers(free, requested, capacity);
  // The cap of set_per_process_memory_fraction, when the message states it.
  if (b.allowed !== undefined && reserved !== undefined && (reserved + (requested ?? 0) > ROUNDING * b.allowed || (free !== undefined && requested !== undefined && free >= requested))) {
    return { cause: 'memory-fraction', notes };
  }
  // PyTorch holds the room, but not in one piece.
  const unallocated = b.reservedUnallocated;
  const fragments = !mps && requested !== undefined && unallocated !== undefined && reserved !== undefined && free !== undefined && unallocated >= requested && free < blockFor(requested);
  if (fragments && unallocated! >= FRAGMENTED_SHARE * reserved!) return { cause: 'fragmentation', notes };
  if (requested !== undefined && capacity !== undefined && requested >= 0.5 * capacity) return { cause: 'huge-allocation', notes };

  // Several context-sized processes on the GPU: this program's other ranks.
  const others = message.processes.filter((p) => !isLikelyThisProcess(message, b, p.used));
  const rankContexts = others.filter((p) => p.used >= RANK_CONTEXT_MIN && p.used <= RANK_CONTEXT_MAX);
  if (rankContexts.length >= 2 && rankContexts.length >= others.length - 1) {
    notes.push({ kind: 'ranks-on-gpu', count: rankContexts.length, gpu: String(message.gpu ?? 0) });
    return { cause: 'ranks-on-one-gpu', notes, count: rankContexts.length + 1 };
  }

  // Memory outside PyTorch is the cause when it fills the device and the request would not fit in what is free.
  if (capacity !== undefined && b.outsidePyTorch !== undefined && !covered) {
    if (mps) {
      if (b.outsidePyTorch >= LARGE_SHARE * capacity) return { cause: 'outside-pytorch', notes: [...notes, { kind: 'mps-per-process' }] };
    } else {
      // With "this process has ... in use", its own CUDA context and libraries are counted apart.
      const otherPrograms = message.processInUse !== undefined && message.total !== undefined && free !== undefined ? Math.max(0, message.total - free - message.processInUse) : undefined;
      const inProcess = b.nonPyTorchInThisProcess ?? 0;
      const outside =
        otherPrograms !== undefined
          ? (otherPrograms >= LARGE_SHARE * capacity && otherPrograms > DESKTOP) || (inProcess >= LARGE_SHARE * capacity && inProcess > 2 * GiB)
          : b.outsidePyTorch >= LARGE_SHARE * capacity && b.outsidePyTorch > CONTEXT_AND_DESKTOP;
      if (outside) return { cause: 'outside-pytorch', notes };
      if (b.outsidePyTorch >= LARGE_SHARE * capacity) notes.push({ kind: 'context-and-desktop', size: formatSize(b.outsidePyTorch), capacity: formatSize(capacity) });
    }
  }
  if (large) return { cause: 'huge-allocation', notes };
  if (fragments) notes.push({ kind: 'fragmentation-contributes', unallocated: formatSize(unallocated!), requested: formatSize(requested!) });
  if (requested === undefined || capacity === undefined || free === undefined) return { cause: 'undetermined', reason: message.truncated ? 'cut-off' : 'no-sizes', notes };
  // On MPS the limit is checked against all three figures: "free" there is only rounding.
  if (covered) {
    notes.push({ kind: 'free-covers-request', free: formatSize(free), requested: formatSize(requested) });
    return { cause: 'undetermined', reason: 'free-covers', notes };
  }
  if (!mps && free >= requested) notes.push({ kind: 'free-below-block', free: formatSize(free), requested: formatSize(requested), block: formatSize(blockFor(requested)) });
  return { cause: 'own-tensors', notes };
}

/** The context turns some causes into more precise ones: a leak over epochs, vLLM's own budget. */
function refine(decision: Decision, message: OomMessage, b: MemoryBreakdown, context: DiagnosisContext): Decision {
  const facts = context.facts;
  const growing = decision.cause === 'own-tensors' || (decision.cause === 'undetermined' && decision.reason !== 'free-covers' && decision.reason !== 'inconsistent');
  if (growing && context.epoch !== undefined && message.framework === 'pytorch' && message.backend !== 'cpu') {
    return { ...decision, cause: 'leak-over-time', notes: [...decision.notes, { kind: 'epochs', epoch: context.epoch }] };
  }
  if (facts?.vllm && message.form !== 'vllm' && message.framework === 'pytorch' && message.backend !== 'cpu') {
    const enginesShare = b.allocatedByPyTorch !== undefined && b.capacity !== undefined && b.allocatedByPyTorch >= 0.5 * b.capacity;
    if (decision.cause === 'own-tensors' || (decision.cause === 'undetermined' && enginesShare)) {
      return { ...decision, cause: 'kv-cache', notes: [...decision.notes, { kind: 'vllm-engine' }] };
    }
  }
  return decision;
}

function evidenceFor(message: OomMessage, b: MemoryBreakdown, words: ExplainMessages, notes: readonly OomNote[]): Evidence[] {
  const lines: Evidence[] = [];
  const add = (kind: EvidenceKind, text: string) => lines.push({ kind, text });
  const cap = b.capacity;
  const gpu = message.backend === 'mps' ? null : String(message.gpu ?? '?');
  if (b.requested !== undefined) {
    add('requested', words.oomEvidenceRequested({ size: formatSize(b.requested), share: cap ? { percent: percentOf(b.requested, cap), gpu, capacity: formatSize(cap) } : null }));
  } else if (message.requested !== undefined) {
    // A figure that is no real size is still shown, as written.
    add('requested', words.oomEvidenceRequested({ size: formatSize(message.requested), share: null }));
  }
  if (b.free !== undefined) add('free', words.oomEvidenceFree({ size: formatSize(b.free) }));
  if (b.allocatedByPyTorch !== undefined) add('allocated', words.oomEvidenceAllocated({ size: formatSize(b.allocatedByPyTorch) }));
  if (b.reservedUnallocated !== undefined) add('reserved-unallocated', words.oomEvidenceReservedUnallocated({ size: formatSize(b.reservedUnallocated) }));
  if (b.privatePools !== undefined) add('private-pools', words.oomEvidencePrivatePools({ size: formatSize(b.privatePools) }));
  if (b.outsidePyTorch !== undefined) {
    add('outside', words.oomEvidenceOutside({ size: formatSize(b.outsidePyTorch), mps: message.backend === 'mps', percent: cap ? percentOf(b.outsidePyTorch, cap) : null }));
  }
  if (b.nonPyTorchInThisProcess !== undefined) add('non-pytorch-in-process', words.oomEvidenceNonPyTorchInProcess({ size: formatSize(b.nonPyTorchInThisProcess) }));
  for (const process of message.processes) {
    add('process', words.oomEvidenceProcess({ pid: process.pid, size: formatSize(process.used), likelyThisProcess: isLikelyThisProcess(message, b, process.used) }));
  }
  if (b.allowed !== undefined) add('allowed', words.oomEvidenceAllowed({ size: formatSize(b.allowed) }));
  if (message.truncated) add('truncated', words.oomEvidenceTruncated);
  for (const note of notes) add('note', words.oomNote(note));
  return lines;
}

function headlineFor(decision: Decision, message: OomMessage, b: MemoryBreakdown, context: DiagnosisContext, words: ExplainMessages): string {
  const library = message.form === 'cublas' ? 'cublas' : message.form === 'cudnn' ? 'cudnn' : 'cuda';
  const vllm = message.vllmKind === 'startup-free-memory' ? null : (message.vllmKind ?? (decision.cause === 'kv-cache' ? 'engine' : null));
  return words.oomHeadline({
    cause: decision.cause,
    requested: size(b.requested ?? message.requested),
    capacity: size(b.capacity),
    allocated: size(b.allocatedByPyTorch),
    unallocated: size(b.reservedUnallocated),
    outside: size(b.outsidePyTorch),
    allowed: size(b.allowed),
    percent: b.requested !== undefined && b.capacity ? percentOf(b.requested, b.capacity) : null,
    mps: message.backend === 'mps',
    gpu: String(message.gpu ?? 0),
    count: decision.count ?? 0,
    epoch: context.epoch ?? null,
    library,
    vllm,
    reason: decision.reason ?? 'no-sizes',
  });
}

/** `words`: the language of the headline, evidence and remedies; the cause and the numbers are the same in all. */
export function diagnoseOom(message: OomMessage, context: DiagnosisContext = {}, words: ExplainMessages = explainEn): OomDiagnosis {
  const breakdown = memoryBreakdown(message);
  const decision = refine(decideWithoutNumbers(message) ?? decideFromNumbers(message, breakdown), message, breakdown, context);
  return {
    cause: decision.cause,
    headline: headlineFor(decision, message, breakdown, context, words),
    evidence: evidenceFor(message, breakdown, words, decision.notes),
    remedies: chooseRemedies(decision.cause, message, breakdown, context).map((remedy) => words.oomRemedy({ remedy: remedy.id, conf: remedy.conf })),
    breakdown,
  };
}
