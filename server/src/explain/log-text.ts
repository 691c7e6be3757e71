// A log as bytes to a log as text: the encoding (UTF-8, or UTF-16 as PowerShell's redirect writes
// it, with or without a byte-order mark), and the terminal's control sequences taken out. Pure.

export type LogEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** How many leading bytes are looked at to tell UTF-16 without a byte-order mark from UTF-8. */
const SNIFF_BYTES = 4096;

/**
 * The encoding of a log from its first bytes. Without a byte-order mark, UTF-16 shows as text whose
 * every other byte is zero (ASCII in UTF-16); a run of zeros in both lanes (a device, a binary) is not.
 */
export function sniffLogEncoding(head: Uint8Array): { encoding: LogEncoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const length = Math.min(head.length, SNIFF_BYTES) & ~1;
  if (length < 4) return { encoding: 'utf-8', bomLength: 0 };
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > 0.4 * pairs && evenZeros < 0.05 * pairs) return { encoding: 'utf-16le', bomLength: 0 };
  if (evenZeros > 0.4 * pairs && oddZeros < 0.05 * pairs) return { encoding: 'utf-16be', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * Decodes bytes of a log leniently (a log may hold any bytes). `encoding` comes from the start of the
 * file, which a window read from its end does not include; `skip` drops bytes already looked at (a
 * byte-order mark). A UTF-16 window is cut to whole code units.
 */
export function decodeLogBytes(bytes: Uint8Array, encoding: LogEncoding, skip = 0): string {
  let body = bytes.subarray(skip);
  if (encoding !== 'utf-8' && body.length % 2 === 1) body = body.subarray(0, body.length - 1);
  if (encoding === 'utf-16be') {
    // TextDecoder has no UTF-16BE in every Node build: swap to little-endian first.
    const swapped = new Uint8Array(body.length);
    for (let i = 0; i + 1 < body.length; i += 2) {
      swapped[i] = body[i + 1]!;
      swapped[i + 1] = body[i]!;
    }
    body = swapped;
  }
  return new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'utf-16le', { fatal: false }).decode(body);
}

/**
 * Terminal control sequences (colours, cursor moves, window titles), as escapes and as they look
 * when pasted from Windows' console (`←[31m`) or `cat -v` (`^[[31m`).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SEQUENCE = /\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]|(?:\u2190|\^\[)\[[0-9;]*[A-Za-z]/g;
/** Other control characters, except tab, line feed and carriage return; C1 controls; byte-order marks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff]/g;

/** The log without control sequences or control characters; line breaks and tabs are kept. */
export function sanitizeLogText(text: string): string {
  return text.replace(CONTROL_SEQUENCE, '').replace(CONTROL_CHARACTER, '');
}

/** Removes what a terminal could act on from text about to be printed (a path, a message from a log). */
export function printableLogText(text: string): string {
  return sanitizeLogText(text).replace(/[\r\n\t]+/g, ' ');
}
