// Publishes each open document's diagnostics as soon as they are ready. Changes that arrive together
// are linted once, at the newest version; a result never replaces one for a newer version.
// `noteWork` hears of each lint and each withdrawal (the idle memory release waits for them to stop).
import type { Connection } from 'vscode-languageserver';
import type { DocumentLinter, LintResult } from './document-linter';
import type { Logger } from './logger';

/** The longest a burst of changes waits to be analysed together. */
const MAX_COALESCE_MS = 250;

/** Turns of the event loop a change waits for others queued behind it before it is analysed. */
const SETTLE_TURNS = 2;

export class DiagnosticsPublisher {
  /** Documents with a lint queued for the next turn of the event loop. */
  private readonly queued = new Set<string>();
  private readonly published = new Map<string, LintResult>();
  /** Per notebook: its cells whose last publication had diagnostics (they must hear when these go). */
  private readonly cellsWithDiagnostics = new Map<string, Set<string>>();
  /** How long the last analysis of each document took. */
  private readonly lastDurationMs = new Map<string, number>();
  /** Changes (schedule calls) of each document since its last analysis began. */
  private readonly changesSinceLint = new Map<string, number>();
  /** How many changes the last analysis of each document took in at once. */
  private readonly lastBatch = new Map<string, number>();

  constructor(
    private readonly connection: Connection,
    private readonly linter: DocumentLinter,
    private readonly log: Logger,
    private readonly noteWork: () => void = () => undefined,
  ) {}

  /**
   * Lints `uri` once the messages already received have been handled, so a burst of changes costs one
   * analysis of the newest text rather than one per change.
   */
  schedule(uri: string): void {
    this.changesSinceLint.set(uri, (this.changesSinceLint.get(uri) ?? 0) + 1);
    if (this.queued.has(uri)) return;
    this.queued.add(uri);
    const firstQueuedAt = performance.now();
    let seen = this.changesSinceLint.get(uri) ?? 0;
    let turns = 0;
    const run = () => {
      // Changes still arriving (a paste, a replay, a slow link catching up: the JSON-RPC connection
      // hands over one message per turn of the event loop) are analysed together at their newest
      // version: wait while each turn brings another, up to a limit.
      const now = this.changesSinceLint.get(uri) ?? 0;
      if ((turns++ < SETTLE_TURNS || now !== seen) && performance.now() - firstQueuedAt < MAX_COALESCE_MS) {
        seen = now;
        setImmediate(run);
        return;
      }
      this.queued.delete(uri);
      this.lastBatch.set(uri, now);
      this.changesSinceLint.set(uri, 0);
      this.publish(uri).catch((error: unknown) => this.log.error(`oomlint: could not publish diagnostics for ${uri}: ${String(error)}`));
    };
    // One change at a time (someone typing) is analysed at once. When changes piled up behind the
    // last analysis, a document that takes long to analyse also waits about as long again before the
    // next one, so the server is not busy all the time while they keep coming.
    const piling = (this.lastBatch.get(uri) ?? 0) > 1;
    const delay = piling ? Math.min(MAX_COALESCE_MS, this.lastDurationMs.get(uri) ?? 0) : 0;
    if (delay < 2) setImmediate(run);
    else setTimeout(run, delay);
  }

  /** Settings changed: every open document again. */
  scheduleAll(uris: readonly string[]): void {
    for (const uri of uris) this.schedule(uri);
  }

  /**
   * Withdraws a closed document's diagnostics; `onlyIfPublished`: only where some were published
   * (a notebook's cells, most of which never had any).
   */
  clear(uri: string, { onlyIfPublished = false } = {}): void {
    const published = this.published.get(uri);
    this.forget(uri);
    this.noteWork();
    if (onlyIfPublished && !published?.lspDiagnostics.length) return;
    this.connection
      .sendDiagnostics({ uri, diagnostics: [] })
      .catch((error: unknown) => this.log.error(`oomlint: could not clear diagnostics for ${uri}: ${String(error)}`));
  }

  private noteCellDiagnostics(notebook: string, result: LintResult): void {
    let cells = this.cellsWithDiagnostics.get(notebook);
    if (result.lspDiagnostics.length) {
      if (!cells) this.cellsWithDiagnostics.set(notebook, (cells = new Set()));
      cells.add(result.uri);
    } else {
      cells?.delete(result.uri);
    }
  }

  /** Forgets what was scheduled and published for `uri` (a closed notebook), sending nothing. */
  forget(uri: string): void {
    this.published.delete(uri);
    this.cellsWithDiagnostics.delete(uri);
    this.lastDurationMs.delete(uri);
    this.changesSinceLint.delete(uri);
    this.lastBatch.delete(uri);
  }

  /** Publishes the document's diagnostics, or each cell's for a notebook. */
  private async publish(uri: string): Promise<void> {
    const started = performance.now();
    const results = await this.linter.resultsFor(uri, this.cellsWithDiagnostics.get(uri) ?? []);
    this.lastDurationMs.set(uri, performance.now() - started);
    this.noteWork();
    const sent: Promise<void>[] = [];
    for (const result of results) {
      const last = this.published.get(result.uri);
      // Compared by revision: a client may send a lower version number for newer text.
      if (last && (last.revision > result.revision || last === result)) continue;
      // A notebook's cells are analysed together: a cell whose findings did not change is not sent again.
      const cell = result.uri !== uri;
      if (cell && (last ? last.version === result.version && sameDiagnostics(last, result) : !result.lspDiagnostics.length)) {
        this.published.set(result.uri, result);
        continue;
      }
      this.published.set(result.uri, result);
      if (cell) this.noteCellDiagnostics(uri, result);
      sent.push(this.connection.sendDiagnostics({ uri: result.uri, version: result.version, diagnostics: result.lspDiagnostics }));
    }
    await Promise.all(sent);
  }
}

function sameDiagnostics(a: LintResult, b: LintResult): boolean {
  return a.lspDiagnostics.length === b.lspDiagnostics.length && JSON.stringify(a.lspDiagnostics) === JSON.stringify(b.lspDiagnostics);
}
