// One end-to-end session: a copy of the fixture workspace, code-server with the packaged extension
// installed, and headless Chromium showing its workbench. close() tears all of it down, and is safe to
// call after a failed start.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { CodeServer } from './code-server';
import { buildLanguagePack } from './language-pack';
import { chromiumPath, E2E_WORKSPACE_FIXTURE, FAKE_NVIDIA_SMI_DIR, pathWithout, SCREENSHOT_DIR } from './prerequisites';
import { Workbench } from './workbench';

/** Which nvidia-smi the extension host finds on PATH. */
export type GpuSetup =
  | { kind: 'recorded'; scenario: string }
  /** PATH without any nvidia-smi, as on a laptop without an NVIDIA driver. */
  | { kind: 'none' };

export interface SessionOptions {
  /** Names the session's log file and state folder. */
  name: string;
  gpu: GpuSetup;
  /** A .vsix to install before the start; none runs the workbench without the extension. */
  vsixPath?: string;
  userSettings?: Record<string, unknown>;
  /** Query parameters added to the workbench URL, given code-server's port (the extension-host test passes `payload`). */
  extraQuery?: (codeServerPort: number) => Record<string, string>;
  /** Runs on the page before the workbench loads (to expose functions the workbench calls). */
  preparePage?: (page: Page) => Promise<void>;
  /** VS Code's display language (`zh-cn`, `ru`); English when absent. */
  locale?: string;
}

export class E2ESession {
  private codeServer: CodeServer | undefined;
  private browser: BrowserContext | undefined;
  /**
   * code-server's temporary folder, for the sockets VS Code leaves behind when it is stopped; a short
   * path of its own, since a socket's path may not be longer than 107 bytes.
   */
  private codeServerTmp: string | undefined;
  /** Chromium's temporary folder (see BrowserOptions.tmpDir), short for the same reason. */
  private browserTmp: string | undefined;
  private workbenchOrUndefined: Workbench | undefined;

  private constructor(
    readonly name: string,
    /** Temporary folder with the workspace copy, the code-server state and the browser profile. */
    readonly rootDir: string,
  ) {}

  get workspaceDir(): string {
    return join(this.rootDir, 'workspace');
  }

  get workbench(): Workbench {
    if (!this.workbenchOrUndefined) throw new Error('the session has no workbench (start failed?)');
    return this.workbenchOrUndefined;
  }

  get codeServerPort(): number {
    if (!this.codeServer) throw new Error('the session has no code-server (start failed?)');
    return this.codeServer.port;
  }

  /** Starts everything; on failure it cleans up what it started before rethrowing. */
  static async start(options: SessionOptions): Promise<E2ESession> {
    const session = new E2ESession(options.name, mkdtempSync(join(tmpdir(), `oomlint-e2e-${options.name}-`)));
    try {
      await session.startAll(options);
      return session;
    } catch (error: unknown) {
      await session.close();
      throw error;
    }
  }

  private async startAll(options: SessionOptions): Promise<void> {
    cpSync(E2E_WORKSPACE_FIXTURE, this.workspaceDir, { recursive: true });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    this.codeServerTmp = mkdtempSync(join(tmpdir(), 'oc-'));
    const codeServer = await CodeServer.prepare({
      stateDir: join(this.rootDir, 'code-server'),
      workspaceDir: this.workspaceDir,
      env: { ...environmentFor(options.gpu), TMPDIR: this.codeServerTmp, TMP: this.codeServerTmp, TEMP: this.codeServerTmp },
      userSettings: options.userSettings,
      logFile: join(SCREENSHOT_DIR, `code-server-${options.name}.log`),
      ...(options.locale ? { locale: options.locale } : {}),
    });
    this.codeServer = codeServer;
    if (options.locale) codeServer.installLanguagePack(buildLanguagePack(options.locale, this.rootDir), options.locale);
    if (options.vsixPath) codeServer.installExtension(options.vsixPath);
    await codeServer.start();

    const executablePath = chromiumPath();
    if (!executablePath) throw new Error('chromium is not on PATH');
    this.browserTmp = mkdtempSync(join(tmpdir(), 'ob-'));
    this.browser = await launchChromium({ executablePath, profileDir: join(this.rootDir, 'chromium-profile'), tmpDir: this.browserTmp });
    const page = this.browser.pages()[0] ?? (await this.browser.newPage());
    await options.preparePage?.(page);
    this.workbenchOrUndefined = new Workbench(page, SCREENSHOT_DIR);
    const query = Object.entries(options.extraQuery?.(codeServer.port) ?? {})
      .map(([key, value]) => `&${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('');
    await this.workbenchOrUndefined.open(`${codeServer.url}${query}`);
  }

  /**
   * Runs one step of a test. When it throws, the window is saved as `failed-<name>.png` and the
   * workbench's logs (extension host, language server output) are copied next to it before rethrowing.
   */
  async recordingFailure<T>(name: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error: unknown) {
      await this.workbenchOrUndefined?.screenshot(`failed-${name}.png`).catch(() => undefined);
      const logs = join(this.rootDir, 'code-server', 'user-data', 'logs');
      if (existsSync(logs)) cpSync(logs, join(SCREENSHOT_DIR, `logs-${this.name}-${name}`), { recursive: true });
      throw error;
    }
  }

  /** Every log file the workbench has written so far (extension host, output channels, server). */
  logFiles(): string[] {
    const logs = join(this.rootDir, 'code-server', 'user-data', 'logs');
    if (!existsSync(logs)) return [];
    return (readdirSync(logs, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile() && entry.name.endsWith('.log'))
      .map((entry) => join(entry.parentPath, entry.name));
  }

  /** Copies the workbench's logs next to the screenshots, as `logs-<session>-<label>/`. */
  keepLogs(label: string): void {
    const logs = join(this.rootDir, 'code-server', 'user-data', 'logs');
    if (existsSync(logs)) cpSync(logs, join(SCREENSHOT_DIR, `logs-${this.name}-${label}`), { recursive: true });
  }

  /** Stops the browser and code-server (with its whole process group), then removes the temp folder. */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.workbenchOrUndefined = undefined;
    try {
      await browser?.close();
    } finally {
      await this.codeServer?.stop();
      this.codeServer = undefined;
      rmSync(this.rootDir, { recursive: true, force: true });
      if (this.codeServerTmp) rmSync(this.codeServerTmp, { recursive: true, force: true });
      if (this.browserTmp) rmSync(this.browserTmp, { recursive: true, force: true });
    }
  }
}

function environmentFor(gpu: GpuSetup): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A test run from inside VS Code must not hand code-server that editor's IPC hooks.
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_')) delete env[key];
  // Otherwise the server takes the extension host's environment from a login shell, whose profile
  // rebuilds PATH and so would drop (or bring back) the nvidia-smi this test chooses. VS Code skips
  // that step for a server started from its CLI, which this variable says.
  env.VSCODE_CLI = '1';
  const withoutSmi = pathWithout('nvidia-smi');
  if (gpu.kind === 'recorded') {
    env.PATH = [FAKE_NVIDIA_SMI_DIR, withoutSmi].join(delimiter);
    env.OOMLINT_FAKE_SMI_SCENARIO = gpu.scenario;
  } else {
    env.PATH = withoutSmi;
    delete env.OOMLINT_FAKE_SMI_SCENARIO;
  }
  return env;
}
