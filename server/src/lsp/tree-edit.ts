// Describes one ranged text change in the terms tree-sitter wants for `Tree.edit()`, and the lines
// whose parser's text changed with it beyond the change itself.
import type { SourceText } from '../core/source';
import { makeEdit, type Edit } from '../parser/parser';

interface Point {
  row: number;
  column: number;
}

/** Whether the character at `at` ends a line: "\n", or a "\r" not followed by "\n" (`next` is what follows). */
function endsLine(code: number, next: number): boolean {
  return code === 10 || (code === 13 && next !== 10);
}

/**
 * Row and column of `offset` as the parser counts them (see `parserText`): rows end at "\n" and at
 * a lone "\r", as Python and LSP count lines; columns are UTF-16 code units.
 */
export function treeSitterPoint(text: string, offset: number): Point {
  let row = 0;
  let rowStart = 0;
  const firstCr = text.indexOf('\r');
  if (firstCr < 0 || firstCr >= offset) {
    for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
      row++;
      rowStart = at + 1;
    }
    return { row, column: offset - rowStart };
  }
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if ((c === 10 || c === 13) && endsLine(c, text.charCodeAt(i + 1))) {
      row++;
      rowStart = i + 1;
    }
  }
  return { row, column: offset - rowStart };
}

/** The point reached after writing `inserted` at `start`, followed by the character code `next`. */
function pointAfter(start: Point, inserted: string, next: number): Point {
  let row = start.row;
  let column = start.column;
  for (let i = 0; i < inserted.length; i++) {
    const c = inserted.charCodeAt(i);
    const following = i + 1 < inserted.length ? inserted.charCodeAt(i + 1) : next;
    if ((c === 10 || c === 13) && endsLine(c, following)) {
      row++;
      column = 0;
    } else {
      column++;
    }
  }
  return { row, column };
}

/**
 * The edit that replaces `oldText.slice(start, end)` with `inserted`, widened to whole lines. A "\r"
 * just before the change may stop or start being a line break of its own (the change puts a "\n"
 * after it or takes one away), so it is counted as part of the change.
 */
export function editForChange(oldText: string, start: number, end: number, inserted: string, lines?: SourceText): Edit {
  // The parser sees each line through `parserText`, which maps a line by its whole content: the edit
  // covers the whole lines it touches, so no change in the parser's text lies outside it.
  const lineStart = startOfLine(oldText, start);
  const lineEnd = endOfLine(oldText, end);
  inserted = oldText.slice(lineStart, start) + inserted + oldText.slice(end, lineEnd);
  start = lineStart;
  end = lineEnd;
  if (start > 0 && oldText.charCodeAt(start - 1) === 13) {
    start--;
    inserted = `\r${inserted}`;
  }
  // With the old text's line table, a point is two binary searches away instead of a scan from the start.
  const pointAt = lines?.text === oldText ? (offset: number) => pointFromLines(lines, offset) : (offset: number) => treeSitterPoint(oldText, offset);
  const startPoint = pointAt(start);
  const oldEndPoint = pointAt(end);
  const next = end < oldText.length ? oldText.charCodeAt(end) : NaN;
  return makeEdit(start, end, start + inserted.length, startPoint, oldEndPoint, pointAfter(startPoint, inserted, next));
}

/**
 * The edit that tells a tree parsed from `before` (the parser's text of an earlier version, see
 * `parserText`) about the lines beyond the document's own changes whose parser's text differs in
 * `after` (the current version's, whose line table is `lines`): comment lines blanked or kept since a
 * string opened or closed above them. It spans from the first difference to the last, unchanged in
 * length, so the tree reads those lines again; undefined when nothing differs but a plain insertion.
 */
export function changedSpan(before: string, after: string, lines: SourceText): Edit | undefined {
  if (before === after) return undefined;
  const start = commonPrefix(before, after);
  const end = after.length - commonSuffix(before, after, Math.min(before.length, after.length) - start);
  if (end <= start) return undefined;
  const startPoint = pointFromLines(lines, start);
  const endPoint = pointFromLines(lines, end);
  return makeEdit(start, end, end, startPoint, endPoint, endPoint);
}

/** Characters compared at once before the first difference is looked for one by one. */
const BLOCK = 4096;

function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let at = 0;
  while (at + BLOCK <= limit && a.slice(at, at + BLOCK) === b.slice(at, at + BLOCK)) at += BLOCK;
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** The length of the common end of `a` and `b`, at most `limit`. */
function commonSuffix(a: string, b: string, limit: number): number {
  let length = 0;
  while (length + BLOCK <= limit && a.slice(a.length - length - BLOCK, a.length - length) === b.slice(b.length - length - BLOCK, b.length - length)) length += BLOCK;
  while (length < limit && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++;
  return length;
}

/** `treeSitterPoint` read from a line table, which counts lines as the parser does ("\n", "\r\n", a lone "\r"). */
function pointFromLines(lines: SourceText, offset: number): Point {
  const { line, character } = lines.position(offset);
  return { row: line, column: character };
}

function startOfLine(text: string, offset: number): number {
  let i = offset;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) break;
    i--;
  }
  return i;
}

function endOfLine(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    i++;
  }
  return i;
}
