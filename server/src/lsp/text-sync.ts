// didOpen / didChange / didClose: keeps the document store current and queues a lint after each.
import type { Connection } from 'vscode-languageserver';
import type { DiagnosticsPublisher } from './diagnostics-publisher';
import type { DocumentLinter } from './document-linter';
import type { DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';

/** Hears of open documents' texts as they come and go (the workspace index takes them in). */
export interface TextListener {
  changed(uri: string): void;
  closed(uri: string): void;
}

/** Files and notebook cells alike arrive as text documents in this language. */
const PYTHON_LANGUAGE_ID = 'python';

export function registerTextSync(
  connection: Connection,
  documents: DocumentStore,
  linter: DocumentLinter,
  settings: DocumentSettingsProvider,
  publisher: DiagnosticsPublisher,
  listener?: TextListener,
): void {
  connection.onDidOpenTextDocument((params) => {
    // Clients that send every open file to every server (Helix, for one) send other languages too.
    if (params.textDocument.languageId !== PYTHON_LANGUAGE_ID) return;
    documents.open(params);
    publisher.schedule(params.textDocument.uri);
    listener?.changed(params.textDocument.uri);
  });

  connection.onDidChangeTextDocument((params) => {
    if (!documents.change(params)) return;
    publisher.schedule(params.textDocument.uri);
    listener?.changed(params.textDocument.uri);
  });

  connection.onDidCloseTextDocument((params) => {
    const { uri } = params.textDocument;
    if (!documents.get(uri)) return;
    documents.close(params);
    linter.forget(uri);
    settings.forget(uri);
    publisher.clear(uri);
    listener?.closed(uri);
  });
}
