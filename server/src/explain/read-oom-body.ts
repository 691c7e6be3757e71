/**
 * Reads the numbers of each form of out-of-memory message. Pure: the message's text in, fields out.
 *
 * The caching allocator's forms, as PyTorch (`c10/cuda/CUDACachingAllocator.cpp`, earlier
 * `aten/src/THC/THCCachingAllocator.cpp`) and the MPS allocator have printed them:
 *
 * - PyTorch 1.0 (pytorch#13751, Nov 2018): `CUDA out of memory. Tried to allocate X (GPU 0; T total
 *   capacity; A already allocated; F free; C cached)`. "cached" is memory the allocator holds but has
 *   not handed out. Before 1.0, `cuda runtime error (2) : out of memory` without sizes.
 * - PyTorch 1.5 (2020): `... F free; R reserved in total by PyTorch)`: "cached" became the total the
 *   allocator reserved, allocated included. Intel's IPEX prints this form for `XPU`, without "free".
 * - PyTorch 1.8 (pytorch#48172): `N allowed;` after "free" under `set_per_process_memory_fraction`.
 * - PyTorch 1.10: the hint `If reserved memory is >> allocated memory try setting max_split_size_mb`.
 * - PyTorch 1.13: the exception is `torch.cuda.OutOfMemoryError` instead of `RuntimeError`.
 * - PyTorch 2.1 (pytorch#99699): `Tried to allocate X. GPU 0 has a total capacty of T of which F is
 *   free. Process P has M memory in use. Including non-PyTorch memory, this process has M memory in
 *   use. Of the allocated memory A is allocated by PyTorch, and U is reserved by PyTorch but
 *   unallocated.` ("capacty" until 2.2; the process clauses need NVML). `allowed` returned in 2.5.
 * - PyTorch 2.2: the hint names `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`.
 * - PyTorch 2.4: `with P allocated in private pools (e.g., CUDA Graphs)`; 2.5: `torch.OutOfMemoryError`.
 * - ROCm builds print `HIP out of memory`; Intel GPUs `XPU out of memory`; Apple's MPS `MPS backend out
 *   of memory (MPS allocated: A, other allocations: O, max allowed: M). Tried to allocate X on private
 *   pool.`, in GB/MB (powers of 1024) in older releases and GiB/MiB in newer ones.
 */
import type { OomMessage, SizeField } from './oom-message';
import { exactBytes, MAX_EXACT_BYTES, SIZE_PATTERN } from './sizes';

function setSize(message: OomMessage, field: SizeField, value: string, unit: string): void {
  const exact = exactBytes(value, unit);
  const bytes = Number(exact);
  message[field] = bytes;
  if (bytes > MAX_EXACT_BYTES) message.exactSizes = { ...message.exactSizes, [field]: exact.toString() };
}

/** Reads `field` from the size that `pattern` (with `SIZE` where the size is) finds in `body`. */
function readSize(body: string, message: OomMessage, field: SizeField, pattern: string): boolean {
  const match = new RegExp(pattern.replace('SIZE', SIZE_PATTERN)).exec(body);
  if (!match) return false;
  setSize(message, field, match[1]!, match[2]!);
  return true;
}

/** The hint's opening words say which one it is even when it is cut before the option's name. */
function readHint(body: string, message: OomMessage): void {
  const start = body.search(/ ?If reserved/);
  if (start === -1) return;
  const hintText = body.slice(start);
  const conf = /(PYTORCH_[A-Z]*_?ALLOC_CONF)=expandable_segments/.exec(hintText) ?? /(PYTORCH_[A-Z]*_?ALLOC_CONF)/.exec(hintText);
  if (/expandable_segments/.test(hintText)) message.hint = 'expandable_segments';
  else if (/max_split_size_mb|If reserved memory is/.test(hintText)) message.hint = 'max_split_size_mb';
  if (conf) message.allocConf = conf[1]!;
  if (!/See documentation for Memory Management/.test(hintText)) message.truncated = true;
}

