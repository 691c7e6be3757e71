// The worker-thread side of `oomlint check --jobs N`: loads the parser once, then checks each file
// it is sent and replies with the outcome.
import type { MessagePort } from 'node:worker_threads';
import { Analyzer } from '../analysis/analyzer';
import { deserializeProjects, isWorkerRequest, type CheckWorkerData, type WorkerReply } from './check-worker-messages';
import { checkFile } from './file-check';

export function serveCheckWorker(port: MessagePort, data: CheckWorkerData): void {
  const analyzer = Analyzer.create({ grammarDir: data.grammarDir });
  const projects = deserializeProjects(data.projects);
  // Listen at once; requests that arrive while the parser loads wait for it, in order.
  port.on('message', (message: unknown) => {
    if (!isWorkerRequest(message)) return;
    void analyzer.then((ready) => {
      const reply: WorkerReply = { index: message.index, outcome: checkFile(message.task, ready, projects) };
      port.postMessage(reply);
    });
  });
}
