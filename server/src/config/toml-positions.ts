// smol-toml returns plain values without positions, so problems found after parsing (wrong types,
// unknown keys) are placed by a second, simpler pass over the text that only records where each key
// and each value is written. The text has already parsed, so this pass trusts its shape; it runs in
// time linear in the text (no slicing of the rest of the text per key).

/** A stretch of the text, as offsets into it (end exclusive). */
export interface TextSpan {
  start: number;
  end: number;
}

/** Where a key and its value are written; `entries` for an array's elements, in order. */
export interface ValueSpan extends TextSpan {
  entries?: ValueSpan[];
}

export interface KeyDefinition {
  /** The full path the key defines (table headers included). */
  path: string[];
  /** The key's last segment as written (quotes included); for a table header, its dotted key. */
  key: TextSpan;
  /** Absent for table headers. */
  value?: ValueSpan;
}

const BARE_KEY = /[A-Za-z0-9_-]+/y;

const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\x1b' };

class Scanner {
  at = 0;
  readonly definitions: KeyDefinition[] = [];

  constructor(private readonly text: string) {}

  private get char(): string | undefined {
    return this.text[this.at];
  }

  private skipSpaces(): void {
    while (this.char === ' ' || this.char === '\t') this.at++;
  }

  /** Spaces, line breaks and comments, as between an array's elements. */
  private skipBlank(): void {
    for (;;) {
      const c = this.char;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.at++;
      else if (c === '#') this.skipLine();
      else return;
    }
  }

  private skipLine(): void {
    const end = this.text.indexOf('\n', this.at);
    this.at = end < 0 ? this.text.length : end + 1;
  }

  /** One key segment: bare, "basic" (escapes decoded) or 'literal'. */
  private keySegment(): { value: string; span: TextSpan } | null {
    const start = this.at;
    const quote = this.char;
    if (quote === '"' || quote === "'") {
      let value = '';
      for (let i = start + 1; i < this.text.length; i++) {
        const c = this.text[i]!;
        if (c === quote) {
          this.at = i + 1;
          return { value, span: { start, end: this.at } };
        }
        if (c === '\n') return null;
        if (c === '\\' && quote === '"') {
          const escape = this.text[++i] ?? '';
          const digits = escape === 'u' ? 4 : escape === 'U' ? 8 : 0;
          if (digits) {
            const code = parseInt(this.text.slice(i + 1, i + 1 + digits), 16);
            value += Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
            i += digits;
          } else value += ESCAPES[escape] ?? escape;
          continue;
        }
        value += c;
      }
      return null;
    }
    BARE_KEY.lastIndex = start;
    const bare = BARE_KEY.exec(this.text);
    if (!bare) return null;
    this.at = start + bare[0].length;
    return { value: bare[0], span: { start, end: this.at } };
  }

  /** A dotted key (`tool.oomlint`, `"a b".c`): its segments and the span of the last one. */
  private dottedKey(): { path: string[]; last: TextSpan; whole: TextSpan } | null {
    const path: string[] = [];
    const start = this.at;
    for (;;) {
      this.skipSpaces();
      const segment = this.keySegment();
      if (!segment) return null;
      path.push(segment.value);
      const last = segment.span;
      this.skipSpaces();
      if (this.char !== '.') return { path, last, whole: { start, end: last.end } };
      this.at++;
    }
  }

