/**
 * Finds PyTorch's out-of-memory messages in a log or a pasted traceback and reads their numbers.
 * Pure: text in, data out.
 *
 * The forms, as PyTorch's caching allocator (`c10/cuda/CUDACachingAllocator.cpp`, earlier
 * `aten/src/THC/THCCachingAllocator.cpp`) and the MPS allocator have printed them. The versions come
 * from the pull requests that changed the text and the dates of the posts that quote each form (the
 * allocator's git history itself was too large to fetch here):
 *
 * - PyTorch 1.0 (pytorch#13751, Nov 2018): `CUDA out of memory. Tried to allocate X (GPU 0; T total
 *   capacity; A already allocated; F free; C cached)`. "cached" is memory the allocator holds but has
 *   not handed out.
 * - PyTorch 1.5 (2020): `... F free; R reserved in total by PyTorch)`: "cached" became the total the
 *   allocator reserved, allocated included.
 * - PyTorch 1.8 (pytorch#48172): `N allowed;` after "free" when `set_per_process_memory_fraction` caps
 *   the allocator.
 * - PyTorch 1.10: the hint `If reserved memory is >> allocated memory try setting max_split_size_mb to
 *   avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF`.
 * - PyTorch 1.13: the exception is `torch.cuda.OutOfMemoryError` instead of `RuntimeError`.
 * - PyTorch 2.1 (pytorch#99699, Apr 2023): `Tried to allocate X. GPU 0 has a total capacty of T of
 *   which F is free. Process P has M memory in use. Including non-PyTorch memory, this process has M
 *   memory in use. Of the allocated memory A is allocated by PyTorch, and U is reserved by PyTorch but
 *   unallocated.` ("capacty" misspelt until 2.2; the process clauses need NVML and are missing where it
 *   cannot see the processes, such as Windows and some containers, where this process may appear under
 *   another PID). The `allowed` part was dropped here and restored in 2.5 (pytorch#129546).
 * - PyTorch 2.2: the hint names `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` and a link.
 * - PyTorch 2.4 (pytorch#124673): `A is allocated by PyTorch, with P allocated in private pools (e.g.,
 *   CUDA Graphs), and U is reserved ...`.
 * - PyTorch 2.5: the exception is the device-generic `torch.OutOfMemoryError`.
 * - ROCm builds print the same text with `HIP out of memory`, `HIP Graphs` and, in most builds,
 *   `PYTORCH_HIP_ALLOC_CONF`.
 * - Apple MPS: `MPS backend out of memory (MPS allocated: A, other allocations: O, max allowed: M).
 *   Tried to allocate X on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 ...`, with sizes
 *   written GB/MB (powers of 1024) in older releases and GiB/MiB in newer ones.
 */

export type OomBackend = 'cuda' | 'hip' | 'mps';
export type OomForm = '2018-cached' | '2020-reserved' | '2023-process' | 'mps';
export type OomHint = 'max_split_size_mb' | 'expandable_segments';

export interface TracebackFrame {
  file: string;
  line: number;
  function: string;
  /** 1-based line of the frame in the log. */
  logLine: number;
  /** The source line Python prints under the frame, when it does. */
  code?: string;
}

export interface OtherProcess {
  pid: number;
  /** Bytes. */
  used: number;
}

/** Sizes are in bytes; a field is absent when the message does not print it (or is cut before it). */
export interface OomMessage {
  backend: OomBackend;
  form: OomForm;
  /** `RuntimeError`, `torch.cuda.OutOfMemoryError`, `torch.OutOfMemoryError` when printed before it. */
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
  /** The message stops before its last figure, or inside its hint. */
  truncated: boolean;
  /** 1-based line of the message in the log. */
  line: number;
  /** The message as it appears on its line. */
  text: string;
  /** The traceback frames printed before the message (since the previous message), outermost first. */
  frames: TracebackFrame[];
}

const UNIT_BYTES: Record<string, number> = {
  bytes: 1,
  b: 1,
  kib: 1024,
  kb: 1024,
  mib: 1024 ** 2,
  mb: 1024 ** 2,
  gib: 1024 ** 3,
  gb: 1024 ** 3,
  tib: 1024 ** 4,
  tb: 1024 ** 4,
};

