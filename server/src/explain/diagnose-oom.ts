// What an out-of-memory message's numbers say about its cause, stated with the numbers, and the
// remedies that fit that cause in order of likely payoff. Pure: a parsed message in, data out.
import type { OomMessage } from './parse-oom';

export type OomCause = 'memory-fraction' | 'fragmentation' | 'huge-allocation' | 'outside-pytorch' | 'own-tensors' | 'undetermined';

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

export function formatSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(2)} ${units[unit]}`;
}

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

const SHRINK_ACTIVATIONS = [
  'Run evaluation and inference under `with torch.no_grad():` (or `torch.inference_mode()`), so no graph is kept (OOM001).',
  'Use a smaller batch and accumulate gradients over several steps to keep the effective batch size.',
  'Use mixed precision (`torch.autocast` with bfloat16 or float16): activations take half the memory.',
  'Recompute activations in the backward pass instead of keeping them (`torch.utils.checkpoint`).',
  'Keep numbers, not tensors, across steps: `loss.item()` or `.detach()` before storing or summing (OOM002, OOM003).',
  'With several GPUs, use DistributedDataParallel or FSDP instead of DataParallel, which gathers everything on GPU 0.',
];

function allocConfVariable(message: OomMessage): string {
  return message.allocConf ?? (message.backend === 'hip' ? 'PYTORCH_HIP_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF');
}

/** What the traceback says the program was doing, when it says. */
export interface DiagnosisContext {
  phase?: 'backward' | 'evaluation' | 'training';
}

function remediesFor(cause: OomCause, message: OomMessage, context: DiagnosisContext): string[] {
  const conf = allocConfVariable(message);
  switch (cause) {
    case 'memory-fraction':
      return [
        'Raise or remove the cap set by `torch.cuda.set_per_process_memory_fraction` (or `per_process_memory_fraction` in ' + conf + ').',
        ...SHRINK_ACTIVATIONS.slice(0, 3),
      ];
    case 'fragmentation':
      return [
        message.hint === 'max_split_size_mb' && message.form !== '2023-process'
          ? `Set \`${conf}=max_split_size_mb:128\` (this PyTorch predates \`expandable_segments\`, which PyTorch 2.1 added; upgrading lets you use it instead).`
          : `Set \`${conf}=expandable_segments:True\` before the program starts, so the allocator can grow a segment instead of needing a new contiguous block.`,
        'Call `torch.cuda.empty_cache()` between phases that allocate differently shaped tensors (evaluation after training).',
        ...SHRINK_ACTIVATIONS.slice(0, 2),
      ];
    case 'huge-allocation':
      return [
        'Look at the shapes in the failing operation: batch size, sequence length, image size, or an unintended broadcast (a [N, 1] against a [N] makes N x N).',
        'Process the input in chunks (a loop over slices of the batch or of the sequence).',
        'Use mixed precision (`torch.autocast` with bfloat16 or float16) to halve the tensor.',
        'If the failure is in the backward pass, recompute activations instead of keeping them (`torch.utils.checkpoint`).',
      ];
    case 'outside-pytorch':
      return message.backend === 'mps'
        ? [
            'Close other programs that use the GPU (other model servers, browsers with many tabs): macOS shares its memory with them.',
            'Free memory this process holds outside PyTorch (other frameworks loaded at once).',
            'Use a smaller model or a smaller batch.',
          ]
        : [
            message.backend === 'hip'
              ? 'See which processes hold the GPU: `rocm-smi --showpids` and `rocm-smi --showmeminfo vram`.'
              : 'See which processes hold the GPU: `nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`.',
            'Stop them, or run on another GPU (`CUDA_VISIBLE_DEVICES`).',
            'Check this program for memory outside PyTorch: DataLoader workers that touch CUDA, other frameworks (TensorFlow, JAX, cuDNN workspaces) in the same process.',
          ];
    case 'own-tensors':
      // In training or its backward pass, no_grad is not the answer; it stays first otherwise, where
      // evaluation without it is the most common waste.
      return context.phase === 'backward' || context.phase === 'training' ? [...SHRINK_ACTIVATIONS.slice(1), SHRINK_ACTIVATIONS[0]!] : [...SHRINK_ACTIVATIONS];
    case 'undetermined':
      return [
        'Paste the whole message: its numbers decide the cause.',
        'If a memory fraction is set (`set_per_process_memory_fraction`), PyTorch before 2.5 does not print it: raise it.',
        'On Windows, the driver may refuse an allocation while memory is still free (WDDM): try a smaller batch.',
      ];
  }
}

