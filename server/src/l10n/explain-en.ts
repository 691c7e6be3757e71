// English words of the out-of-memory explanation (`oomlint explain`, the editor's explanation panel).
import type { ExplainMessages, OomCause, OomFormName, OomHeadlineParams, OomNote, OomRemedy } from './explain-messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => 'Run evaluation and inference under `with torch.no_grad():` (or `torch.inference_mode()`), so no graph is kept (OOM001).',
  'smaller-batch': () => 'Use a smaller batch and accumulate gradients over several steps to keep the effective batch size.',
  'mixed-precision': () => 'Use mixed precision (`torch.autocast` with bfloat16 or float16): activations take half the memory.',
  checkpointing: () => 'Recompute activations in the backward pass instead of keeping them (`torch.utils.checkpoint`).',
  'numbers-not-tensors': () => 'Keep numbers, not tensors, across steps: `loss.item()` or `.detach()` before storing or summing (OOM002, OOM003).',
  'distributed-data-parallel': () => 'DataParallel gathers every output on GPU 0: use DistributedDataParallel (one process per GPU) or FSDP instead.',
  'raise-memory-fraction': (conf) => `Raise or remove the cap set by \`torch.cuda.set_per_process_memory_fraction\` (or \`per_process_memory_fraction\` in ${conf}).`,
  'max-split-size': (conf) => `Set \`${conf}=max_split_size_mb:128\` before the program starts, so large blocks are not split into pieces too small to reuse.`,
  'max-split-size-rocm': (conf) =>
    `Set \`${conf}=max_split_size_mb:128\` before the program starts; \`expandable_segments:True\` takes effect on ROCm only with PyTorch 2.11 or later on ROCm 7.`,
  'expandable-segments': (conf) =>
    `Set \`${conf}=expandable_segments:True\` before the program starts, so the allocator can grow a segment instead of needing a new contiguous block (PyTorch 2.1 or later, Linux).`,
  'upgrade-for-allocator-options': (conf) =>
    `PyTorch before 1.10 (its message has no hint) has no allocator option against fragmentation: upgrade, then set \`${conf}=max_split_size_mb:128\` (1.10 or later) or \`expandable_segments:True\` (2.1 or later).`,
  'empty-cache-between-phases': () => 'Call `torch.cuda.empty_cache()` between phases that allocate differently shaped tensors (evaluation after training).',
  'look-at-shapes': () =>
    'Look at the shapes in the failing operation: batch size, sequence length, image size, or an unintended broadcast (a [N, 1] against a [N] makes N x N).',
  'process-in-chunks': () => 'Process the input in chunks (a loop over slices of the batch or of the sequence).',
  'mixed-precision-halves-tensor': () => 'Use mixed precision (`torch.autocast` with bfloat16 or float16) to halve the tensor.',
  'checkpointing-in-backward': () => 'If the failure is in the backward pass, recompute activations instead of keeping them (`torch.utils.checkpoint`).',
  'invalid-size-check-shapes': () =>
    'Print the shapes going into the failing call: a dimension computed as negative (a size minus something larger) or one that overflowed becomes a size like this.',
  'see-processes-hip': () => 'See which processes hold the GPU: `rocm-smi --showpids` and `rocm-smi --showmeminfo vram`.',
  'see-processes-cuda': () => 'See which processes hold the GPU: `nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`.',
  'stop-or-other-gpu': () => 'Stop them, or run on another GPU (`CUDA_VISIBLE_DEVICES`).',
  'memory-outside-pytorch-here': () =>
    'Check this program for memory outside PyTorch: DataLoader workers that touch CUDA, other frameworks (TensorFlow, JAX) or cuDNN workspaces in the same process.',
  'set-device-per-rank': () =>
    'In each process call `torch.cuda.set_device(local_rank)` before any CUDA work, and load checkpoints with `map_location` (the rank\'s GPU or the CPU), so no rank creates a context on GPU 0 (OOM009, OOM010).',
  'leave-headroom': () => 'Leave room for the libraries: a smaller batch, or `torch.backends.cudnn.benchmark = False`, which tries fewer large workspaces.',
  'cuda-launch-blocking': () => 'CUDA reports errors late: run once with `CUDA_LAUNCH_BLOCKING=1` to see the call that really failed.',
  'paste-whole-message': () => 'Paste the whole message: its numbers decide the cause.',
  'unprinted-memory-fraction': () => 'If a memory fraction is set (`set_per_process_memory_fraction`), PyTorch before 2.5 does not print it: raise it.',
  'windows-wddm': () => 'On Windows the driver may refuse an allocation while memory is still free (WDDM), and the desktop takes its share: try a smaller batch.',
  'leak-rules': () =>
    'Find what grows from step to step: run `oomlint check` on the training code; OOM002, OOM003, OOM007 and OOM008 find tensors kept across iterations with their graphs.',
  'notebook-free': () =>
    'In a notebook, earlier cells keep their tensors (and `Out[n]` keeps results): `del` them, then `gc.collect()` and `torch.cuda.empty_cache()`, or restart the kernel before running again.',
  'image-app-smaller': () => "Ask for less at once: a smaller resolution, fewer frames or images per batch, tiled decoding, or the app's low-VRAM mode.",
  'deepspeed-zero-offload': () =>
    'With DeepSpeed, move to ZeRO stage 3, offload the optimizer state and the parameters (`offload_optimizer`, `offload_param`), and lower `train_micro_batch_size_per_gpu`.',
  'mps-other-allocations': () =>
    "\"Other allocations\" is Metal memory of this process outside PyTorch's MPS allocator (other models or frameworks loaded in the same app): unload what is not needed.",
  'mps-empty-cache': () => 'Release cached blocks between steps or images: `torch.mps.empty_cache()`.',
  'mps-watermark': () =>
    'The limit is per process (`PYTORCH_MPS_HIGH_WATERMARK_RATIO`, 1.7 times the recommended size by default); raising it lets macOS swap, and `0.0` removes it at the risk of a frozen system.',
  'mps-smaller-model': () => 'Use a smaller model, half precision (float16), or a smaller batch or resolution.',
  'host-memory-loading': () =>
    'This is RAM, not GPU memory: load data lazily or memory-mapped, load checkpoints with `mmap=True` and `map_location`, use fewer DataLoader workers, or add swap.',
  'vllm-memory-utilization-raise': () => 'Raise `gpu_memory_utilization` (0.9 by default) if nothing else uses the GPU, so more is left for the KV cache.',
  'vllm-memory-utilization-lower': () => 'Lower `gpu_memory_utilization` so the engine leaves room for what else runs on the GPU.',
  'vllm-max-model-len': () => 'Lower `max_model_len` to the context you need: the KV cache must hold at least one full sequence.',
  'vllm-max-num-seqs': () => 'Lower `max_num_seqs` (and `max_num_batched_tokens`): fewer sequences at once need less activation memory.',
  'vllm-more-gpus': () => 'Spread the model over more GPUs (`tensor_parallel_size`) or use a quantized model, so the weights leave more room.',
  'tensorflow-memory': () =>
    'In TensorFlow: a smaller batch, mixed precision (`tf.keras.mixed_precision.set_global_policy("mixed_float16")`), and `tf.config.experimental.set_memory_growth` when another program shares the GPU.',
  'jax-preallocation': () =>
    'JAX takes 75% of the GPU when it starts: if it shares the GPU, set `XLA_PYTHON_CLIENT_PREALLOCATE=false` or `XLA_PYTHON_CLIENT_MEM_FRACTION`; otherwise reduce the batch or the sequence length.',
  'xpu-block-limit': () => 'Intel GPUs limit a single allocation (4 GB on many platforms, less under WSL2): split the tensor into smaller pieces.',
};

