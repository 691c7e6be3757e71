// The editor's index of the workspace's projects: the summaries of their Python files (read, never
// written, found as `oomlint check FOLDER` finds them), built in the background at start and kept
// current as files change on disk or in the editor, so that an open document's analysis sees the
// rest of its project as the CLI's does. Each workspace folder bounds the projects inside it.
import { dirname, sep } from 'node:path';
import { discoverInFolders, isDiscoverable, type DiscoveryOptions } from '../project/discover-files';
import { readSource } from '../files/read-source';
import { findProjectConfig } from '../config/discover';
import { isExcluded, isExtraIncluded, settingsForFile } from '../config/pyproject';
import { countLines } from '../core/budget';
import { resolveSettings } from '../core/settings';
import type { SourceText } from '../core/source';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read-regular-file';
import type { PythonParser } from '../parser/parser';
import type { SyntaxNode } from '../parser/syntax';
import { MAX_PROJECT_FILES, modulePlaceOf, projectRootOf } from '../project/layout';
import { ProjectIndex } from '../project/project-index';
import { summarizeFile, summarizeText, type FileSummary } from '../project/summary';
import { SemanticModel } from '../semantic/model';
import type { ProjectView } from '../semantic/project-facts';
import { yieldToMessages } from './yield-to-messages';

/** Files longer than this are left out of the background index: one would hold the event loop for about a second. */
export const MAX_INDEXED_LINES = 20_000;

/** The longest the background work runs before it lets the server answer messages again. */
export const SLICE_MS = 15;

/** How the building of the index is told to the user (LSP work-done progress, or nothing). */
export interface IndexProgress {
  begin(total: number): void;
  report(done: number, total: number): void;
  end(done: number, total: number): void;
}

/** What one build of the index did. */
export interface IndexBuild {
  files: number;
  summarized: number;
  ms: number;
}

/** As `oomlint check FOLDER` finds files: the nearest project configuration's `exclude` and `extend-include` apply. */
const DISCOVERY: DiscoveryOptions = {
  isExcluded: (path) => isExcluded(findProjectConfig(path), path),
  isIncluded: (path) => isExtraIncluded(findProjectConfig(path), path),
};

export class WorkspaceIndex {
  private readonly projects = new Map<string, ProjectIndex>();
  /** A folder's project root, per folder already asked about. */
  private readonly rootOfFolder = new Map<string, string>();
  /** Files whose summary comes from their open document, not from the disk. */
  private readonly fromEditor = new Set<string>();
  private readonly views = new Map<string, { revision: number; view: ProjectView }>();
  private stopped = false;
  /** While the first build runs, analyses' cached results stay valid: every file would change them, and all are linted again at its end. */
  private building = false;

  constructor(
    /** The workspace folders' paths. */
    private readonly folders: readonly string[],
    private readonly parser: PythonParser,
  ) {}

  /** The deepest workspace folder `path` lies in. */
  private folderOf(path: string): string | undefined {
    let best: string | undefined;
    for (const folder of this.folders) {
      if (path.startsWith(folder.endsWith(sep) ? folder : folder + sep) && (!best || folder.length > best.length)) best = folder;
    }
    return best;
  }

  /** The index of the project `path` belongs to; undefined outside the workspace folders. */
  private projectOf(path: string): ProjectIndex | undefined {
    const folder = this.folderOf(path);
    if (folder === undefined) return undefined;
    const parent = dirname(path);
    let root = this.rootOfFolder.get(parent);
    if (root === undefined) this.rootOfFolder.set(parent, (root = projectRootOf(parent, folder)));
    let project = this.projects.get(root);
    if (!project) this.projects.set(root, (project = new ProjectIndex(root)));
    return project;
  }

  /** What the rest of its project says to the file at `path`; undefined outside the workspace folders. */
  viewFor(path: string): ProjectView | undefined {
    const project = this.projectOf(path);
    if (!project) return undefined;
    // The same object while nothing changed, so an open document's session sees no new input.
    const known = this.views.get(path);
    if (known?.revision === project.revision) return known.view;
    const view = project.viewFor(path);
    this.views.set(path, { revision: project.revision, view });
    return view;
  }

  /** Changes whenever a summary of `path`'s project changes (-1 outside the workspace folders, -2 while the index is built). */
  revisionFor(path: string): number {
    const project = this.projectOf(path);
    if (!project) return -1;
    return this.building ? -2 : project.revision;
  }

  /**
   * The Python files of the workspace folders, less what .gitignore files and the projects' `exclude`
   * leave out; the walk lets messages through between slices as the summaries do.
   */
  async discover(): Promise<string[]> {
    let sliceStart = performance.now();
    const pause = () => {
      if (performance.now() - sliceStart <= SLICE_MS) return undefined;
      return yieldToMessages().then(() => void (sliceStart = performance.now()));
    };
    return (await discoverInFolders(this.folders, DISCOVERY, pause)).filter((path) => path.endsWith('.py'));
  }

  /**
   * Summarises every file found, a slice at a time, yielding to the event loop between slices; open
   * documents keep the summaries of their own text. Built again, it also drops the files no longer found.
   */
  async build(progress: IndexProgress): Promise<IndexBuild> {
    const started = performance.now();
    this.building = true;
    try {
      return await this.summarizeAll(progress, started);
    } finally {
      this.building = false;
    }
  }

