// Indentation that Python refuses but tree-sitter-python accepts without an ERROR node: a statement
// indented at module level ("unexpected indent"), a block whose statements do not share one
// indentation, or a block not indented past its header ("unindent does not match any outer
// indentation level", "expected an indented block"). A tree with such lines is not the program
// Python would run, so it counts as a tree the parser had to recover, and fixes are withheld.
import { hasErrors, walk, type SyntaxNode } from './syntax';

/** Width of a run of indentation as Python's tokenizer counts it (tabs to the next multiple of 8). */
function width(indent: string): number {
  let column = 0;
  for (const c of indent) {
    if (c === '\t') column = (Math.floor(column / 8) + 1) * 8;
    else if (c === '\f') column = 0;
    else column++;
  }
  return column;
}

/** Offset where the line holding `offset` starts (any of \n, \r\n, \r ends a line). */
function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

/** The indentation of the statement starting at `offset`, or null when other text precedes it on its line. */
function statementIndent(text: string, offset: number): number | null {
  const before = text.slice(lineStartOf(text, offset), offset);
  return /^[ \t\f]*$/.test(before) ? width(before) : null;
}

/** The indentation of the line holding `offset`. */
function lineIndent(text: string, offset: number): number {
  const start = lineStartOf(text, offset);
  return width(/^[ \t\f]*/.exec(text.slice(start, offset))![0]);
}

/** The 0-based row of the first badly indented statement, or null when Python would accept the indentation. */
export function indentationErrorRow(root: SyntaxNode, text: string): number | null {
  let found: number | null = null;
  walk(root, (node) => {
    if (found !== null) return false;
    if (node.type !== 'module' && node.type !== 'block') return true;
    const header = node.type === 'block' && node.parent ? lineIndent(text, node.parent.start) : -1;
    let shared: number | null = null;
    for (const child of node.children) {
      if (!child.named || child.type === 'comment') continue;
      const indent = statementIndent(text, child.start);
      if (indent === null) continue;
      const bad = node.type === 'module' ? indent !== 0 : indent <= header || (shared !== null && indent !== shared);
      if (bad) {
        found = child.row;
        return false;
      }
      shared ??= indent;
    }
    return true;
  });
  return found;
}

/** ERROR or missing nodes, or indentation Python refuses: the tree may not be the program. */
export function hasSyntaxErrors(root: SyntaxNode, text: string): boolean {
  return hasErrors(root) || indentationErrorRow(root, text) !== null;
}
