// A small LSP client for the benchmarks: starts the built server over stdio as an editor would,
// and records when each publishDiagnostics arrives, so latencies are measured from the outside.
import { SERVER_NODE_FLAGS, serverEnvironment } from '../../server/src/lsp/protocol';
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { SERVER_BUNDLE } from '../paths';

/** A publication and when it arrived (performance.now()). */
export interface Publication {
  params: PublishDiagnosticsParams;
  at: number;
}

type Waiter = { accept: (p: Publication) => boolean; resolve: (p: Publication) => void };

/** A work-done progress notification's value and when it arrived. */
export interface ProgressEvent {
  kind: 'begin' | 'report' | 'end';
  message: string | undefined;
  at: number;
}

export class LspSession {
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly latest = new Map<string, Publication>();
  private stderr = '';
  private exit: string | undefined;
  /** The server's work-done progress, in order. */
  readonly progress: ProgressEvent[] = [];
  private progressListeners: (() => void)[] = [];

  private constructor(
    readonly server: ChildProcess,
    private readonly connection: MessageConnection,
  ) {
    server.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    server.on('exit', (code, signal) => {
      this.exit = `server exited (code ${String(code)}, signal ${String(signal)}): ${this.stderr.slice(-2000)}`;
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const publication = { params, at: performance.now() };
      this.latest.set(params.uri, publication);
      const list = this.waiters.get(params.uri);
      if (!list) return;
      for (const waiter of [...list]) {
        if (!waiter.accept(publication)) continue;
        list.splice(list.indexOf(waiter), 1);
        waiter.resolve(publication);
      }
    });
    // The settings the server asks for: none, so defaults and pyproject.toml apply.
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('window/logMessage', () => undefined);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('$/progress', (params: { value: { kind: ProgressEvent['kind']; message?: string } }) => {
      this.progress.push({ kind: params.value.kind, message: params.value.message, at: performance.now() });
      for (const listener of this.progressListeners) listener();
    });
    connection.listen();
  }

  /**
   * Starts the server and completes the initialize handshake. `startedAt` is when the process was
   * spawned; `nodeArgs` go to Node before the script (`--cpu-prof`, say).
   */
  static async start(rootPath: string, nodeArgs: readonly string[] = [], options: { workspaceFolder?: boolean } = {}): Promise<{ session: LspSession; startedAt: number }> {
    const startedAt = performance.now();
    // Started as the VS Code client starts it (its flags and environment), so the memory figures are the editor's.
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, SERVER_BUNDLE, '--stdio'], { stdio: 'pipe', env: serverEnvironment(process.env) });
    const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
    const session = new LspSession(server, connection);
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(rootPath).href,
      capabilities: {
        workspace: { configuration: true, ...(options.workspaceFolder ? { didChangeWatchedFiles: { dynamicRegistration: true } } : {}) },
        textDocument: { publishDiagnostics: { versionSupport: true, dataSupport: true, codeDescriptionSupport: true } },
        ...(options.workspaceFolder ? { window: { workDoneProgress: true } } : {}),
      },
      // As a folder of the workspace, the server indexes its projects.
      workspaceFolders: options.workspaceFolder ? [{ uri: pathToFileURL(rootPath).href, name: 'workspace' }] : null,
    });
    await connection.sendNotification('initialized', {});
    return { session, startedAt };
  }

  get pid(): number {
    if (this.server.pid === undefined) throw new Error('the server process has no pid');
    return this.server.pid;
  }

  /** The next publication for `uri` that `accept` takes (a later one than any already seen). */
  nextPublication(uri: string, accept: (p: PublishDiagnosticsParams) => boolean, timeoutMs = 120_000): Promise<Publication> {
    return new Promise<Publication>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms${this.exit ? `: ${this.exit}` : ''}`)), timeoutMs);
      const list = this.waiters.get(uri) ?? [];
      list.push({ accept: (p) => accept(p.params), resolve: (p) => (clearTimeout(timer), resolve(p)) });
      this.waiters.set(uri, list);
    });
  }

  /** Resolves when a work-done progress of `kind` has arrived. */
  progressOf(kind: ProgressEvent['kind'], timeoutMs = 120_000): Promise<ProgressEvent> {
    return new Promise<ProgressEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${kind} progress within ${timeoutMs} ms${this.exit ? `: ${this.exit}` : ''}`)), timeoutMs);
      const check = () => {
        const found = this.progress.find((p) => p.kind === kind);
        if (!found) return;
        clearTimeout(timer);
        this.progressListeners = this.progressListeners.filter((l) => l !== check);
        resolve(found);
      };
      this.progressListeners.push(check);
      check();
    });
  }

  /** Sends a request and waits for its answer. */
  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest<R>(method, params);
  }

  /** Diagnostics of exactly `version`. */
  diagnosticsOf(uri: string, version: number): Promise<Publication> {
    return this.nextPublication(uri, (p) => p.version === version);
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version, text } });
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  /** Opens `uri` at version 1 and waits for its diagnostics: the time that took, in ms. */
  async openAndWait(uri: string, text: string): Promise<number> {
    const sent = performance.now();
    const published = this.diagnosticsOf(uri, 1);
    await this.open(uri, text, 1);
    return (await published).at - sent;
  }

  /** Sends one didChange and waits for the diagnostics of that version: the time that took, in ms. */
  async changeAndWait(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const published = this.diagnosticsOf(uri, version);
    const sent = performance.now();
    await this.change(uri, version, changes);
    return (await published).at - sent;
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    if (this.exit === undefined) {
      const exited = new Promise<void>((resolve) => this.server.once('exit', () => resolve()));
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
      await exited;
    }
    this.connection.dispose();
  }
}
