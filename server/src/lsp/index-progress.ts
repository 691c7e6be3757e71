// The workspace index's progress as LSP work-done progress (`window/workDoneProgress/create`, then
// begin, reports and end as `$/progress`), for clients that show it; nothing for the others.
import { randomUUID } from 'node:crypto';
import {
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  type Connection,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver';
import type { Messages } from '../l10n';
import type { Logger } from './logger';
import type { IndexProgress } from './workspace-index';

/** Reports closer together than this are left out (the client redraws at each one). */
const REPORT_INTERVAL_MS = 200;

const SILENT: IndexProgress = { begin: () => undefined, report: () => undefined, end: () => undefined };

/** A progress for the index; silent when the client does not support work-done progress or refuses the token. */
export async function indexProgress(connection: Connection, supported: boolean, messages: Messages, log: Logger): Promise<IndexProgress> {
  if (!supported) return SILENT;
  const token = randomUUID();
  try {
    await connection.sendRequest(WorkDoneProgressCreateRequest.type, { token });
  } catch (error) {
    log.warn(`oomlint: the client refused a progress token: ${String(error)}`);
    return SILENT;
  }
  const send = (value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
    connection.sendProgress(WorkDoneProgress.type, token, value).catch(() => undefined);
  };
  const percentage = (done: number, total: number) => (total ? Math.floor((100 * done) / total) : 100);
  let lastReport = 0;
  return {
    begin: (total) => send({ kind: 'begin', title: messages.indexingTitle, cancellable: false, message: messages.indexingFiles({ done: 0, total }), percentage: 0 }),
    report: (done, total) => {
      const now = performance.now();
      if (now - lastReport < REPORT_INTERVAL_MS) return;
      lastReport = now;
      send({ kind: 'report', message: messages.indexingFiles({ done, total }), percentage: percentage(done, total) });
    },
    end: (done, total) => send({ kind: 'end', message: messages.indexingFiles({ done, total }) }),
  };
}
