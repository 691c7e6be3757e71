// Line and column bookkeeping over one document's text.

export interface LineColumn {
  /** 0-based line. */
  line: number;
  /** 0-based column in UTF-16 code units. */
  character: number;
}

export class SourceText {
  private lineStarts: number[] | undefined;
  private firstNewline: string | undefined;

  constructor(readonly text: string) {}

  /** Offsets at which each line begins. */
  get starts(): readonly number[] {
    if (!this.lineStarts) {
      const starts = [0];
      pushLineStarts(this.text, 0, this.text.length, starts);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }

  /**
   * The same bookkeeping for `text`, this text with `start..oldEnd` replaced by `text`'s
   * `start..newEnd`. Where this one has worked out its lines, the new one takes them over and reads
   * only the lines around the edit again, instead of the whole text (an open document's every keystroke).
   */
  afterEdit(text: string, start: number, oldEnd: number, newEnd: number): SourceText {
    const next = new SourceText(text);
    const before = this.lineStarts;
    if (!before) return next;
    // From the start of the line before the edit's (a "\r" ending it may meet a "\n" the edit brings)
    // to the first line start after the edit's end, whose line break the edit left where it was.
    const first = Math.max(0, this.lineOf(start) - 1);
    let after = first;
    while (after < before.length && before[after]! <= oldEnd) after++;
    const delta = newEnd - oldEnd;
    const rescanEnd = after < before.length ? before[after]! + delta : text.length;
    const rescanned: number[] = [];
    pushLineStarts(text, before[first]!, rescanEnd, rescanned);
    // A line start there was found again by the scan when it ended just past a line break.
    if (after < before.length && rescanned[rescanned.length - 1] === rescanEnd) rescanned.pop();
    // Copied whole (a typed character leaves the number of lines as it was) rather than line by line.
    const replaced = after - first - 1;
    let starts: number[];
    if (rescanned.length === replaced) {
      starts = before.slice();
      for (let i = 0; i < replaced; i++) starts[first + 1 + i] = rescanned[i]!;
    } else {
      starts = before.slice(0, first + 1).concat(rescanned, before.slice(after));
    }
    if (delta !== 0) for (let i = first + 1 + rescanned.length; i < starts.length; i++) starts[i]! += delta;
    next.lineStarts = starts;
    return next;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  position(offset: number): LineColumn {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(clamped);
    return { line, character: clamped - this.starts[line]! };
  }

  offset(position: LineColumn): number {
    const starts = this.starts;
    if (position.line >= starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineEnd = this.lineEnd(position.line);
    return Math.min(starts[position.line]! + Math.max(0, position.character), lineEnd);
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))]!;
  }

  /** Offset just before the line's terminator. */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
    let end = next;
    if (end > this.lineStart(line) && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStart(line) && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** The line terminator of the document's first line: "\r\n", "\n" or a lone "\r" (defaults to "\n"). */
  get newline(): string {
    this.firstNewline ??= (() => {
      const match = /\r\n|\r|\n/.exec(this.text);
      return match ? match[0] : '\n';
    })();
    return this.firstNewline;
  }

  /** Column counted in Unicode code points, as ruff's JSON reports it (0-based). */
  codePointColumn(offset: number): number {
    const { line, character } = this.position(offset);
    const start = this.starts[line]!;
    let column = 0;
    for (let i = start; i < start + character; i++) {
      const c = this.text.charCodeAt(i);
      // A high surrogate followed by a low one is one character.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < start + character) {
        const d = this.text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      column++;
    }
    return column;
  }
}

/** Pushes the offset after each line break in `text[from..to)` (\n, \r\n or a lone \r) onto `starts`. */
function pushLineStarts(text: string, from: number, to: number, starts: number[]): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
}
