// A notebook's code cells as one Python text, as ruff reads them: cells joined in order, with the
// IPython lines Python cannot parse (`%magic`, `%%cell magic`, `!shell`, `obj?` help) swapped for
// placeholders of one line each, so every other line keeps its row and column. Each cell takes whole
// lines of the joined text (a newline is added to a cell that ends without one), so a row of the
// joined text maps to a cell and a row in it by the cells' first rows alone.
//
// Fixes (`oomlint check --fix`) are applied to a second form, with a marker comment line between
// cells: the fixed text splits back into cells at the markers, and the placeholders turn back into
// the lines they stood for, re-indented when a fix moved them into a block.

export interface CellCode {
  /** 1-based position among all cells. */
  cell: number;
  source: string;
}

/** One code cell as the joined text holds it. */
export interface MaskedCell {
  /** The cell's text with IPython lines as placeholders, ending with a line break unless it is the last. */
  text: string;
  /** The original text of each replaced line, by placeholder number (numbered within the cell). */
  originals: string[];
  /** Joining added a newline at the end of the cell. */
  addedNewline: boolean;
  /** Rows the cell takes in the joined text. */
  rows: number;
}

/** Cell magics whose body is Python run as it is. */
const PYTHON_CELL_MAGICS = new Set(['time', 'timeit', 'capture', 'prun', 'debug', 'pypy']);

/** `%line magic`, `!shell`, `?help` and `help?`, and `x = !cmd` / `x = %magic`. */
function isIPythonLine(line: string): boolean {
  const code = line.trim();
  if (!code) return false;
  if (/^[%!?]/.test(code)) return true;
  if (/^[A-Za-z_][\w.]*(\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*[%!]/.test(code)) return true;
  return /^[A-Za-z_][\w.]*\?\??$/.test(code);
}

const markerLine = (nonce: string, cell: number) => `# oomlint-cell ${nonce} ${cell}`;
const placeholderComment = (nonce: string, n: number) => `# oomlint-ipython ${nonce} ${n}`;

/** Whether `source` holds text that could be taken for a marker or placeholder of `nonce`. */
export function clashesWithNonce(source: string, nonce: string): boolean {
  return source.includes(`oomlint-cell ${nonce}`) || source.includes(`oomlint-ipython ${nonce}`);
}

/** A token found nowhere in the notebook's code, so markers and placeholders cannot be confused with it. */
export function pickNonce(sources: readonly string[]): string {
  for (let n = 0; ; n++) {
    const nonce = `n${n}`;
    if (!sources.some((s) => clashesWithNonce(s, nonce))) return nonce;
  }
}

/**
 * What follows a placeholder so that it takes as many lines as the line it stands for: a lone "\r"
 * inside the line breaks it too (as in any Python file), and a final "\r" meets the "\n" after it.
 */
function lineBreakTail(original: string): string {
  const crlf = original.endsWith('\r');
  const inner = (crlf ? original.slice(0, -1) : original).split('\r').length - 1;
  return '\r#'.repeat(inner) + (crlf ? '\r' : '');
}

/** Line breaks in `text` as SourceText counts them: "\r\n", a lone "\r" or "\n". */
function countLineBreaks(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) breaks++;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      breaks++;
    }
  }
  return breaks;
}

