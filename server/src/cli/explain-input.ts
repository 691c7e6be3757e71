// Reading the log `oomlint explain` explains, bounded whatever the input is: a file larger than the
// window is read from its end (an out-of-memory message is near the end of a log), and a stream (a
// pipe from a running program, a FIFO, a device such as /dev/zero) is read as it comes, keeping only
// its last window, up to a limit. Standard input is read as a stream: a writer that pauses is waited
// for, never read in a busy loop that fails with EAGAIN.
import { open, type FileHandle } from 'node:fs/promises';
import { decodeLogBytes, sniffLogEncoding } from '../explain/log-text';
import { formatSize } from '../explain/format-size';
import { READ_ERRORS } from '../files/read-source';

/** The most of a log that is explained: its last 64 MiB. */
export const LOG_WINDOW_BYTES = 64 * 1024 * 1024;
/** A stream is read up to this much, then closed: `/dev/zero` ends here, not in an exhausted machine. */
export const STREAM_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
/** The first bytes, kept for the encoding (a byte-order mark, or UTF-16's zero bytes). */
const HEAD_BYTES = 4096;

export interface LogInputLimits {
  windowBytes: number;
  streamLimitBytes: number;
}

export const DEFAULT_LIMITS: LogInputLimits = { windowBytes: LOG_WINDOW_BYTES, streamLimitBytes: STREAM_LIMIT_BYTES };

export type LogRead =
  | {
      ok: true;
      text: string;
      /** Said on standard error: how much was read, when not all of it. */
      notes: string[];
    }
  | { ok: false; message: string };

/** Chunks whose total is kept to the window's size plus one chunk. */
class TailBuffer {
  private chunks: Buffer[] = [];
  private kept = 0;
  total = 0;
  head: Buffer = Buffer.alloc(0);

  constructor(private readonly window: number) {}

  push(chunk: Buffer): void {
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.chunks.push(chunk);
    this.kept += chunk.length;
    this.total += chunk.length;
    while (this.chunks.length > 1 && this.kept - this.chunks[0]!.length >= this.window) this.kept -= this.chunks.shift()!.length;
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.length > this.window ? all.subarray(all.length - this.window) : all;
  }
}

/**
 * Text from a window of a log: the encoding comes from the log's first bytes; a window that starts
 * inside the log starts at its first whole line.
 */
function decodeWindow(head: Buffer, window: Buffer, fromStart: boolean): string {
  const { encoding, bomLength } = sniffLogEncoding(head);
  let bytes = window;
  if (!fromStart && encoding !== 'utf-8' && bytes.length % 2 === 1) bytes = bytes.subarray(1);
  const text = decodeLogBytes(bytes, encoding, fromStart ? bomLength : 0);
  if (fromStart) return text;
  const firstBreak = text.indexOf('\n');
  return firstBreak === -1 ? text : text.slice(firstBreak + 1);
}

function windowNote(name: string, total: number, limits: LogInputLimits, stopped: boolean): string[] {
  const notes: string[] = [];
  if (stopped) notes.push(`stopped reading ${name} after ${formatSize(total)}, the most read from a stream`);
  if (total > limits.windowBytes) {
    notes.push(`${name}: explaining the last ${formatSize(limits.windowBytes)} of ${formatSize(total)}; line numbers count from there`);
  }
  return notes;
}

/** A stream read to its end or to the limit, keeping its last window. */
export async function readLogStream(stream: AsyncIterable<Buffer | string>, name: string, limits: LogInputLimits = DEFAULT_LIMITS): Promise<LogRead> {
  const tail = new TailBuffer(limits.windowBytes);
  let stopped = false;
  try {
    for await (const chunk of stream) {
      tail.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (tail.total >= limits.streamLimitBytes) {
        // Leaving the loop closes the stream.
        stopped = true;
        break;
      }
    }
  } catch (error) {
    return { ok: false, message: `could not read ${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const text = decodeWindow(tail.head, tail.bytes(), tail.total <= limits.windowBytes);
  return { ok: true, text, notes: windowNote(name, tail.total, limits, stopped) };
}

function readError(name: string, error: unknown): LogRead {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = READ_ERRORS[code] ?? (error instanceof Error ? error.message : String(error));
  return { ok: false, message: `${name}: could not read: ${reason}${code ? ` (${code})` : ''}` };
}

async function readTail(handle: FileHandle, size: number, limits: LogInputLimits): Promise<{ head: Buffer; window: Buffer }> {
  const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
  await handle.read(head, 0, head.length, 0);
  const length = Math.min(size, limits.windowBytes);
  const window = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(window, done, length - done, size - length + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return { head, window: window.subarray(0, done) };
}

/**
 * A log file: a regular file's last window, or any other file (a FIFO, `/dev/stdin`, a device) read as
 * a stream. A directory is refused.
 */
export async function readLogFile(path: string, name: string, limits: LogInputLimits = DEFAULT_LIMITS): Promise<LogRead> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return readError(name, error);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return { ok: false, message: `${name}: could not read: is a directory (EISDIR)` };
    if (!stats.isFile()) return await readLogStream(handle.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 }), name, limits);
    const { head, window } = await readTail(handle, stats.size, limits);
    return { ok: true, text: decodeWindow(head, window, stats.size <= limits.windowBytes), notes: windowNote(name, stats.size, limits, false) };
  } catch (error) {
    return readError(name, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
