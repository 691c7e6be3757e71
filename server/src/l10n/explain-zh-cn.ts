// Simplified Chinese words of the out-of-memory explanation. Terms follow docs/l10n/glossary.md.
import type { ExplainMessages, OomCause, OomFormName, OomHeadlineParams, OomNote, OomRemedy } from './explain-messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => '在 `with torch.no_grad():`（或 `torch.inference_mode()`）下运行评估和推理，这样不会保留计算图（OOM001）。',
  'smaller-batch': () => '使用更小的批次，并在多步之间做梯度累积，以保持等效的 batch size。',
  'mixed-precision': () => '使用混合精度（`torch.autocast` 配合 bfloat16 或 float16）：激活值只占一半显存。',
  checkpointing: () => '在反向传播中重新计算激活值，而不是保留它们（激活检查点，`torch.utils.checkpoint`）。',
  'numbers-not-tensors': () => '跨训练步保存数值而不是张量：存储或求和之前先调用 `loss.item()` 或 `.detach()`（OOM002、OOM003）。',
  'distributed-data-parallel': () => 'DataParallel 会把所有输出汇集到 GPU 0 上：改用 DistributedDataParallel（每块 GPU 一个进程）或 FSDP。',
  'raise-memory-fraction': (conf) => `调高或取消 \`torch.cuda.set_per_process_memory_fraction\`（或 ${conf} 中的 \`per_process_memory_fraction\`）设置的上限。`,
  'max-split-size': (conf) => `在程序启动前设置 \`${conf}=max_split_size_mb:128\`，避免大块内存被切分成无法复用的小块。`,
  'max-split-size-rocm': (conf) =>
    `在程序启动前设置 \`${conf}=max_split_size_mb:128\`；在 ROCm 上，\`expandable_segments:True\` 只有在 PyTorch 2.11 或更高版本配合 ROCm 7 时才生效。`,
  'expandable-segments': (conf) =>
    `在程序启动前设置 \`${conf}=expandable_segments:True\`，让缓存分配器可以扩展已有的段，而不必再申请一块新的连续内存（PyTorch 2.1 或更高版本，Linux）。`,
  'upgrade-for-allocator-options': (conf) =>
    `PyTorch 1.10 之前的版本（错误信息中没有提示）没有应对碎片化的分配器选项：请升级，然后设置 \`${conf}=max_split_size_mb:128\`（1.10 或更高）或 \`expandable_segments:True\`（2.1 或更高）。`,
  'empty-cache-between-phases': () => '在分配不同形状张量的阶段之间（例如训练之后的评估）调用 `torch.cuda.empty_cache()`。',
  'look-at-shapes': () => '检查出错操作中的形状：batch size、序列长度、图像尺寸，或意外的广播（[N, 1] 与 [N] 运算会得到 N x N）。',
  'process-in-chunks': () => '把输入分块处理（按批次或序列的切片循环）。',
  'mixed-precision-halves-tensor': () => '使用混合精度（`torch.autocast` 配合 bfloat16 或 float16），让张量减半。',
  'checkpointing-in-backward': () => '如果出错发生在反向传播中，重新计算激活值而不是保留它们（`torch.utils.checkpoint`）。',
  'invalid-size-check-shapes': () => '打印传入出错调用的形状：算成负数的维度（一个尺寸减去更大的数）或溢出的维度会变成这样的大小。',
  'see-processes-hip': () => '查看哪些进程占用了 GPU：`rocm-smi --showpids` 和 `rocm-smi --showmeminfo vram`。',
  'see-processes-cuda': () => '查看哪些进程占用了 GPU：`nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`。',
  'stop-or-other-gpu': () => '停止这些进程，或在另一块 GPU 上运行（`CUDA_VISIBLE_DEVICES`）。',
  'memory-outside-pytorch-here': () =>
    '检查本程序在 PyTorch 之外占用的显存：使用了 CUDA 的 DataLoader 工作进程（worker），以及同一进程中的其他框架（TensorFlow、JAX）或 cuDNN 工作区。',
  'set-device-per-rank': () =>
    '在每个进程中，先调用 `torch.cuda.set_device(local_rank)` 再做任何 CUDA 操作，并用 `map_location`（该 rank 的 GPU 或 CPU）加载检查点，这样不会有 rank 在 GPU 0 上创建上下文（OOM009、OOM010）。',
  'leave-headroom': () => '给库留出空间：使用更小的批次，或设置 `torch.backends.cudnn.benchmark = False`，这样尝试的大工作区更少。',
  'cuda-launch-blocking': () => 'CUDA 报错可能滞后：用 `CUDA_LAUNCH_BLOCKING=1` 运行一次，找到真正出错的调用。',
  'paste-whole-message': () => '粘贴完整的错误信息：其中的数字决定了原因。',
  'unprinted-memory-fraction': () => '如果设置了显存比例上限（`set_per_process_memory_fraction`），2.5 之前的 PyTorch 不会打印它：请调高它。',
  'windows-wddm': () => '在 Windows 上，即使仍有空闲内存，驱动也可能拒绝分配（WDDM），桌面也会占用一部分：请尝试更小的批次。',
  'leak-rules': () => '找出每一步都在增长的东西：对训练代码运行 `oomlint check`；OOM002、OOM003、OOM007 和 OOM008 会找出跨迭代连同计算图一起保留的张量。',
  'notebook-free': () => '在 notebook 中，之前的单元格会保留它们的张量（`Out[n]` 也会保留结果）：先 `del` 它们，再调用 `gc.collect()` 和 `torch.cuda.empty_cache()`，或在重新运行前重启内核。',
  'image-app-smaller': () => '一次少要一些：更小的分辨率、每批更少的帧或图像、分块（tiled）解码，或应用自带的低显存模式。',
  'deepspeed-zero-offload': () => '使用 DeepSpeed 时，改用 ZeRO stage 3，把优化器状态和参数卸载出去（`offload_optimizer`、`offload_param`），并调低 `train_micro_batch_size_per_gpu`。',
  'mps-other-allocations': () => '“其他分配”是本进程在 PyTorch 的 MPS 分配器之外占用的 Metal 内存（同一应用中加载的其他模型或框架）：卸载不需要的部分。',
  'mps-empty-cache': () => '在各步或各张图像之间释放缓存的内存块：`torch.mps.empty_cache()`。',
  'mps-watermark': () =>
    '这个上限按进程计算（`PYTORCH_MPS_HIGH_WATERMARK_RATIO`，默认为推荐大小的 1.7 倍）；调高它会让 macOS 使用交换空间，而 `0.0` 会取消上限，可能导致系统卡死。',
  'mps-smaller-model': () => '使用更小的模型、半精度（float16），或更小的批次或分辨率。',
  'host-memory-loading': () => '这是内存（RAM），不是显存：延迟加载或用内存映射加载数据，用 `mmap=True` 和 `map_location` 加载检查点，减少 DataLoader 工作进程，或增加交换空间。',
  'vllm-memory-utilization-raise': () => '如果没有其他程序使用这块 GPU，调高 `gpu_memory_utilization`（默认 0.9），给 KV 缓存留出更多空间。',
  'vllm-memory-utilization-lower': () => '调低 `gpu_memory_utilization`，让引擎给 GPU 上运行的其他程序留出空间。',
  'vllm-max-model-len': () => '把 `max_model_len` 调低到你需要的上下文长度：KV 缓存至少要能容纳一个完整序列。',
  'vllm-max-num-seqs': () => '调低 `max_num_seqs`（以及 `max_num_batched_tokens`）：同时处理的序列越少，激活值占用的显存越少。',
  'vllm-more-gpus': () => '把模型分布到更多 GPU 上（`tensor_parallel_size`），或使用量化模型，让权重留出更多空间。',
  'tensorflow-memory': () =>
    '在 TensorFlow 中：使用更小的批次、混合精度（`tf.keras.mixed_precision.set_global_policy("mixed_float16")`），当其他程序共享 GPU 时使用 `tf.config.experimental.set_memory_growth`。',
  'jax-preallocation': () =>
    'JAX 启动时会占用 GPU 的 75%：如果它与其他程序共享 GPU，设置 `XLA_PYTHON_CLIENT_PREALLOCATE=false` 或 `XLA_PYTHON_CLIENT_MEM_FRACTION`；否则减小批次或序列长度。',
  'xpu-block-limit': () => 'Intel GPU 限制单次分配的大小（很多平台上为 4 GB，WSL2 下更小）：把张量拆成更小的块。',
};