/** `CUDA/HIP/XPU out of memory. ...`: the caching allocator's message. */
export function readAllocatorBody(body: string, message: OomMessage): void {
  readSize(body, message, 'requested', 'Tried to allocate SIZE');
  const oldForm = /\(GPU\s*(\d{1,4});/.exec(body);
  const newForm = /GPU (\d{1,4}) has a total capac/.exec(body);
  if (oldForm) {
    message.gpu = Number(oldForm[1]);
    const reserved = readSize(body, message, 'reservedTotal', 'SIZE reserved in total by PyTorch');
    message.form = !reserved && / cached\b/.test(body) ? '2018-cached' : '2020-reserved';
    readSize(body, message, 'total', String.raw`\(GPU\s*\d+; SIZE total\b`);
    readSize(body, message, 'allocated', 'SIZE already allocated');
    readSize(body, message, 'free', '; SIZE free');
    readSize(body, message, 'allowed', '; SIZE allowed');
    readSize(body, message, 'cached', '; SIZE cached');
    message.truncated = message.reservedTotal === undefined && message.cached === undefined;
  } else if (newForm) {
    message.gpu = Number(newForm[1]);
    message.form = '2023-process';
    readSize(body, message, 'total', 'has a total capaci?ty of SIZE');
    readSize(body, message, 'free', 'of which SIZE is free');
    readSize(body, message, 'processInUse', 'this process has SIZE memory in use');
    readSize(body, message, 'allowed', 'SIZE allowed;');
    readSize(body, message, 'allocated', 'Of the allocated memory SIZE is allocated by PyTorch');
    readSize(body, message, 'privatePools', 'with SIZE allocated in private pools');
    readSize(body, message, 'reservedUnallocated', 'SIZE is reserved by PyTorch but unallocated');
    for (const match of body.matchAll(new RegExp(String.raw`Process (\d{1,10}) has ${SIZE_PATTERN} memory in use`, 'g'))) {
      const used = exactBytes(match[2]!, match[3]!);
      message.processes.push({ pid: Number(match[1]), used: Number(used) });
    }
    message.truncated = message.reservedUnallocated === undefined;
  } else {
    // Cut before the breakdown starts.
    const gpu = /GPU (\d{1,4})/.exec(body);
    if (gpu) message.gpu = Number(gpu[1]);
    message.truncated = true;
  }
  readHint(body, message);
}

export function readMpsBody(body: string, message: OomMessage): void {
  readSize(body, message, 'mpsAllocated', 'MPS allocated: SIZE');
  readSize(body, message, 'otherAllocations', 'other allocations: SIZE');
  readSize(body, message, 'maxAllowed', 'max allowed: SIZE');
  readSize(body, message, 'requested', 'Tried to allocate SIZE');
  const pool = / on (private|shared) pool/.exec(body);
  if (pool) message.pool = pool[1] as 'private' | 'shared';
  message.truncated = message.maxAllowed === undefined || !pool;
}

/** `DefaultCPUAllocator: can't allocate memory: you tried to allocate N bytes`, or before 1.1 `72GB`. */
export function readCpuAllocatorBody(body: string, message: OomMessage): void {
  const bytes = /you tried to allocate (\d{1,20}) ?bytes/.exec(body);
  if (bytes) setSize(message, 'requested', bytes[1]!, 'bytes');
  else readSize(body, message, 'requested', 'you tried to allocate SIZE');
}

const TENSORFLOW_DTYPE_BYTES: Record<string, number> = {
  float: 4, float32: 4, int32: 4, uint32: 4, double: 8, float64: 8, int64: 8, uint64: 8, half: 2, float16: 2, bfloat16: 2, int16: 2, uint16: 2, int8: 1, uint8: 1, bool: 1, complex64: 8, complex128: 16,
};

/** `OOM when allocating tensor with shape[16,112,112,147] and type float on .../device:GPU:0`. */
export function readTensorflowBody(body: string, message: OomMessage): void {
  const shape = /tensor (?:with|of) shape ?\[([\d, ]{0,200})\]/.exec(body);
  if (shape) {
    const dims = shape[1]!.split(',').map((d) => d.trim()).filter(Boolean);
    if (dims.every((d) => /^\d{1,12}$/.test(d))) message.shape = dims.map(Number);
  }
  const dtype = /and type (\w{1,12})/.exec(body);
  if (dtype) message.dtype = dtype[1]!;
  const device = /device:(GPU|CPU):(\d{1,4})/i.exec(body);
  if (device) {
    message.backend = device[1]!.toUpperCase() === 'CPU' ? 'cpu' : 'cuda';
    if (message.backend === 'cuda') message.gpu = Number(device[2]);
  }
  const elementBytes = message.dtype ? TENSORFLOW_DTYPE_BYTES[message.dtype] : undefined;
  if (message.shape && elementBytes) {
    const bytes = message.shape.reduce((product, d) => product * BigInt(d), BigInt(elementBytes));
    setSize(message, 'requested', bytes.toString(), 'bytes');
  }
}

/** `RESOURCE_EXHAUSTED: Out of memory while trying to allocate N bytes.` */
export function readJaxBody(body: string, message: OomMessage): void {
  const bytes = /Out of memory (?:while trying to allocate|allocating) (\d{1,20}) bytes/.exec(body);
  if (bytes) setSize(message, 'requested', bytes[1]!, 'bytes');
}

/** vLLM's messages about its memory budget. */
export function readVllmBody(body: string, message: OomMessage): void {
  const tokens = /max seq len \((\d{1,9})\) is larger than the maximum number of tokens that can be stored in KV cache \((\d{1,12})\)/.exec(body);
  if (tokens) {
    message.maxModelLen = Number(tokens[1]);
    message.kvCacheTokens = Number(tokens[2]);
  }
  const maxLen = /max seq len \((\d{1,9})\)/.exec(body);
  if (maxLen) message.maxModelLen = Number(maxLen[1]);
  readSize(body, message, 'kvCacheNeeded', String.raw`\(?SIZE KV cache is needed`);
  readSize(body, message, 'kvCacheAvailable', String.raw`available KV cache memory \(SIZE\)`);
  // `Free memory on device cuda:1 (19.77/22.05 GiB) on startup`: the unit is written once.
  const startup = /Free memory on device(?: (?:cuda|hip|xpu):(\d{1,4}))? \((\d{1,12}(?:\.\d{1,6})?)\/(\d{1,12}(?:\.\d{1,6})?) ?(bytes|KiB|MiB|GiB|TiB|KB|MB|GB|TB)\)/.exec(body);
  if (startup) {
    if (startup[1] !== undefined) message.gpu = Number(startup[1]);
    setSize(message, 'free', startup[2]!, startup[4]!);
    setSize(message, 'total', startup[3]!, startup[4]!);
  }
  const utilization = new RegExp(String.raw`desired GPU memory utilization \((0?\.\d{1,4}|1(?:\.0{1,4})?), ${SIZE_PATTERN}\)`).exec(body);
  if (utilization) {
    message.memoryUtilization = Number(utilization[1]);
    setSize(message, 'desired', utilization[2]!, utilization[3]!);
  }
}
