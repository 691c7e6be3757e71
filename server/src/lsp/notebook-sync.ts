// Notebook document sync: VS Code sends a notebook's cells with their order (notebookDocument/*).
// Its Python code cells are analysed as the CLI analyses the notebook: joined in order into one
// text (an import in the first cell counts in the last), kept up to date cell by cell, so that a
// keystroke in one cell changes the joined text in that cell's lines only.
import type {
  Connection,
  DidChangeNotebookDocumentParams,
  DidCloseNotebookDocumentParams,
  DidOpenNotebookDocumentParams,
  NotebookCell,
  TextDocumentItem,
} from 'vscode-languageserver';
import { LiveNotebookText, type LiveCell } from '../notebooks/live-notebook-text';
import type { CellSnapshot, NotebookSnapshot } from './cell-place';
import type { DiagnosticsPublisher } from './diagnostics-publisher';
import type { DocumentLinter } from './document-linter';
import type { DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';
import { OpenDocument } from './open-document';

const PYTHON_LANGUAGE_ID = 'python';
/** LSP's NotebookCellKind.Code. */
const CODE_CELL = 2;

/** One open notebook: its cells in order, their texts, and its Python code joined. */
export class SyncedNotebook {
  /** Every cell, top to bottom (markdown ones too: cells are numbered among all of them). */
  private cells: { uri: string; kind: number }[];
  /** Each cell's text, by cell URI. */
  private readonly texts = new Map<string, OpenDocument>();
  private readonly live: LiveNotebookText;
  /** The joined text, the document the analysis reads. */
  readonly joined: OpenDocument;
  private joinedVersion = 1;
  /** Per code cell, in order: its document as it is now (an entry is replaced, never changed). */
  private codeDocuments: CellSnapshot[] = [];

  constructor(
    readonly uri: string,
    cells: readonly NotebookCell[],
    items: readonly TextDocumentItem[],
  ) {
    this.cells = cells.map((c) => ({ uri: c.document, kind: c.kind }));
    for (const item of items) this.openText(item);
    const code = this.codeCells();
    this.live = new LiveNotebookText(code);
    this.codeDocuments = code.map((c) => this.cellSnapshot(c.id));
    this.joined = new OpenDocument(uri, PYTHON_LANGUAGE_ID, this.joinedVersion, this.live.text);
  }

  /** The cells' URIs, top to bottom. */
  get cellUris(): string[] {
    return this.cells.map((c) => c.uri);
  }

  /** The Python code cells' URIs, top to bottom. */
  get codeCellUris(): string[] {
    return this.codeCells().map((c) => c.id);
  }

  has(cellUri: string): boolean {
    return this.texts.has(cellUri);
  }

  /** Applies one didChange; returns the URIs of the cells it closed, and whether cells came, went or moved. */
  change(params: DidChangeNotebookDocumentParams): { closed: string[]; layoutChanged: boolean } {
    const change = params.change.cells;
    const closed: string[] = [];
    let layoutChanged = false;
    if (change?.structure) {
      const { array, didOpen, didClose } = change.structure;
      this.cells.splice(array.start, array.deleteCount, ...(array.cells ?? []).map((c) => ({ uri: c.document, kind: c.kind })));
      for (const item of didClose ?? []) {
        this.texts.delete(item.uri);
        closed.push(item.uri);
      }
      for (const item of didOpen ?? []) this.openText(item);
      layoutChanged = true;
    }
    for (const data of change?.data ?? []) {
      const cell = this.cells.find((c) => c.uri === data.document);
      if (cell && cell.kind !== data.kind) {
        cell.kind = data.kind;
        layoutChanged = true;
      }
    }
    const edited = new Set<string>();
    for (const content of change?.textContent ?? []) {
      const text = this.texts.get(content.document.uri);
      if (!text) continue;
      text.applyChanges(content.changes, content.document.version);
      edited.add(content.document.uri);
    }
    if (layoutChanged) {
      const code = this.codeCells();
      this.applyJoinedChange(this.live.setCells(code));
      this.codeDocuments = code.map((c) => this.cellSnapshot(c.id));
    } else if (edited.size) {
      this.codeDocuments = this.codeDocuments.slice();
      for (const uri of edited) {
        const index = this.live.layout().indexOf(uri);
        if (index === undefined) continue;
        this.applyJoinedChange(this.live.setSource(uri, this.texts.get(uri)!.text));
        this.codeDocuments[index] = this.cellSnapshot(uri);
      }
    }
    return { closed, layoutChanged };
  }

  /** The joined text's current version as the analysis reads it, with each code cell's document. */
  snapshot(): NotebookSnapshot {
    return { joined: this.joined.source, layout: this.live.layout(), cells: this.codeDocuments };
  }

  private cellSnapshot(uri: string): CellSnapshot {
    const text = this.texts.get(uri)!;
    return { uri, version: text.version, source: text.source };
  }

  private openText(item: TextDocumentItem): void {
    this.texts.set(item.uri, new OpenDocument(item.uri, item.languageId, item.version, item.text));
  }

  private codeCells(): LiveCell[] {
    const code: LiveCell[] = [];
    this.cells.forEach((cell, position) => {
      const text = this.texts.get(cell.uri);
      if (cell.kind === CODE_CELL && text?.languageId === PYTHON_LANGUAGE_ID) code.push({ id: cell.uri, cell: position + 1, source: text.text });
    });
    return code;
  }

  private applyJoinedChange(change: { start: number; end: number; text: string } | undefined): void {
    if (!change) return;
    const { source } = this.joined;
    const range = { start: source.position(change.start), end: source.position(change.end) };
    this.joined.applyChanges([{ range, text: change.text }], ++this.joinedVersion);
  }
}

/** The open notebooks, and which notebook each cell belongs to. */
export class NotebookDocuments {
  private readonly notebooks = new Map<string, SyncedNotebook>();
  private readonly notebookOfCell = new Map<string, SyncedNotebook>();

  open(params: DidOpenNotebookDocumentParams): SyncedNotebook {
    const { notebookDocument, cellTextDocuments } = params;
    this.close(notebookDocument.uri);
    const notebook = new SyncedNotebook(notebookDocument.uri, notebookDocument.cells, cellTextDocuments);
    this.notebooks.set(notebook.uri, notebook);
    for (const uri of notebook.cellUris) this.notebookOfCell.set(uri, notebook);
    return notebook;
  }

  /** Applies one didChange; returns the notebook and the cells it closed. */
  change(params: DidChangeNotebookDocumentParams): { notebook: SyncedNotebook; closed: string[] } | undefined {
    const notebook = this.notebooks.get(params.notebookDocument.uri);
    if (!notebook) return undefined;
    const before = params.change.cells?.structure ? notebook.cellUris : [];
    const { closed } = notebook.change(params);
    if (params.change.cells?.structure) {
      for (const uri of before) this.notebookOfCell.delete(uri);
      for (const uri of notebook.cellUris) this.notebookOfCell.set(uri, notebook);
    }
    return { notebook, closed };
  }

  /** Forgets the notebook; returns it, or undefined when it was not open. */
  close(uri: string): SyncedNotebook | undefined {
    const notebook = this.notebooks.get(uri);
    if (!notebook) return undefined;
    this.notebooks.delete(uri);
    for (const cell of notebook.cellUris) this.notebookOfCell.delete(cell);
    return notebook;
  }

  get(uri: string): SyncedNotebook | undefined {
    return this.notebooks.get(uri);
  }

  /** The notebook a cell document belongs to. */
  ofCell(cellUri: string): SyncedNotebook | undefined {
    return this.notebookOfCell.get(cellUri);
  }

  isOpen(notebook: SyncedNotebook): boolean {
    return this.notebooks.get(notebook.uri) === notebook;
  }

  uris(): string[] {
    return [...this.notebooks.keys()];
  }

  dispose(): void {
    for (const notebook of this.notebooks.values()) notebook.joined.freeTree();
    this.notebooks.clear();
    this.notebookOfCell.clear();
  }
}

export function registerNotebookSync(
  connection: Connection,
  notebooks: NotebookDocuments,
  documents: DocumentStore,
  linter: DocumentLinter,
  settings: DocumentSettingsProvider,
  publisher: DiagnosticsPublisher,
): void {
  const forgetNotebook = (notebook: SyncedNotebook) => {
    documents.forgetTree(notebook.joined);
    linter.forget(notebook.uri);
    settings.forget(notebook.uri);
  };

  connection.notebooks.synchronization.onDidOpenNotebookDocument((params: DidOpenNotebookDocumentParams) => {
    const old = notebooks.get(params.notebookDocument.uri);
    if (old) forgetNotebook(old);
    publisher.schedule(notebooks.open(params).uri);
  });

  connection.notebooks.synchronization.onDidChangeNotebookDocument((params: DidChangeNotebookDocumentParams) => {
    const changed = notebooks.change(params);
    if (!changed) return;
    for (const uri of changed.closed) publisher.clear(uri, { onlyIfPublished: true });
    publisher.schedule(changed.notebook.uri);
  });

  connection.notebooks.synchronization.onDidCloseNotebookDocument((params: DidCloseNotebookDocumentParams) => {
    const notebook = notebooks.close(params.notebookDocument.uri);
    if (!notebook) return;
    forgetNotebook(notebook);
    for (const uri of notebook.cellUris) publisher.clear(uri, { onlyIfPublished: true });
    publisher.forget(notebook.uri);
  });
}
