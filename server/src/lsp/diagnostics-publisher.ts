// Publishes each open document's diagnostics as soon as they are ready. Changes that arrive together
// are linted once, at the newest version; a result never replaces one for a newer version.
// `noteWork` hears of each lint and each withdrawal (the idle memory release waits for them to stop).
import type { Connection } from 'vscode-languageserver';
import type { DocumentLinter, LintResult } from './document-linter';
import type { Logger } from './logger';

export class DiagnosticsPublisher {
  /** Documents with a lint queued for the next turn of the event loop. */
  private readonly queued = new Set<string>();
  private readonly published = new Map<string, LintResult>();

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
    if (this.queued.has(uri)) return;
    this.queued.add(uri);
    setImmediate(() => {
      this.queued.delete(uri);
      this.publish(uri).catch((error: unknown) => this.log.error(`oomlint: could not publish diagnostics for ${uri}: ${String(error)}`));
    });
  }

  /** Settings changed: every open document again. */
  scheduleAll(uris: readonly string[]): void {
    for (const uri of uris) this.schedule(uri);
  }

  /** Withdraws a closed document's diagnostics. */
  clear(uri: string): void {
    this.published.delete(uri);
    this.noteWork();
    this.connection
      .sendDiagnostics({ uri, diagnostics: [] })
      .catch((error: unknown) => this.log.error(`oomlint: could not clear diagnostics for ${uri}: ${String(error)}`));
  }

  private async publish(uri: string): Promise<void> {
    const result = await this.linter.current(uri);
    this.noteWork();
    if (!result) return;
    const last = this.published.get(uri);
    if (last && (last.version > result.version || last === result)) return;
    this.published.set(uri, result);
    await this.connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.lspDiagnostics });
  }
}
