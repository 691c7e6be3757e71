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

/** The row of the first statement of `node` (a module or a block) indented as Python refuses, or null. */
function badlyIndentedRow(node: SyntaxNode, text: string): number | null {
  const header = node.type === 'block' && node.parent ? lineIndent(text, node.parent.start) : -1;
  let shared: number | null = null;
  for (const child of node.children) {
    if (!child.named || child.type === 'comment') continue;
    const indent = statementIndent(text, child.start);
    if (indent === null) continue;
    if (node.type === 'module' ? indent !== 0 : indent <= header || (shared !== null && indent !== shared)) return child.row;
    shared ??= indent;
  }
  return null;
}

/** The 0-based row of the first badly indented statement, or null when Python would accept the indentation. */
export function indentationErrorRow(root: SyntaxNode, text: string): number | null {
  let found: number | null = null;
  walk(root, (node) => {
    if (found !== null) return false;
    if (node.type !== 'module' && node.type !== 'block') return true;
    found = badlyIndentedRow(node, text);
    return found === null;
  });
  return found;
}

/**
 * Whether a top-level statement has ERROR or missing nodes or a block Python would refuse. The answer
 * depends on the statement's own text and on what precedes it on its first line, so it is kept per
 * statement node with that prefix: a node outlives an edit only when its subtree is unchanged.
 */
const STATEMENT_ERRORS = new WeakMap<SyntaxNode, { prefix: string; errors: boolean }>();

function statementHasErrors(statement: SyntaxNode, text: string): boolean {
  const prefix = text.slice(lineStartOf(text, statement.start), statement.start);
  const known = STATEMENT_ERRORS.get(statement);
  if (known && known.prefix === prefix) return known.errors;
  let errors = hasErrors(statement);
  if (!errors) {
    walk(statement, (node) => {
      if (errors) return false;
      if (node.type === 'block' && badlyIndentedRow(node, text) !== null) errors = true;
      return !errors;
    });
  }
  STATEMENT_ERRORS.set(statement, { prefix, errors });
  return errors;
}

/** ERROR or missing nodes, or indentation Python refuses: the tree may not be the program. */
export function hasSyntaxErrors(root: SyntaxNode, text: string): boolean {
  if (root.isError || root.isMissing) return true;
  if (root.type !== 'module') return hasErrors(root) || indentationErrorRow(root, text) !== null;
  return badlyIndentedRow(root, text) !== null || root.children.some((statement) => statementHasErrors(statement, text));
}