/** A size as PyTorch prints it; a number cut before its unit does not count. */
const SIZE = String.raw`(\d+(?:\.\d+)?) ?(bytes|B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)\b`;

/** `"1.70 GiB"` to bytes (PyTorch's units are powers of 1024, GB and MB on MPS too). */
export function parseSize(value: string, unit: string): number {
  const factor = UNIT_BYTES[unit.toLowerCase()];
  if (factor === undefined) throw new Error(`unknown unit ${unit}`);
  return Math.round(Number(value) * factor);
}

const HEAD = /(CUDA|HIP) out of memory\.|MPS backend out of memory/g;
/** The exception's name just before the message; notebooks print `OutOfMemoryError` without its module. */
const EXCEPTION_BEFORE = /(?<![\w.])((?:torch\.(?:cuda\.)?)?OutOfMemoryError|RuntimeError)\s*:\s*(?:\*\*)?\s*$/;
/** A frame line, also behind a prefix that launchers and loggers add (`[rank1]: `, timestamps). */
const FRAME = /(?:^|[\s:\]])File "([^"]+)", line (\d+), in (.+?)\s*$/;

function sizeAfter(text: string, pattern: string): number | undefined {
  const match = new RegExp(pattern.replace('SIZE', SIZE)).exec(text);
  return match ? parseSize(match[1]!, match[2]!) : undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

function framesIn(text: string, firstLine: number): TracebackFrame[] {
  const frames: TracebackFrame[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const match = FRAME.exec(line);
    if (!match) return;
    const frame: TracebackFrame = { file: match[1]!, line: Number(match[2]), function: match[3]!, logLine: firstLine + index };
    // The next line is the frame's source unless it is another frame or empty.
    const next = lines[index + 1]?.replace(/^\[rank\d+\]:/, '').trim();
    if (next && !FRAME.test(lines[index + 1]!) && !/^[~^\s]+$/.test(next)) frame.code = next;
    frames.push(frame);
  });
  return frames;
}

/** The hint's opening words say which one it is even when it is cut before the option's name. */
function readHint(body: string): { hint?: OomHint; allocConf?: string; complete: boolean } | undefined {
  const start = body.search(/ If reserved/);
  if (start === -1) return undefined;
  const hintText = body.slice(start);
  const conf = /(PYTORCH_[A-Z]+_ALLOC_CONF)=expandable_segments/.exec(hintText) ?? /(PYTORCH_[A-Z]+_ALLOC_CONF)/.exec(hintText);
  const hint: OomHint | undefined = /expandable_segments/.test(hintText)
    ? 'expandable_segments'
    : /max_split_size_mb|If reserved memory is >>/.test(hintText)
      ? 'max_split_size_mb'
      : undefined;
  return {
    ...(hint ? { hint } : {}),
    ...(conf ? { allocConf: conf[1]! } : {}),
    complete: /See documentation for Memory Management/.test(hintText),
  };
}

