// One open document: its text (kept by LSP's incremental sync rules) and its tree-sitter tree, which
// follows every change through `Tree.edit()` and is reparsed incrementally when someone needs it.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { PythonParser, Tree } from '../parser/parser';
import { buildSyntaxTree, type SyntaxNode } from '../parser/syntax';
import { editForChange } from './tree-edit';

export class OpenDocument {
  private document: TextDocument;
  /** The last parse, already `edit()`ed for every change since; undefined before the first parse. */
  private tree: Tree | undefined;
  private changeCount = 0;
  private parsed: { revision: number; root: SyntaxNode } | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    text: string,
  ) {
    this.document = TextDocument.create(uri, languageId, version, text);
  }

  get version(): number {
    return this.document.version;
  }

  /** Counts changes; unlike `version`, it changes even if a client reuses a version number. */
  get revision(): number {
    return this.changeCount;
  }

  get text(): string {
    return this.document.getText();
  }

  applyChanges(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        const from = this.document.offsetAt(change.range.start);
        const to = this.document.offsetAt(change.range.end);
        this.tree?.edit(editForChange(this.text, Math.min(from, to), Math.max(from, to), change.text));
      } else {
        // A full replacement shares nothing with the old tree worth describing.
        this.freeTree();
      }
      this.document = TextDocument.update(this.document, [change], version);
    }
    this.changeCount++;
  }

  /** The plain syntax tree of the current text; parses at most once per change. */
  syntax(parser: PythonParser): SyntaxNode {
    if (this.parsed?.revision === this.changeCount) return this.parsed.root;
    let next: Tree;
    try {
      next = parser.parse(this.text, this.tree);
    } catch (error) {
      this.freeTree();
      throw error;
    }
    this.tree?.delete();
    this.tree = next;
    this.parsed = { revision: this.changeCount, root: buildSyntaxTree(next) };
    return this.parsed.root;
  }

  /** Releases the native tree; the document stays usable and parses from scratch next time. */
  freeTree(): void {
    this.tree?.delete();
    this.tree = undefined;
    this.parsed = undefined;
  }
}