/** One cell's text with IPython lines replaced; `last` says whether any cell follows it. */
export function maskCell(source: string, nonce: string, last: boolean): MaskedCell {
  const lines = source.split('\n');
  const originals: string[] = [];
  const replace = (i: number, statement: boolean) => {
    const original = lines[i]!;
    const indent = /^[ \t]*/.exec(original)![0];
    const n = originals.push(original) - 1;
    // The first line of a magic stands as a statement (a block whose body it was stays valid);
    // its continuation lines as comments, whose indentation Python ignores.
    lines[i] = `${indent}${statement ? 'pass  ' : ''}${placeholderComment(nonce, n)}${lineBreakTail(original)}`;
  };
  const first = lines.findIndex((l) => l.trim() !== '');
  const cellMagic = first >= 0 ? /^\s*%%(\w+)/.exec(lines[first]!) : null;
  // The empty text after a cell's final newline is no line of the cell.
  const isLine = (k: number) => k < lines.length - 1 || (k === lines.length - 1 && lines[k] !== '');
  if (cellMagic && !PYTHON_CELL_MAGICS.has(cellMagic[1]!)) {
    // Another language (bash, html, writefile): none of it is Python.
    for (let i = 0; i < lines.length; i++) if (isLine(i)) replace(i, false);
  } else {
    if (cellMagic) replace(first, true);
    const state: ContinuationState = { brackets: 0, tripleQuote: null, backslash: false };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      // A line that continues a statement (`% (a, b)` after an open bracket) or a string is Python.
      const startsStatement = state.brackets === 0 && state.tripleQuote === null && !state.backslash;
      if (line.includes(`oomlint-ipython ${nonce}`) || !startsStatement || !isIPythonLine(line)) {
        scanLine(line, state);
        continue;
      }
      replace(i, true);
      while (/\\\s*$/.test(originals[originals.length - 1]!) && isLine(i + 1)) replace(++i, false);
    }
  }
  let text = lines.join('\n');
  const addedNewline = !last && !text.endsWith('\n');
  if (addedNewline) text += '\n';
  return { text, originals, addedNewline, rows: countLineBreaks(text) + (last ? 1 : 0) };
}

/**
 * The cell's source from its masked text after fixes changed it, or undefined when a fix removed,
 * doubled or mangled a placeholder, or took away the line break that joining added.
 */
export function unmaskCell(text: string, cell: Pick<MaskedCell, 'originals' | 'addedNewline'>, nonce: string): string | undefined {
  if (cell.addedNewline) {
    if (!text.endsWith('\n')) return undefined;
    text = text.slice(0, -1);
  }
  if (!cell.originals.length) return text.includes(`oomlint-ipython ${nonce} `) ? undefined : text;
  const placeholder = new RegExp(`^([ \\t]*)(?:pass  )?# oomlint-ipython ${nonce} (\\d+)((?:\\r#)*\\r?)$`);
  const restored = new Set<number>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes(`oomlint-ipython ${nonce} `)) continue;
    const match = placeholder.exec(line);
    if (!match) return undefined;
    const n = Number(match[2]);
    const original = cell.originals[n];
    if (original === undefined || restored.has(n) || match[3] !== lineBreakTail(original)) return undefined;
    restored.add(n);
    lines[i] = reindent(original, match[1]!);
  }
  return restored.size === cell.originals.length ? lines.join('\n') : undefined;
}

interface ContinuationState {
  /** Open brackets so far. */
  brackets: number;
  /** The quotes of a triple-quoted string still open, if any. */
  tripleQuote: string | null;
  /** The line ended with a backslash. */
  backslash: boolean;
}

