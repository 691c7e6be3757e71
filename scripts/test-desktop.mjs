// Runs test/desktop/suite in a desktop VS Code: the one VSCODE_EXECUTABLE names, else one that
// @vscode/test-electron downloads. Where neither is possible (no internet) it says so and skips,
// exiting 0, because this suite is an extra over `npm test`, not part of it.
// `node scripts/test-desktop.mjs`   env: VSCODE_EXECUTABLE, VSCODE_VERSION (download, default 1.100.3)
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOWNLOAD_IDLE_TIMEOUT_MS = 15_000;

function build() {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--tests'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('build failed');
    process.exit(result.status ?? 1);
  }
}

async function downloadVSCode() {
  try {
    return await downloadAndUnzipVSCode({
      version: process.env.VSCODE_VERSION ?? '1.100.3',
      cachePath: join(root, '.cache', 'vscode-test'),
      timeout: DOWNLOAD_IDLE_TIMEOUT_MS,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`desktop VS Code not available: ${reason.split('\n')[0]}; skipped`);
    process.exit(0);
  }
}

// A VS Code the caller names must exist: a typo there should fail, not skip.
const named = process.env.VSCODE_EXECUTABLE;
if (named && !existsSync(named)) {
  console.error(`VSCODE_EXECUTABLE names ${named}, which does not exist`);
  process.exit(1);
}
const vscodeExecutablePath = named || (await downloadVSCode());

build();
// A fresh profile, so the user's settings and extensions cannot change the outcome.
const profile = mkdtempSync(join(tmpdir(), 'oomlint-desktop-'));
try {
  await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out', 'test', 'desktop', 'suite', 'index.js'),
    launchArgs: [
      join(root, 'test', 'desktop', 'workspace'),
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      `--user-data-dir=${join(profile, 'user-data')}`,
      `--extensions-dir=${join(profile, 'extensions')}`,
    ],
  });
} catch (error) {
  console.error(`desktop tests failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(profile, { recursive: true, force: true });
}