const FORMS: Record<OomFormName, string> = {
  '2018-cached': 'PyTorch 1.0-1.4 form',
  '2020-reserved': 'PyTorch 1.5-2.0 form',
  '2023-process': 'PyTorch 2.1+ form',
  mps: 'Apple MPS',
  'cuda-error': 'raw CUDA error',
  cublas: 'cuBLAS',
  cudnn: 'cuDNN',
  thc: 'PyTorch before 1.0',
  'cpu-allocator': 'host allocator',
  vllm: 'vLLM',
  tensorflow: 'TensorFlow',
  jax: 'JAX',
};

const CAUSE_NAMES: Record<OomCause, string> = {
  'memory-fraction': 'memory fraction reached',
  fragmentation: 'fragmentation',
  'huge-allocation': 'one huge allocation',
  'outside-pytorch': 'memory held outside PyTorch',
  'ranks-on-one-gpu': 'several processes on one GPU',
  'own-tensors': "the program's own tensors",
  'leak-over-time': 'memory growing over time',
  'outside-allocator': "an allocation outside PyTorch's allocator",
  'host-memory': 'host memory (RAM)',
  'kv-cache': "the inference engine's memory budget",
  'invalid-size': 'an impossible size',
  undetermined: 'undetermined',
};

function headline(p: OomHeadlineParams): string {
  switch (p.cause) {
    case 'memory-fraction':
      return p.allowed === '?'
        ? 'PyTorch reached the cap its memory fraction sets, though the device has more.'
        : `PyTorch reached the ${p.allowed} its memory fraction allows, though the device has more.`;
    case 'fragmentation':
      return `PyTorch holds ${p.unallocated} it is not using, enough for the ${p.requested} asked, but in pieces too small for it.`;
    case 'huge-allocation':
      return `One allocation of ${p.requested}${p.percent ? ` is ${p.percent} of the ${p.capacity} available` : ''}: a shape larger than intended, or an input too big for this device.`;
    case 'outside-pytorch':
      return p.mps
        ? `Metal memory this process holds outside PyTorch takes ${p.outside} of the ${p.capacity} limit.`
        : `${p.outside} of the ${p.capacity} is held outside this program's PyTorch: other processes, or non-PyTorch memory.`;
    case 'ranks-on-one-gpu':
      return `${p.count} processes share GPU ${p.gpu}: this program's ranks create a CUDA context on GPU ${p.gpu} besides their own.`;
    case 'own-tensors':
      return `PyTorch has ${p.allocated} of the ${p.capacity} allocated to tensors, and the ${p.requested} more does not fit.`;
    case 'leak-over-time':
      return `It ran ${p.epoch !== null ? `until epoch ${p.epoch}` : 'for a while'} before running out: memory grows from step to step, most often tensors kept across iterations.`;
    case 'outside-allocator':
      return p.library === 'cublas'
        ? 'cuBLAS could not get memory for its handle: the GPU was already full.'
        : p.library === 'cudnn'
          ? "cuDNN could not get memory for a convolution's workspace: the GPU was already full."
          : "A CUDA allocation outside PyTorch's caching allocator failed: the GPU was already full.";
    case 'host-memory':
      return `The computer's memory (RAM) ran out, not the GPU's: ${p.requested} could not be had.`;
    case 'kv-cache':
      switch (p.vllm) {
        case 'kv-cache-tokens':
        case 'kv-cache-memory':
          return "vLLM's KV cache cannot hold one sequence of the context length it was started with.";
        case 'no-cache-blocks':
          return 'vLLM has no memory left for its KV cache once the model is loaded.';
        case 'sampler-warmup':
          return 'vLLM ran out while warming up the sampler for its largest batch.';
        default:
          return `vLLM's engine (weights and KV cache) fills the GPU: PyTorch has ${p.allocated} of the ${p.capacity} allocated.`;
      }
    case 'invalid-size':
      return `The request of ${p.requested} is no real size: a dimension that is negative or overflowed.`;
    case 'undetermined':
      switch (p.reason) {
        case 'no-sizes':
          return 'The message gives no sizes: what filled the memory cannot be read from it.';
        case 'cut-off':
          return 'The message is cut before the numbers that decide the cause.';
        case 'inconsistent':
          return "The message's figures contradict each other: they do not say what filled the memory.";
        default:
          return 'The free memory covers the request: the numbers do not say why it was refused.';
      }
  }
}

