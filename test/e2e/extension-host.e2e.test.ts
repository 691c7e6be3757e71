// The extension-host suite (test/e2e/extension-host/suite.ts) run inside code-server: the extension
// is loaded from the repository as under development, and the suite drives it through the VS Code API.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/paths';
import { runExtensionHostSuite } from './extension-host-runner';
import { SUITE_LOG_PREFIX } from './extension-host/suite-log';
import { missingBrowserOrServer } from './prerequisites';

const SUITE_PATH = join(__dirname, 'extension-host', 'suite.js');

function skipReason(): string | undefined {
  const missing = missingBrowserOrServer();
  if (missing) return missing;
  for (const bundle of ['extension.js', 'server.js']) {
    if (!existsSync(join(REPO_ROOT, 'dist', bundle))) return `dist/${bundle} is not built: run \`npm run build\``;
  }
  return undefined;
}

describe('extension-host suite inside code-server', () => {
  it('runs the suite against the extension under development and it passes', { timeout: 240_000 }, async (t) => {
    const reason = skipReason();
    if (reason) {
      t.skip(reason);
      return;
    }
    const result = await runExtensionHostSuite({
      name: 'extension-host',
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: SUITE_PATH,
      gpu: { kind: 'none' },
      timeoutMs: 180_000,
    });
    const suiteLines = result.log.filter((line) => line.includes(SUITE_LOG_PREFIX));
    for (const line of suiteLines) t.diagnostic(line);
    const failure = result.exitCode === 0 ? '' : result.log.filter((line) => line.startsWith('[error]')).join('\n');
    assert.equal(result.exitCode, 0, `the suite failed:\n${failure}`);
    // Exit code 0 alone would also follow a suite module that never ran its checks.
    assert.ok(
      suiteLines.some((line) => line.includes('checks passed')),
      `the suite never reported its checks:\n${result.log.join('\n')}`,
    );
  });
});
