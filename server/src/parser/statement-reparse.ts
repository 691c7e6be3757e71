// After one edit inside a top-level statement, parses that statement's lines alone and puts the
// result in place of the old statement, instead of asking tree-sitter to reparse the file.
//
// web-tree-sitter's incremental reparse costs 1 to 20 ms at most places of a 10,000-line file, but
// 40 to 140 ms at others (around the start or end of a block, a `def` line, a decorator), growing
// with the text after the edit: about as much as a parse from scratch. A top-level statement starts
// at the beginning of a line in the state the module starts in, and ends where the next one starts at
// the beginning of a line, so its lines parsed alone give the same subtree as the whole file does
// (on 5,311 statements of real and generated files: every one that parsed to a single statement).
// Whatever does not fit that shape is left to the full reparse: an edit that reaches past the
// statement, a statement that shares a line with another, lines that parse to no statement or to a
// comment between statements, kept comments between statements. (Lines that now parse to several
// statements, a new function typed above another, say, are taken as they are: each of them starts a
// line at the top level as well.)
//
// An edit that leaves a syntax error in its statement (a half-typed line) is parsed the same way: the
// error stays inside the statement's lines, and the rest of the file keeps the statements it had.
// tree-sitter's error recovery over the whole text may decide otherwise (it weighs the text that
// follows, and an unclosed bracket can take in the statements after it), so for such text the tree
// is the statements' own parses, not the whole file's: a text with an error has no one right tree,
// and this one keeps the findings elsewhere in the file steady while a line is being typed. The
// command line, which parses whole files, may read such a text differently.
//
// The exception is an edit that leaves a string or bracket open at the end of its lines (typing the
// `"""` that starts a docstring), or one after a statement that leaves one open: a later line of the
// file may close it, and the whole text may then be valid Python with one reading, which the editor
// must share with the command line. Such a parse says so (`leavesOpen`), and the caller asks the whole
// text.
//
// A file with a syntax error may take this path too: the statements outside the edit must then be
// what their lines parse to alone (those of an earlier parse without errors, or parsed alone here),
// and the error's remains around the edit that a full reparse left are parsed again together with
// the edited statement.
import { makeEdit, parserText, type Edit, type PythonParser, type Tree } from './parser';
import { attach, isMovable, makeNode, moveSubtree, type MutableNode, type SyntaxNode } from './syntax';
import type { TextEditSpan } from './wasm-tree-walk';

/**
 * The tree of `text` made from `previous` (the tree of the text before `edit`) with the statement
 * that holds the edit parsed again, and the lines that were parsed; undefined when the edit does not
 * fit (see above). `previous` is taken apart: its statements move into the new tree.
 */
export function reparseStatement(parser: PythonParser, previous: SyntaxNode, text: string, edit: TextEditSpan, kept: StatementTreeHolder = {}): { root: SyntaxNode; reparsed: TextRange; leavesOpen: boolean } | undefined {
  if (previous.type !== 'module') return undefined;
  const statements = previous.children;
  const index = statementHolding(statements, edit);
  if (index < 0) return undefined;
  // The statements parsed again: the one holding the edit and, in a file with a syntax error, the
  // error's remains next to it. Every other statement must be what its lines parse to alone.
  let first = index;
  let last = index;
  if (parser.containsErrors(previous)) {
    while (first > 0 && !parsedAlone.has(statements[first - 1]!)) first--;
    while (last + 1 < statements.length && !parsedAlone.has(statements[last + 1]!)) last++;
    for (let i = 0; i < statements.length; i++) if ((i < first || i > last) && !parsedAlone.has(statements[i]!)) return undefined;
  }
  // The edit ends inside them too.
  if (edit.oldEnd > statements[last]!.end) return undefined;
  const old = statements[first]!;
  const next = statements[last + 1];
  if (old.type === 'comment' || next?.type === 'comment') return undefined;
  const delta = edit.newEnd - edit.oldEnd;
  // Text before the statements is unchanged, and after them only moved.
  const start = old.start;
  const end = next ? next.start + delta : text.length;
  if (!startsLine(text, start) || (next && !startsLine(text, end))) return undefined;
  const lines = text.slice(start, end);
  // Statements that left a string or bracket open past their end read the lines after them inside it,
  // comment lines included (kept there, blanked outside strings): once edited, those lines may read
  // otherwise, so the whole text is asked as well.
  const opened = statements.slice(first, last + 1).some((statement) => parser.containsErrors(statement) && opensPastItsEnd(statement, true));
  // The statements parsed alone join `previous`, so they are made of its kind of node.
  const movable = isMovable(previous);
  const seen = parserText(lines);
  const tree = parseFromKept(parser, lines, seen, kept);
  let keep = false;
  let replacements: MutableNode[];
  let leavesOpen: boolean;
  try {
    const alone = parser.toSyntax(tree, lines, undefined, movable);
    replacements = alone.children as MutableNode[];
    // Statements only, each starting a line (tree-sitter takes indented lines at the start of a text
    // without an error, where in the file they would belong to the statement before); a comment
    // between statements may belong to either (see above).
    const last = replacements.at(-1);
    if (!last || replacements.some((statement) => statement.type === 'comment' || statement.isMissing || !startsLine(lines, statement.start))) return undefined;
    // Only blank lines may follow the statements up to the next one (comment lines are blank to the parser).
    if (parserText(lines).slice(last.end).trim() !== '') return undefined;
    // So does a string or bracket left open by a statement before them: these lines may be inside it.
    const opens = (statement: SyntaxNode) => parser.containsErrors(statement) && opensPastItsEnd(statement);
    leavesOpen = opened || replacements.some(opens) || (parser.containsErrors(previous) && statements.slice(0, first).some(opens));
    keep = true;
  } finally {
    if (keep) kept.current = { tree, text: seen };
    else tree.delete();
  }
  const children = statements.slice(0, first) as MutableNode[];
  for (const replacement of replacements) {
    moveSubtree(replacement, start, old.row);
    parsedAlone.add(replacement);
    children.push(replacement);
  }
  for (let i = last + 1; i < statements.length; i++) {
    const after = statements[i] as MutableNode;
    moveSubtree(after, delta, edit.rowDelta);
    children.push(after);
  }
  // A new module node, as after any edit: a node object outlives an edit only when its subtree is unchanged.
  // It starts where its first statement does and ends where the text does, as the parser's module does.
  const { start: moduleStart, row: moduleRow } = children[0]!;
  const root = makeNode(movable, previous.type, previous.named, moduleStart, text.length, moduleRow, previous.endRow + edit.rowDelta, previous.fieldName, null, previous.isError, previous.isMissing);
  for (const child of children) attach(child, root);
  root.children = children;
  if (children.some((child) => parser.containsErrors(child))) parser.noteErrors(root);
  return { root, reparsed: { startIndex: start, endIndex: end }, leavesOpen };
}

