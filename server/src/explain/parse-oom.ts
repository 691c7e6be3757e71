// Finds the out-of-memory messages in a log or a pasted traceback and reads them: PyTorch's caching
// allocators (CUDA, ROCm, Intel XPU, Apple MPS), the raw CUDA, cuBLAS and cuDNN failures, PyTorch before
// 1.0, host memory, vLLM's memory budget, TensorFlow and JAX. Messages wrapped by a logger or cut by a
// terminal's width are joined again; the lines of other ranks are kept apart. Pure: text in, data out.
// Linear in the text: one scan for the messages' opening words, then a bounded look around each.
import { readFrames, type TracebackFrame } from './frames';
import { joinTerminalRows, LogText, type LogLine } from './log-lines';
import { OPENING_WORDS_SOURCE } from './opening-words';
import { sanitizeLogText } from './log-text';
import type { OomBackend, OomFramework, OomMessage, VllmKind } from './oom-message';
import { readAllocatorBody, readCpuAllocatorBody, readJaxBody, readMpsBody, readTensorflowBody, readVllmBody } from './read-oom-body';

export type { OomBackend, OomForm, OomFramework, OomHint, OomMessage, OtherProcess, VllmKind } from './oom-message';
export type { TracebackFrame } from './frames';
export { parseSize } from './sizes';

/** The words every form's message holds; which alternative matched says the form. */
const HEAD = new RegExp(OPENING_WORDS_SOURCE, 'g');

/** The longest a message is read: the longest real one is under 1,000 characters. */
const MAX_BODY_CHARS = 4096;
const MAX_CONTINUATION_LINES = 12;
/** How far above a message its traceback is looked for, in lines. */
const MAX_TRACEBACK_LINES = 400;

interface Head {
  kind:
    | 'allocator'
    | 'mps'
    | 'cuda-error'
    | 'cublas'
    | 'cudnn'
    | 'thc-runtime'
    | 'thc-check'
    | 'cpu-allocator'
    | 'xpu-block'
    | 'tensorflow'
    | 'jax'
    | { vllm: VllmKind };
  backend: OomBackend;
  framework: OomFramework;
}

function classify(match: RegExpExecArray, line: string): Head {
  const words = match[0];
  const pytorch = (kind: Head['kind'], backend: OomBackend = 'cuda'): Head => ({ kind, backend, framework: 'pytorch' });
  if (match[1]) return pytorch('allocator', match[1] === 'HIP' ? 'hip' : match[1] === 'XPU' ? 'xpu' : 'cuda');
  if (words.startsWith('MPS')) return pytorch('mps', 'mps');
  if (words.includes('error: out of memory')) return pytorch('cuda-error', words.startsWith('HIP') ? 'hip' : 'cuda');
  // TensorFlow names its cuBLAS and cuDNN failures "failed to create ... handle".
  const tensorflowHandle = /(?:failed to create|Could not create) cu(?:blas|dnn) handle/i.test(line);
  if (words.startsWith('CUBLAS')) return { kind: 'cublas', backend: 'cuda', framework: tensorflowHandle ? 'tensorflow' : 'pytorch' };
  if (words.startsWith('CUDNN') || words.startsWith('Unable')) return { kind: 'cudnn', backend: 'cuda', framework: tensorflowHandle ? 'tensorflow' : 'pytorch' };
  if (words.startsWith('cuda runtime')) return pytorch('thc-runtime');
  if (words.startsWith('error=2')) return pytorch('thc-check');
  if (words.includes('you tried to allocate')) return pytorch('cpu-allocator', 'cpu');
  if (words.startsWith('Current platform')) return pytorch('xpu-block', 'xpu');
  if (words.startsWith('OOM when')) return { kind: 'tensorflow', backend: 'cuda', framework: 'tensorflow' };
  if (/^(?:RESOURCE_EXHAUSTED|Resource exhausted)/.test(words)) return { kind: 'jax', backend: 'cuda', framework: 'jax' };
  if (words.startsWith('No available')) return pytorch({ vllm: 'no-cache-blocks' });
  if (words.startsWith('that can be stored')) return pytorch({ vllm: 'kv-cache-tokens' });
  if (words.startsWith('KV cache is needed')) return pytorch({ vllm: 'kv-cache-memory' });
  if (words.startsWith('on startup')) return pytorch({ vllm: 'startup-free-memory' });
  return pytorch({ vllm: 'sampler-warmup' });
}

