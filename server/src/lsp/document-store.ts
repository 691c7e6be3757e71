// The open documents, keyed by URI, and the parser their trees come from. Trees (tree-sitter's and
// the plain copy the analysis reads) are kept for the documents used last, within a budget of
// nodes; the others give theirs up and parse again from scratch when next needed. Without the
// budget, 200 open files of 1,000 lines held about 1 GB, most of it in trees nobody was editing.
import type {
  DidChangeTextDocumentParams,
  DidCloseTextDocumentParams,
  DidOpenTextDocumentParams,
} from 'vscode-languageserver';
import type { PythonParser } from '../parser/parser';
import type { SyntaxNode } from '../parser/syntax';
import { OpenDocument } from './open-document';

/** About 12 MB of plain nodes and 7 MB of tree-sitter trees; the document in use always keeps its own. */
export const DEFAULT_TREE_BUDGET_NODES = 60_000;

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();
  /** Documents holding trees, least recently used first. */
  private readonly withTrees = new Set<OpenDocument>();
  /** After dispose the parser is gone: nothing is taken in any more. */
  private disposed = false;

  constructor(
    private readonly parser: PythonParser,
    private readonly treeBudgetNodes = DEFAULT_TREE_BUDGET_NODES,
  ) {}

  open({ textDocument }: DidOpenTextDocumentParams): OpenDocument {
    this.release(this.documents.get(textDocument.uri));
    const document = new OpenDocument(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text);
    if (!this.disposed) this.documents.set(textDocument.uri, document);
    return document;
  }

  change({ textDocument, contentChanges }: DidChangeTextDocumentParams): OpenDocument | undefined {
    const document = this.documents.get(textDocument.uri);
    document?.applyChanges(contentChanges, textDocument.version);
    return document;
  }

  close({ textDocument }: DidCloseTextDocumentParams): void {
    this.release(this.documents.get(textDocument.uri));
    this.documents.delete(textDocument.uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.documents.get(uri);
  }

  all(): OpenDocument[] {
    return [...this.documents.values()];
  }

  /** See `OpenDocument.parseAhead`: the parse `syntax` would run next, run now. */
  parseAhead(document: OpenDocument): boolean {
    return document.parseAhead(this.parser);
  }

  syntax(document: OpenDocument): SyntaxNode {
    const root = document.syntax(this.parser);
    // Most recently used last; then give up trees from the front until the budget holds.
    this.withTrees.delete(document);
    this.withTrees.add(document);
    let total = 0;
    for (const held of this.withTrees) total += held.parsedNodes;
    for (const held of this.withTrees) {
      if (total <= this.treeBudgetNodes || held === document) break;
      total -= held.parsedNodes;
      this.release(held);
    }
    return root;
  }

  /** Whether `document` is still the open document for its URI. */
  isOpen(document: OpenDocument): boolean {
    return this.documents.get(document.uri) === document;
  }

  /** Parses text that belongs to no open document (a candidate edit, say); keeps no tree. */
  parseDetached(text: string): SyntaxNode {
    return this.parser.parseToSyntax(text);
  }

  /** Frees the tree of a document kept outside the store (a notebook's joined cells). */
  forgetTree(document: OpenDocument): void {
    this.release(document);
  }

  dispose(): void {
    this.disposed = true;
    for (const document of this.documents.values()) document.freeTree();
    this.documents.clear();
    this.withTrees.clear();
  }

  private release(document: OpenDocument | undefined): void {
    if (!document) return;
    document.freeTree();
    this.withTrees.delete(document);
  }
}
