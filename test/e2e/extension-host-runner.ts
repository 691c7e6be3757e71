// Runs an extension test suite inside code-server's extension host, as VS Code's own browser
// integration tests do: the workbench URL's `payload` names the extension under development and the
// suite module, and the workbench reports the suite's console and exit code through two functions it
// looks for on the page (`codeAutomationLog`, `codeAutomationExit`).
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { E2ESession, type GpuSetup } from './harness';

export interface ExtensionHostRunOptions {
  name: string;
  /** Folder with the extension's package.json (its `main` must be built). */
  extensionDevelopmentPath: string;
  /** The compiled suite module exporting `run(): Promise<void>`. */
  extensionTestsPath: string;
  gpu: GpuSetup;
  timeoutMs: number;
}

export interface ExtensionHostRunResult {
  exitCode: number;
  /** What the workbench and the suite logged, one entry per call. */
  log: string[];
}

/** A folder on the code-server machine, as the workbench addresses it. */
function remoteUri(port: number, path: string): string {
  return `vscode-remote://127.0.0.1:${port}${pathToFileURL(path).pathname}`;
}

function describeLogArgument(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export async function runExtensionHostSuite(options: ExtensionHostRunOptions): Promise<ExtensionHostRunResult> {
  const log: string[] = [];
  let reportExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (reportExit = resolve));
  const exposeAutomation = async (page: Page): Promise<void> => {
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => {
      const parts = Array.isArray(args) ? args.map(describeLogArgument) : [describeLogArgument(args)];
      log.push(`[${String(type)}] ${parts.join(' ')}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => reportExit(typeof code === 'number' ? code : 1));
  };
  const session = await E2ESession.start({
    name: options.name,
    gpu: options.gpu,
    preparePage: exposeAutomation,
    extraQuery: (port) => ({
      payload: JSON.stringify([
        ['extensionDevelopmentPath', remoteUri(port, options.extensionDevelopmentPath)],
        ['extensionTestsPath', remoteUri(port, options.extensionTestsPath)],
      ]),
    }),
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the suite did not finish within ${options.timeoutMs} ms; log:\n${log.join('\n')}`)),
        options.timeoutMs,
      );
    });
    const exitCode = await Promise.race([exited, timedOut]);
    return { exitCode, log };
  } finally {
    clearTimeout(timer);
    await session.close();
  }
}
