// A minimal LSP client for the tests: spawns the built server (`node dist/server.js --stdio`) and
// speaks JSON-RPC to it over its stdio, as an editor would. Waits are on messages, with a timeout.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  type ClientCapabilities,
  type CodeAction,
  type ConfigurationParams,
  type Diagnostic,
  type Hover,
  type InlayHint,
  type InitializeResult,
  type LogMessageParams,
  type Position,
  type PublishDiagnosticsParams,
  type Range,
  type Registration,
  type RegistrationParams,
  type TextDocumentContentChangeEvent,
  type TextEdit,
  type WorkspaceEdit,
  type ApplyWorkspaceEditParams,
  type MessageActionItem,
  type ShowDocumentParams,
  type ShowMessageRequestParams,
  type ProgressToken,
  type WorkDoneProgressBegin,
  type WorkDoneProgressCreateParams,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { REPO_ROOT } from './support/paths';

export const SERVER_BUNDLE = join(REPO_ROOT, 'dist', 'server.js');

/** Long enough for a slow CI machine to lint a 10,000-line file; a hang still fails the test. */
export const WAIT_MS = 30_000;

const CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true },
    applyEdit: true,
    executeCommand: { dynamicRegistration: false },
    inlayHint: { refreshSupport: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false },
    publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
      isPreferredSupport: true,
      dataSupport: true,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    inlayHint: {},
  },
  window: { showDocument: { support: true }, showMessage: { messageActionItem: { additionalPropertiesSupport: false } }, workDoneProgress: true },
};

type Listener = () => void;

/** A `$/progress` notification of work-done progress. */
export interface WorkDoneProgressParams {
  token: ProgressToken;
  value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd;
}

export interface ClientOptions {
  /** The `oomlint` section answered to `workspace/configuration`, per document URI. */
  settings?: (scopeUri: string | undefined) => unknown;
  /** Leave out `workspace.configuration` and dynamic registration, as minimal clients do. */
  minimal?: boolean;
  /** Sent with `initialize`, as the VS Code extension sends its own. */
  initializationOptions?: unknown;
  /** `stdio` as Neovim, Helix or Zed start servers; `ipc` as VS Code does (`--node-ipc`). */
  transport?: 'stdio' | 'ipc';
  /** The client's display language, sent as `initialize`'s `locale`. */
  locale?: string;
  /** Folders sent as `initialize`'s `workspaceFolders` (none by default); the first is the root too. */
  workspaceFolders?: readonly string[];
}

export class LspTestClient {
  readonly logs: LogMessageParams[] = [];
  readonly registrations: Registration[] = [];
  readonly configurationRequests: ConfigurationParams[] = [];
  readonly appliedEdits: ApplyWorkspaceEditParams[] = [];
  readonly messageRequests: ShowMessageRequestParams[] = [];
  readonly shownDocuments: ShowDocumentParams[] = [];
  /** Tokens the server created with `window/workDoneProgress/create`, and every `$/progress`, in order. */
  readonly progressTokens: ProgressToken[] = [];
  readonly progress: WorkDoneProgressParams[] = [];
  /** How many times the server asked for inlay hints again. */
  inlayHintRefreshes = 0;
  /** The action the next `window/showMessageRequest` is answered with (none: dismissed). */
  answerMessage: (params: ShowMessageRequestParams) => MessageActionItem | null = () => null;
  /** Every publication, oldest first, per URI. */
  private readonly publications = new Map<string, PublishDiagnosticsParams[]>();
  private readonly listeners = new Set<Listener>();
  private stderr = '';
  private exited: string | undefined;
  settings: (scopeUri: string | undefined) => unknown;
  initializeResult: InitializeResult | undefined;

