// Every edit the server hands out names the document version it was computed for, so a client
// refuses it once the document has moved on instead of applying it to the wrong text.
import { TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';

export function versionedEdit(uri: string, version: number, edits: TextEdit[]): WorkspaceEdit {
  return { documentChanges: [TextDocumentEdit.create({ uri, version }, edits)] };
}
