// Finds what the end-to-end test needs (code-server, Chromium, the packaged extension) and says in
// words what is missing, so the test can skip with a reason instead of failing on a bare machine.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { REPO_ROOT } from '../support/paths';

export const CODE_SERVER_BIN = join(REPO_ROOT, '.cache', 'code-server', 'node_modules', '.bin', 'code-server');
export const FAKE_NVIDIA_SMI_DIR = join(REPO_ROOT, 'test', 'fixtures', 'nvidia-smi', 'bin');
export const E2E_WORKSPACE_FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'e2e-workspace');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'e2e');

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `name` in the folders of `searchPath`. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  return searchPath
    .split(delimiter)
    .filter((dir) => dir.length > 0)
    .map((dir) => join(dir, name))
    .find(isExecutable);
}

/** `searchPath` without the folders that hold an executable called `name`. */
export function pathWithout(name: string, searchPath = process.env.PATH ?? ''): string {
  return searchPath
    .split(delimiter)
    .filter((dir) => dir.length > 0 && !isExecutable(join(dir, name)))
    .join(delimiter);
}

/**
 * `oomlint-<version>.vsix` at the repository root, the name `npm run package` gives it, unless the
 * environment names another with OOMLINT_E2E_VSIX.
 */
export function packagedExtensionPath(): string {
  const override = process.env.OOMLINT_E2E_VSIX;
  if (override) return override;
  const manifest: unknown = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string'
      ? manifest.version
      : '0.0.0';
  return join(REPO_ROOT, `oomlint-${version}.vsix`);
}

export function chromiumPath(): string | undefined {
  return findOnPath('chromium');
}

/** Why code-server in Chromium cannot run here, or undefined when it can. */
export function missingBrowserOrServer(): string | undefined {
  if (!isExecutable(CODE_SERVER_BIN)) return 'code-server is not installed: run `node scripts/e2e/install.mjs`';
  if (!chromiumPath()) return 'chromium is not on PATH: run `node scripts/e2e/install.mjs`';
  return undefined;
}

/** Why the test of the packaged extension cannot run here, or undefined when it can. */
export function missingPrerequisite(): string | undefined {
  const missing = missingBrowserOrServer();
  if (missing) return missing;
  const vsix = packagedExtensionPath();
  if (!existsSync(vsix)) return `the packaged extension ${vsix} is missing: run \`npm run package\``;
  return undefined;
}
