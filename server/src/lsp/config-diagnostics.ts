// Problems in a project's `[tool.oomlint]` as diagnostics on its pyproject.toml, where the user looks,
// instead of only a line in the log: each at its key's line, withdrawn once the file is fixed. A new
// set of problems also gets one message, whose "Show" opens the file at the first problem.
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { ConfigProblem } from '../core/types';
import { readRegularTextFile } from '../files/read-regular-file';
import type { Logger } from './logger';
import { plainTextMessage } from './lsp-diagnostic';
import { DIAGNOSTIC_SOURCE } from './protocol';
import { messagesFor, type Messages } from '../l10n';
import type { EditorMessages } from '../l10n/messages';

/** Configuration files are small; a larger one is not read again just to place squiggles. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/**
 * One diagnostic per problem, covering its line from the first non-blank character (or the column a
 * TOML syntax error names) to the end; `text` is the file's text, when it could be read.
 */
export function configProblemDiagnostics(
  problems: readonly ConfigProblem[],
  text: string | undefined,
  messages: EditorMessages = messagesFor('en'),
): LspDiagnostic[] {
  const lines = text?.split(/\r?\n/) ?? [];
  return problems.map((problem) => {
    const line = Math.max(0, problem.line - 1);
    const content = lines[line] ?? '';
    const firstNonBlank = content.length - content.trimStart().length;
    const start = problem.column !== undefined ? Math.min(Math.max(0, problem.column - 1), content.length) : firstNonBlank;
    const end = Math.max(start, content.trimEnd().length);
    return {
      range: { start: { line, character: start }, end: { line, character: end === start && content.length > start ? start + 1 : end } },
      severity: DiagnosticSeverity.Error,
      source: DIAGNOSTIC_SOURCE,
      message: plainTextMessage(messages.configProblemDiagnostic({ problem: problem.message })),
    };
  });
}

/** The message shown once per set of problems in one file. */
export function configProblemMessage(file: string, problems: readonly ConfigProblem[], messages: EditorMessages = messagesFor('en')): string {
  const first = problems[0]!;
  return plainTextMessage(messages.configProblemNotice({ file: displayName(file), line: first.line, problem: first.message, more: problems.length - 1 }));
}

function displayName(file: string): string {
  return file.split(/[\\/]/).at(-1) ?? file;
}

const keyOf = (problems: readonly ConfigProblem[]) => problems.map((p) => `${p.line}:${p.column ?? ''}:${p.message}`).join('\n');

export class ConfigDiagnostics {
  /** Per configuration file, the problem set last published for it. */
  private readonly published = new Map<string, string>();
  /** Problem sets already announced with a message, so a re-lint does not announce them again. */
  private readonly announced = new Set<string>();

  constructor(
    private readonly connection: Connection,
    /** The client can open a document when asked (`window/showDocument`). */
    private readonly canShowDocument: boolean,
    private readonly log: Logger,
    private readonly messages: Messages = messagesFor('en'),
  ) {}

  /** The problems `file` has now (none: withdraw its diagnostics). Repeats of the last report cost nothing. */
  report(file: string, problems: readonly ConfigProblem[]): void {
    const key = keyOf(problems);
    if ((this.published.get(file) ?? '') === key) return;
    if (problems.length) this.published.set(file, key);
    else this.published.delete(file);
    const read = problems.length ? readRegularTextFile(file, MAX_CONFIG_BYTES) : undefined;
    const diagnostics = configProblemDiagnostics(problems, read?.ok ? read.text : undefined, this.messages);
    const uri = pathToFileURL(file).href;
    this.connection
      .sendDiagnostics({ uri, diagnostics })
      .catch((error: unknown) => this.log.error(`oomlint: could not publish the problems of ${file}: ${String(error)}`));
    const announcement = `${file}\n${key}`;
    if (problems.length && !this.announced.has(announcement)) {
      this.announced.add(announcement);
      void this.announce(uri, file, problems, diagnostics[0]!);
    }
  }

  /** `file` changed on disk: its diagnostics go until the next lint reports what it has now. */
  changed(file: string): void {
    if (this.published.has(file)) this.report(file, []);
  }

  private async announce(uri: string, file: string, problems: readonly ConfigProblem[], first: LspDiagnostic): Promise<void> {
    try {
      const message = configProblemMessage(file, problems, this.messages);
      const show = this.messages.configProblemShow;
      const actions = this.canShowDocument ? [{ title: show }] : [];
      const chosen = await this.connection.window.showWarningMessage(message, ...actions);
      if (chosen?.title !== show) return;
      await this.connection.window.showDocument({ uri, takeFocus: true, selection: first.range });
    } catch (error) {
      // The client went away while the message was up: nothing to show any more.
      this.log.info(`oomlint: the message about ${file} was not answered: ${String(error)}`);
    }
  }
}