/**
 * The tree-sitter tree of the lines an open document last parsed alone, with the text it was parsed
 * from (as the parser sees it), kept for the next edit: typing inside one long statement (a class of a
 * thousand lines) then reparses only what the edit changed. The holder owns the tree.
 */
export interface StatementTreeHolder {
  current?: { readonly tree: Tree; readonly text: string };
}

/** Frees the tree a holder keeps. */
export function dropStatementTree(holder: StatementTreeHolder): void {
  holder.current?.tree.delete();
  holder.current = undefined;
}

/**
 * The tree of `lines` (`seen` as the parser sees them), parsed from the holder's tree when it has one:
 * whatever lines that tree was parsed from, the edit between the two texts describes every change.
 * The holder's tree is used up either way.
 */
function parseFromKept(parser: PythonParser, lines: string, seen: string, holder: StatementTreeHolder): Tree {
  const kept = holder.current;
  holder.current = undefined;
  if (!kept) return parser.parse(lines);
  try {
    const edit = editBetween(kept.text, seen);
    // Lines that share little with the kept ones (another statement's) parse faster from scratch.
    if (edit.newEndIndex - edit.startIndex > seen.length / 2) return parser.parse(lines);
    kept.tree.edit(edit);
    return parser.parse(lines, kept.tree);
  } finally {
    kept.tree.delete();
  }
}

/** The edit that turns `before` into `after`: the span between their common start and common end. */
function editBetween(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (oldEnd > start && newEnd > start && before.charCodeAt(oldEnd - 1) === after.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  return makeEdit(start, oldEnd, newEnd, pointIn(before, start), pointIn(before, oldEnd), pointIn(after, newEnd));
}

/** Row and column (UTF-16 code units) of `offset` in a text as the parser sees it, whose rows end at "\n". */
function pointIn(text: string, offset: number): { row: number; column: number } {
  let row = 0;
  let rowStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    row++;
    rowStart = at + 1;
  }
  return { row, column: offset - rowStart };
}

/**
 * Whether a statement's syntax error leaves something open that a later line could close: a string
 * started and not ended, or a bracket opened and not closed (error recovery keeps both as bare tokens
 * of an ERROR node). `stringsOnly`: a string only, the one thing that changes how later lines are read.
 */
function opensPastItsEnd(statement: SyntaxNode, stringsOnly = false): boolean {
  let open = false;
  const visit = (node: SyntaxNode): void => {
    if (open) return;
    if (node.isMissing && (node.type === 'string_end' || (!stringsOnly && (node.type === ')' || node.type === ']' || node.type === '}')))) open = true;
    if (node.isError) {
      let brackets = 0;
      for (const child of node.children) {
        if (child.type === 'string_start') open = true;
        else if (child.type === '(' || child.type === '[' || child.type === '{') brackets++;
        else if (child.type === ')' || child.type === ']' || child.type === '}') brackets--;
      }
      if (brackets > 0 && !stringsOnly) open = true;
    }
    for (const child of node.children) visit(child);
  };
  visit(statement);
  return open;
}

/**
 * Top-level statements known to be what their own lines parse to alone: those of a tree parsed whole
 * without a syntax error, and those put in by `reparseStatement`. A statement stays known while it is
 * the same node object, which it is only while its subtree is unchanged.
 */
const parsedAlone = new WeakSet<SyntaxNode>();

