// Keeps the workspace index current and the diagnostics that read it: builds the index after
// `initialized`, takes an open document's text as its file's summary after a pause in typing,
// re-reads the files that change on disk, and re-lints the open documents whose facts may follow
// from a summary that changed. A change that leaves the summary as it was re-lints nothing else.
import { basename } from 'node:path';
import { DidChangeWatchedFilesNotification, FileChangeType, type Connection, type FileEvent } from 'vscode-languageserver';
import { documentPath } from './document-path';
import type { DocumentStore } from './document-store';
import type { Logger } from './logger';
import { MAX_INDEXED_LINES, SLICE_MS, type IndexProgress, type WorkspaceIndex } from './workspace-index';
import { yieldToMessages } from './yield-to-messages';

const PROJECT_FILE_NAME = 'pyproject.toml';

/** The project's own modules, watched on disk while the index is kept. */
export const PYTHON_FILE_GLOB = '**/*.py';

/**
 * The pause after an edit before the document's summary is worked out again: twice what the last one
 * took, within these bounds, so a large file is not summarised at every keystroke.
 */
const MIN_SUMMARY_DELAY_MS = 30;
const MAX_SUMMARY_DELAY_MS = 500;

/** Changes on disk arriving together (a checkout, a formatter's run) are taken in once they pause this long. */
const DISK_CHANGES_DELAY_MS = 50;


