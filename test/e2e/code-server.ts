// Runs code-server (VS Code served to a browser) as a child process in its own process group, with
// private user-data and extensions folders, so a test can start one, install a .vsix and kill it all.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { registerLanguagePack } from './language-pack';
import { CODE_SERVER_BIN } from './prerequisites';

export interface CodeServerOptions {
  /** Folder holding `user-data/`, `extensions/` and the code-server config. */
  stateDir: string;
  /** Workspace folder the workbench opens. */
  workspaceDir: string;
  /** Environment of code-server and so of the extension host (PATH, scenario variables). */
  env: NodeJS.ProcessEnv;
  /** User settings beyond the ones that keep the workbench free of dialogs. */
  userSettings?: Record<string, unknown>;
  /** Where code-server's own output goes. */
  logFile: string;
  /** VS Code's display language (`zh-cn`, `ru`), as a user sets it: `locale` in argv.json. */
  locale?: string;
}

/**
 * Settings without which the workbench opens with a trust dialog or a welcome page over the editor,
 * and saves on its own: code-server's default auto-save would write an edit before the test's Ctrl+S,
 * so a test could not tell that its save worked.
 */
const QUIET_WORKBENCH_SETTINGS: Record<string, unknown> = {
  'files.autoSave': 'off',
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export class CodeServer {
  private process: ChildProcess | undefined;
  private log: WriteStream | undefined;
  private exitListener: (() => void) | undefined;
  private constructor(
    private readonly options: CodeServerOptions,
    readonly port: number,
  ) {}

  static async prepare(options: CodeServerOptions): Promise<CodeServer> {
    const server = new CodeServer(options, await freePort());
    mkdirSync(server.userSettingsDir, { recursive: true });
    mkdirSync(server.extensionsDir, { recursive: true });
    // An empty config file keeps code-server from creating one in the home folder.
    writeFileSync(server.configFile, 'auth: none\n');
    writeFileSync(
      join(server.userSettingsDir, 'settings.json'),
      `${JSON.stringify({ ...QUIET_WORKBENCH_SETTINGS, ...options.userSettings }, null, 2)}\n`,
    );
    // "Configure Display Language" writes this file; without a language pack the workbench's own
    // words stay English, while extensions see the locale (vscode.env.language) and follow it.
    if (options.locale) writeFileSync(join(server.userDataDir, 'argv.json'), `${JSON.stringify({ locale: options.locale }, null, 2)}\n`);
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/?folder=${encodeURIComponent(this.options.workspaceDir)}`;
  }

  private get userDataDir(): string {
    return join(this.options.stateDir, 'user-data');
  }

  private get userSettingsDir(): string {
    return join(this.userDataDir, 'User');
  }

  private get extensionsDir(): string {
    return join(this.options.stateDir, 'extensions');
  }

  private get configFile(): string {
    return join(this.options.stateDir, 'config.yaml');
  }

  private commonArgs(): string[] {
    return ['--config', this.configFile, '--user-data-dir', this.userDataDir, '--extensions-dir', this.extensionsDir];
  }

  /** Installs the stand-in language pack of the locale and makes it the display language's source. */
  installLanguagePack(vsixPath: string, locale: string): void {
    this.installExtension(vsixPath);
    registerLanguagePack(locale, this.userDataDir, this.extensionsDir);
  }

  /** Installs a packaged extension the way a user would, with `--install-extension`. */
  installExtension(vsixPath: string): void {
    const result = spawnSync(CODE_SERVER_BIN, [...this.commonArgs(), '--install-extension', vsixPath], {
      env: this.options.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status !== 0 || !/successfully installed/i.test(output)) {
      throw new Error(`code-server --install-extension ${vsixPath} failed (status ${result.status}):\n${output}`);
    }
  }

  /** Starts the server and resolves once its HTTP endpoint answers. */
  async start(timeoutMs = 60_000): Promise<void> {
    this.log = createWriteStream(this.options.logFile);
    const args = [
      ...this.commonArgs(),
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${this.port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(this.options.locale ? ['--locale', this.options.locale] : []),
      this.options.workspaceDir,
    ];
    // detached: its own process group, so stop() reaches the extension host and language server too.
    const child = spawn(CODE_SERVER_BIN, args, { env: this.options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    // Should the test process die without reaching stop(), the group must not outlive it.
    this.exitListener = () => this.killGroup('SIGKILL');
    process.on('exit', this.exitListener);
    await this.waitUntilAnswering(child, timeoutMs);
  }

  private async waitUntilAnswering(child: ChildProcess, timeoutMs: number): Promise<void> {
    // code-server prints this line once its socket is bound; the health check then proves it serves.
    const listening = /HTTP server listening on/;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`code-server did not listen within ${timeoutMs} ms; see ${this.options.logFile}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (listening.test(output)) finish();
      };
      const onExit = (code: number | null, signal: string | null): void =>
        finish(new Error(`code-server exited early (${code ?? signal}); see ${this.options.logFile}`));
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', onExit);
    });
    const response = await fetch(`http://127.0.0.1:${this.port}/healthz`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`code-server health check answered ${response.status}`);
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.process?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** Kills code-server with everything it started, and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.killGroup('SIGTERM');
      const escalate = setTimeout(() => this.killGroup('SIGKILL'), 5_000);
      await exited;
      clearTimeout(escalate);
    }
    // Children that ignored SIGTERM (the extension host, the language server) go with the group.
    this.killGroup('SIGKILL');
    if (this.exitListener) process.off('exit', this.exitListener);
    this.process = undefined;
    await new Promise<void>((resolve) => (this.log ? this.log.end(() => resolve()) : resolve()));
  }
}
