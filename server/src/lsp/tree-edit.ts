// Describes one ranged text change in the terms tree-sitter wants for `Tree.edit()`.
import { makeEdit, type Edit } from '../parser/parser';

interface Point {
  row: number;
  column: number;
}

/**
 * Row and column of `offset` as tree-sitter counts them: rows end at "\n" only (a lone "\r" does not
 * start a row, unlike LSP lines), columns are UTF-16 code units.
 */
export function treeSitterPoint(text: string, offset: number): Point {
  let row = 0;
  let rowStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    row++;
    rowStart = at + 1;
  }
  return { row, column: offset - rowStart };
}

/** The point reached after writing `inserted` at `start`. */
function pointAfter(start: Point, inserted: string): Point {
  const lastNewline = inserted.lastIndexOf('\n');
  if (lastNewline < 0) return { row: start.row, column: start.column + inserted.length };
  let newlines = 0;
  for (let at = inserted.indexOf('\n'); at >= 0; at = inserted.indexOf('\n', at + 1)) newlines++;
  return { row: start.row + newlines, column: inserted.length - lastNewline - 1 };
}

/** The edit that replaces `oldText.slice(start, end)` with `inserted`. */
export function editForChange(oldText: string, start: number, end: number, inserted: string): Edit {
  const startPoint = treeSitterPoint(oldText, start);
  const oldEndPoint = treeSitterPoint(oldText, end);
  return makeEdit(start, end, start + inserted.length, startPoint, oldEndPoint, pointAfter(startPoint, inserted));
}
