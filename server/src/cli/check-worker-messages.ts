// The messages between `oomlint check` and its worker threads.
import { ProjectIndex } from '../project/project-index';
import type { FileSummary } from '../project/summary';
import type { CheckProjects, FileOutcome, FileTask } from './file-check';

/** Marks the worker data of a check worker, so the CLI entry knows to serve instead of parse argv. */
export const CHECK_WORKER_ROLE = 'oomlint-check-worker';

export interface CheckWorkerData {
  role: typeof CHECK_WORKER_ROLE;
  grammarDir: string;
  /** The check's project indexes as their summaries: root, then each file's path and summary. */
  projects?: [string, [string, FileSummary][]][];
}

/** The project indexes as plain data for a worker thread. */
export function serializeProjects(projects: CheckProjects): [string, [string, FileSummary][]][] {
  return [...projects].map(([root, index]) => [root, [...index.summaries()]]);
}

/** The project indexes a worker thread was given. */
export function deserializeProjects(data: CheckWorkerData['projects']): Map<string, ProjectIndex> {
  const projects = new Map<string, ProjectIndex>();
  for (const [root, files] of data ?? []) {
    const index = new ProjectIndex(root);
    for (const [path, summary] of files) index.set(path, summary);
    projects.set(root, index);
  }
  return projects;
}

export interface WorkerRequest {
  index: number;
  task: FileTask;
}

export interface WorkerReply {
  index: number;
  outcome: FileOutcome;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isCheckWorkerData(value: unknown): value is CheckWorkerData {
  return isRecord(value) && value.role === CHECK_WORKER_ROLE && typeof value.grammarDir === 'string';
}

export function isWorkerRequest(value: unknown): value is WorkerRequest {
  return isRecord(value) && typeof value.index === 'number' && isRecord(value.task);
}

export function isWorkerReply(value: unknown): value is WorkerReply {
  return isRecord(value) && typeof value.index === 'number' && isRecord(value.outcome);
}
