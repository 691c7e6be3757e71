// A notebook's code cells as one Python text, as ruff reads them: cells joined in order, with the
// IPython lines Python cannot parse (`%magic`, `%%cell magic`, `!shell`, `obj?` help) swapped for
// placeholders of one line each, so every other line keeps its row and column. Cells are separated by
// a marker comment line; the line table maps each line of the joined text back to its cell and row.
// Fixed text splits back into cells at the markers, and the placeholders turn back into the lines they
// stood for, re-indented when a fix moved them into a block.

export interface JoinedNotebook {
  text: string;
  /** Per line of `text`: the cell's 1-based position among all cells, or 0 for a marker line. */
  lineCells: number[];
  /** Per line of `text`: the 0-based row within its cell. */
  lineRows: number[];
  /** What splitting the text back into cells needs. */
  placeholders: PlaceholderKey;
}

export interface PlaceholderKey {
  /** A token found nowhere in the notebook's code, so markers and placeholders cannot be confused with it. */
  nonce: string;
  /** The original text of each replaced line, by placeholder number. */
  lines: string[];
  /** Per code cell: whether joining added a newline at its end. */
  addedNewline: boolean[];
}

export interface CellCode {
  /** 1-based position among all cells. */
  cell: number;
  source: string;
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

function pickNonce(sources: readonly string[]): string {
  for (let n = 0; ; n++) {
    const nonce = `n${n}`;
    if (!sources.some((s) => s.includes(`oomlint-cell ${nonce}`) || s.includes(`oomlint-ipython ${nonce}`))) return nonce;
  }
}

/** One cell's lines with IPython lines replaced; `lines` collects the originals. */
function maskCell(source: string, nonce: string, originals: string[]): string[] {
  const lines = source.split('\n');
  const replace = (i: number, statement: boolean) => {
    const indent = /^[ \t]*/.exec(lines[i]!)![0];
    const n = originals.push(lines[i]!) - 1;
    // The first line of a magic stands as a statement (a block whose body it was stays valid);
    // its continuation lines as comments, whose indentation Python ignores.
    lines[i] = `${indent}${statement ? 'pass  ' : ''}${placeholderComment(nonce, n)}`;
  };
  const first = lines.findIndex((l) => l.trim() !== '');
  const cellMagic = first >= 0 ? /^\s*%%(\w+)/.exec(lines[first]!) : null;
  if (cellMagic) {
    if (!PYTHON_CELL_MAGICS.has(cellMagic[1]!)) {
      // Another language (bash, html, writefile): none of it is Python.
      for (let i = 0; i < lines.length; i++) if (i < lines.length - 1 || lines[i] !== '') replace(i, false);
      return lines;
    }
    replace(first, true);
  }
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
    // The empty text after a cell's final newline is no line of the cell, so nothing continues into it.
    const isLine = (k: number) => k < lines.length - 1 || (k === lines.length - 1 && lines[k] !== '');
    while (/\\\s*$/.test(originals[originals.length - 1]!) && isLine(i + 1)) replace(++i, false);
  }
  return lines;
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

/** Joins the code cells (`cell` numbers are 1-based positions among all cells). */
export function joinCells(cells: readonly CellCode[]): JoinedNotebook {
  const nonce = pickNonce(cells.map((c) => c.source));
  const originals: string[] = [];
  const addedNewline: boolean[] = [];
  const parts: string[] = [];
  cells.forEach((cell, position) => {
    const masked = maskCell(cell.source, nonce, originals);
    let text = masked.join('\n');
    const last = position === cells.length - 1;
    const add = !last && !text.endsWith('\n');
    if (add) text += '\n';
    addedNewline.push(add);
    parts.push(text);
    if (!last) parts.push(markerLine(nonce, position) + '\n');
  });
  const text = parts.join('');
  const placeholders = { nonce, lines: originals, addedNewline };
  return { text, ...lineTable(text, cells.map((c) => c.cell), placeholders), placeholders };
}

/** The line table of a joined text (after fixes changed it): each line's cell and row. */
export function lineTable(text: string, cellNumbers: readonly number[], key: PlaceholderKey): { lineCells: number[]; lineRows: number[] } {
  const lineCells: number[] = [];
  const lineRows: number[] = [];
  let position = 0;
  let row = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`# oomlint-cell ${key.nonce} `)) {
      position++;
      row = 0;
      lineCells.push(0);
      lineRows.push(0);
      continue;
    }
    lineCells.push(cellNumbers[position] ?? 0);
    lineRows.push(row++);
  }
  return { lineCells, lineRows };
}

/**
 * The cells' sources from a joined text that fixes changed, or undefined when the fixes moved or
 * removed a marker or placeholder (the text no longer splits cleanly, so nothing is written).
 */
export function splitCells(text: string, cellCount: number, key: PlaceholderKey): string[] | undefined {
  const sources: string[] = [];
  let current: string[] = [];
  const placeholder = new RegExp(`^([ \\t]*)(?:pass  )?# oomlint-ipython ${key.nonce} (\\d+)$`);
  const restored = new Set<number>();
  for (const line of text.split('\n')) {
    if (line === markerLine(key.nonce, sources.length)) {
      // Every line before a marker ended with a newline, the cell's last one included.
      sources.push(current.join('\n') + '\n');
      current = [];
      continue;
    }
    if (line.includes(`oomlint-cell ${key.nonce} `)) return undefined;
    const match = placeholder.exec(line);
    if (!match) {
      if (line.includes(`oomlint-ipython ${key.nonce} `)) return undefined;
      current.push(line);
      continue;
    }
    const n = Number(match[2]);
    const original = key.lines[n];
    if (original === undefined || restored.has(n)) return undefined;
    restored.add(n);
    current.push(reindent(original, match[1]!));
  }
  sources.push(current.join('\n'));
  if (sources.length !== cellCount || restored.size !== key.lines.length) return undefined;
  // Take back the newline that joining added to a cell that ended without one.
  return sources.map((source, i) => (key.addedNewline[i] ? source.slice(0, -1) : source));
}

/** The original line, moved by as much as a fix moved its placeholder. */
function reindent(original: string, newIndent: string): string {
  const oldIndent = /^[ \t]*/.exec(original)![0];
  if (newIndent === oldIndent) return original;
  const shift = newIndent.length - oldIndent.length;
  if (shift > 0) return newIndent.slice(0, shift) + original;
  return original.slice(Math.min(-shift, oldIndent.length));
}