const CAUSES: Record<OomCause, string> = {
  'memory-fraction': '达到显存比例上限',
  fragmentation: '碎片化',
  'huge-allocation': '单次分配过大',
  'outside-pytorch': 'PyTorch 之外占用的显存',
  'ranks-on-one-gpu': '多个进程挤在同一块 GPU 上',
  'own-tensors': '本程序自己的张量',
  'leak-over-time': '显存随时间增长',
  'outside-allocator': 'PyTorch 分配器之外的分配',
  'host-memory': '内存（RAM）',
  'kv-cache': '推理引擎的显存预算',
  'invalid-size': '不可能的大小',
  undetermined: '无法确定',
};

const FORMS: Record<OomFormName, string> = {
  '2018-cached': 'PyTorch 1.0-1.4 格式',
  '2020-reserved': 'PyTorch 1.5-2.0 格式',
  '2023-process': 'PyTorch 2.1+ 格式',
  mps: 'Apple MPS',
  'cuda-error': 'CUDA 原始错误',
  cublas: 'cuBLAS 错误',
  cudnn: 'cuDNN 错误',
  thc: 'PyTorch 1.0 之前的格式',
  'cpu-allocator': '主机内存分配器',
  vllm: 'vLLM 报错',
  tensorflow: 'TensorFlow 报错',
  jax: 'JAX 报错',
};

