// The words of the out-of-memory explanation (`oomlint explain`, the editor's panel): the ids the
// diagnosis picks, and the shape of a catalogue. Each language words them; the code chooses and orders.

/** What an out-of-memory message says caused it. */
export const OOM_CAUSES = [
  'memory-fraction',
  'fragmentation',
  'huge-allocation',
  'outside-pytorch',
  'ranks-on-one-gpu',
  'own-tensors',
  'leak-over-time',
  'outside-allocator',
  'host-memory',
  'kv-cache',
  'invalid-size',
  'undetermined',
] as const;
export type OomCause = (typeof OOM_CAUSES)[number];

/** The remedies an explanation can give. */
export const OOM_REMEDIES = [
  'no-grad',
  'smaller-batch',
  'mixed-precision',
  'checkpointing',
  'numbers-not-tensors',
  'distributed-data-parallel',
  'raise-memory-fraction',
  'max-split-size',
  'max-split-size-rocm',
  'expandable-segments',
  'upgrade-for-allocator-options',
  'empty-cache-between-phases',
  'look-at-shapes',
  'process-in-chunks',
  'mixed-precision-halves-tensor',
  'checkpointing-in-backward',
  'invalid-size-check-shapes',
  'see-processes-hip',
  'see-processes-cuda',
  'stop-or-other-gpu',
  'memory-outside-pytorch-here',
  'set-device-per-rank',
  'leave-headroom',
  'cuda-launch-blocking',
  'paste-whole-message',
  'unprinted-memory-fraction',
  'windows-wddm',
  'leak-rules',
  'notebook-free',
  'image-app-smaller',
  'deepspeed-zero-offload',
  'mps-other-allocations',
  'mps-empty-cache',
  'mps-watermark',
  'mps-smaller-model',
  'host-memory-loading',
  'vllm-memory-utilization-raise',
  'vllm-memory-utilization-lower',
  'vllm-max-model-len',
  'vllm-max-num-seqs',
  'vllm-more-gpus',
  'tensorflow-memory',
  'jax-preallocation',
  'xpu-block-limit',
] as const;
export type OomRemedy = (typeof OOM_REMEDIES)[number];

/** Observations beyond the numbers, one sentence each. */
export type OomNote =
  | { kind: 'context-and-desktop'; size: string; capacity: string }
  | { kind: 'fragmentation-contributes'; unallocated: string; requested: string }
  | { kind: 'free-covers-request'; free: string; requested: string }
  | { kind: 'free-below-block'; free: string; requested: string; block: string }
  | { kind: 'inconsistent'; what: 'free-above-total' | 'allocated-above-total' | 'reserved-above-total'; size: string; capacity: string }
  | { kind: 'ranks-on-gpu'; count: number; gpu: string }
  | { kind: 'mps-per-process' }
  | { kind: 'epochs'; epoch: number }
  | { kind: 'not-pytorch'; framework: 'tensorflow' | 'jax' }
  | { kind: 'no-sizes'; what: 'cuda-error' | 'cublas' | 'cudnn' | 'thc' }
  | { kind: 'asynchronous' }
  | { kind: 'vllm-tokens'; maxModelLen: number; tokens: number }
  | { kind: 'vllm-kv-memory'; needed: string; available: string }
  | { kind: 'vllm-startup'; free: string; total: string; utilization: string; desired: string }
  | { kind: 'vllm-engine' }
  | { kind: 'tensor'; shape: string; dtype: string; size: string }
  | { kind: 'repeated'; count: number; lines: string };

/** What the headline is about: the cause, and the figures it names (formatted, '?' when unknown). */
export interface OomHeadlineParams {
  cause: OomCause;
  requested: string;
  capacity: string;
  allocated: string;
  unallocated: string;
  outside: string;
  allowed: string;
  /** The request's share of the device, or null. */
  percent: string | null;
  mps: boolean;
  gpu: string;
  /** ranks-on-one-gpu: how many of this program's processes hold memory on the GPU. */
  count: number;
  /** leak-over-time: the epoch it ran out in, when the log says. */
  epoch: number | null;
  /** outside-allocator: what failed to allocate. */
  library: 'cuda' | 'cublas' | 'cudnn';
  /** kv-cache: which of vLLM's budgets. */
  vllm: 'kv-cache-tokens' | 'kv-cache-memory' | 'no-cache-blocks' | 'sampler-warmup' | 'engine' | null;
  /** undetermined: why the numbers do not decide. */
  reason: 'no-sizes' | 'cut-off' | 'free-covers' | 'inconsistent';
}

export type OomBackendName = 'cuda' | 'hip' | 'mps' | 'xpu' | 'cpu';
export type OomFormName =
  | '2018-cached'
  | '2020-reserved'
  | '2023-process'
  | 'mps'
  | 'cuda-error'
  | 'cublas'
  | 'cudnn'
  | 'thc'
  | 'cpu-allocator'
  | 'vllm'
  | 'tensorflow'
  | 'jax';
export type OomPhase = 'backward' | 'evaluation' | 'training';

/** Sizes come formatted ("1.50 GiB"); percentages as "38%". */
export interface ExplainMessages {
  oomCauseName(p: { cause: OomCause }): string;
  oomHeadline(p: OomHeadlineParams): string;
  /** `gpu`: `GPU n`'s, or null for the MPS limit. */
  oomEvidenceRequested(p: { size: string; share: { percent: string; gpu: string | null; capacity: string } | null }): string;
  oomEvidenceFree(p: { size: string }): string;
  oomEvidenceAllocated(p: { size: string }): string;
  oomEvidenceReservedUnallocated(p: { size: string }): string;
  oomEvidencePrivatePools(p: { size: string }): string;
  oomEvidenceOutside(p: { size: string; mps: boolean; percent: string | null }): string;
  oomEvidenceNonPyTorchInProcess(p: { size: string }): string;
  oomEvidenceProcess(p: { pid: number; size: string; likelyThisProcess: boolean }): string;
  oomEvidenceAllowed(p: { size: string }): string;
  oomEvidenceTruncated: string;
  oomNote(p: OomNote): string;
  /** `conf`: the allocator's environment variable (PYTORCH_CUDA_ALLOC_CONF or PYTORCH_HIP_ALLOC_CONF). */
  oomRemedy(p: { remedy: OomRemedy; conf: string }): string;

  // `oomlint explain`'s text report and the editor's explanation.
  oomWhat(p: { backend: OomBackendName; gpu: string; form: OomFormName }): string;
  oomForm(p: { form: OomFormName; truncated: boolean }): string;
  oomCauseLine(p: { cause: string; headline: string }): string;
  oomBarLegend: string;
  /** "function `train`" (`quoted`) or "function train". */
  oomFunction(p: { name: string; quoted: boolean }): string;
  oomRanOut(p: { phase: OomPhase; shown: string; where: string }): string;
  oomYourCode: string;
  oomFrame(p: { where: string; fn: string }): string;
  oomFailingLine: string;
  oomFindingAt(p: { code: string; line: number; message: string }): string;
  oomMoreFindings(p: { more: number; file: string }): string;
  oomRemediesHeading: string;
  /** The report's closing line when messages beyond the shown ones were left out. */
  oomMoreMessages(p: { more: number }): string;
  /** Why a frame's file was not analysed. */
  oomFileTooLarge(p: { size: string; limit: string }): string;
}
