// Notebook document sync: VS Code sends a notebook's cells with their order (notebookDocument/*)
// instead of as unrelated text documents. Each Python cell is still linted on its own, as a document
// of the store, but a cell knows the cells above it, so a fix does not add `import torch` to a cell
// when an earlier cell imports it already.
import type {
  Connection,
  DidChangeNotebookDocumentParams,
  DidCloseNotebookDocumentParams,
  DidOpenNotebookDocumentParams,
  NotebookCell,
  TextDocumentItem,
} from 'vscode-languageserver';
import type { DiagnosticsPublisher } from './diagnostics-publisher';
import type { DocumentLinter } from './document-linter';
import type { DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';

const PYTHON_LANGUAGE_ID = 'python';

/** Which notebook each cell document belongs to, and the cells' order. */
export class NotebookCells {
  /** Notebook URI -> its cells' document URIs, top to bottom. */
  private readonly order = new Map<string, string[]>();
  private readonly notebookOf = new Map<string, string>();

  open(notebook: string, cells: readonly NotebookCell[]): void {
    this.setOrder(notebook, cells.map((c) => c.document));
  }

  splice(notebook: string, start: number, deleteCount: number, cells: readonly NotebookCell[] = []): void {
    const order = [...(this.order.get(notebook) ?? [])];
    order.splice(start, deleteCount, ...cells.map((c) => c.document));
    this.setOrder(notebook, order);
  }

  close(notebook: string): string[] {
    const cells = this.order.get(notebook) ?? [];
    for (const cell of cells) this.notebookOf.delete(cell);
    this.order.delete(notebook);
    return cells;
  }

  /** The cells above `cell` in its notebook, top first; none for a document that is no cell. */
  earlierCells(cell: string): string[] {
    const notebook = this.notebookOf.get(cell);
    if (notebook === undefined) return [];
    const order = this.order.get(notebook) ?? [];
    return order.slice(0, Math.max(0, order.indexOf(cell)));
  }

  /** Every cell of the notebook `cell` belongs to (including itself). */
  siblings(cell: string): string[] {
    const notebook = this.notebookOf.get(cell);
    return notebook === undefined ? [] : [...(this.order.get(notebook) ?? [])];
  }

  cellsOf(notebook: string): string[] {
    return [...(this.order.get(notebook) ?? [])];
  }

  private setOrder(notebook: string, cells: string[]): void {
    for (const old of this.order.get(notebook) ?? []) this.notebookOf.delete(old);
    this.order.set(notebook, cells);
    for (const cell of cells) this.notebookOf.set(cell, notebook);
  }
}

export function registerNotebookSync(
  connection: Connection,
  cells: NotebookCells,
  documents: DocumentStore,
  linter: DocumentLinter,
  settings: DocumentSettingsProvider,
  publisher: DiagnosticsPublisher,
): void {
  const openCell = (item: TextDocumentItem) => {
    if (item.languageId !== PYTHON_LANGUAGE_ID) return;
    documents.open({ textDocument: item });
  };
  const closeCell = (uri: string) => {
    if (!documents.get(uri)) return;
    documents.close({ textDocument: { uri } });
    linter.forget(uri);
    settings.forget(uri);
    publisher.clear(uri);
  };
  // A change in one cell can change what the cells below it import from above.
  const relint = (notebook: string) => publisher.scheduleAll(cells.cellsOf(notebook).filter((uri) => documents.get(uri)));

  connection.notebooks.synchronization.onDidOpenNotebookDocument((params: DidOpenNotebookDocumentParams) => {
    const notebook = params.notebookDocument.uri;
    cells.open(notebook, params.notebookDocument.cells);
    for (const item of params.cellTextDocuments) openCell(item);
    relint(notebook);
  });

  connection.notebooks.synchronization.onDidChangeNotebookDocument((params: DidChangeNotebookDocumentParams) => {
    const notebook = params.notebookDocument.uri;
    const change = params.change.cells;
    if (change?.structure) {
      const { array, didOpen, didClose } = change.structure;
      cells.splice(notebook, array.start, array.deleteCount, array.cells);
      for (const closed of didClose ?? []) closeCell(closed.uri);
      for (const item of didOpen ?? []) openCell(item);
    }
    for (const content of change?.textContent ?? []) {
      documents.change({ textDocument: content.document, contentChanges: content.changes });
    }
    relint(notebook);
  });

  connection.notebooks.synchronization.onDidCloseNotebookDocument((params: DidCloseNotebookDocumentParams) => {
    cells.close(params.notebookDocument.uri);
    for (const cell of params.cellTextDocuments) closeCell(cell.uri);
  });
}