function headline(p: OomHeadlineParams): string {
  switch (p.cause) {
    case 'memory-fraction':
      return p.allowed === '?' ? 'PyTorch 已用到显存比例上限，而设备实际还有更多显存。' : `PyTorch 已用到显存比例上限允许的 ${p.allowed}，而设备实际还有更多显存。`;
    case 'fragmentation':
      return `PyTorch 持有 ${p.unallocated} 未使用的预留内存，足以满足所请求的 ${p.requested}，但都是容纳不下它的小块。`;
    case 'huge-allocation':
      return `单次分配 ${p.requested}${p.percent ? `，占可用的 ${p.capacity} 的 ${p.percent}` : ''}：某个形状比预期的大，或输入对这台设备来说太大。`;
    case 'outside-pytorch':
      return p.mps
        ? `本进程在 PyTorch 之外占用的 Metal 内存占了 ${p.capacity} 上限中的 ${p.outside}。`
        : `${p.capacity} 中有 ${p.outside} 被本程序的 PyTorch 之外占用：其他进程，或不属于 PyTorch 的内存。`;
    case 'ranks-on-one-gpu':
      return `${p.count} 个进程共用 GPU ${p.gpu}：本程序的各个 rank 除了自己的 GPU，还在 GPU ${p.gpu} 上创建了 CUDA 上下文。`;
    case 'own-tensors':
      return `PyTorch 已把 ${p.capacity} 中的 ${p.allocated} 分配给张量，再要 ${p.requested} 已经放不下。`;
    case 'leak-over-time':
      return `${p.epoch !== null ? `运行到第 ${p.epoch} 个 epoch` : '运行了一段时间'}才耗尽显存：显存逐步增长，最常见的是跨迭代保留的张量。`;
    case 'outside-allocator':
      return p.library === 'cublas'
        ? 'cuBLAS 无法为其句柄申请到内存：GPU 已经满了。'
        : p.library === 'cudnn'
          ? 'cuDNN 无法为卷积的工作区申请到内存：GPU 已经满了。'
          : 'PyTorch 缓存分配器之外的一次 CUDA 分配失败：GPU 已经满了。';
    case 'host-memory':
      return `耗尽的是计算机的内存（RAM），不是显存：无法获得 ${p.requested}。`;
    case 'kv-cache':
      switch (p.vllm) {
        case 'kv-cache-tokens':
        case 'kv-cache-memory':
          return 'vLLM 的 KV 缓存容纳不下一个按启动时上下文长度计算的序列。';
        case 'no-cache-blocks':
          return '加载模型之后，vLLM 已没有内存留给 KV 缓存。';
        case 'sampler-warmup':
          return 'vLLM 在为最大批次预热采样器时耗尽了显存。';
        default:
          return `vLLM 的引擎（权重和 KV 缓存）占满了 GPU：PyTorch 已分配 ${p.capacity} 中的 ${p.allocated}。`;
      }
    case 'invalid-size':
      return `请求的 ${p.requested} 不是真实的大小：某个维度是负数或已溢出。`;
    case 'undetermined':
      switch (p.reason) {
        case 'no-sizes':
          return '错误信息中没有大小：无法从中看出是什么占满了内存。';
        case 'cut-off':
          return '错误信息在决定原因的数字之前被截断了。';
        case 'inconsistent':
          return '错误信息中的数字互相矛盾：看不出是什么占满了内存。';
        default:
          return '空闲内存足以满足这次请求：数字说明不了它为何被拒绝。';
      }
  }
}