function note(p: OomNote): string {
  switch (p.kind) {
    case 'context-and-desktop':
      return `${p.size} outside PyTorch is about what the CUDA context and the desktop take on a ${p.capacity} card, not another program.`;
    case 'fragmentation-contributes':
      return `PyTorch also holds ${p.unallocated} reserved but unused, more than the ${p.requested} asked, but not in one piece: fragmentation adds to the shortage.`;
    case 'free-covers-request':
      return `The free ${p.free} would cover the ${p.requested} asked: the driver refused it anyway (a memory-fraction cap, Windows' WDDM, or another process that took the memory at that moment).`;
    case 'free-below-block':
      return `The ${p.free} free is more than the ${p.requested} asked, but not enough on a nearly full card: the allocator asks the driver for a ${p.block} block, and the last few percent of a card rarely come in one piece.`;
    case 'inconsistent':
      return p.what === 'free-above-total'
        ? `The free figure (${p.size}) is above the total (${p.capacity}): the driver counts memory it shares with the system, so the figures cannot be compared.`
        : `PyTorch holds more (${p.size}) than the card's ${p.capacity}: on Windows the driver spills into shared system memory, slowly, and the figures do not add up to the card.`;
    case 'ranks-on-gpu':
      return `${p.count} processes holding a few hundred MiB each on GPU ${p.gpu} look like this program's other ranks, each with a CUDA context there.`;
    case 'mps-per-process':
      return 'On Apple silicon the limit is per process, and "other allocations" is Metal memory of this process, not of other programs.';
    case 'epochs':
      return `The log shows it ran until epoch ${p.epoch} before running out: memory grew over time.`;
    case 'not-pytorch':
      return `This is ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'}'s message, not PyTorch's: oomlint's rules do not cover this code, and the advice below is for ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'}.`;
    case 'no-sizes':
      switch (p.what) {
        case 'cublas':
          return 'cuBLAS could not allocate its handle or workspace: the first matrix multiply found the GPU full.';
        case 'cudnn':
          return "cuDNN could not allocate a convolution's workspace, or found no algorithm whose workspace fits: the GPU was full.";
        case 'thc':
          return 'PyTorch before 1.0 printed no sizes: what filled the GPU cannot be read from the message.';
        default:
          return "CUDA reported the failure without sizes: an allocation outside PyTorch's caching allocator (the CUDA context, a library's workspace, NCCL), or the allocator itself in PyTorch 0.4.";
      }
    case 'asynchronous':
      return 'CUDA errors can be reported at a later call: the traceback may point past the allocation that failed.';
    case 'vllm-tokens':
      return `The context (${p.maxModelLen} tokens) is longer than the ${p.tokens} tokens the KV cache can hold.`;
    case 'vllm-kv-memory':
      return `One request of full length needs ${p.needed} of KV cache; ${p.available} is available.`;
    case 'vllm-startup':
      return `At start-up ${p.free} of ${p.total} was free, less than the ${p.desired} that gpu_memory_utilization ${p.utilization} asks for.`;
    case 'vllm-engine':
      return 'vLLM takes its share of the GPU for the weights and the KV cache when it starts: an allocation inside the engine competes with that budget.';
    case 'tensor':
      return `The tensor is ${p.shape} of ${p.dtype}: ${p.size}.`;
    case 'repeated':
      return `The same message appears ${p.count} times (lines ${p.lines}).`;
  }
}

