// Runs the per-file work of `oomlint check` on worker threads: each worker loads the parser once
// and takes files from a shared queue, so a large file on one worker does not hold up the rest.
// Outcomes come back in the plan's order, whatever order the workers finish in.
import { Worker } from 'node:worker_threads';
import type { FileOutcome, FileTask } from './file-check';
import { isWorkerReply, type WorkerRequest } from './check-worker-messages';

export interface WorkerPoolOptions {
  /** Most worker threads to start. */
  jobs: number;
  /** The script a worker runs (the CLI entry, which turns into a worker when started as one). */
  workerScript: string;
  workerData: unknown;
}

/** Files handed to a worker ahead of its replies, so it never waits for the next one. */
const IN_FLIGHT_PER_WORKER = 2;

export function checkInWorkers(tasks: readonly FileTask[], options: WorkerPoolOptions): Promise<FileOutcome[]> {
  const outcomes: (FileOutcome | undefined)[] = new Array<FileOutcome | undefined>(tasks.length).fill(undefined);
  if (!tasks.length) return Promise.resolve([]);
  const workerCount = Math.max(1, Math.min(options.jobs, tasks.length));
  let next = 0;
  let finished = 0;
  let running = workerCount;

  return new Promise<FileOutcome[]>((resolve) => {
    const settleIfDone = () => {
      if (finished < tasks.length && running > 0) return;
      // Workers that all stopped leave their untouched files as failures too.
      for (let i = 0; i < tasks.length; i++) outcomes[i] ??= stoppedOutcome(tasks[i]!, 'no worker thread was left to check it');
      resolve(outcomes as FileOutcome[]);
    };

    for (let w = 0; w < workerCount; w++) {
      const worker = new Worker(options.workerScript, { workerData: options.workerData });
      const inFlight = new Set<number>();
      let stopped = false;
      const send = () => {
        while (inFlight.size < IN_FLIGHT_PER_WORKER && next < tasks.length) {
          const index = next++;
          inFlight.add(index);
          const request: WorkerRequest = { index, task: tasks[index]! };
          worker.postMessage(request);
        }
        if (!inFlight.size && !stopped) {
          stopped = true;
          running--;
          void worker.terminate();
          settleIfDone();
        }
      };
      worker.on('message', (message: unknown) => {
        if (!isWorkerReply(message) || !inFlight.delete(message.index)) return;
        outcomes[message.index] = message.outcome;
        finished++;
        send();
      });
      const fail = (reason: string) => {
        if (stopped) return;
        stopped = true;
        running--;
        for (const index of inFlight) {
          outcomes[index] = stoppedOutcome(tasks[index]!, reason);
          finished++;
        }
        inFlight.clear();
        settleIfDone();
      };
      worker.on('error', (error: Error) => fail(`the worker thread checking it failed: ${error.message}`));
      worker.on('exit', (code) => fail(`the worker thread checking it exited with code ${code}`));
      send();
    }
  });
}

function stoppedOutcome(task: FileTask, reason: string): FileOutcome {
  return { kind: 'failed', stage: 'analysis', failure: { path: task.path, displayPath: task.displayPath, message: `failed while checking: ${reason}` } };
}
