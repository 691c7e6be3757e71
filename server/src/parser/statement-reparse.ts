// After one edit inside a top-level statement, parses that statement's lines alone and puts the
// result in place of the old statement, instead of asking tree-sitter to reparse the file.
//
// web-tree-sitter's incremental reparse costs 1 to 20 ms at most places of a 10,000-line file, but
// 40 to 140 ms at others (around the start or end of a block, a `def` line, a decorator), growing
// with the text after the edit: about as much as a parse from scratch. A top-level statement starts
// at the beginning of a line in the state the module starts in, and ends where the next one starts at
// the beginning of a line, so its lines parsed alone give the same subtree as the whole file does
// (on 5,311 statements of real and generated files: every one that parsed to a single statement).
// Whatever does not fit that shape is left to the full reparse: an edit that touches the statement's
// first character or reaches past it, a file or statement with a syntax error, a statement that
// shares a line with another, text that does not parse to exactly one statement, kept comments
// between statements.
import { parserText, type PythonParser } from './parser';
import { moveSubtree, type MutableNode, type SyntaxNode } from './syntax';
import type { TextEditSpan } from './wasm-tree-walk';

/**
 * The tree of `text` made from `previous` (the tree of the text before `edit`) with the statement
 * that holds the edit parsed again, and the lines that were parsed; undefined when the edit does not
 * fit (see above). `previous` is taken apart: its statements move into the new tree.
 */
export function reparseStatement(parser: PythonParser, previous: SyntaxNode, text: string, edit: TextEditSpan): { root: SyntaxNode; reparsed: TextRange } | undefined {
  if (previous.type !== 'module' || parser.containsErrors(previous)) return undefined;
  const statements = previous.children;
  const index = statementHolding(statements, edit);
  if (index < 0) return undefined;
  const old = statements[index]!;
  const next = statements[index + 1];
  if (old.type === 'comment' || next?.type === 'comment') return undefined;
  const delta = edit.newEnd - edit.oldEnd;
  // Text before the statement is unchanged, and after it only moved.
  const start = old.start;
  const end = next ? next.start + delta : text.length;
  if (!startsLine(text, start) || (next && !startsLine(text, end))) return undefined;
  const lines = text.slice(start, end);
  const tree = parser.parse(lines);
  let replacement: MutableNode;
  try {
    if (tree.rootNode.hasError) return undefined;
    const alone = parser.toSyntax(tree, lines);
    const statement = alone.children[0];
    if (alone.children.length !== 1 || !statement || statement.isMissing) return undefined;
    // Only blank lines may follow the statement up to the next one (comment lines are blank to the parser).
    if (parserText(lines).slice(statement.end).trim() !== '') return undefined;
    replacement = statement as MutableNode;
  } finally {
    tree.delete();
  }
  moveSubtree(replacement, start, old.row);
  const children = [...statements] as MutableNode[];
  for (let i = index + 1; i < children.length; i++) moveSubtree(children[i]!, delta, edit.rowDelta);
  children[index] = replacement;
  // A new module node, as after any edit: a node object outlives an edit only when its subtree is unchanged.
  // It ends where the text does, as the parser's module does.
  const root: MutableNode = { ...(previous as MutableNode), end: text.length, endRow: previous.endRow + edit.rowDelta, children };
  for (const child of children) child.parent = root;
  return { root, reparsed: { startIndex: start, endIndex: end } };
}

/** A span of the new text: the lines parsed alone. */
export interface TextRange {
  startIndex: number;
  endIndex: number;
}

/** The index of the top-level statement that holds the edit, not touching its first character; -1 when none does. */
function statementHolding(statements: readonly SyntaxNode[], edit: TextEditSpan): number {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const statement = statements[middle]!;
    if (edit.start <= statement.start) high = middle - 1;
    else if (edit.start > statement.end) low = middle + 1;
    else return edit.oldEnd <= statement.end ? middle : -1;
  }
  return -1;
}

function startsLine(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const before = text.charCodeAt(offset - 1);
  return before === 10 || before === 13;
}