/** Follows brackets, strings and comments over one line of Python, enough to know where statements start. */
function scanLine(line: string, state: ContinuationState): void {
  const isEscaped = (at: number) => {
    let slashes = 0;
    for (let k = at - 1; k >= 0 && line[k] === '\\'; k--) slashes++;
    return slashes % 2 === 1;
  };
  let comment = false;
  let i = 0;
  while (i < line.length) {
    if (state.tripleQuote !== null) {
      const end = line.indexOf(state.tripleQuote, i);
      if (end < 0) return;
      if (isEscaped(end)) {
        i = end + 1;
        continue;
      }
      state.tripleQuote = null;
      i = end + 3;
      continue;
    }
    const c = line[i]!;
    if (c === '#') {
      comment = true;
      break;
    }
    if (c === '"' || c === "'") {
      if (line.startsWith(c.repeat(3), i)) {
        state.tripleQuote = c.repeat(3);
        i += 3;
        continue;
      }
      i++;
      while (i < line.length && line[i] !== c) i += line[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if ('([{'.includes(c)) state.brackets++;
    else if (')]}'.includes(c)) state.brackets = Math.max(0, state.brackets - 1);
    i++;
  }
  state.backslash = !comment && state.tripleQuote === null && line.replace(/\r$/, '').endsWith('\\');
}

/** One code cell in the joined text. */
export interface JoinedCell extends MaskedCell {
  /** 1-based position among all cells. */
  cell: number;
  /** Offset of its first character in the joined text. */
  start: number;
  /** Its first row in the joined text. */
  row: number;
}

export interface JoinedNotebook {
  text: string;
  nonce: string;
  cells: JoinedCell[];
}

/**
 * Joins the code cells (`cell` numbers are 1-based positions among all cells), without markers;
 * `nonce` must clash with no cell (see clashesWithNonce).
 */
export function joinCells(cells: readonly CellCode[], nonce = pickNonce(cells.map((c) => c.source))): JoinedNotebook {
  const joined: JoinedCell[] = [];
  let start = 0;
  let row = 0;
  for (let position = 0; position < cells.length; position++) {
    const { text, originals, addedNewline, rows } = maskCell(cells[position]!.source, nonce, position === cells.length - 1);
    joined.push({ text, originals, addedNewline, rows, cell: cells[position]!.cell, start, row });
    start += text.length;
    row += rows;
  }
  return { text: joined.map((c) => c.text).join(''), nonce, cells: joined };
}

/** The index of the cell (into `cells`) holding joined row `row`; cells sorted by first row. */
export function cellIndexAtRow(cells: readonly { row: number }[], row: number): number {
  let lo = 0;
  let hi = cells.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cells[mid]!.row <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A 1-based line of the joined text as its cell (1-based among all cells) and its 1-based line there. */
export function cellLineOf(cells: readonly { cell: number; row: number }[], line: number): { cell: number; line: number } {
  const cell = cells[cellIndexAtRow(cells, line - 1)];
  return cell ? { cell: cell.cell, line: line - cell.row } : { cell: 0, line };
}

/** Per row of the joined text: its cell (1-based among all cells) and its row within the cell. */
export function notebookLines(joined: JoinedNotebook): { lineCells: number[]; lineRows: number[] } {
  const lineCells: number[] = [];
  const lineRows: number[] = [];
  for (const cell of joined.cells) {
    for (let r = 0; r < cell.rows; r++) {
      lineCells.push(cell.cell);
      lineRows.push(r);
    }
  }
  return { lineCells, lineRows };
}

/** What splitting a marked text back into cells needs. */
export interface PlaceholderKey {
  nonce: string;
  /** Per code cell, in order: what masking replaced. */
  cells: Pick<MaskedCell, 'originals' | 'addedNewline'>[];
}

export interface MarkedNotebook {
  text: string;
  key: PlaceholderKey;
}

/** The code cells joined with a marker line between each two, for fixes that split back into cells. */
export function joinCellsWithMarkers(cells: readonly CellCode[]): MarkedNotebook {
  const nonce = pickNonce(cells.map((c) => c.source));
  const masked = cells.map((cell, position) => maskCell(cell.source, nonce, position === cells.length - 1));
  const text = masked.map((m, position) => (position === masked.length - 1 ? m.text : `${m.text}${markerLine(nonce, position)}\n`)).join('');
  return { text, key: { nonce, cells: masked.map(({ originals, addedNewline }) => ({ originals, addedNewline })) } };
}

/**
 * The cells' sources from a marked text that fixes changed, or undefined when the fixes moved or
 * removed a marker or placeholder (the text no longer splits cleanly, so nothing is written).
 */
export function splitCells(text: string, cellCount: number, key: PlaceholderKey): string[] | undefined {
  if (key.cells.length !== cellCount) return undefined;
  const parts: string[] = [];
  let from = 0;
  for (let position = 0; position < cellCount - 1; position++) {
    const marker = `${markerLine(key.nonce, position)}\n`;
    const at = text.indexOf(marker, from);
    // A marker is a line of its own, right after the cell's last line break.
    if (at < 0 || (at > 0 && text[at - 1] !== '\n')) return undefined;
    parts.push(text.slice(from, at));
    from = at + marker.length;
  }
  parts.push(text.slice(from));
  if (parts.some((part) => part.includes(`oomlint-cell ${key.nonce} `))) return undefined;
  const sources: string[] = [];
  for (const [position, part] of parts.entries()) {
    const source = unmaskCell(part, key.cells[position]!, key.nonce);
    if (source === undefined) return undefined;
    sources.push(source);
  }
  return sources;
}

/** The original line, moved by as much as a fix moved its placeholder. */
function reindent(original: string, newIndent: string): string {
  const oldIndent = /^[ \t]*/.exec(original)![0];
  if (newIndent === oldIndent) return original;
  const shift = newIndent.length - oldIndent.length;
  if (shift > 0) return newIndent.slice(0, shift) + original;
  return original.slice(Math.min(-shift, oldIndent.length));
}
