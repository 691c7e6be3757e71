// How many worker threads a check is worth. Each worker loads the bundle and compiles the parser
// (tens of milliseconds) before its first file, so small checks stay on the main thread.
import { statSync } from 'node:fs';
import type { FileTask } from './file-check';

/** Below this much source in all, threads cost more than they save. */
const MIN_BYTES_FOR_THREADS = 384 * 1024;
/** Each thread should get at least this much source. */
const MIN_BYTES_PER_THREAD = 192 * 1024;

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    // Unreadable: the read reports it; it weighs nothing here.
    return 0;
  }
}

/**
 * The threads a check may use when `--jobs` is not given: half the cores. Each thread's V8 runs its
 * garbage collector and compilers on threads of their own, which on two cores already take the
 * second one: there a worker beside the main thread made a check slower than the main thread alone.
 */
export function defaultJobs(cores: number): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** Worker threads to start for `tasks` with `jobs` allowed; 0 means check on the main thread. */
export function workerThreadsFor(tasks: readonly FileTask[], jobs: number): number {
  if (jobs <= 1 || tasks.length < 2) return 0;
  let bytes = 0;
  for (const task of tasks) bytes += sizeOf(task.path);
  if (bytes < MIN_BYTES_FOR_THREADS) return 0;
  return Math.max(0, Math.min(jobs, tasks.length, Math.floor(bytes / MIN_BYTES_PER_THREAD)));
}