function readCudaBody(body: string, message: OomMessage): void {
  const requested = sizeAfter(body, 'Tried to allocate SIZE');
  if (requested !== undefined) message.requested = requested;
  const oldForm = /\(GPU (\d+); /.exec(body);
  const newForm = /GPU (\d+) has a total capac/.exec(body);
  if (oldForm) {
    message.gpu = Number(oldForm[1]);
    const reserved = sizeAfter(body, 'SIZE reserved in total by PyTorch');
    message.form = reserved === undefined && / cached\b/.test(body) ? '2018-cached' : '2020-reserved';
    const fields: [keyof OomMessage, string][] = [
      ['total', String.raw`\(GPU \d+; SIZE total(?: capacity|$)`],
      ['allocated', 'SIZE already allocated'],
      ['free', '; SIZE free'],
      ['allowed', '; SIZE allowed'],
      ['cached', '; SIZE cached'],
    ];
    for (const [field, pattern] of fields) {
      const value = sizeAfter(body, pattern);
      if (value !== undefined) (message as unknown as Record<string, number>)[field] = value;
    }
    if (reserved !== undefined) message.reservedTotal = reserved;
    message.truncated = message.reservedTotal === undefined && message.cached === undefined;
  } else if (newForm) {
    message.gpu = Number(newForm[1]);
    message.form = '2023-process';
    const fields: [keyof OomMessage, string][] = [
      ['total', 'has a total capac(?:i)?ty of SIZE'],
      ['free', 'of which SIZE is free'],
      ['processInUse', 'this process has SIZE memory in use'],
      ['allowed', 'SIZE allowed;'],
      ['allocated', 'Of the allocated memory SIZE is allocated by PyTorch'],
      ['privatePools', 'with SIZE allocated in private pools'],
      ['reservedUnallocated', 'SIZE is reserved by PyTorch but unallocated'],
    ];
    for (const [field, pattern] of fields) {
      const value = sizeAfter(body, pattern);
      if (value !== undefined) (message as unknown as Record<string, number>)[field] = value;
    }
    for (const match of body.matchAll(new RegExp(String.raw`Process (\d+) has ${SIZE} memory in use`, 'g'))) {
      message.processes.push({ pid: Number(match[1]), used: parseSize(match[2]!, match[3]!) });
    }
    message.truncated = message.reservedUnallocated === undefined;
  } else {
    // Cut before the breakdown starts (or a format this parser does not know).
    const gpu = /GPU (\d+)/.exec(body);
    if (gpu) message.gpu = Number(gpu[1]);
    message.truncated = true;
  }
  const hint = readHint(body);
  if (hint) {
    if (hint.hint) message.hint = hint.hint;
    if (hint.allocConf) message.allocConf = hint.allocConf;
    if (!hint.complete) message.truncated = true;
  }
}

function readMpsBody(body: string, message: OomMessage): void {
  const fields: [keyof OomMessage, string][] = [
    ['mpsAllocated', 'MPS allocated: SIZE'],
    ['otherAllocations', 'other allocations: SIZE'],
    ['maxAllowed', 'max allowed: SIZE'],
    ['requested', 'Tried to allocate SIZE'],
  ];
  for (const [field, pattern] of fields) {
    const value = sizeAfter(body, pattern);
    if (value !== undefined) (message as unknown as Record<string, number>)[field] = value;
  }
  const pool = / on (private|shared) pool/.exec(body);
  if (pool) message.pool = pool[1] as 'private' | 'shared';
  message.truncated = message.maxAllowed === undefined || !pool;
}

/** Every out-of-memory message in `log`, in order. */
export function parseOomMessages(log: string): OomMessage[] {
  const text = log.replace(/\r\n?/g, '\n');
  const starts = lineStarts(text);
  const heads = [...text.matchAll(HEAD)];
  const messages: OomMessage[] = [];
  let previousEnd = 0;
  for (const head of heads) {
    const index = head.index;
    const lineEnd = text.indexOf('\n', index);
    const end = lineEnd === -1 ? text.length : lineEnd;
    // Markdown bold around part of the message is not part of it.
    const body = text.slice(index, end).replace(/\*\*/g, '').replace(/\s+/g, ' ');
    const line = lineOf(starts, index);
    const lineStart = starts[line - 1]!;
    const before = text.slice(lineStart, index);
    const exception = EXCEPTION_BEFORE.exec(before);
    const backend: OomBackend = head[0].startsWith('MPS') ? 'mps' : head[1] === 'HIP' ? 'hip' : 'cuda';
    const frameRegion = text.slice(previousEnd, lineStart);
    const message: OomMessage = {
      backend,
      form: backend === 'mps' ? 'mps' : '2020-reserved',
      processes: [],
      truncated: false,
      line,
      text: text.slice(index, end),
      frames: framesIn(frameRegion, lineOf(starts, previousEnd)),
      ...(exception ? { exception: exception[1]! } : {}),
    };
    if (backend === 'mps') readMpsBody(body, message);
    else readCudaBody(body, message);
    messages.push(message);
    previousEnd = end;
  }
  return messages;
}
