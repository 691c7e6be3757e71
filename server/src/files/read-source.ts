// Reads a Python file as bytes and decodes it strictly: a file that is not UTF-8 is reported,
// never analysed with replacement characters (its fixes would then corrupt it).
import { lstatSync } from 'node:fs';
import { DEFAULT_MAX_FILE_BYTES, readRegularFile } from './read-regular-file';
import type { ReadSnapshot } from './write-file-atomic';

export type SourceRead =
  /** `snapshot`: the file as read, for a fix to be written only if it is still so. */
  | { ok: true; text: string; hasBom: boolean; snapshot?: ReadSnapshot }
  /** `line` and `column` (1-based) point at the first undecodable byte, when that is the problem. */
  | { ok: false; message: string; line?: number; column?: number };

/** The words for the system's errors when a file cannot be read. */
export const READ_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
};

function describeReadError(path: string, code: string, message: string): string {
  if (code === 'NOT_REGULAR') return `could not read: ${message}`;
  if (code === 'TOO_LARGE') return `could not read: ${message} (max-file-size): skipped`;
  let reason = READ_ERRORS[code] ?? message;
  if (code === 'ENOENT') {
    try {
      if (lstatSync(path).isSymbolicLink()) reason = 'symbolic link to a missing file';
    } catch {
      // Not there at all: the plain message is right.
    }
  }
  return `could not read: ${reason}${code ? ` (${code})` : ''}`;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence; -1 if all are valid. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (lead < 0x80) length = 1;
    else if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      // No overlong forms, no UTF-16 surrogates.
      if (lead === 0xe0) min = 0xa0;
      if (lead === 0xed) max = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90;
      if (lead === 0xf4) max = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      const low = k === 1 ? min : 0x80;
      const high = k === 1 ? max : 0xbf;
      if (next === undefined || next < low || next > high) return i;
    }
    i += length;
  }
  return -1;
}

/** Where an offset into valid UTF-8 `bytes` falls, as a 1-based line and character column. */
function lineAndColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  const before = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset));
  return { line, column: [...before].length + 1 };
}

/** UTF-16 (or UTF-32) text: a byte-order mark, or zero bytes in every other place as ASCII gives there. */
function utf16Encoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes[2] === 0 && bytes[3] === 0 ? 'UTF-32LE with a byte-order mark' : 'UTF-16LE with a byte-order mark';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE with a byte-order mark';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'UTF-32BE with a byte-order mark';
  const sample = Math.min(bytes.length, 4096) & ~1;
  if (sample < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.1) return 'UTF-16LE without a byte-order mark';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.1) return 'UTF-16BE without a byte-order mark';
  return undefined;
}

export function decodeSource(bytes: Uint8Array): SourceRead {
  const wide = utf16Encoding(bytes);
  if (wide) return { ok: false, message: `could not decode: the file looks like ${wide}; oomlint reads Python source as UTF-8 (save it as UTF-8)`, line: 1, column: 1 };
  const zero = bytes.indexOf(0);
  if (zero >= 0) {
    // Python refuses such source too ("source code cannot contain null bytes").
    const { line, column } = lineAndColumn(bytes, zero);
    return { ok: false, message: `could not read as Python source: a NUL byte at line ${line}, column ${column} (Python refuses source with null bytes)`, line, column };
  }
  try {
    // The decoder removes a leading BOM itself; remember it so that fixed files keep it.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return { ok: true, text, hasBom };
  } catch {
    const offset = Math.max(0, firstInvalidUtf8Byte(bytes));
    const { line, column } = lineAndColumn(bytes, offset);
    const byte = bytes[offset]?.toString(16).toUpperCase().padStart(2, '0') ?? '??';
    return { ok: false, message: `could not decode as UTF-8: invalid byte 0x${byte} at line ${line}, column ${column}`, line, column };
  }
}

/** Reads a regular file of at most `maxBytes` (links resolved; FIFOs, devices and the like refused). */
/** `shownAs`: how to name the file in messages when `path` is its raw bytes. */
export function readSource(path: string | Buffer, maxBytes = DEFAULT_MAX_FILE_BYTES, shownAs?: string): SourceRead {
  const read = readRegularFile(path, maxBytes);
  if (!read.ok) return { ok: false, message: describeReadError(shownAs ?? String(path), read.code, read.message) };
  const decoded = decodeSource(read.bytes);
  return decoded.ok ? { ...decoded, snapshot: { bytes: read.bytes, dev: read.dev, ino: read.ino } } : decoded;
}
