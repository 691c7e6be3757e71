// A notebook cell's place in the text the analysis read, the notebook's code cells joined (see
// notebooks/notebook-text.ts). Each cell takes whole rows of the joined text, and its rows are the
// cell's own lines, so a position maps by moving rows; only the lines that stand for IPython lines
// differ, and edits of a cell that holds some are worked out on the cell's text as a whole.
import type { Position, Range } from 'vscode-languageserver';
import type { SourceText } from '../core/source';
import type { TextEdit } from '../core/types';
import { applyEdits } from '../core/fixes';
import { unmaskCell } from '../notebooks/notebook-text';
import { difference, type JoinedLayout, type LayoutCell } from '../notebooks/live-notebook-text';
import type { DocumentPlace } from './document-place';
import type { DocumentEdits, LspFixEdit } from './protocol';

/** A code cell's document as the analysis saw it. */
export interface CellSnapshot {
  uri: string;
  version: number;
  source: SourceText;
}

/** One version of a notebook as analysed: the joined text's lines and each cell's document. */
export interface NotebookSnapshot {
  joined: SourceText;
  layout: JoinedLayout;
  /** Per code cell of the layout, in order. */
  cells: readonly CellSnapshot[];
}

/** The first line of a cell, when it is a cell magic: it must stay the cell's first line. */
const cellMagicLine = (source: string) => {
  const first = source.trimStart().split('\n', 1)[0]!;
  return first.startsWith('%%') ? first : undefined;
};

export class CellPlace implements DocumentPlace {
  constructor(
    private readonly notebook: NotebookSnapshot,
    /** Index into the layout's cells. */
    private readonly index: number,
  ) {}

  offsetAt(position: Position): number {
    const cell = this.notebook.layout.cellAt(this.index);
    const line = Math.max(0, Math.min(position.line, cell.rows - 1));
    return this.notebook.joined.offset({ line: cell.row + line, character: position.character });
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.cellPosition(this.index, start), end: this.cellPosition(this.index, end) };
  }

  documentEdits(edits: readonly TextEdit[]): DocumentEdits[] | undefined {
    const { layout, joined } = this.notebook;
    // The cell of an edit is the one its start lies in (an insertion at a cell's first character
    // goes into that cell); the edit must end within it.
    const byCell = new Map<number, { cell: LayoutCell; edits: TextEdit[] }>();
    for (const edit of edits) {
      const index = layout.indexAtRow(joined.lineOf(edit.start));
      const cell = byCell.get(index)?.cell ?? layout.cellAt(index);
      if (edit.start < cell.start || edit.end > cell.start + cell.text.length) return undefined;
      const local = { start: edit.start - cell.start, end: edit.end - cell.start, newText: edit.newText };
      byCell.set(index, { cell, edits: [...(byCell.get(index)?.edits ?? []), local] });
    }
    const documents: DocumentEdits[] = [];
    for (const [index, { cell, edits: local }] of byCell) {
      const cellEdits = this.cellEdits(cell, this.notebook.cells[index]!, local);
      if (!cellEdits) return undefined;
      const { uri, version } = this.notebook.cells[index]!;
      documents.push({ uri, version, edits: cellEdits });
    }
    return documents;
  }

  /** Edits of the cell's masked text (offsets within it) as edits of the cell's own text. */
  private cellEdits(cell: LayoutCell, snapshot: CellSnapshot, edits: TextEdit[]): LspFixEdit[] | undefined {
    const { source } = snapshot;
    if (!cell.originals.length) {
      // The masked text is the cell's own, and a newline joining may have added after it.
      if (edits.some((e) => e.end > cell.source.length)) return undefined;
      return edits.map((e) => ({ range: { start: source.position(e.start), end: source.position(e.end) }, newText: e.newText }));
    }
    const after = unmaskCell(applyEdits(cell.text, edits), cell, this.notebook.layout.nonce);
    if (after === undefined || cellMagicLine(after) !== cellMagicLine(cell.source)) return undefined;
    const change = difference(cell.source, after, 0);
    if (!change) return [];
    return [{ range: { start: source.position(change.start), end: source.position(change.end) }, newText: change.text }];
  }

  /** Where an offset of the joined text lies in cell `index`, kept within the cell. */
  private cellPosition(index: number, offset: number): Position {
    const cell = this.notebook.layout.cellAt(index);
    const { source } = this.notebook.cells[index]!;
    const at = this.notebook.joined.position(offset);
    const line = at.line - cell.row;
    if (line < 0) return { line: 0, character: 0 };
    if (line >= cell.rows) return source.position(source.text.length);
    return source.position(source.offset({ line, character: at.character }));
  }
}
