// One open document: its text (kept by LSP's incremental sync rules) and its tree-sitter tree, which
// follows every change through `Tree.edit()` and is reparsed incrementally when someone needs it.
// After a single edit, the plain tree is converted incrementally too, reusing unchanged subtrees.
import { SourceText } from '../core/source';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { parserText, type PreviousConversion, type PythonParser, type TextEditSpan, type Tree } from '../parser/parser';
import { treeSize, type SyntaxNode } from '../parser/syntax';
import { changedSpan, editForChange } from './tree-edit';
import { aloneStatementsIn, dropStatementTree, noteWholeParse, reparseStatement, type AloneStatement, type StatementTreeHolder, type TextRange } from '../parser/statement-reparse';

/**
 * Revisions are counted across all documents of the process, so a document opened again in place of
 * another (a client that sends didOpen twice) never shares a revision with the one it replaced: a
 * result cached or published for the old text is never taken for the new one.
 */
let lastRevision = 0;

export class OpenDocument {
  private content: string;
  private versionNumber: number;
  /** The last parse, already `edit()`ed for every change since; undefined before the first parse. */
  private tree: Tree | undefined;
  /** The parser's text `tree` was parsed from (see `parserText`). */
  private treeParserText = '';
  private changeCount = ++lastRevision;
  private parsed: { revision: number; root: SyntaxNode; nodes: number } | undefined;
  /** Ranged edits since the last parse, in order. */
  private editsSinceParse: TextEditSpan[] = [];
  private changedSinceOpen = false;
  /**
   * The statements parsed alone (see `reparseStatement`) since the tree-sitter tree was last parsed,
   * in the plain tree's offsets: there the plain tree is newer than the tree-sitter tree.
   */
  private rangesAhead: TextRange[] = [];
  /** The tree-sitter tree of the lines last parsed alone, for the next edit's parse (see `reparseStatement`). */
  private readonly statementTree: StatementTreeHolder = {};
  /** The current text's line table, carried over each ranged change (see `SourceText.afterEdit`). */
  private lines: SourceText;
  /** A whole-text parse of one revision, run ahead of its conversion (see `parseAhead`). */
  private ahead: { revision: number; tree: Tree } | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    text: string,
  ) {
    this.content = text;
    this.versionNumber = version;
    this.lines = new SourceText(text);
  }

  get version(): number {
    return this.versionNumber;
  }

  /** Grows with every change; unlike `version`, it changes even if a client reuses a version number. */
  get revision(): number {
    return this.changeCount;
  }

  get text(): string {
    return this.content;
  }

  /** Line and column bookkeeping of the current text. */
  get source(): SourceText {
    return this.lines;
  }

  /**
   * Whether the document has changed since it was opened: someone is editing it, so what the
   * analysis learns about its unchanged statements is worth keeping for the next version.
   */
  get edited(): boolean {
    return this.changedSinceOpen;
  }

  applyChanges(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    this.dropAhead();
    for (const change of changes) {
      if ('range' in change) {
        // (Read as the protocol's reference text document reads a position: a line past the last is the
        // end of the text, a character past its line's end is the end of the line, before its break.)
        const from = this.lines.offset(change.range.start);
        const to = this.lines.offset(change.range.end);
        const [start, end] = [Math.min(from, to), Math.max(from, to)];
        const edit = editForChange(this.content, start, end, change.text, this.lines);
        this.tree?.edit(edit);
        const rowDelta = edit.newEndPosition.row - edit.oldEndPosition.row;
        this.editsSinceParse.push({ start: edit.startIndex, oldEnd: edit.oldEndIndex, newEnd: edit.newEndIndex, rowDelta });
        this.content = this.content.slice(0, start) + change.text + this.content.slice(end);
        this.lines = this.lines.afterEdit(this.content, start, end, start + change.text.length);
      } else {
        // A full replacement shares nothing with the old tree worth describing.
        this.freeTree();
        this.content = change.text;
        this.lines = new SourceText(this.content);
      }
    }
    this.versionNumber = version;
    this.changeCount = ++lastRevision;
    this.changedSinceOpen = true;
  }

  /**
   * Runs now the whole-text parse that the next `syntax` would run, so that an analysis in slices can
   * pause between the parse and the conversion (each a long piece of work at 2 MB); false when
   * `syntax` has no such parse to run.
   */
  parseAhead(parser: PythonParser): boolean {
    if (this.parsed?.revision === this.changeCount || this.ahead?.revision === this.changeCount) return false;
    // One edit since the last conversion: `syntax` parses its statement alone first, which is quick.
    if (this.parsed && this.editsSinceParse.length === 1) return false;
    this.dropAhead();
    this.ahead = { revision: this.changeCount, tree: this.parseWhole(parser) };
    return true;
  }

  /** The tree parsed ahead for the current revision, handed over once; one of an older revision is freed. */
  private takeAhead(): Tree | undefined {
    const ahead = this.ahead;
    this.ahead = undefined;
    if (ahead?.revision === this.changeCount) return ahead.tree;
    ahead?.tree.delete();
    return undefined;
  }

  private dropAhead(): void {
    this.ahead?.tree.delete();
    this.ahead = undefined;
  }

  /** The plain syntax tree of the current text; parses at most once per change. */
  syntax(parser: PythonParser): SyntaxNode {
    if (this.parsed?.revision === this.changeCount) return this.parsed.root;
    const edits = this.editsSinceParse;
    this.editsSinceParse = [];
    if (this.parsed && edits.length === 1) {
      // Most edits stay inside one top-level statement: its lines alone are parsed again (with a
      // syntax error's remains next to it, when the edit mends the error). The tree-sitter tree is
      // left as it is, `edit()`ed, for a later reparse of the whole text.
      const edit = edits[0]!;
      const reparsed = reparseStatement(parser, this.parsed.root, this.text, edit, this.statementTree);
      if (reparsed) {
        const { root } = reparsed;
        this.rangesAhead = mergeRanges([...this.rangesAhead.map((r) => mapRange(r, edit)), reparsed.reparsed]);
        this.parsed = { revision: this.changeCount, root, nodes: treeSize(root) };
        if (reparsed.leavesOpen) this.preferValidWhole(parser);
        return this.parsed.root;
      }
    }
    const next = this.takeAhead() ?? this.parseWhole(parser);
    let previous: PreviousConversion | undefined;
    let alone: AloneStatement[] = [];
    if (this.tree && this.parsed && edits.length === 1) {
      // Where statements were parsed alone since the tree-sitter tree's last parse, the plain tree
      // is not that tree's conversion: those ranges count as changed, so nothing in them is taken over.
      const edit = edits[0]!;
      const changed = [...next.getChangedRanges(this.tree), ...this.rangesAhead.map((r) => mapRange(r, edit))];
      previous = { root: this.parsed.root, edit, changed };
      alone = aloneStatementsIn(this.parsed.root, this.rangesAhead, edit);
    }
    this.tree?.delete();
    this.tree = next;
    this.rangesAhead = [];
    // The previous plain tree is taken apart here; nothing reads it after its revision.
    this.parsed = undefined;
    // Its statements move in one step when a later edit moves them.
    const root = parser.toSyntax(next, this.text, previous, true);
    noteWholeParse(parser, root, alone);
    this.parsed = { revision: this.changeCount, root, nodes: treeSize(root) };
    return this.parsed.root;
  }

  /**
   * After a statement was parsed alone with a string or bracket left open: when the whole text parses
   * without a syntax error (a later line closes it), that one reading is the tree; otherwise the
   * statement's own parse stays, as for any half-typed line.
   */
  private preferValidWhole(parser: PythonParser): void {
    const next = this.parseWhole(parser);
    if (next.rootNode.hasError) {
      next.delete();
      return;
    }
    // The plain tree is already at the current text: nothing moves, and what was parsed alone
    // counts as changed.
    const end = this.text.length;
    const previous: PreviousConversion = {
      root: this.parsed!.root,
      edit: { start: end, oldEnd: end, newEnd: end, rowDelta: 0 },
      changed: this.tree ? [...next.getChangedRanges(this.tree), ...this.rangesAhead] : [{ startIndex: 0, endIndex: end }],
    };
    this.tree?.delete();
    this.tree = next;
    this.rangesAhead = [];
    this.parsed = undefined;
    const root = parser.toSyntax(next, this.text, previous, true);
    noteWholeParse(parser, root);
    this.parsed = { revision: this.changeCount, root, nodes: treeSize(root) };
  }

  /** tree-sitter's parse of the current text, from the edited previous tree when there is one. */
  private parseWhole(parser: PythonParser): Tree {
    const seen = parserText(this.text);
    if (this.tree) {
      // Lines past the edits whose comments a string opened or closed above them blanks or keeps.
      const relexed = changedSpan(this.treeParserText, seen, this.lines);
      if (relexed) this.tree.edit(relexed);
    }
    try {
      const tree = parser.parse(this.text, this.tree);
      this.treeParserText = seen;
      return tree;
    } catch (error) {
      this.freeTree();
      throw error;
    }
  }

  /** Nodes of the plain tree this document holds (0 when it holds none). */
  get parsedNodes(): number {
    return this.parsed?.nodes ?? 0;
  }

  /** Releases the native tree; the document stays usable and parses from scratch next time. */
  freeTree(): void {
    this.dropAhead();
    dropStatementTree(this.statementTree);
    this.tree?.delete();
    this.tree = undefined;
    this.treeParserText = '';
    this.parsed = undefined;
    this.editsSinceParse = [];
    this.rangesAhead = [];
  }
}

/**
 * The ranges sorted, with those that overlap or touch made one: typing on in one statement gives the
 * same range again and again, and the list stays as long as the statements edited.
 */
function mergeRanges(ranges: TextRange[]): TextRange[] {
  ranges.sort((a, b) => a.startIndex - b.startIndex);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.startIndex <= last.endIndex) last.endIndex = Math.max(last.endIndex, range.endIndex);
    else merged.push({ ...range });
  }
  return merged;
}

/** Where a range of the text before `edit` lies after it: moved, or widened over the edit it meets. */
function mapRange(range: TextRange, edit: TextEditSpan): TextRange {
  const delta = edit.newEnd - edit.oldEnd;
  if (range.endIndex < edit.start) return range;
  if (range.startIndex > edit.oldEnd) return { startIndex: range.startIndex + delta, endIndex: range.endIndex + delta };
  return { startIndex: Math.min(range.startIndex, edit.start), endIndex: Math.max(range.endIndex + delta, edit.newEnd) };
}