function evidenceFor(message: OomMessage, b: MemoryBreakdown): string[] {
  const lines: string[] = [];
  const cap = b.capacity;
  const capName = message.backend === 'mps' ? 'the MPS limit' : `GPU ${message.gpu ?? '?'}`;
  if (b.requested !== undefined) lines.push(`Requested ${formatSize(b.requested)}${cap ? ` (${percent(b.requested, cap)} of ${capName}'s ${formatSize(cap)})` : ''}.`);
  if (b.free !== undefined) lines.push(`Free: ${formatSize(b.free)}.`);
  if (b.allocatedByPyTorch !== undefined) lines.push(`Allocated to tensors by PyTorch: ${formatSize(b.allocatedByPyTorch)}.`);
  if (b.reservedUnallocated !== undefined) lines.push(`Reserved by PyTorch but unallocated: ${formatSize(b.reservedUnallocated)}.`);
  if (b.privatePools !== undefined) lines.push(`In private pools (CUDA Graphs): ${formatSize(b.privatePools)}.`);
  if (b.outsidePyTorch !== undefined) {
    lines.push(`${message.backend === 'mps' ? 'Other allocations' : 'Held outside PyTorch (other processes, CUDA context, non-PyTorch memory)'}: ${formatSize(b.outsidePyTorch)}${cap ? ` (${percent(b.outsidePyTorch, cap)})` : ''}.`);
  }
  if (b.nonPyTorchInThisProcess !== undefined) lines.push(`Of that, in this process but outside PyTorch: ${formatSize(b.nonPyTorchInThisProcess)}.`);
  const reserved = reservedOf(b);
  for (const process of message.processes) {
    // Without the "this process has" clause, NVML did not match this process's PID (a container's
    // PID namespace): a process holding what PyTorch reserved is most likely this one.
    const ours = message.processInUse === undefined && reserved !== undefined && Math.abs(process.used - reserved) <= 0.1 * process.used;
    lines.push(`Process ${process.pid} has ${formatSize(process.used)} in use${ours ? ', about what PyTorch reserved: most likely this process under another PID (a container)' : ''}.`);
  }
  if (b.allowed !== undefined) lines.push(`Allowed by the memory fraction: ${formatSize(b.allowed)}.`);
  if (message.truncated) lines.push('The message is cut off; only the numbers before the cut are read.');
  return lines;
}

function headlineFor(cause: OomCause, b: MemoryBreakdown): string {
  const size = (n: number | undefined) => (n === undefined ? '?' : formatSize(n));
  switch (cause) {
    case 'memory-fraction':
      return `PyTorch reached the ${size(b.allowed)} it is allowed by the memory fraction, though the device has more.`;
    case 'fragmentation':
      return `PyTorch holds ${size(b.reservedUnallocated)} it is not using, enough for the ${size(b.requested)} asked, but not in one piece.`;
    case 'huge-allocation':
      return `One allocation of ${size(b.requested)} is a large share of the ${size(b.capacity)} available: a shape is larger than intended.`;
    case 'outside-pytorch':
      return `Memory outside PyTorch holds ${size(b.outsidePyTorch)} of ${size(b.capacity)}: another process, or non-PyTorch memory in this one.`;
    case 'own-tensors':
      return `This program's own tensors fill the device: PyTorch has ${size(b.allocatedByPyTorch)} allocated of ${size(b.capacity)}.`;
    case 'undetermined':
      return 'The numbers in the message do not decide the cause.';
  }
}

export function diagnoseOom(message: OomMessage, context: DiagnosisContext = {}): OomDiagnosis {
  const breakdown = memoryBreakdown(message);
  const cause = decideCause(message, breakdown);
  return { cause, headline: headlineFor(cause, breakdown), evidence: evidenceFor(message, breakdown), remedies: remediesFor(cause, message, context), breakdown };
}