function note(p: OomNote): string {
  switch (p.kind) {
    case 'context-and-desktop':
      return `PyTorch 之外的 ${p.size} 大约就是 ${p.capacity} 显卡上 CUDA 上下文和桌面占用的量，而不是其他程序。`;
    case 'fragmentation-contributes':
      return `PyTorch 另外还持有 ${p.unallocated} 预留但未使用的内存，多于所请求的 ${p.requested}，但不是一整块：碎片化加剧了短缺。`;
    case 'free-covers-request':
      return `空闲的 ${p.free} 本可以满足所请求的 ${p.requested}：驱动仍然拒绝了（显存比例上限、Windows 的 WDDM，或另一个进程恰好在那一刻占用了内存）。`;
    case 'free-below-block':
      return `空闲的 ${p.free} 多于所请求的 ${p.requested}，但在几乎占满的显卡上并不够：分配器会向驱动申请 ${p.block} 的块，而显卡最后的几个百分点很少能连成一整块。`;
    case 'inconsistent':
      return p.what === 'free-above-total'
        ? `空闲量（${p.size}）大于总量（${p.capacity}）：驱动把与系统共享的内存也算了进去，所以这些数字无法相互比较。`
        : `PyTorch 持有的量（${p.size}）超过了显卡的 ${p.capacity}：在 Windows 上驱动会溢出到共享的系统内存（很慢），这些数字加起来并不等于显卡容量。`;
    case 'ranks-on-gpu':
      return `GPU ${p.gpu} 上有 ${p.count} 个各占几百 MiB 的进程，看起来是本程序的其他 rank，各自在那里创建了 CUDA 上下文。`;
    case 'mps-per-process':
      return '在 Apple 芯片上，这个上限按进程计算，“其他分配”是本进程的 Metal 内存，而不是其他程序的。';
    case 'epochs':
      return `日志显示它一直运行到第 ${p.epoch} 个 epoch 才耗尽显存：显存随时间增长。`;
    case 'not-pytorch':
      return `这是 ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'} 的错误信息，不是 PyTorch 的：oomlint 的规则不适用于这段代码，下面的建议针对 ${p.framework === 'jax' ? 'JAX' : 'TensorFlow'}。`;
    case 'no-sizes':
      switch (p.what) {
        case 'cublas':
          return 'cuBLAS 无法分配其句柄或工作区：第一次矩阵乘法时 GPU 已满。';
        case 'cudnn':
          return 'cuDNN 无法分配卷积的工作区，或找不到工作区放得下的算法：GPU 已满。';
        case 'thc':
          return 'PyTorch 1.0 之前的版本不打印大小：无法从错误信息中看出是什么占满了 GPU。';
        default:
          return 'CUDA 报告失败时没有给出大小：这是 PyTorch 缓存分配器之外的一次分配（CUDA 上下文、库的工作区、NCCL），或在 PyTorch 0.4 中是分配器本身。';
      }
    case 'asynchronous':
      return 'CUDA 错误可能在之后的某次调用才报告：调用栈可能指向失败的那次分配之后的位置。';
    case 'vllm-tokens':
      return `上下文（${p.maxModelLen} 个 token）长于 KV 缓存能容纳的 ${p.tokens} 个 token。`;
    case 'vllm-kv-memory':
      return `一个完整长度的请求需要 ${p.needed} 的 KV 缓存；可用的只有 ${p.available}。`;
    case 'vllm-startup':
      return `启动时 ${p.total} 中空闲 ${p.free}，少于 gpu_memory_utilization ${p.utilization} 所要求的 ${p.desired}。`;
    case 'vllm-engine':
      return 'vLLM 启动时会为权重和 KV 缓存占用它那一份 GPU：引擎内部的分配要与这份预算争抢。';
    case 'tensor':
      return `该张量的形状为 ${p.shape}，类型为 ${p.dtype}：${p.size}。`;
    case 'repeated':
      return `同一条错误信息出现了 ${p.count} 次（第 ${p.lines} 行）。`;
  }
}

