// English words of the out-of-memory explanation (`oomlint explain`, the editor's explanation panel).
import type { ExplainMessages, OomCause, OomRemedy } from './messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => 'Run evaluation and inference under `with torch.no_grad():` (or `torch.inference_mode()`), so no graph is kept (OOM001).',
  'smaller-batch': () => 'Use a smaller batch and accumulate gradients over several steps to keep the effective batch size.',
  'mixed-precision': () => 'Use mixed precision (`torch.autocast` with bfloat16 or float16): activations take half the memory.',
  checkpointing: () => 'Recompute activations in the backward pass instead of keeping them (`torch.utils.checkpoint`).',
  'numbers-not-tensors': () => 'Keep numbers, not tensors, across steps: `loss.item()` or `.detach()` before storing or summing (OOM002, OOM003).',
  'distributed-data-parallel': () => 'With several GPUs, use DistributedDataParallel or FSDP instead of DataParallel, which gathers everything on GPU 0.',
  'raise-memory-fraction': (conf) => 'Raise or remove the cap set by `torch.cuda.set_per_process_memory_fraction` (or `per_process_memory_fraction` in ' + conf + ').',
  'max-split-size': (conf) =>
    `Set \`${conf}=max_split_size_mb:128\` (this PyTorch predates \`expandable_segments\`, which PyTorch 2.1 added; upgrading lets you use it instead).`,
  'expandable-segments': (conf) =>
    `Set \`${conf}=expandable_segments:True\` before the program starts, so the allocator can grow a segment instead of needing a new contiguous block.`,
  'empty-cache-between-phases': () => 'Call `torch.cuda.empty_cache()` between phases that allocate differently shaped tensors (evaluation after training).',
  'look-at-shapes': () =>
    'Look at the shapes in the failing operation: batch size, sequence length, image size, or an unintended broadcast (a [N, 1] against a [N] makes N x N).',
  'process-in-chunks': () => 'Process the input in chunks (a loop over slices of the batch or of the sequence).',
  'mixed-precision-halves-tensor': () => 'Use mixed precision (`torch.autocast` with bfloat16 or float16) to halve the tensor.',
  'checkpointing-in-backward': () => 'If the failure is in the backward pass, recompute activations instead of keeping them (`torch.utils.checkpoint`).',
  'mps-close-other-programs': () => 'Close other programs that use the GPU (other model servers, browsers with many tabs): macOS shares its memory with them.',
  'mps-free-outside-pytorch': () => 'Free memory this process holds outside PyTorch (other frameworks loaded at once).',
  'mps-smaller-model': () => 'Use a smaller model or a smaller batch.',
  'see-processes-hip': () => 'See which processes hold the GPU: `rocm-smi --showpids` and `rocm-smi --showmeminfo vram`.',
  'see-processes-cuda': () => 'See which processes hold the GPU: `nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`.',
  'stop-or-other-gpu': () => 'Stop them, or run on another GPU (`CUDA_VISIBLE_DEVICES`).',
  'memory-outside-pytorch-here': () =>
    'Check this program for memory outside PyTorch: DataLoader workers that touch CUDA, other frameworks (TensorFlow, JAX, cuDNN workspaces) in the same process.',
  'paste-whole-message': () => 'Paste the whole message: its numbers decide the cause.',
  'unprinted-memory-fraction': () => 'If a memory fraction is set (`set_per_process_memory_fraction`), PyTorch before 2.5 does not print it: raise it.',
  'windows-wddm': () => 'On Windows, the driver may refuse an allocation while memory is still free (WDDM): try a smaller batch.',
};

const FORMS = {
  '2018-cached': 'PyTorch 1.0-1.4 form',
  '2020-reserved': 'PyTorch 1.5-2.0 form',
  '2023-process': 'PyTorch 2.1+ form',
  mps: 'Apple MPS',
} as const;

function headline(cause: OomCause, size: Parameters<ExplainMessages['oomHeadline']>[0]): string {
  switch (cause) {
    case 'memory-fraction':
      return `PyTorch reached the ${size.allowed} it is allowed by the memory fraction, though the device has more.`;
    case 'fragmentation':
      return `PyTorch holds ${size.reservedUnallocated} it is not using, enough for the ${size.requested} asked, but not in one piece.`;
    case 'huge-allocation':
      return `One allocation of ${size.requested} is a large share of the ${size.capacity} available: a shape is larger than intended.`;
    case 'outside-pytorch':
      return `Memory outside PyTorch holds ${size.outsidePyTorch} of ${size.capacity}: another process, or non-PyTorch memory in this one.`;
    case 'own-tensors':
      return `This program's own tensors fill the device: PyTorch has ${size.allocatedByPyTorch} allocated of ${size.capacity}.`;
    case 'undetermined':
      return 'The numbers in the message do not decide the cause.';
  }
}

export const explainEn: ExplainMessages = {
  oomCauseName: ({ cause }) => cause,
  oomHeadline: (p) => headline(p.cause, p),
  oomEvidenceRequested: ({ size, share }) =>
    `Requested ${size}${share ? ` (${share.percent} of ${share.gpu === null ? 'the MPS limit' : `GPU ${share.gpu}`}'s ${share.capacity})` : ''}.`,
  oomEvidenceFree: ({ size }) => `Free: ${size}.`,
  oomEvidenceAllocated: ({ size }) => `Allocated to tensors by PyTorch: ${size}.`,
  oomEvidenceReservedUnallocated: ({ size }) => `Reserved by PyTorch but unallocated: ${size}.`,
  oomEvidencePrivatePools: ({ size }) => `In private pools (CUDA Graphs): ${size}.`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? 'Other allocations' : 'Held outside PyTorch (other processes, CUDA context, non-PyTorch memory)'}: ${size}${percent ? ` (${percent})` : ''}.`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `Of that, in this process but outside PyTorch: ${size}.`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `Process ${pid} has ${size} in use${likelyThisProcess ? ', about what PyTorch reserved: most likely this process under another PID (a container)' : ''}.`,
  oomEvidenceAllowed: ({ size }) => `Allowed by the memory fraction: ${size}.`,
  oomEvidenceTruncated: 'The message is cut off; only the numbers before the cut are read.',
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu }) => (backend === 'mps' ? 'MPS backend out of memory' : `${backend === 'hip' ? 'HIP' : 'CUDA'} out of memory on GPU ${gpu}`),
  oomForm: ({ form, truncated }) => `${FORMS[form]}${truncated ? ', cut off' : ''}`,
  oomCauseLine: ({ cause, headline: text }) => `Cause: ${cause} - ${text}`,
  oomBarLegend: '# allocated  ~ reserved, unallocated  x outside PyTorch  . free',
  oomFunction: ({ name, quoted }) => `function ${quoted ? `\`${name}\`` : name}`,
  oomRanOut: ({ phase, shown, where }) => `It ran out in ${phase === 'backward' ? 'the backward pass' : `${phase} code`} (${shown}, ${where}).`,
  oomYourCode: 'In your code (outermost first):',
  oomFrame: ({ where, fn }) => `${where} in ${fn}`,
  oomFailingLine: '<- the line that led to the allocation',
  oomFindingAt: ({ code, line, message }) => `${code} at line ${line}: ${message}`,
  oomMoreFindings: ({ more, file }) => `... and ${more} more (oomlint check ${file})`,
  oomRemediesHeading: 'What to do, most likely to help first:',
};
