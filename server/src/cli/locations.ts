// Positions as people and ruff count them: 1-based rows, columns in Unicode code points.
import type { SourceText } from '../analysis/source';

export interface RowColumn {
  column: number;
  row: number;
}

export function rowColumn(source: SourceText, offset: number): RowColumn {
  // Key order as ruff's JSON has it.
  return { column: source.codePointColumn(offset) + 1, row: source.position(offset).line + 1 };
}
