// An open notebook's code cells joined into one Python text (see notebook-text.ts), kept up to date
// cell by cell: a change to one cell masks that cell again and changes the joined text only where
// the cell's text changed, so the analysis can reuse what it knew about the rest. Each version's
// layout (where each cell lies) is a snapshot that later changes leave as it is; a change copies the
// layout's flat arrays instead of making an object per cell.
import { clashesWithNonce, joinCells, maskCell, type JoinedCell, type MaskedCell } from './notebook-text';

export interface LiveCell {
  /** Names the cell across changes (an editor's cell document URI). */
  id: string;
  /** 1-based position among all cells. */
  cell: number;
  source: string;
}

/** A change of the joined text: `start..end` replaced by `text`. */
export interface JoinedTextChange {
  start: number;
  end: number;
  text: string;
}

/** One code cell as a layout describes it. */
export interface LayoutCell extends JoinedCell {
  id: string;
  source: string;
}

interface Part {
  readonly id: string;
  readonly cell: number;
  readonly source: string;
  readonly masked: MaskedCell;
  readonly last: boolean;
}

/** Where each code cell lies in one version of the joined text; never changed once made. */
export class JoinedLayout {
  constructor(
    readonly nonce: string,
    private readonly parts: readonly Part[],
    /** Per cell, then the text's end: the offset where it starts. */
    private readonly starts: Float64Array,
    /** Per cell, then the text's line count: the row where it starts. */
    private readonly rows: Float64Array,
    private readonly indexById: ReadonlyMap<string, number>,
  ) {}

  get cellCount(): number {
    return this.parts.length;
  }

  cellAt(index: number): LayoutCell {
    const { id, cell, source, masked } = this.parts[index]!;
    const { text, originals, addedNewline, rows } = masked;
    return { id, cell, source, start: this.starts[index]!, row: this.rows[index]!, text, originals, addedNewline, rows };
  }

  /** The index of the cell with this id, if it is a code cell of this version. */
  indexOf(id: string): number | undefined {
    return this.indexById.get(id);
  }

  /** The index of the cell holding joined row `row` (the last cell for rows past the end). */
  indexAtRow(row: number): number {
    let lo = 0;
    let hi = this.parts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.rows[mid]! <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** A 1-based line of the joined text as its cell (1-based among all cells) and its 1-based line there. */
  cellLine(line: number): { cell: number; line: number } {
    if (!this.parts.length) return { cell: 0, line };
    const index = this.indexAtRow(line - 1);
    return { cell: this.parts[index]!.cell, line: line - this.rows[index]! };
  }
}

export class LiveNotebookText {
  private nonce = 'n0';
  private parts: Part[] = [];
  private starts = new Float64Array(1);
  private rows = new Float64Array(1);
  private indexById = new Map<string, number>();
  private joined = '';
  private currentLayout: JoinedLayout | undefined;

  constructor(cells: readonly LiveCell[]) {
    this.rebuild(cells);
  }

  get text(): string {
    return this.joined;
  }

  /** The current version's layout. */
  layout(): JoinedLayout {
    this.currentLayout ??= new JoinedLayout(this.nonce, this.parts, this.starts, this.rows, this.indexById);
    return this.currentLayout;
  }

  /** The cells changed in number, order or kind: the joined text's change, if any. */
  setCells(cells: readonly LiveCell[]): JoinedTextChange | undefined {
    const before = this.joined;
    if (cells.some((c) => clashesWithNonce(c.source, this.nonce))) return this.rebuildAndDiff(cells);
    const kept = new Map(this.parts.map((p) => [p.id, p]));
    this.setParts(
      cells.map((c, position) => {
        const last = position === cells.length - 1;
        const old = kept.get(c.id);
        if (old && old.source === c.source && old.last === last) return old.cell === c.cell ? old : { ...old, cell: c.cell };
        return { id: c.id, cell: c.cell, source: c.source, masked: maskCell(c.source, this.nonce, last), last };
      }),
    );
    return difference(before, this.joined, 0);
  }

  /** One cell's text changed: the joined text's change, if any. */
  setSource(id: string, source: string): JoinedTextChange | undefined {
    const index = this.indexById.get(id);
    if (index === undefined) return undefined;
    const part = this.parts[index]!;
    if (part.source === source) return undefined;
    if (clashesWithNonce(source, this.nonce)) {
      return this.rebuildAndDiff(this.parts.map((p, i) => ({ id: p.id, cell: p.cell, source: i === index ? source : p.source })));
    }
    const masked = maskCell(source, this.nonce, part.last);
    const start = this.starts[index]!;
    const change = difference(part.masked.text, masked.text, start);
    // The next version's arrays; the current layout keeps the old ones.
    this.parts = this.parts.slice();
    this.parts[index] = { ...part, source, masked };
    this.starts = shiftedAfter(this.starts, index, masked.text.length - part.masked.text.length);
    this.rows = shiftedAfter(this.rows, index, masked.rows - part.masked.rows);
    if (change) this.joined = this.joined.slice(0, change.start) + change.text + this.joined.slice(change.end);
    this.currentLayout = undefined;
    return change;
  }

  private rebuild(cells: readonly LiveCell[]): void {
    const joined = joinCells(cells);
    this.nonce = joined.nonce;
    this.setParts(
      cells.map((c, i) => {
        const { text, originals, addedNewline, rows } = joined.cells[i]!;
        return { id: c.id, cell: c.cell, source: c.source, masked: { text, originals, addedNewline, rows }, last: i === cells.length - 1 };
      }),
    );
  }

  private setParts(parts: Part[]): void {
    this.parts = parts;
    this.starts = new Float64Array(parts.length + 1);
    this.rows = new Float64Array(parts.length + 1);
    parts.forEach((p, i) => {
      this.starts[i + 1] = this.starts[i]! + p.masked.text.length;
      this.rows[i + 1] = this.rows[i]! + p.masked.rows;
    });
    this.indexById = new Map(parts.map((p, i) => [p.id, i]));
    this.joined = parts.map((p) => p.masked.text).join('');
    this.currentLayout = undefined;
  }

  /** A cell now holds text that looks like this nonce's placeholders: everything is masked anew. */
  private rebuildAndDiff(cells: readonly LiveCell[]): JoinedTextChange | undefined {
    const before = this.joined;
    this.rebuild(cells);
    return difference(before, this.joined, 0);
  }
}

/** A copy of the prefix sums with every entry after `index` moved by `delta`. */
function shiftedAfter(sums: Float64Array<ArrayBuffer>, index: number, delta: number): Float64Array<ArrayBuffer> {
  const copy = sums.slice();
  if (delta !== 0) for (let i = index + 1; i < copy.length; i++) copy[i]! += delta;
  return copy;
}

/** The change that turns `before` into `after` (both at `offset` in the joined text): what lies between their common ends. */
export function difference(before: string, after: string, offset: number): JoinedTextChange | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  // A "\r\n" is not cut in two, so each end of the change lies on a line boundary or within a line.
  if (prefix > 0 && before.charCodeAt(prefix - 1) === 13) prefix--;
  let suffix = 0;
  while (suffix < shorter - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  if (suffix > 0 && before.charCodeAt(before.length - suffix) === 10 && before.charCodeAt(before.length - suffix - 1) === 13) suffix--;
  return { start: offset + prefix, end: offset + before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}