/** An exception's name just before the message (`torch.OutOfMemoryError: `), or anywhere before it on the line. */
const EXCEPTION_JUST_BEFORE = /(?<![\w.])((?:[A-Za-z_]\w{0,60}\.){0,6}[A-Za-z_]\w{0,60}(?:Error|Exception))(?: \(see above for traceback\))?\s*:\s*(?:\*\*)?\s*$/;
const EXCEPTION_ON_LINE = /(?<![\w.])((?:[A-Za-z_]\w{0,60}\.){0,6}[A-Za-z_]\w{0,60}(?:Error|Exception)):/g;

function exceptionBefore(before: string, anywhere: boolean): string | undefined {
  const tail = before.slice(-300);
  const just = EXCEPTION_JUST_BEFORE.exec(tail);
  if (just) return just[1];
  if (!anywhere) return undefined;
  let last: string | undefined;
  for (const match of tail.matchAll(EXCEPTION_ON_LINE)) last = match[1];
  return last;
}

/**
 * "CUDA out of memory" in prose ("I get CUDA out of memory when...") is not a message: the message has
 * a period after the words, or an exception's name before them.
 */
function isAllocatorMessage(text: string, wordsEnd: number, exception: string | undefined): boolean {
  const after = text.slice(wordsEnd, wordsEnd + 3);
  if (after.startsWith('.')) return true;
  return exception !== undefined && /^\s*(?:$|[`'"*\n\r])/.test(after);
}

/** The message's words in a traceback's source line (`raise ValueError("No available memory ...`) are not the message. */
function isInSourceCode(before: string): boolean {
  return /(?:\braise\s+[\w.]+\(|\(|=)\s*[rbf]?["']$/.test(before);
}

/** Lines that start something new: a traceback, a frame, another exception, a log record. */
const NEW_RECORD = /^\s*(?:$|Traceback|File "|During handling|The above exception|(?:[\w.]+)?(?:Error|Exception)\b|\[|\d{4}-\d\d-\d\d|(?:INFO|WARNING|ERROR|DEBUG|CRITICAL)\b|frame #|Exception raised from|```)/;
/** The rest of a message's hint, on a line of its own when a logger wrapped it. */
const HINT_CONTINUATION = /^\s*(?:If reserved|See documentation|Use PYTORCH_MPS_HIGH_WATERMARK_RATIO|\(may cause system failure|to avoid fragmentation|Memory Management|\(https:\/\/pytorch\.org)/;
/** The words of the allocators' messages: a word a terminal cut once is told apart from two words by them. */
const MESSAGE_WORDS = new Set(
  (
    'CUDA HIP XPU MPS out of memory Tried to allocate True GPU total capacity capacty already allocated free reserved in by PyTorch cached has a which is ' +
    'Process use Including non-PyTorch this process the Of and but unallocated If try setting max_split_size_mb avoid fragmentation See documentation ' +
    'for Memory Management PYTORCH_CUDA_ALLOC_CONF PYTORCH_HIP_ALLOC_CONF expandable_segments large allowed with private pools e.g Graphs backend other ' +
    'allocations max pool shared Use PYTORCH_MPS_HIGH_WATERMARK_RATIO disable upper limit may cause system failure bytes KiB MiB GiB TiB KB MB GB TB ' +
    'DefaultCPUAllocator can\'t enough you tried OOM when allocating tensor shape type float device allocator RESOURCE_EXHAUSTED Resource exhausted ' +
    'while trying KV cache tokens that can be stored model\'s seq len larger than maximum number Try increasing gpu_memory_utilization decreasing ' +
    'max_model_len initializing engine No available blocks Free on startup less desired utilization Decrease reduce used processes'
  ).split(' '),
);

/** Whether `left` and `right` are one word (or number) a terminal cut, rather than two: only the joined one is the message's. */
function isOneWordCut(left: string, right: string): boolean {
  const tail = /[\w.-]+$/.exec(left)?.[0];
  const head = /^[\w.-]+/.exec(right)?.[0];
  if (!tail || !head) return false;
  const joined = tail + head;
  const known = (word: string) => MESSAGE_WORDS.has(word.replace(/[.;,]+$/, '')) || /^\d+(?:\.\d+)?[.;,]?$/.test(word);
  // The messages never print two numbers side by side: digits on both sides of the cut are one number.
  if (/[\d.]$/.test(tail) && /\d/.test(tail) && /^[\d.]/.test(head)) return true;
  return known(joined) && !(known(tail) && known(head));
}

/**
 * Whether a row ends, or the next starts, with punctuation the messages print against a word (`(GPU`,
 * `=expandable_segments`, `segments:True`, `GB). Tried`, `allowed: 6.80`), or inside `>>`: a logger
 * wraps at spaces, so only a terminal's cut leaves it at a row's edge. A colon ends a logger's row
 * before a figure.
 */
function isPunctuationCut(left: string, right: string): boolean {
  const cut = /^[.;,:=]/.test(right) || /[(=]$/.test(left) || (/:$/.test(left) && /^[A-Za-z]/.test(right)) || (/>$/.test(left) && /^>/.test(right));
  return cut && !NEW_RECORD.test(right);
}

/** A line that goes on with a message a logger wrapped: it starts with one of the message's words or a figure. */
function isMessageFragment(text: string): boolean {
  if (NEW_RECORD.test(text)) return false;
  // Also a clause cut before its separator ("; 4.00 GiB already allocated", ". Tried to allocate"), and
  // the hint cut before its `>> allocated memory`.
  const first = /^\s*(?:[(;,:.]|>{1,2})?\s*([\w.-]+)/.exec(text)?.[1];
  return first !== undefined && (MESSAGE_WORDS.has(first.replace(/[.;,]+$/, '')) || /^\d/.test(first));
}

/** Whether `text` has a bracket it does not close. */
function isOpen(text: string): boolean {
  let depth = 0;
  for (const char of text) depth += char === '(' ? 1 : char === ')' ? -1 : 0;
  return depth > 0;
}

/** rich's logging handler writes the caller (`train.py:42`) in a column at the right of the first line. */
const RIGHT_COLUMN = /\s{3,}[\w.\\/<>-]{1,200}:\d{1,6}\s*$/;
/** Quote marks in front of pasted lines (`# `, `> `). */
const QUOTE_LEAD = /^\s*(?:[#>]\s?)+/;

/** Whether the message read so far has all its parts; a wrapped one continues on the next line. */
function isComplete(kind: Head['kind'], body: string): boolean {
  if (kind === 'allocator' || kind === 'xpu-block') {
    if (/ If reserved/.test(body) && !/Memory Management/.test(body)) return false;
    if (/\(GPU\s*\d/.test(body)) return /\(GPU[^)]*\)/.test(body);
    // Until its breakdown is read, a message may go on: on the next line when a logger wrapped it.
    return /unallocated/.test(body);
  }
  if (kind === 'mps') return / pool\b/.test(body) && /(?:system failure\)|HIGH_WATERMARK_RATIO)/.test(body);
  if (kind === 'cpu-allocator') return /you tried to allocate \d{1,20} ?(?:bytes|[KMGT]i?B)/.test(body);
  if (typeof kind === 'object') return /(?:engine|processes)\.?\s*$/.test(body) || body.length > 400;
  return true;
}

class MessageReader {
  private readonly log: LogText;

  constructor(text: string) {
    const joined = joinTerminalRows(text);
    this.log = new LogText(joined.text, joined.joinedBreaks);
  }

  get text(): string {
    return this.log.text;
  }

  lineAt(offset: number): LogLine {
    return this.log.lineAt(offset);
  }

  lineNumber(line: LogLine): number {
    return this.log.lineNumberAt(line.start);
  }

  /** The lines after `line`, up to `count` of them. */
  following(line: LogLine, count: number): LogLine[] {
    const lines: LogLine[] = [];
    for (let next = this.log.next(line); next && lines.length < count; next = this.log.next(next)) lines.push(next);
    return lines;
  }

  /** The message from its opening words to its end (or the next message's), wrapped lines joined. */
  body(head: number, kind: Head['kind'], headLine: LogLine, nextHead: number): string {
    const rest = this.text.slice(head, Math.min(head + MAX_BODY_CHARS, nextHead));
    const lineEnd = rest.search(/[\r\n]/);
    let body = (lineEnd === -1 ? rest : rest.slice(0, lineEnd)).replace(RIGHT_COLUMN, '');
    // Another message on the same line: this one ends where it starts.
    const after = nextHead < headLine.end ? [] : this.following(headLine, MAX_CONTINUATION_LINES + 40).filter((line) => line.end <= nextHead);
    let previous = headLine;
    let taken = 0;
    for (const next of after) {
      if (body.length >= MAX_BODY_CHARS || taken >= MAX_CONTINUATION_LINES) break;
      // Rows a terminal cut at its width are joined already (joinTerminalRows). A message cut once
      // leaves a single row at the width, without a prefix of its own: the cut word gives it away, or
      // the space the cut left at the end of one row or the start of the next (two where the message
      // prints two), or a bracket the next row closes, or punctuation that sticks to a word across it.
      const rest = next.source === headLine.source ? next.text : next.rawText;
      const long = previous.rawLength >= 40;
      const cutOnce = long && previous.cuttable && isOneWordCut(body, rest);
      const cutAtSpace = long && (/\S {1,2}$/.test(body) || (previous.cuttable && /^ {1,2}\S/.test(rest))) && isMessageFragment(rest);
      const cutAtBracket = long && rest.startsWith(')') && isOpen(body);
      const cutAtPunctuation = long && previous.cuttable && isPunctuationCut(body, rest) && (!isComplete(kind, body) || isMessageFragment(rest));
      if (cutOnce || cutAtSpace || cutAtBracket || cutAtPunctuation) body += rest;
      else if (next.source !== headLine.source) continue;
      else {
        const text = next.text.replace(QUOTE_LEAD, '').replace(RIGHT_COLUMN, '');
        if ((!isComplete(kind, body) && isMessageFragment(text)) || HINT_CONTINUATION.test(text)) body += ` ${text.trim()}`;
        else break;
      }
      previous = next;
      taken++;
    }
    return body
      .slice(0, MAX_BODY_CHARS)
      .replace(/\*\*/g, '')
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  }

  /** The traceback above the message: lines of its source back to the traceback's header or `stop`. */
  frames(headLine: LogLine, stop: number): TracebackFrame[] {
    const lines: LogLine[] = [];
    let seen = 0;
    for (let line = this.log.previous(headLine); line && line.start >= stop && seen < MAX_TRACEBACK_LINES; line = this.log.previous(line)) {
      seen++;
      if (line.source === headLine.source && /Traceback \(most recent call last\)/.test(line.text)) break;
      lines.push(line);
    }
    lines.reverse();
    return readFrames(
      lines.filter((line) => line.source === headLine.source),
      (line) => this.lineNumber(line),
    );
  }
}

function readBody(kind: Head['kind'], body: string, message: OomMessage): void {
  if (kind === 'allocator' || kind === 'xpu-block') readAllocatorBody(body, message);
  else if (kind === 'mps') readMpsBody(body, message);
  else if (kind === 'cpu-allocator') readCpuAllocatorBody(body, message);
  else if (kind === 'tensorflow') readTensorflowBody(body, message);
  else if (kind === 'jax') readJaxBody(body, message);
  else if (typeof kind === 'object') readVllmBody(body, message);
}

function formOf(kind: Head['kind']): OomMessage['form'] {
  if (typeof kind === 'object') return 'vllm';
  switch (kind) {
    case 'allocator':
    case 'xpu-block':
      return '2020-reserved';
    case 'thc-runtime':
    case 'thc-check':
      return 'thc';
    default:
      return kind;
  }
}

/** vLLM's messages name what they are about before their opening words: they are read from their start. */
function bodyStart(kind: Head['kind'], line: LogLine, text: string, head: number): number {
  if (typeof kind !== 'object' || head < line.textStart) return head;
  let from = line.textStart;
  for (const match of text.slice(line.textStart, head).matchAll(/[\w.]+(?:Error|Exception)\s*:\s*/g)) from = line.textStart + (match.index ?? 0) + match[0].length;
  return from;
}

/** Where each message's opening words are in the text `readOomLog` returns. */
const OFFSETS = new WeakMap<OomMessage, number>();

export function messageOffset(message: OomMessage): number | undefined {
  return OFFSETS.get(message);
}

/** Every out-of-memory message in `log`, in order. */
export function parseOomMessages(log: string): OomMessage[] {
  return readOomLog(log).messages;
}

/** The log's text as read (control sequences out, line breaks `\n`), and its out-of-memory messages. */
export function readOomLog(log: string): { text: string; messages: OomMessage[] } {
  const reader = new MessageReader(sanitizeLogText(log).replace(/\r+\n/g, '\n'));
  const text = reader.text;
  const found: { message: OomMessage; headLine: LogLine; kind: Head['kind'] }[] = [];
  const matches = [...text.matchAll(HEAD)];
  for (const [index, match] of matches.entries()) {
    const head = match.index;
    const nextHead = matches[index + 1]?.index ?? text.length;
    const headLine = reader.lineAt(head);
    const lineText = text.slice(headLine.start, Math.min(head + 400, text.length));
    const kind = classify(match, lineText);
    const exception = exceptionBefore(text.slice(Math.max(headLine.start, head - 300), head), typeof kind.kind === 'object' || kind.kind !== 'allocator');
    if (kind.kind === 'allocator' && !isAllocatorMessage(text, head + match[0].length, exception)) continue;
    if (isInSourceCode(text.slice(Math.max(headLine.textStart, head - 200), head))) continue;
    const start = bodyStart(kind.kind, headLine, text, head);
    const body = reader.body(start, kind.kind, headLine, nextHead);
    const message: OomMessage = {
      framework: kind.framework,
      backend: kind.backend,
      form: formOf(kind.kind),
      processes: [],
      truncated: false,
      line: reader.lineNumber(headLine),
      source: headLine.source,
      text: body,
      frames: [],
      ...(exception ? { exception } : {}),
      ...(typeof kind.kind === 'object' ? { vllmKind: kind.kind.vllm } : {}),
    };
    readBody(kind.kind, body, message);
    OFFSETS.set(message, head);
    found.push({ message, headLine, kind: kind.kind });
  }
  const kept = found.filter((entry, index) => !isThcCheckOfNext(entry, found[index + 1]));
  // Each message's traceback is above it, back to the previous message of the same source.
  const lastEnd = new Map<string, number>();
  const messages = kept.map(({ message, headLine }) => {
    message.frames = reader.frames(headLine, lastEnd.get(headLine.source) ?? 0);
    lastEnd.set(headLine.source, headLine.end);
    return message;
  });
  return { text, messages };
}

/** Before 1.0, `THCudaCheck FAIL ... error=2 : out of memory` is printed as the failure happens, and
 * the same failure is raised as `RuntimeError: cuda runtime error (2)` after the traceback. */
function isThcCheckOfNext(entry: { kind: Head['kind']; headLine: LogLine }, next: { kind: Head['kind']; headLine: LogLine } | undefined): boolean {
  return entry.kind === 'thc-check' && next?.kind === 'thc-runtime' && next.headLine.source === entry.headLine.source && next.headLine.start - entry.headLine.end < 200_000;
}
