// The first pass of a check: the summaries of the project files its analysis reads, starting from
// the checked Python files and notebooks and following their imports (see project-plan.ts), linked into one index
// per project root. A file that cannot be read or parsed is left out: its names stay unknown. Only
// files linked by an import to another file of their project are summarised: a file that imports
// none and that none imports learns nothing from the project and tells it nothing.
import type { Analyzer } from '../analysis/analyzer';
import type { Settings } from '../core/settings';
import { ProjectIndex } from '../project/project-index';
import { importedNames, summarizeSyntax, type FileSummary } from '../project/summary';
import type { CheckPlan } from './check-files';
import { fileToOpen, type FileTask } from './file-check';
import { scanImports } from '../project/import-scan';
import { existenceFromListings, MAX_PROJECT_FILES } from '../project/layout';
import { importedFiles } from './project-plan';
import { readSource } from '../files/read-source';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read-regular-file';
import { readNotebook } from '../notebooks/notebook-json';
import { isNotebookPath, NOTEBOOK_SIZE_FACTOR } from './notebook-check';

/** One file to summarise. */
export interface SummaryRequest {
  readonly path: string;
  readonly settings: Partial<Settings>;
  readonly maxFileSize?: number;
  readonly rawPath?: string;
}

/** The summary of one file, or undefined when it cannot be read or analysed. */
/**
 * The summary of one file, or undefined when it cannot be read or goes over the analysis's limits.
 * With `keep`, the analyzer keeps the file's tree for the file's analysis on this thread.
 */
export function summarizeMember(request: SummaryRequest, analyzer: Analyzer, keep = false): FileSummary | undefined {
  const read = readSource(fileToOpen(request), request.maxFileSize, request.path);
  if (!read.ok) return undefined;
  try {
    // Within the limits of a file's analysis: a file over them is left out here and refused by the check.
    return summarizeSyntax(analyzer.parseForFirstLook(read.text, request.path, keep), read.text, request.path, request.settings);
  } catch {
    return undefined;
  }
}

/** Summarises a batch of files (on this thread or on workers), in the batch's order. */
export type SummarizeBatch = (requests: readonly SummaryRequest[]) => Promise<(FileSummary | undefined)[]>;

/** The project index of each root, built from the checked files and the project files their imports reach. */
export async function summarizeProjects(plan: CheckPlan, roots: readonly string[], summarize: SummarizeBatch, exists: (path: string) => boolean = existenceFromListings()): Promise<Map<string, ProjectIndex>> {
  const indexes = new Map<string, ProjectIndex>();
  const seen = new Set<string>();
  const taken = new Map<string, number>();
  let pending: { request: SummaryRequest; root: string }[] = [];
  const add = (request: SummaryRequest, root: string) => {
    if (!indexes.has(root)) indexes.set(root, new ProjectIndex(root));
    const count = taken.get(root) ?? 0;
    if (seen.has(request.path) || count >= MAX_PROJECT_FILES) return;
    seen.add(request.path);
    taken.set(root, count + 1);
    pending.push({ request, root });
  };
  const { linked, notebookImports } = linkedFiles(plan, roots, exists);
  const settingsOf = new Map(plan.tasks.map((task) => [task.path, task.settings]));
  plan.tasks.forEach((task: FileTask, i) => {
    if (linked.has(task.path)) add(requestOf(task), roots[i]!);
    for (const path of notebookImports.get(task.path) ?? []) {
      add({ path, settings: settingsOf.get(path) ?? task.settings, ...(task.maxFileSize !== undefined ? { maxFileSize: task.maxFileSize } : {}) }, roots[i]!);
    }
  });
  while (pending.length) {
    const batch = pending;
    pending = [];
    const summaries = await summarize(batch.map((b) => b.request));
    batch.forEach(({ request, root }, i) => {
      const summary = summaries[i];
      if (!summary) return;
      indexes.get(root)!.set(request.path, summary);
      for (const path of importedFiles(root, request.path, importedNames(summary), exists)) {
        add({ path, settings: settingsOf.get(path) ?? request.settings, ...(request.maxFileSize !== undefined ? { maxFileSize: request.maxFileSize } : {}) }, root);
      }
    });
  }
  return indexes;
}

function requestOf(task: FileTask): SummaryRequest {
  return {
    path: task.path,
    settings: task.settings,
    ...(task.maxFileSize !== undefined ? { maxFileSize: task.maxFileSize } : {}),
    ...(task.rawPath !== undefined ? { rawPath: task.rawPath } : {}),
  };
}

/**
 * The checked Python files that import another file of their project or that another checked file
 * imports, and the project files each checked notebook's imports reach (a notebook is no module, so
 * it has no summary of its own, but what it imports is read for it).
 */
function linkedFiles(plan: CheckPlan, roots: readonly string[], exists: (path: string) => boolean): { linked: Set<string>; notebookImports: Map<string, string[]> } {
  const linked = new Set<string>();
  const targets = new Set<string>();
  const notebookImports = new Map<string, string[]>();
  plan.tasks.forEach((task: FileTask, i) => {
    const names = importsOfTask(task);
    if (!names) return;
    const imported = importedFiles(roots[i]!, task.path, names, exists);
    if (isNotebookPath(task.path)) {
      if (imported.length) notebookImports.set(task.path, imported);
    } else if (imported.length) {
      linked.add(task.path);
    }
    for (const path of imported) targets.add(path);
  });
  for (const task of plan.tasks) if (targets.has(task.path) && !isNotebookPath(task.path)) linked.add(task.path);
  return { linked, notebookImports };
}

/** The names a checked file's imports name: a Python file's, or a Python notebook's code cells'; undefined for any other file or one that cannot be read. */
function importsOfTask(task: FileTask): string[] | undefined {
  const notebook = isNotebookPath(task.path);
  if (!notebook && !task.path.endsWith('.py')) return undefined;
  const limit = notebook ? (task.maxFileSize ?? DEFAULT_MAX_FILE_BYTES) * NOTEBOOK_SIZE_FACTOR : task.maxFileSize;
  const read = readSource(fileToOpen(requestOf(task)), limit, task.path);
  if (!read.ok) return undefined;
  if (!notebook) return scanImports(read.text);
  const parsed = readNotebook(read.text);
  if (!parsed.ok || (parsed.notebook.language !== undefined && parsed.notebook.language !== 'python')) return undefined;
  return scanImports(parsed.notebook.codeCells.map((cell) => cell.source).join('\n'));
}
