// Simplified Chinese words of the out-of-memory explanation. Terms follow docs/l10n/glossary.md.
import type { ExplainMessages, OomCause, OomRemedy } from './messages';

const REMEDIES: Record<OomRemedy, (conf: string) => string> = {
  'no-grad': () => '在 `with torch.no_grad():`（或 `torch.inference_mode()`）下运行评估和推理，这样不会保留计算图（OOM001）。',
  'smaller-batch': () => '使用更小的批次，并在多步之间做梯度累积，以保持等效的 batch size。',
  'mixed-precision': () => '使用混合精度（`torch.autocast` 配合 bfloat16 或 float16）：激活值只占一半显存。',
  checkpointing: () => '在反向传播中重新计算激活值，而不是保留它们（激活检查点，`torch.utils.checkpoint`）。',
  'numbers-not-tensors': () => '跨训练步保存数值而不是张量：存储或求和之前先调用 `loss.item()` 或 `.detach()`（OOM002、OOM003）。',
  'distributed-data-parallel': () => '有多块 GPU 时，使用 DistributedDataParallel 或 FSDP 代替 DataParallel，后者会把所有数据汇集到 GPU 0 上。',
  'raise-memory-fraction': (conf) => `调高或取消 \`torch.cuda.set_per_process_memory_fraction\`（或 ${conf} 中的 \`per_process_memory_fraction\`）设置的上限。`,
  'max-split-size': (conf) =>
    `设置 \`${conf}=max_split_size_mb:128\`（此 PyTorch 版本早于 PyTorch 2.1 引入的 \`expandable_segments\`；升级后可以改用它）。`,
  'expandable-segments': (conf) => `在程序启动前设置 \`${conf}=expandable_segments:True\`，让缓存分配器可以扩展已有的段，而不必再申请一块新的连续内存。`,
  'empty-cache-between-phases': () => '在分配不同形状张量的阶段之间（例如训练之后的评估）调用 `torch.cuda.empty_cache()`。',
  'look-at-shapes': () => '检查出错操作中的形状：batch size、序列长度、图像尺寸，或意外的广播（[N, 1] 与 [N] 运算会得到 N x N）。',
  'process-in-chunks': () => '把输入分块处理（按批次或序列的切片循环）。',
  'mixed-precision-halves-tensor': () => '使用混合精度（`torch.autocast` 配合 bfloat16 或 float16），让张量减半。',
  'checkpointing-in-backward': () => '如果出错发生在反向传播中，重新计算激活值而不是保留它们（`torch.utils.checkpoint`）。',
  'mps-close-other-programs': () => '关闭其他使用 GPU 的程序（其他模型服务、打开很多标签页的浏览器）：macOS 让它们共享同一块内存。',
  'mps-free-outside-pytorch': () => '释放本进程在 PyTorch 之外占用的内存（同时加载的其他框架）。',
  'mps-smaller-model': () => '使用更小的模型或更小的批次。',
  'see-processes-hip': () => '查看哪些进程占用了 GPU：`rocm-smi --showpids` 和 `rocm-smi --showmeminfo vram`。',
  'see-processes-cuda': () => '查看哪些进程占用了 GPU：`nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`。',
  'stop-or-other-gpu': () => '停止这些进程，或在另一块 GPU 上运行（`CUDA_VISIBLE_DEVICES`）。',
  'memory-outside-pytorch-here': () =>
    '检查本程序在 PyTorch 之外占用的显存：使用了 CUDA 的 DataLoader 工作进程（worker），以及同一进程中的其他框架（TensorFlow、JAX、cuDNN 工作区）。',
  'paste-whole-message': () => '粘贴完整的错误信息：其中的数字决定了原因。',
  'unprinted-memory-fraction': () => '如果设置了显存比例上限（`set_per_process_memory_fraction`），2.5 之前的 PyTorch 不会打印它：请调高它。',
  'windows-wddm': () => '在 Windows 上，即使仍有空闲内存，驱动也可能拒绝分配（WDDM）：请尝试更小的批次。',
};

