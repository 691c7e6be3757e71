// The messages between `oomlint check` and its worker threads.
import type { FileOutcome, FileTask } from './file-check';

/** Marks the worker data of a check worker, so the CLI entry knows to serve instead of parse argv. */
export const CHECK_WORKER_ROLE = 'oomlint-check-worker';

export interface CheckWorkerData {
  role: typeof CHECK_WORKER_ROLE;
  grammarDir: string;
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
