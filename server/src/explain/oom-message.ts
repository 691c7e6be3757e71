// What an out-of-memory message says, as data: the types the parser fills and the diagnosis reads.
import type { TracebackFrame } from './frames';

/** Who printed it: PyTorch (vLLM and the apps built on it included), or another framework. */
export type OomFramework = 'pytorch' | 'tensorflow' | 'jax';
export type OomBackend = 'cuda' | 'hip' | 'mps' | 'xpu' | 'cpu';

/**
 * The message's form, which also dates it:
 * - `2018-cached` (PyTorch 1.0-1.4), `2020-reserved` (1.5-2.0, and Intel's IPEX), `2023-process` (2.1
 *   on), `mps`: the caching allocators' own messages, with sizes.
 * - `cuda-error`: `CUDA error: out of memory` (`RuntimeError`, or `torch.AcceleratorError` from 2.8): a
 *   CUDA call outside the caching allocator failed; no sizes.
 * - `cublas`, `cudnn`: a library's allocation failed (`CUBLAS_STATUS_ALLOC_FAILED`,
 *   `CUDNN_STATUS_ALLOC_FAILED`, or no convolution algorithm whose workspace fits).
 * - `thc`: PyTorch before 1.0, `cuda runtime error (2) : out of memory`.
 * - `cpu-allocator`: host memory (`DefaultCPUAllocator`), not the GPU.
 * - `vllm`: vLLM's own messages about its memory budget.
 * - `tensorflow`, `jax`: another framework's message.
 */
export type OomForm =
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

export type OomHint = 'max_split_size_mb' | 'expandable_segments';

/** vLLM's messages: the KV cache holds fewer tokens than the context, needs more memory than is left,
 * has no room at all, the device was not free enough at start-up, or the sampler's warm-up ran out. */
export type VllmKind = 'kv-cache-tokens' | 'kv-cache-memory' | 'no-cache-blocks' | 'startup-free-memory' | 'sampler-warmup';

export interface OtherProcess {
  pid: number;
  /** Bytes. */
  used: number;
}

/** The size fields, which the parser reads and the JSON report writes exactly. */
export const SIZE_FIELDS = [
  'requested',
  'total',
  'free',
  'allocated',
  'cached',
  'reservedTotal',
  'reservedUnallocated',
  'processInUse',
  'allowed',
  'privatePools',
  'mpsAllocated',
  'otherAllocations',
  'maxAllowed',
  'kvCacheNeeded',
  'kvCacheAvailable',
  'desired',
] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];

/** Sizes are in bytes; a field is absent when the message does not print it (or is cut before it). */
export interface OomMessage {
  framework: OomFramework;
  backend: OomBackend;
  form: OomForm;
  /** `RuntimeError`, `torch.OutOfMemoryError`, `ValueError`, ... when printed before it. */
  exception?: string;
  gpu?: number;
  requested?: number;
  total?: number;
  free?: number;
  /** Handed out to tensors ("already allocated", "allocated by PyTorch", private pools included). */
  allocated?: number;
  /** 2018 form: held by the allocator but not handed out. */
  cached?: number;
  /** 2020 form: everything the allocator holds, allocated included. */
  reservedTotal?: number;
  /** 2023 form: held by the allocator but not handed out. */
  reservedUnallocated?: number;
  /** "Including non-PyTorch memory, this process has M memory in use". */
  processInUse?: number;
  /** "Process P has M memory in use": other processes NVML saw on the device. */
  processes: OtherProcess[];
  /** The cap of `set_per_process_memory_fraction`. */
  allowed?: number;
  privatePools?: number;
  mpsAllocated?: number;
  otherAllocations?: number;
  maxAllowed?: number;
  pool?: 'private' | 'shared';
  hint?: OomHint;
  /** The environment variable the hint names. */
  allocConf?: string;
  vllmKind?: VllmKind;
  /** vLLM: the context length asked (`max_model_len`) and the tokens the KV cache holds. */
  maxModelLen?: number;
  kvCacheTokens?: number;
  kvCacheNeeded?: number;
  kvCacheAvailable?: number;
  /** vLLM at start-up: `gpu_memory_utilization` and the bytes it asks for. */
  memoryUtilization?: number;
  desired?: number;
  /** TensorFlow: the tensor's shape and element type. */
  shape?: number[];
  dtype?: string;
  /** Sizes above 2^53 bytes, digit for digit (a double cannot hold them exactly). */
  exactSizes?: Partial<Record<SizeField, string>>;
  /** The message stops before its last figure, or inside its hint. */
  truncated: boolean;
  /** 1-based line of the message in the log. */
  line: number;
  /** Who printed it, from the line's prefix (`rank 1`); '' when the log does not say. */
  source: string;
  /** The message as read (its wrapped lines joined, at most a few kilobytes). */
  text: string;
  /** The traceback frames printed before the message, outermost first. */
  frames: TracebackFrame[];
}

export type { TracebackFrame } from './frames';
