// Positions as people and ruff count them: 1-based rows, columns in Unicode code points; in a
// notebook, rows count within the cell and the cell is named (1-based among all its cells).
import type { SourceText } from '../core/source';
import type { NotebookLines } from './notebook-check';

export interface RowColumn {
  column: number;
  row: number;
}

export function rowColumn(source: SourceText, offset: number): RowColumn {
  // Key order as ruff's JSON has it.
  return { column: source.codePointColumn(offset) + 1, row: source.position(offset).line + 1 };
}

export interface FileLocation extends RowColumn {
  /** The notebook cell, 1-based; null in a Python file. */
  cell: number | null;
}

/** Where `offset` lies in a checked file: its cell too, when the file is a notebook. */
export function fileLocation(file: { source: SourceText; notebook?: NotebookLines }, offset: number): FileLocation {
  const { row, column } = rowColumn(file.source, offset);
  if (!file.notebook) return { cell: null, row, column };
  const cell = file.notebook.lineCells[row - 1];
  return cell ? { cell, row: file.notebook.lineRows[row - 1]! + 1, column } : { cell: null, row, column };
}

/** `path:row:col`, or `path:cell N:row:col` in a notebook (ruff's form). */
export function locationLabel(path: string, at: FileLocation): string {
  return `${path}:${at.cell === null ? '' : `cell ${at.cell}:`}${at.row}:${at.column}`;
}