export const explainEn: ExplainMessages = {
  oomCauseName: ({ cause }) => CAUSE_NAMES[cause],
  oomHeadline: headline,
  oomEvidenceRequested: ({ size, share }) =>
    `Requested ${size}${share ? ` (${share.percent} of ${share.gpu === null ? 'the MPS limit' : `GPU ${share.gpu}`}'s ${share.capacity})` : ''}.`,
  oomEvidenceFree: ({ size }) => `Free: ${size}.`,
  oomEvidenceAllocated: ({ size }) => `Allocated to tensors by PyTorch: ${size}.`,
  oomEvidenceReservedUnallocated: ({ size }) => `Reserved by PyTorch but unallocated: ${size}.`,
  oomEvidencePrivatePools: ({ size }) => `In private pools (CUDA Graphs): ${size}.`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? 'Other allocations (Metal memory of this process)' : 'Held outside PyTorch (other processes, CUDA context, non-PyTorch memory)'}: ${size}${percent ? ` (${percent})` : ''}.`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `Of that, in this process but outside PyTorch: ${size}.`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `Process ${pid} has ${size} in use${likelyThisProcess ? ', about what PyTorch reserved: most likely this process under another PID (a container)' : ''}.`,
  oomEvidenceAllowed: ({ size }) => `Allowed by the memory fraction: ${size}.`,
  oomEvidenceTruncated: 'The message is cut off; only the numbers before the cut are read.',
  oomNote: note,
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu, form }) => {
    if (form === 'tensorflow') return backend === 'cpu' ? 'TensorFlow out of host memory' : `TensorFlow out of memory on GPU ${gpu}`;
    if (form === 'jax') return 'JAX out of memory';
    if (form === 'vllm') return `vLLM out of GPU memory${gpu === '?' ? '' : ` on GPU ${gpu}`}`;
    if (backend === 'cpu') return 'Out of host memory (RAM)';
    if (backend === 'mps') return 'MPS backend out of memory';
    return `${backend === 'hip' ? 'HIP' : backend === 'xpu' ? 'XPU' : 'CUDA'} out of memory on GPU ${gpu}`;
  },
  oomForm: ({ form, truncated }) => `${FORMS[form]}${truncated ? ', cut off' : ''}`,
  oomCauseLine: ({ cause, headline: text }) => `Cause: ${cause} - ${text}`,
  oomBarLegend: '# allocated  ~ reserved, unallocated  x outside PyTorch  . free',
  oomFunction: ({ name, quoted }) => `function ${quoted ? `\`${name}\`` : name}`,
  oomRanOut: ({ phase, shown, where }) => `It ran out in ${phase === 'backward' ? 'the backward pass' : `${phase} code`} (${shown}, ${where}).`,
  oomYourCode: 'In your code (outermost first):',
  oomFrame: ({ where, fn }) => `${where} in ${fn}`,
  oomFailingLine: '<- the line that led to the allocation',
  oomFindingAt: ({ code, line, message }) => `${code} at line ${line}: ${message}`,
  oomMoreFindings: ({ more, file }) => `... and ${more} more in this file (oomlint check ${file})`,
  oomRemediesHeading: 'What to do, most likely to help first:',
  oomMoreMessages: ({ more }) => `... and ${more} more out-of-memory messages, not shown.`,
  oomFileTooLarge: ({ size, limit }) => `not analysed: ${size}, more than the ${limit} an explanation analyses (run oomlint check on the file)`,
};