  private constructor(
    private readonly server: ChildProcess,
    readonly connection: MessageConnection,
    options: ClientOptions,
  ) {
    this.settings = options.settings ?? (() => ({}));
    server.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    server.on('exit', (code, signal) => {
      this.exited = `server exited (code ${String(code)}, signal ${String(signal)})\n${this.stderr}`;
      this.notify();
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const list = this.publications.get(params.uri) ?? [];
      list.push(params);
      this.publications.set(params.uri, list);
      this.notify();
    });
    connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logs.push(params);
      this.notify();
    });
    connection.onRequest('workspace/configuration', (params: ConfigurationParams) => {
      this.configurationRequests.push(params);
      return params.items.map((item) => (item.section === 'oomlint' ? this.settings(item.scopeUri) : null));
    });
    connection.onRequest('client/registerCapability', (params: RegistrationParams) => {
      this.registrations.push(...params.registrations);
      this.notify();
      return null;
    });
    connection.onRequest('window/showMessageRequest', (params: ShowMessageRequestParams) => {
      this.messageRequests.push(params);
      this.notify();
      return this.answerMessage(params);
    });
    connection.onRequest('window/workDoneProgress/create', (params: WorkDoneProgressCreateParams) => {
      this.progressTokens.push(params.token);
      this.notify();
      return null;
    });
    connection.onNotification('$/progress', (params: WorkDoneProgressParams) => {
      this.progress.push(params);
      this.notify();
    });
    connection.onRequest('workspace/inlayHint/refresh', () => {
      this.inlayHintRefreshes++;
      this.notify();
      return null;
    });
    connection.onRequest('window/showDocument', (params: ShowDocumentParams) => {
      this.shownDocuments.push(params);
      this.notify();
      return { success: true };
    });
    connection.onRequest('workspace/applyEdit', (params: ApplyWorkspaceEditParams) => {
      this.appliedEdits.push(params);
      this.notify();
      return { applied: true };
    });
    connection.listen();
  }

  static async start(options: ClientOptions = {}): Promise<LspTestClient> {
    if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`node scripts/build.mjs\` first`);
    let server: ChildProcess;
    let connection: MessageConnection;
    if (options.transport === 'ipc') {
      server = fork(SERVER_BUNDLE, ['--node-ipc'], { silent: true });
      connection = createMessageConnection(new IPCMessageReader(server), new IPCMessageWriter(server));
    } else {
      const stdio = spawn(process.execPath, [SERVER_BUNDLE, '--stdio'], { stdio: 'pipe' });
      server = stdio;
      connection = createMessageConnection(new StreamMessageReader(stdio.stdout), new StreamMessageWriter(stdio.stdin));
    }
    const client = new LspTestClient(server, connection, options);
    client.initializeResult = await connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(options.workspaceFolders?.[0] ?? REPO_ROOT).href,
      capabilities: options.minimal ? {} : CAPABILITIES,
      workspaceFolders: options.workspaceFolders?.map((folder) => ({ uri: pathToFileURL(folder).href, name: basename(folder) })) ?? null,
      ...(options.initializationOptions !== undefined ? { initializationOptions: options.initializationOptions } : {}),
      ...(options.locale !== undefined ? { locale: options.locale } : {}),
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  async stop(): Promise<void> {
    if (this.exited === undefined) {
      const exited = new Promise<void>((resolve) => this.server.once('exit', () => resolve()));
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
      await exited;
    }
    this.connection.dispose();
  }

  /** Every `method` notification from now on, in order; waits re-check as each arrives. */
  record<T>(method: string): T[] {
    const received: T[] = [];
    this.connection.onNotification(method, (params: T) => {
      received.push(params);
      this.notify();
    });
    return received;
  }

  /** Calls `listener` with the server's exit code when it exits. */
  onServerExit(listener: (code: number | null) => void): void {
    this.server.once('exit', (code) => listener(code));
  }

  get serverExited(): string | undefined {
    return this.exited;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves with `check()`'s first non-undefined value, re-checked after every message. */
  waitFor<T>(what: string, check: () => T | undefined, timeoutMs = WAIT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const finish = (error?: Error, value?: T) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        if (error) reject(error);
        else resolve(value as T);
      };
      const listener = () => {
        const value = check();
        if (value !== undefined) finish(undefined, value);
        else if (this.exited !== undefined) finish(new Error(`while waiting for ${what}: ${this.exited}`));
      };
      const timer = setTimeout(() => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
      this.listeners.add(listener);
      listener();
    });
  }

  /** The latest publication for `uri`, once it satisfies `accept`. */
  diagnostics(uri: string, accept: (p: PublishDiagnosticsParams) => boolean, what = 'diagnostics'): Promise<PublishDiagnosticsParams> {
    return this.waitFor(`${what} for ${uri}`, () => {
      const latest = this.publications.get(uri)?.at(-1);
      return latest && accept(latest) ? latest : undefined;
    });
  }

  /** The latest publication for `uri` at exactly `version`. */
  diagnosticsAt(uri: string, version: number): Promise<PublishDiagnosticsParams> {
    return this.diagnostics(uri, (p) => p.version === version, `diagnostics of version ${version}`);
  }

  publicationsFor(uri: string): readonly PublishDiagnosticsParams[] {
    return this.publications.get(uri) ?? [];
  }

  open(uri: string, text: string, version = 1, languageId = 'python'): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[] | null> {
    return this.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, ...(only ? { only } : {}) },
    });
  }

  inlayHints(uri: string, range: Range): Promise<InlayHint[] | null> {
    return this.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range });
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  }

  executeCommand(command: string, args: unknown[]): Promise<unknown> {
    return this.connection.sendRequest('workspace/executeCommand', { command, arguments: args });
  }
}

/**
 * Applies a workspace edit for one document the way an editor does: refused (throws) when the edit
 * names another version than the document's.
 */
export function applyWorkspaceEdit(document: TextDocument, edit: WorkspaceEdit | undefined): { text: string; edits: TextEdit[] } {
  const changes = edit?.documentChanges ?? [];
  if (changes.length !== 1) throw new Error(`expected one document change, got ${changes.length}`);
  const change = changes[0]!;
  if (!('textDocument' in change)) throw new Error('expected a TextDocumentEdit');
  if (change.textDocument.uri !== document.uri) throw new Error(`edit for ${change.textDocument.uri}, not ${document.uri}`);
  if (change.textDocument.version !== document.version) {
    throw new Error(`edit for version ${String(change.textDocument.version)}, document is at ${document.version}`);
  }
  const edits = change.edits.filter((e): e is TextEdit => !('annotationId' in e) || e.annotationId === undefined);
  return { text: TextDocument.applyEdits(document, edits), edits };
}

/** Edits of one workspace edit as didChange content changes: last first, so earlier ranges stay valid. */
export function editsAsChanges(edits: readonly TextEdit[], document: TextDocument): TextDocumentContentChangeEvent[] {
  return [...edits]
    .sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start))
    .map((e) => ({ range: e.range, text: e.newText }));
}

/** The text a diagnostic's range covers. */
export function textOf(text: string, range: Range): string {
  const document = TextDocument.create('memory:', 'python', 0, text);
  return text.slice(document.offsetAt(range.start), document.offsetAt(range.end));
}
