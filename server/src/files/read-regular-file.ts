// Reads a file that a cloned repository put in front of us, without trusting it: only a regular file
// (after links are resolved) is read, never a FIFO, socket, device or directory, and never more
// than a size cap. `/dev/zero` behind a `.py` link would otherwise fill memory; a FIFO would block
// the walk forever.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** Files larger than this are skipped unless the user raises the cap. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export type RegularFileRead =
  /** `dev` and `ino` name the file read (after links), so a writer can tell whether it is still the same one. */
  | { ok: true; bytes: Buffer; dev: number; ino: number }
  /**
   * `code`: the errno code (ENOENT, EACCES, ...), or NOT_REGULAR / TOO_LARGE for files refused here.
   * `message` says why in words, without the path.
   */
  | { ok: false; code: string; message: string };

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'a special file';
}

const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** `10MB`, `512k`, `1048576`: a size in bytes (units are powers of 1024); undefined when it is not one. */
export function byteSize(value: string | number): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(value));
  const factor = match ? BYTE_UNITS[match[2]!.toLowerCase()] : undefined;
  const bytes = match && factor !== undefined ? Math.floor(Number(match[1]) * factor) : NaN;
  return Number.isFinite(bytes) && bytes >= 1 ? bytes : undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * Opens without blocking (a FIFO with no writer would otherwise wait forever), checks what the
 * opened file is, and reads at most `maxBytes` of it.
 */
export function readRegularFile(path: string | Buffer, maxBytes = DEFAULT_MAX_FILE_BYTES): RegularFileRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { ok: false, code: 'EISDIR', message: 'is a directory' };
    if (!stats.isFile()) return { ok: false, code: 'NOT_REGULAR', message: `not a regular file (${kindOf(stats)}): not read` };
    if (stats.size > maxBytes) {
      return { ok: false, code: 'TOO_LARGE', message: `${formatBytes(stats.size)}, larger than the ${formatBytes(maxBytes)} limit` };
    }
    // The size may change while we read (a file being written): read until EOF, within the cap.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(stats.size - total, 0) + 1, 1 << 20, maxBytes - total + 1));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) {
        return { ok: false, code: 'TOO_LARGE', message: `larger than the ${formatBytes(maxBytes)} limit` };
      }
      chunks.push(chunk.subarray(0, read));
    }
    return { ok: true, bytes: Buffer.concat(chunks, total), dev: stats.dev, ino: stats.ino };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  } finally {
    closeSync(fd);
  }
}

/** Reads UTF-8 text (lenient decoding), for configuration files. */
export function readRegularTextFile(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): { ok: true; text: string } | { ok: false; code: string; message: string } {
  const read = readRegularFile(path, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}