/**
 * A statement that was parsed alone, as it lies in the text after an edit: the full reparse makes a
 * new node of it, and where that node has the same subtree, it too is what its lines parse to alone.
 */
export interface AloneStatement {
  start: number;
  end: number;
  /** Its subtree's shape (see relativeShape), where its node may be taken apart by the full reparse. */
  shape?: string;
  /**
   * The statement's node, where the full reparse's conversion cannot take any part of it over (it
   * lies wholly inside the lines parsed alone): with the same subtree, it is kept instead of the new
   * node, so that what the analysis worked out about it stays. Moved by `rowDelta` and the offset
   * delta when it lies after the edit.
   */
  node?: MutableNode;
  delta: number;
  rowDelta: number;
}

/**
 * The statements of `root` known to be what their lines parse to alone that meet `ranges` (the lines
 * parsed alone since tree-sitter's last parse, which the full reparse's conversion counts as changed,
 * as it does the statements that touch them) and that `edit` leaves whole, where they lie after it.
 * Taken before the full reparse, which takes `root` apart.
 */
export function aloneStatementsIn(root: SyntaxNode, ranges: readonly TextRange[], edit: TextEditSpan): AloneStatement[] {
  const found: AloneStatement[] = [];
  if (!ranges.length) return found;
  const delta = edit.newEnd - edit.oldEnd;
  for (const statement of root.children) {
    if (!parsedAlone.has(statement) || !ranges.some((r) => r.startIndex <= statement.end && statement.start <= r.endIndex)) continue;
    const inside = ranges.some((r) => r.startIndex <= statement.start && statement.end <= r.endIndex);
    // A node the reparse leaves whole is compared with the new one afterwards; of any other, its shape now.
    const node = inside ? (statement as MutableNode) : undefined;
    const shape = inside ? undefined : relativeShape(statement);
    if (statement.end < edit.start) found.push({ start: statement.start, end: statement.end, shape, node, delta: 0, rowDelta: 0 });
    else if (statement.start > edit.oldEnd) found.push({ start: statement.start + delta, end: statement.end + delta, shape, node, delta, rowDelta: edit.rowDelta });
  }
  return found;
}

/**
 * Notes a tree parsed whole. Without a syntax error, each of its statements is what its lines parse
 * to alone; with one, so is each statement that has the subtree an earlier parse of its lines alone
 * gave. Such a statement whose old node nothing was taken from keeps its old node (see AloneStatement).
 */
export function noteWholeParse(parser: PythonParser, root: SyntaxNode, alone: readonly AloneStatement[] = []): void {
  if (root.type !== 'module') return;
  const statements = root.children as MutableNode[];
  for (const known of alone) {
    const index = statements.findIndex((s) => s.start === known.start && s.end === known.end);
    const statement = statements[index];
    if (!statement || !(known.node ? sameShape(known.node, statement) : relativeShape(statement) === known.shape)) continue;
    if (known.node) {
      moveSubtree(known.node, known.delta, known.rowDelta);
      known.node.fieldName = statement.fieldName;
      attach(known.node, root as MutableNode);
      statements[index] = known.node;
    }
    parsedAlone.add(statements[index]!);
  }
  if (!parser.containsErrors(root)) for (const statement of statements) parsedAlone.add(statement);
}

/** Whether two subtrees have the same shape (see relativeShape), compared node by node. */
function sameShape(a: SyntaxNode, b: SyntaxNode): boolean {
  const [offset, rows] = [b.start - a.start, b.row - a.row];
  const same = (x: SyntaxNode, y: SyntaxNode): boolean => {
    if (x.type !== y.type || x.fieldName !== y.fieldName || x.named !== y.named || x.isError !== y.isError || x.isMissing !== y.isMissing) return false;
    if (x.start + offset !== y.start || x.end + offset !== y.end || x.row + rows !== y.row || x.endRow + rows !== y.endRow) return false;
    if (x.children.length !== y.children.length) return false;
    for (let i = 0; i < x.children.length; i++) if (!same(x.children[i]!, y.children[i]!)) return false;
    return true;
  };
  return same(a, b);
}

/** A subtree's shape, with offsets and rows counted from its own start. */
function relativeShape(node: SyntaxNode): string {
  const shape = (n: SyntaxNode): unknown[] => [n.type, n.fieldName, n.named, n.isError, n.isMissing, n.start - node.start, n.end - node.start, n.row - node.row, n.endRow - node.row, n.children.map(shape)];
  return JSON.stringify(shape(node));
}

/** A span of the new text: the lines parsed alone. */
export interface TextRange {
  startIndex: number;
  endIndex: number;
}

/**
 * The index of the top-level statement where the edit starts; -1 when none. (Edits come widened to
 * whole lines, so an edit on a statement's first line starts where the statement does.)
 */
function statementHolding(statements: readonly SyntaxNode[], edit: TextEditSpan): number {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const statement = statements[middle]!;
    if (edit.start < statement.start) high = middle - 1;
    else if (edit.start > statement.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

function startsLine(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const before = text.charCodeAt(offset - 1);
  return before === 10 || before === 13;
}
