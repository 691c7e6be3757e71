// An open notebook's code cells joined into one Python text (see notebook-text.ts), kept up to date
// cell by cell: a change to one cell masks that cell again and changes the joined text only where
// the cell's text changed, so the analysis can reuse what it knew about the rest.
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

export interface LayoutCell extends JoinedCell {
  id: string;
  source: string;
}

/** Where each code cell lies in one version of the joined text; never changed once made. */
export interface JoinedLayout {
  readonly nonce: string;
  readonly cells: readonly LayoutCell[];
}

interface Part {
  id: string;
  cell: number;
  source: string;
  masked: MaskedCell;
  last: boolean;
}

export class LiveNotebookText {
  private nonce = 'n0';
  private parts: Part[] = [];
  private indexById = new Map<string, number>();
  private joined = '';
  private currentLayout: JoinedLayout | undefined;

  constructor(cells: readonly LiveCell[]) {
    this.rebuild(cells);
  }

  get text(): string {
    return this.joined;
  }

  /** The current version's layout (worked out once per version). */
  layout(): JoinedLayout {
    if (!this.currentLayout) {
      let start = 0;
      let row = 0;
      const cells: LayoutCell[] = [];
      for (const { id, cell, source, masked } of this.parts) {
        cells.push({ id, cell, source, start, row, text: masked.text, originals: masked.originals, addedNewline: masked.addedNewline, rows: masked.rows });
        start += masked.text.length;
        row += masked.rows;
      }
      this.currentLayout = { nonce: this.nonce, cells };
    }
    return this.currentLayout;
  }

  /** The cells changed in number, order or position: the joined text's change, if any. */
  setCells(cells: readonly LiveCell[]): JoinedTextChange | undefined {
    const before = this.joined;
    const kept = new Map(this.parts.map((p) => [p.id, p]));
    if (cells.some((c) => clashesWithNonce(c.source, this.nonce))) return this.rebuildAndDiff(cells);
    this.parts = cells.map((c, position) => {
      const last = position === cells.length - 1;
      const old = kept.get(c.id);
      if (old && old.source === c.source && old.last === last) return { ...old, cell: c.cell };
      return { id: c.id, cell: c.cell, source: c.source, masked: maskCell(c.source, this.nonce, last), last };
    });
    this.indexById = new Map(this.parts.map((p, i) => [p.id, i]));
    this.joined = this.parts.map((p) => p.masked.text).join('');
    this.currentLayout = undefined;
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
    let start = 0;
    for (let i = 0; i < index; i++) start += this.parts[i]!.masked.text.length;
    const masked = maskCell(source, this.nonce, part.last);
    const change = difference(part.masked.text, masked.text, start);
    this.parts[index] = { ...part, source, masked };
    if (change) this.joined = this.joined.slice(0, change.start) + change.text + this.joined.slice(change.end);
    this.currentLayout = undefined;
    return change;
  }

  private rebuild(cells: readonly LiveCell[]): void {
    const joined = joinCells(cells);
    this.nonce = joined.nonce;
    this.parts = cells.map((c, i) => ({ id: c.id, cell: c.cell, source: c.source, masked: joined.cells[i]!, last: i === cells.length - 1 }));
    this.indexById = new Map(this.parts.map((p, i) => [p.id, i]));
    this.joined = joined.text;
    this.currentLayout = undefined;
  }

  /** A cell now holds text that looks like this nonce's placeholders: everything is masked anew. */
  private rebuildAndDiff(cells: readonly LiveCell[]): JoinedTextChange | undefined {
    const before = this.joined;
    this.rebuild(cells);
    return difference(before, this.joined, 0);
  }
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