export const explainZhCn: ExplainMessages = {
  oomCauseName: ({ cause }) => CAUSES[cause],
  oomHeadline: headline,
  oomEvidenceRequested: ({ size, share }) =>
    `请求 ${size}${share ? `（占${share.gpu === null ? ' MPS 上限' : ` GPU ${share.gpu} 总量`} ${share.capacity} 的 ${share.percent}）` : ''}。`,
  oomEvidenceFree: ({ size }) => `空闲内存：${size}。`,
  oomEvidenceAllocated: ({ size }) => `PyTorch 已分配给张量：${size}。`,
  oomEvidenceReservedUnallocated: ({ size }) => `PyTorch 已预留但未分配：${size}。`,
  oomEvidencePrivatePools: ({ size }) => `私有内存池中（CUDA Graphs）：${size}。`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? '其他分配（本进程的 Metal 内存）' : 'PyTorch 之外占用（其他进程、CUDA 上下文、非 PyTorch 内存）'}：${size}${percent ? `（${percent}）` : ''}。`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `其中本进程内、PyTorch 之外：${size}。`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `进程 ${pid} 正在使用 ${size}${likelyThisProcess ? '，约等于 PyTorch 预留的量：很可能就是本进程，只是 PID 不同（容器）' : ''}。`,
  oomEvidenceAllowed: ({ size }) => `显存比例上限允许：${size}。`,
  oomEvidenceTruncated: '错误信息被截断；只读取了截断之前的数字。',
  oomNote: note,
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu, form }) => {
    if (form === 'tensorflow') return backend === 'cpu' ? 'TensorFlow 主机内存不足' : `GPU ${gpu} 上 TensorFlow 显存不足`;
    if (form === 'jax') return 'JAX 内存不足';
    if (form === 'vllm') return `vLLM 显存不足${gpu === '?' ? '' : `（GPU ${gpu}）`}`;
    if (backend === 'cpu') return '主机内存（RAM）不足';
    if (backend === 'mps') return 'MPS 后端内存不足';
    return `GPU ${gpu} 上 ${backend === 'hip' ? 'HIP' : backend === 'xpu' ? 'XPU' : 'CUDA'} 显存不足`;
  },
  oomForm: ({ form, truncated }) => `${FORMS[form]}${truncated ? '，已截断' : ''}`,
  oomCauseLine: ({ cause, headline: text }) => `原因：${cause} - ${text}`,
  oomBarLegend: '# 已分配  ~ 已预留未分配  x PyTorch 之外  . 空闲',
  oomFunction: ({ name, quoted }) => `函数 ${quoted ? `\`${name}\`` : name}`,
  oomRanOut: ({ phase, shown, where }) =>
    `显存耗尽发生在${phase === 'backward' ? '反向传播' : phase === 'evaluation' ? '评估代码' : '训练代码'}中（${shown}，${where}）。`,
  oomYourCode: '你的代码（从最外层开始）：',
  oomFrame: ({ where, fn }) => `${where}，函数 ${fn}`,
  oomFailingLine: '<- 导致这次分配的代码行',
  oomFindingAt: ({ code, line, message }) => `${code}（第 ${line} 行）：${message}`,
  oomMoreFindings: ({ more, file }) => `……此文件中另有 ${more} 处（oomlint check ${file}）`,
  oomRemediesHeading: '怎么办（最可能有效的在前）：',
  oomMoreMessages: ({ more }) => `……另有 ${more} 条显存不足的错误信息未显示。`,
  oomFileTooLarge: ({ size, limit }) => `未分析：${size}，超过了一次解释所分析的 ${limit}（请对该文件运行 oomlint check）`,
};