const CAUSES: Record<OomCause, string> = {
  'memory-fraction': '达到显存比例上限',
  fragmentation: '碎片化',
  'huge-allocation': '单次分配过大',
  'outside-pytorch': 'PyTorch 之外占用的显存',
  'own-tensors': '本程序自己的张量',
  undetermined: '无法确定',
};

const FORMS = {
  '2018-cached': 'PyTorch 1.0-1.4 格式',
  '2020-reserved': 'PyTorch 1.5-2.0 格式',
  '2023-process': 'PyTorch 2.1+ 格式',
  mps: 'Apple MPS',
} as const;

function headline(cause: OomCause, size: Parameters<ExplainMessages['oomHeadline']>[0]): string {
  switch (cause) {
    case 'memory-fraction':
      return `PyTorch 已用到显存比例上限允许的 ${size.allowed}，而设备实际还有更多显存。`;
    case 'fragmentation':
      return `PyTorch 持有 ${size.reservedUnallocated} 未使用的预留内存，足以满足所请求的 ${size.requested}，但不是连续的一整块。`;
    case 'huge-allocation':
      return `单次分配 ${size.requested} 占可用的 ${size.capacity} 的很大一部分：某个形状比预期的大。`;
    case 'outside-pytorch':
      return `PyTorch 之外的内存占用了 ${size.capacity} 中的 ${size.outsidePyTorch}：来自其他进程，或本进程中不属于 PyTorch 的内存。`;
    case 'own-tensors':
      return `本程序自己的张量占满了设备：PyTorch 已分配 ${size.allocatedByPyTorch}（共 ${size.capacity}）。`;
    case 'undetermined':
      return '错误信息中的数字不足以确定原因。';
  }
}

export const explainZhCn: ExplainMessages = {
  oomCauseName: ({ cause }) => CAUSES[cause],
  oomHeadline: (p) => headline(p.cause, p),
  oomEvidenceRequested: ({ size, share }) =>
    `请求 ${size}${share ? `（占${share.gpu === null ? ' MPS 上限' : ` GPU ${share.gpu} 总量`} ${share.capacity} 的 ${share.percent}）` : ''}。`,
  oomEvidenceFree: ({ size }) => `空闲内存：${size}。`,
  oomEvidenceAllocated: ({ size }) => `PyTorch 已分配给张量：${size}。`,
  oomEvidenceReservedUnallocated: ({ size }) => `PyTorch 已预留但未分配：${size}。`,
  oomEvidencePrivatePools: ({ size }) => `私有内存池中（CUDA Graphs）：${size}。`,
  oomEvidenceOutside: ({ size, mps, percent }) =>
    `${mps ? '其他分配' : 'PyTorch 之外占用（其他进程、CUDA 上下文、非 PyTorch 内存）'}：${size}${percent ? `（${percent}）` : ''}。`,
  oomEvidenceNonPyTorchInProcess: ({ size }) => `其中本进程内、PyTorch 之外：${size}。`,
  oomEvidenceProcess: ({ pid, size, likelyThisProcess }) =>
    `进程 ${pid} 正在使用 ${size}${likelyThisProcess ? '，约等于 PyTorch 预留的量：很可能就是本进程，只是 PID 不同（容器）' : ''}。`,
  oomEvidenceAllowed: ({ size }) => `显存比例上限允许：${size}。`,
  oomEvidenceTruncated: '错误信息被截断；只读取了截断之前的数字。',
  oomRemedy: ({ remedy, conf }) => REMEDIES[remedy](conf),

  oomWhat: ({ backend, gpu }) => (backend === 'mps' ? 'MPS 后端内存不足' : `GPU ${gpu} 上 ${backend === 'hip' ? 'HIP' : 'CUDA'} 显存不足`),
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
  oomMoreFindings: ({ more, file }) => `……另有 ${more} 处（oomlint check ${file}）`,
  oomRemediesHeading: '怎么办（最可能有效的在前）：',
};
