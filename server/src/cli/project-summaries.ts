// The first pass of a check: the summaries of the project files its analysis reads, starting from
// the checked Python files and following their imports (see project-plan.ts), linked into one index
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
  const linked = linkedFiles(plan, roots, exists);
  plan.tasks.forEach((task: FileTask, i) => {
    if (linked.has(task.path)) add(requestOf(task), roots[i]!);
  });
  const settingsOf = new Map(plan.tasks.map((task) => [task.path, task.settings]));
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

/** The checked Python files that import another file of their project or that another checked file imports. */
function linkedFiles(plan: CheckPlan, roots: readonly string[], exists: (path: string) => boolean): Set<string> {
  const linked = new Set<string>();
  const targets = new Set<string>();
  plan.tasks.forEach((task: FileTask, i) => {
    if (!task.path.endsWith('.py')) return;
    const read = readSource(fileToOpen(requestOf(task)), task.maxFileSize, task.path);
    if (!read.ok) return;
    const imported = importedFiles(roots[i]!, task.path, scanImports(read.text), exists);
    if (imported.length) linked.add(task.path);
    for (const path of imported) targets.add(path);
  });
  for (const task of plan.tasks) if (targets.has(task.path)) linked.add(task.path);
  return linked;
}

