// Everything oomlint prints comes from the repository being checked, one way or another: file names,
// messages that quote the code, the code itself in a diff. A terminal escape sequence in any of them
// (a clipboard write, a screen clear, a recolouring) or a bidirectional override (which reorders what
// the reader sees) must reach the terminal as visible text, never as an instruction.

/** C0 and C1 controls, DEL, and the bidirectional embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same, less tab, line feed and a carriage return that ends a line: text keeps its lines. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

function escape(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  const code = c.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` on one line, with control characters written as escapes (`\n`, `\x1b`, `\u009b`, `\u202e`). */
export function printable(text: string): string {
  // Backslashes stay as they are: they separate folders on Windows.
  return text.replace(UNSAFE, escape);
}

/** `text` with its lines, tabs and line endings kept and every other control character escaped. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_IN_LINES, escape);
}

/**
 * JSON for a terminal as well as for programs: JSON.stringify escapes C0 controls but leaves DEL,
 * C1 controls and bidirectional controls raw. The same values, with those escaped too.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
