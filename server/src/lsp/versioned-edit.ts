// Every edit the server hands out names the document version it was computed for, so a client
// refuses it once the document has moved on instead of applying it to the wrong text.
import { TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { DocumentEdits } from './protocol';

export function versionedEdit(uri: string, version: number, edits: TextEdit[]): WorkspaceEdit {
  return { documentChanges: [TextDocumentEdit.create({ uri, version }, edits)] };
}

/** Edits of several documents (a notebook's cells) in one workspace edit, each at its own version. */
export function versionedEdits(documents: readonly DocumentEdits[]): WorkspaceEdit {
  return { documentChanges: documents.filter((d) => d.edits.length).map((d) => TextDocumentEdit.create({ uri: d.uri, version: d.version }, d.edits)) };
}
