// smol-toml returns plain values without positions, so problems found after parsing (wrong types,
// unknown keys) are placed by scanning the text for where a key is defined. A line-based scan is
// enough: TOML puts every table header and every key definition at the start of a line.

/** Reads a dotted key such as `tool.oomlint`, `"tests/*.py"` or `a . 'b'`; null if `text` is not one. */
export function readDottedKey(text: string): { path: string[]; rest: string } | null {
  const path: string[] = [];
  let at = 0;
  for (;;) {
    while (text[at] === ' ' || text[at] === '\t') at++;
    const segment = readKeySegment(text, at);
    if (!segment) return null;
    path.push(segment.value);
    at = segment.end;
    while (text[at] === ' ' || text[at] === '\t') at++;
    if (text[at] !== '.') return { path, rest: text.slice(at) };
    at++;
  }
}

function readKeySegment(text: string, at: number): { value: string; end: number } | null {
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    let value = '';
    for (let i = at + 1; i < text.length; i++) {
      const c = text[i]!;
      if (c === quote) return { value, end: i + 1 };
      // Escapes only matter for telling the closing quote apart; the key is compared as written.
      if (c === '\\' && quote === '"' && i + 1 < text.length) {
        value += text[++i];
        continue;
      }
      value += c;
    }
    return null;
  }
  const bare = /^[A-Za-z0-9_-]+/.exec(text.slice(at));
  return bare ? { value: bare[0], end: at + bare[0].length } : null;
}

interface KeyDefinition {
  path: string[];
  /** 1-based. */
  line: number;
}

/** Every table header and key definition, with the full path each one defines. */
export function keyDefinitions(text: string): KeyDefinition[] {
  const definitions: KeyDefinition[] = [];
  let table: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trimStart();
    const header = /^\[\[?/.exec(line);
    if (header) {
      const key = readDottedKey(line.slice(header[0].length));
      if (key && key.rest.startsWith(']')) {
        table = key.path;
        definitions.push({ path: table, line: index + 1 });
      }
      continue;
    }
    const key = readDottedKey(line);
    if (key && key.rest.startsWith('=')) definitions.push({ path: [...table, ...key.path], line: index + 1 });
  }
  return definitions;
}

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * The line that defines `path`, or failing that its closest defined ancestor (a value inside an
 * inline table is reported at the table's key); 1 when nothing matches.
 */
export function lineOfKey(definitions: readonly KeyDefinition[], path: readonly string[]): number {
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    const found = definitions.find((d) => samePath(d.path, prefix));
    if (found) return found.line;
  }
  return 1;
}
