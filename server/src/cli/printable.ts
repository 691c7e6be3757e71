// File names come from the repository being checked: a name holding a terminal escape sequence or a
// line break must not recolour the terminal or forge an extra line of output.

/** `text` with control characters written as escapes (`\n`, `\x1b`, `\u009b`), everything else as is. */
export function printable(text: string): string {
  // Backslashes stay as they are: they separate folders on Windows.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.charCodeAt(0);
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