  private async summarizeAll(progress: IndexProgress, started: number): Promise<IndexBuild> {
    const files = await this.discover();
    const counts = new Map<ProjectIndex, number>();
    progress.begin(files.length);
    let done = 0;
    let summarized = 0;
    let sliceStart = performance.now();
    for (const path of files) {
      if (this.stopped) break;
      const project = this.projectOf(path);
      const count = project ? (counts.get(project) ?? 0) : 0;
      if (project && count < MAX_PROJECT_FILES && !this.fromEditor.has(path)) {
        counts.set(project, count + 1);
        const summary = this.summarizeFromDisk(path);
        if (summary) {
          project.set(path, summary);
          summarized++;
        }
      }
      done++;
      if (performance.now() - sliceStart > SLICE_MS) {
        progress.report(done, files.length);
        await yieldToMessages();
        sliceStart = performance.now();
      }
    }
    if (!this.stopped) this.forgetAllBut(new Set(files));
    progress.end(done, files.length);
    return { files: files.length, summarized, ms: Math.round(performance.now() - started) };
  }

  /** Drops the files that a new walk no longer finds (an `exclude` added), except open documents'. */
  private forgetAllBut(found: ReadonlySet<string>): void {
    for (const project of this.projects.values()) {
      const gone = [...project.summaries()].map(([path]) => path).filter((path) => !found.has(path) && !this.fromEditor.has(path));
      for (const path of gone) project.delete(path);
    }
  }

  /** Stops a build under way (the server is shutting down). */
  stop(): void {
    this.stopped = true;
  }

  /** Whether `path` is a module of a project of the workspace that the index would hold (as `discover` would find it). */
  covers(path: string): boolean {
    const folder = this.folderOf(path);
    const project = folder === undefined ? undefined : this.projectOf(path);
    return path.endsWith('.py') && project !== undefined && modulePlaceOf(project.root, path) !== undefined && isDiscoverable(folder!, path, DISCOVERY);
  }

  /** The summary of the file on disk; undefined when it cannot be read, is too long, or fails. */
  summarizeFromDisk(path: string): FileSummary | undefined {
    const config = findProjectConfig(path);
    const read = readSource(path, Math.min(config.maxFileSize ?? DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILE_BYTES), path);
    if (!read.ok || countLines(read.text) > MAX_INDEXED_LINES) return undefined;
    try {
      return summarizeText(this.parser, read.text, path, settingsForFile(config, path));
    } catch {
      return undefined;
    }
  }

  /** The summary of an open document's text, read from its current tree. */
  summarizeDocument(path: string, root: SyntaxNode, source: SourceText): FileSummary {
    const settings = resolveSettings(settingsForFile(findProjectConfig(path), path));
    const model = new SemanticModel(root, source, settings, path);
    try {
      return summarizeFile(model);
    } finally {
      model.db.release();
    }
  }

  /**
   * Takes `path`'s new summary (undefined: the file is gone or unreadable), from its open document
   * when `fromEditor`. Returns the files among `candidates` whose facts may follow from it (those
   * importing it, directly or through others, and those it imports, before and after; all of them
   * when the paths it writes changed), or undefined when nothing changed.
   */
  update(path: string, summary: FileSummary | undefined, fromEditor: boolean, candidates: readonly string[]): string[] | undefined {
    const project = this.projectOf(path);
    if (!project) return undefined;
    if (fromEditor) this.fromEditor.add(path);
    else this.fromEditor.delete(path);
    const others = candidates.filter((c) => c !== path && this.projectOf(c) === project);
    const imported = new Set(others.filter((c) => project.dependentsOf(c).includes(path)));
    const written = JSON.stringify(project.entry(path)?.summary.writtenPaths ?? []);
    const changed = summary ? project.set(path, summary) : project.delete(path);
    if (!changed) return undefined;
    // The paths a file writes tell every file of the project which checkpoints are its own (OOM009).
    if (JSON.stringify(summary?.writtenPaths ?? []) !== written) return others;
    for (const c of others) if (project.dependentsOf(c).includes(path)) imported.add(c);
    for (const c of dependentsWithin(project, path, others)) imported.add(c);
    return [...imported];
  }

  /** `path`'s open document was closed: its summary comes from the disk again. */
  releaseDocument(path: string, candidates: readonly string[]): string[] | undefined {
    if (!this.fromEditor.has(path)) return undefined;
    return this.update(path, this.summarizeFromDisk(path), false, candidates);
  }

  /** Whether `path`'s summary comes from its open document. */
  isFromEditor(path: string): boolean {
    return this.fromEditor.has(path);
  }
}

/** Those of `wanted` that import `path`, directly or through other files of the project. */
function dependentsWithin(project: ProjectIndex, path: string, wanted: readonly string[]): string[] {
  const missing = new Set(wanted);
  const found: string[] = [];
  const seen = new Set([path]);
  const queue = [path];
  while (queue.length && missing.size) {
    for (const dependent of project.dependentsOf(queue.shift()!)) {
      if (seen.has(dependent)) continue;
      seen.add(dependent);
      queue.push(dependent);
      if (missing.delete(dependent)) found.push(dependent);
    }
  }
  return found;
}