export class WorkspaceSync {
  private readonly summaryTimers = new Map<string, NodeJS.Timeout>();
  private readonly summaryMs = new Map<string, number>();
  /** Per open document, its file's path when the index holds that file's summary (asked once per opening). */
  private readonly indexedPath = new Map<string, string | null>();
  /** Files changed on disk and not taken in yet, with the last kind of change heard. */
  private readonly diskChanges = new Map<string, FileChangeType>();
  private diskTimer: NodeJS.Timeout | undefined;
  /** A project configuration changed: the folders are walked and summarised again once the build under way ends. */
  private rebuildWanted = false;
  private building = false;
  private disposed = false;

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly documents: DocumentStore,
    /** Schedules a lint of these open documents (and notebooks) and the publication of its diagnostics. */
    private readonly relint: (uris: readonly string[]) => void,
    /** Every open document and notebook. */
    private readonly openUris: () => string[],
    private readonly log: Logger,
    /** A progress for each build of the index. */
    private readonly progress: () => Promise<IndexProgress>,
    /** Hears of each slice of work (the idle memory release must not collect in the middle of a build). */
    private readonly noteWork: () => void = () => undefined,
  ) {}

  /** Builds the index (again while asked meanwhile), then lints the open documents again with it. */
  async build(): Promise<void> {
    if (this.building) {
      this.rebuildWanted = true;
      return;
    }
    this.building = true;
    try {
      do {
        this.rebuildWanted = false;
        const progress = await this.progress();
        const build = await this.index.build({
          ...progress,
          report: (done, total) => {
            this.noteWork();
            progress.report(done, total);
          },
        });
        if (this.disposed) return;
        this.log.info(`oomlint: indexed ${build.summarized} of ${build.files} Python files in ${build.ms} ms`);
        this.relint(this.openUris());
      } while (this.rebuildWanted && !this.disposed);
    } finally {
      this.building = false;
    }
  }

  /** An open document's text changed (or it was opened): its summary follows once typing pauses. */
  documentChanged(uri: string): void {
    let path = this.indexedPath.get(uri);
    if (path === undefined) {
      const file = fileDocumentPath(uri);
      this.indexedPath.set(uri, (path = file !== undefined && this.index.covers(file) ? file : null));
    }
    if (path === null) return;
    clearTimeout(this.summaryTimers.get(uri));
    const delay = Math.min(MAX_SUMMARY_DELAY_MS, Math.max(MIN_SUMMARY_DELAY_MS, 2 * (this.summaryMs.get(uri) ?? 0)));
    const file = path;
    this.summaryTimers.set(uri, setTimeout(() => this.summarizeOpen(uri, file), delay));
  }

  /** An open document was closed: its file's summary is the disk's again. */
  documentClosed(uri: string): void {
    clearTimeout(this.summaryTimers.get(uri));
    this.summaryTimers.delete(uri);
    this.summaryMs.delete(uri);
    this.indexedPath.delete(uri);
    const path = fileDocumentPath(uri);
    if (path === undefined) return;
    this.relintAffected(this.index.releaseDocument(path, this.openPaths()));
  }

  /** `workspace/didChangeWatchedFiles`: the Python files among the changes are read again once they pause. */
  filesChanged(changes: readonly FileEvent[]): void {
    let configChanged = false;
    for (const change of changes) {
      const path = documentPath(change.uri);
      if (path !== undefined && path.endsWith('.py')) this.diskChanges.set(path, change.type);
      if (path !== undefined && basename(path) === PROJECT_FILE_NAME) configChanged = true;
    }
    // Its `exclude` and settings decide which files are held and what their summaries say.
    if (configChanged) this.build().catch((error: unknown) => this.log.error(`oomlint: could not index the workspace again: ${String(error)}`));
    if (!this.diskChanges.size) return;
    clearTimeout(this.diskTimer);
    this.diskTimer = setTimeout(() => {
      this.takeInDiskChanges().catch((error: unknown) => this.log.error(`oomlint: could not index changed files: ${String(error)}`));
    }, DISK_CHANGES_DELAY_MS);
  }

  dispose(): void {
    this.disposed = true;
    this.index.stop();
    for (const timer of this.summaryTimers.values()) clearTimeout(timer);
    this.summaryTimers.clear();
    clearTimeout(this.diskTimer);
  }

  private summarizeOpen(uri: string, path: string): void {
    this.summaryTimers.delete(uri);
    const document = this.documents.get(uri);
    if (!document || this.disposed || document.source.lineCount > MAX_INDEXED_LINES) return;
    const started = performance.now();
    let summary;
    try {
      summary = this.index.summarizeDocument(path, this.documents.syntax(document), document.source);
    } catch (error) {
      this.log.error(`oomlint: could not summarise ${uri}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.summaryMs.set(uri, performance.now() - started);
    const affected = this.index.update(path, summary, true, this.openPaths());
    this.log.debug?.(`oomlint: summary of ${path} ${affected ? `changed; ${affected.length} open document(s) to lint again` : 'unchanged'}`);
    this.relintAffected(affected);
  }

  private async takeInDiskChanges(): Promise<void> {
    const affected = new Set<string>();
    let read = 0;
    let changed = 0;
    let sliceStart = performance.now();
    while (this.diskChanges.size && !this.disposed) {
      const [path, type] = this.diskChanges.entries().next().value!;
      this.diskChanges.delete(path);
      // An open document's text is the file's as far as the index is concerned.
      if (this.index.isFromEditor(path)) continue;
      read++;
      const summary = type === FileChangeType.Deleted || !this.index.covers(path) ? undefined : this.index.summarizeFromDisk(path);
      const dependents = this.index.update(path, summary, false, this.openPaths());
      if (dependents) changed++;
      for (const dependent of dependents ?? []) affected.add(dependent);
      if (performance.now() - sliceStart > SLICE_MS) {
        this.noteWork();
        await yieldToMessages();
        sliceStart = performance.now();
      }
    }
    this.log.debug?.(`oomlint: read ${read} changed file(s) again: ${changed} summary(ies) changed; ${affected.size} open document(s) to lint again`);
    this.relintAffected([...affected]);
  }

  /** The paths of the open documents that are files. */
  private openPaths(): string[] {
    return this.documents.all().flatMap((d) => fileDocumentPath(d.uri) ?? []);
  }

  private relintAffected(paths: readonly string[] | undefined): void {
    if (!paths?.length || this.disposed) return;
    const wanted = new Set(paths);
    this.relint(this.documents.all().flatMap((d) => (wanted.has(fileDocumentPath(d.uri) ?? '') ? [d.uri] : [])));
  }
}

/** The path of a document that is a file of its own (not a notebook's cell, not an untitled buffer). */
function fileDocumentPath(uri: string): string | undefined {
  return uri.startsWith('file:') ? documentPath(uri) : undefined;
}

/** Asks the client, after `initialized`, to tell the server of changes to the project's Python files. */
export async function watchPythonFiles(connection: Connection): Promise<void> {
  await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: PYTHON_FILE_GLOB }] });
}
