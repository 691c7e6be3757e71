// Problems in a project's `[tool.oomlint]` as diagnostics on its pyproject.toml, where the user looks,
// instead of only a line in the log: each under the key or value it is about, withdrawn once the file
// is fixed. A misspelt key carries its likely spelling, offered as a quick fix. Clients that show a
// status of their own (VS Code: a language status item) are sent the files with problems whenever
// that changes, and it goes once they are fixed; other clients get one message per new set of
// problems, whose "Show" opens the file at the first problem.
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DiagnosticSeverity,
  type CodeAction,
  type CodeActionParams,
  type Connection,
  type Diagnostic as LspDiagnostic,
} from 'vscode-languageserver';
import type { ConfigProblem } from '../core/types';
import type { ConfigFileLoader } from './config-file-loader';
import type { Logger } from './logger';
import { plainTextMessage } from './lsp-diagnostic';
import { currentProblems } from './project-settings';
import { CONFIG_PROBLEMS_NOTIFICATION, DIAGNOSTIC_SOURCE, type ConfigProblemStatus, type ConfigProblemsParams } from './protocol';
import { messagesFor, type Messages } from '../l10n';

/** What a configuration diagnostic carries for its quick fix (ruff's way: the fix rides on the diagnostic). */
interface ConfigDiagnosticData {
  kind: 'config-replacement';
  replacement: string;
}

const CONFIG_DIAGNOSTIC_CODE = 'configuration';

function isConfigData(value: unknown): value is ConfigDiagnosticData {
  return typeof value === 'object' && value !== null && (value as ConfigDiagnosticData).kind === 'config-replacement' && typeof (value as ConfigDiagnosticData).replacement === 'string';
}

/** One diagnostic per problem, under the key or value it is about (the position a TOML syntax error names). */
export function configProblemDiagnostics(problems: readonly ConfigProblem[], messages: Messages = messagesFor('en')): LspDiagnostic[] {
  return problems.map((problem) => {
    const line = Math.max(0, problem.line - 1);
    const character = Math.max(0, (problem.column ?? 1) - 1);
    const endLine = Math.max(line, (problem.endLine ?? problem.line) - 1);
    const endCharacter = problem.endColumn !== undefined ? Math.max(0, problem.endColumn - 1) : problem.column !== undefined ? character + 1 : character;
    return {
      range: { start: { line, character }, end: { line: endLine, character: endLine === line ? Math.max(character, endCharacter) : endCharacter } },
      severity: problem.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
      source: DIAGNOSTIC_SOURCE,
      code: CONFIG_DIAGNOSTIC_CODE,
      message: plainTextMessage(messages.configProblem(problem.detail)),
      ...(problem.replacement === undefined ? {} : { data: { kind: 'config-replacement', replacement: problem.replacement } satisfies ConfigDiagnosticData }),
    };
  });
}

/** The quick fixes for configuration diagnostics in a code-action request: a misspelt key replaced. */
export function configQuickFixes(params: CodeActionParams, messages: Messages): CodeAction[] {
  const { only } = params.context;
  if (only && !only.some((kind) => CodeActionKind.QuickFix === kind || CodeActionKind.QuickFix.startsWith(`${kind}.`))) return [];
  return params.context.diagnostics.flatMap((diagnostic) => {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || diagnostic.code !== CONFIG_DIAGNOSTIC_CODE || !isConfigData(diagnostic.data)) return [];
    const { replacement } = diagnostic.data;
    return [
      {
        title: messages.configReplaceKey({ key: replacement }),
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [params.textDocument.uri]: [{ range: diagnostic.range, newText: replacement }] } },
      },
    ];
  });
}

/** The message shown once per set of problems in one file. */
export function configProblemMessage(file: string, problems: readonly ConfigProblem[], messages: Messages = messagesFor('en')): string {
  const first = problems[0]!;
  const counted = problems.reduce((total, p) => total + (p.detail.kind === 'more-problems' ? p.detail.count : 1), 0);
  return plainTextMessage(messages.configProblemNotice({ file: displayName(file), line: first.line, problem: messages.configProblem(first.detail), more: counted - 1 }));
}

function displayName(file: string): string {
  return file.split(/[\\/]/).at(-1) ?? file;
}

const keyOf = (problems: readonly ConfigProblem[]) =>
  problems.map((p) => `${p.line}:${p.column ?? ''}:${p.endLine ?? ''}:${p.endColumn ?? ''}:${JSON.stringify(p.detail)}`).join('\n');

export class ConfigDiagnostics {
  /** Per configuration file, the problem set last published for it. */
  private readonly published = new Map<string, string>();
  /** Problem sets already announced with a message, so a re-lint does not announce them again. */
  private readonly announced = new Set<string>();
  /** Per configuration file with problems, what the client's status shows (with `statusNotifications`). */
  private readonly status = new Map<string, ConfigProblemStatus>();

  constructor(
    private readonly connection: Connection,
    /** The client can open a document when asked (`window/showDocument`). */
    private readonly canShowDocument: boolean,
    private readonly log: Logger,
    private readonly messages: Messages = messagesFor('en'),
    private readonly configFiles?: ConfigFileLoader,
    /** The client shows the problems from CONFIG_PROBLEMS_NOTIFICATION instead of messages. */
    private readonly statusNotifications = false,
  ) {}

  /** The problems `file` has now (none: withdraw its diagnostics). Repeats of the last report cost nothing. */
  report(file: string, problems: readonly ConfigProblem[]): void {
    const key = keyOf(problems);
    if ((this.published.get(file) ?? '') === key) return;
    if (problems.length) this.published.set(file, key);
    else this.published.delete(file);
    const diagnostics = configProblemDiagnostics(problems, this.messages);
    const uri = pathToFileURL(file).href;
    this.connection
      .sendDiagnostics({ uri, diagnostics })
      .catch((error: unknown) => this.log.error(`oomlint: could not publish the problems of ${file}: ${String(error)}`));
    if (this.statusNotifications) {
      this.updateStatus(uri, file, problems, diagnostics[0]);
      return;
    }
    const announcement = `${file}\n${key}`;
    if (problems.length && !this.announced.has(announcement)) {
      this.announced.add(announcement);
      void this.announce(uri, file, problems, diagnostics[0]!);
    }
  }

  /**
   * `file` changed on disk: what it has now replaces what it had, as soon as it is read (the problems
   * fixed go, the others stay, rather than all going until the documents are linted again).
   */
  changed(file: string): void {
    if (!this.published.has(file)) return;
    if (!this.configFiles) {
      this.report(file, []);
      return;
    }
    currentProblems(file, this.configFiles).then(
      (problems) => {
        if (problems) this.report(file, problems);
      },
      (error: unknown) => this.log.warn(`oomlint: could not read ${file} again: ${String(error)}`),
    );
  }

  private updateStatus(uri: string, file: string, problems: readonly ConfigProblem[], first: LspDiagnostic | undefined): void {
    if (first) {
      this.status.set(file, {
        uri,
        message: configProblemMessage(file, problems, this.messages),
        error: problems.some((p) => p.severity !== 'warning'),
        range: first.range,
        showTitle: this.messages.configProblemShow,
      });
    } else this.status.delete(file);
    const params: ConfigProblemsParams = { items: [...this.status.values()] };
    this.connection
      .sendNotification(CONFIG_PROBLEMS_NOTIFICATION, params)
      .catch((error: unknown) => this.log.error(`oomlint: could not send the configuration status: ${String(error)}`));
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
