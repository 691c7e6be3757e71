// The open documents, keyed by URI, and the parser their trees come from.
import type {
  DidChangeTextDocumentParams,
  DidCloseTextDocumentParams,
  DidOpenTextDocumentParams,
} from 'vscode-languageserver';
import type { PythonParser } from '../parser/parser';
import type { SyntaxNode } from '../parser/syntax';
import { OpenDocument } from './open-document';

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  constructor(private readonly parser: PythonParser) {}

  open({ textDocument }: DidOpenTextDocumentParams): OpenDocument {
    this.documents.get(textDocument.uri)?.freeTree();
    const document = new OpenDocument(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text);
    this.documents.set(textDocument.uri, document);
    return document;
  }

  change({ textDocument, contentChanges }: DidChangeTextDocumentParams): OpenDocument | undefined {
    const document = this.documents.get(textDocument.uri);
    document?.applyChanges(contentChanges, textDocument.version);
    return document;
  }

  close({ textDocument }: DidCloseTextDocumentParams): void {
    this.documents.get(textDocument.uri)?.freeTree();
    this.documents.delete(textDocument.uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.documents.get(uri);
  }

  all(): OpenDocument[] {
    return [...this.documents.values()];
  }

  syntax(document: OpenDocument): SyntaxNode {
    return document.syntax(this.parser);
  }

  /** Parses text that belongs to no open document (a candidate edit, say); keeps no tree. */
  parseDetached(text: string): SyntaxNode {
    return this.parser.parseToSyntax(text);
  }

  dispose(): void {
    for (const document of this.documents.values()) document.freeTree();
    this.documents.clear();
  }
}