  /** Any value; its elements and inline-table keys are recorded under `path`. */
  private value(path: string[]): ValueSpan {
    const start = this.at;
    const c = this.char;
    if (c === '"' || c === "'") {
      const triple = this.text.startsWith(c.repeat(3), this.at);
      if (triple) {
        let end = this.text.indexOf(c.repeat(3), this.at + 3);
        // A basic multi-line string may hold escaped quotes; the text parsed, so the first unescaped run closes it.
        while (c === '"' && end > 0 && this.escaped(end)) end = this.text.indexOf('"""', end + 1);
        if (end < 0) end = this.text.length - 3;
        // Up to two more quotes belong to the string (`""""` ends with one quote of content).
        let close = end + 3;
        while (close < this.text.length && this.text[close] === c && close < end + 5) close++;
        this.at = close;
      } else {
        let i = this.at + 1;
        while (i < this.text.length && this.text[i] !== c && this.text[i] !== '\n') i += c === '"' && this.text[i] === '\\' ? 2 : 1;
        this.at = Math.min(i + 1, this.text.length);
      }
      return { start, end: this.at };
    }
    if (c === '[') {
      this.at++;
      const entries: ValueSpan[] = [];
      for (;;) {
        this.skipBlank();
        if (this.char === ']' || this.at >= this.text.length) break;
        entries.push(this.value([...path, String(entries.length)]));
        this.skipBlank();
        if (this.char === ',') this.at++;
        else if (this.char !== ']') break;
      }
      if (this.char === ']') this.at++;
      return { start, end: this.at, entries };
    }
    if (c === '{') {
      this.at++;
      for (;;) {
        this.skipBlank();
        if (this.char === '}' || this.at >= this.text.length) break;
        if (!this.keyValue(path)) break;
        this.skipBlank();
        if (this.char === ',') this.at++;
        else if (this.char !== '}') break;
      }
      if (this.char === '}') this.at++;
      return { start, end: this.at };
    }
    // A number, boolean or date: up to what ends a value.
    let end = this.at;
    while (end < this.text.length && !',]}#\n\r'.includes(this.text[end]!)) end++;
    while (end > this.at && (this.text[end - 1] === ' ' || this.text[end - 1] === '\t')) end--;
    this.at = Math.max(end, this.at + 1);
    return { start, end };
  }

  private escaped(quoteAt: number): boolean {
    let backslashes = 0;
    for (let i = quoteAt - 1; i >= 0 && this.text[i] === '\\'; i--) backslashes++;
    return backslashes % 2 === 1;
  }

  /** `key = value` under `table`; false when the text here is not one. */
  private keyValue(table: string[]): boolean {
    const key = this.dottedKey();
    if (!key) return false;
    this.skipSpaces();
    if (this.char !== '=') return false;
    this.at++;
    this.skipSpaces();
    const path = [...table, ...key.path];
    const definition: KeyDefinition = { path, key: key.last };
    this.definitions.push(definition);
    definition.value = this.value(path);
    return true;
  }

  scan(): KeyDefinition[] {
    let table: string[] = [];
    while (this.at < this.text.length) {
      this.skipBlank();
      if (this.at >= this.text.length) break;
      if (this.char === '[') {
        const double = this.text[this.at + 1] === '[';
        this.at += double ? 2 : 1;
        const key = this.dottedKey();
        if (key) {
          table = key.path;
          this.definitions.push({ path: table, key: key.whole });
        }
        this.skipLine();
        continue;
      }
      const start = this.at;
      if (!this.keyValue(table) || this.at === start) this.skipLine();
      else {
        // The rest of the line: spaces and a comment at most.
        this.skipSpaces();
        if (this.char === '#' || this.char === '\r' || this.char === '\n') this.skipLine();
      }
    }
    return this.definitions;
  }
}

/** Where every table header, key and value of a parsed TOML text is written. */
export class TomlPositions {
  private readonly byPath = new Map<string, KeyDefinition>();
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (const definition of new Scanner(text).scan()) {
      const id = pathId(definition.path);
      if (!this.byPath.has(id)) this.byPath.set(id, definition);
    }
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The definition of `path`, or of its closest defined ancestor (a value inside an inline table or array). */
  find(path: readonly string[]): { definition: KeyDefinition; exact: boolean; rest: string[] } | undefined {
    for (let length = path.length; length > 0; length--) {
      const definition = this.byPath.get(pathId(path.slice(0, length)));
      if (definition) return { definition, exact: length === path.length, rest: path.slice(length) };
    }
    return undefined;
  }

  /** 1-based line and column (UTF-16 units) of an offset. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }
}

const pathId = (path: readonly string[]) => path.join('\u0000');
