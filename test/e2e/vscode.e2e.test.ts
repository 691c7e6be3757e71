// The packaged extension (.vsix) installed in a real VS Code (code-server) and used through headless
// Chromium as a user would: squiggles and the Problems panel, a quick fix saved to disk, and the GPU
// memory readout in the status bar, with and without nvidia-smi. Screenshots go to test-output/e2e/.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../support/paths';
import { waitForFileText } from './file-watch';
import { E2ESession, type SessionOptions } from './harness';
import { E2E_WORKSPACE_FIXTURE, missingPrerequisite, packagedExtensionPath } from './prerequisites';
import type { Workbench } from './workbench';

const STEP_TIMEOUT_MS = 60_000;
const GPU_SCENARIO = 'h100-training';
/** Where the stand-in nvidia-smi reads the scenario from. */
const GPU_SCENARIO_CSV = join(REPO_ROOT, 'test', 'fixtures', 'nvidia-smi', 'scenarios', GPU_SCENARIO, 'gpu.csv');

/** The status texts the scenario's recorded readings can produce ("used/total GiB", one decimal). */
function expectedGpuReadouts(): Set<string> {
  const readouts = new Set<string>();
  for (const line of readFileSync(GPU_SCENARIO_CSV, 'utf8').split('\n')) {
    const fields = line.split(',').map((field) => field.trim());
    if (fields.length < 5) continue;
    const [usedMiB, totalMiB] = [Number(fields[3]), Number(fields[4])];
    readouts.add(`${(usedMiB / 1024).toFixed(1)}/${(totalMiB / 1024).toFixed(1)} GiB`);
  }
  return readouts;
}

function gpuNamesOfScenario(): Set<string> {
  return new Set(
    readFileSync(GPU_SCENARIO_CSV, 'utf8')
      .split('\n')
      .map((line) => line.split(',')[2]?.trim())
      .filter((name): name is string => Boolean(name)),
  );
}

const SUITE_TITLE = 'packaged extension in VS Code (code-server + Chromium)';
const missing = missingPrerequisite();

/**
 * Starts a session before the suite's tests and closes it after them; `step` runs a test body against
 * it, saving a screenshot and the logs when the body fails.
 */
function sessionForSuite(options: SessionOptions): <T>(name: string, body: (wb: Workbench, session: E2ESession) => Promise<T>) => Promise<T> {
  let session: E2ESession | undefined;
  before(async () => {
    session = await E2ESession.start(options);
  });
  after(async () => {
    await session?.close();
  });
  return (name, body) => {
    const started = session;
    assert.ok(started, 'the session did not start');
    return started.recordingFailure(name, () => body(started.workbench, started));
  };
}

if (missing) {
  // Counted as a skipped test, with the reason, rather than vanishing from the report.
  it(SUITE_TITLE, (t) => {
    t.skip(missing);
  });
} else {
  describe(SUITE_TITLE, () => {
    describe('with the recorded H100 nvidia-smi on PATH', () => {
      const step = sessionForSuite({
        name: 'h100',
        gpu: { kind: 'recorded', scenario: GPU_SCENARIO },
        vsixPath: packagedExtensionPath(),
      });

      it('shows warning squiggles in train.py and lists OOM001 and OOM003 in Problems', { timeout: 120_000 }, () =>
        step('diagnostics', async (wb) => {
          await wb.openFile('train.py');
          await wb.editor().locator('.squiggly-warning').first().waitFor({ timeout: STEP_TIMEOUT_MS });
          await wb.openProblems();
          const rows = await wb.waitForProblems(
            (labels) => ['OOM001', 'OOM003'].every((code) => labels.some((label) => label.includes(code))),
            'OOM001 and OOM003',
          );
          await wb.screenshot('01-diagnostics.png');
          assert.ok(rows.some((label) => label.includes('OOM003') && /line 8\b/i.test(label)), rows.join('\n'));
          assert.ok(rows.some((label) => label.includes('OOM001') && /line 14\b/i.test(label)), rows.join('\n'));
        }));

      it('applies the preferred quick fix on `total_loss += loss`, saves it, and the diagnostic goes', { timeout: 120_000 }, () =>
        step('quick-fix', async (wb, session) => {
          const trainPy = join(session.workspaceDir, 'train.py');
          await wb.goToLine(8, 9);
          const titles = await wb.openQuickFixMenu();
          // VS Code focuses the preferred fix, which the server sets on the safe one: detach the loss.
          const focused = await wb.focusedQuickFix();
          await wb.screenshot('02-quick-fix-menu.png');
          assert.match(focused, /\.detach\(\)/, `menu: ${titles.join(' | ')}`);
          assert.ok(titles.some((title) => /\(unsafe\)/.test(title)), `no unsafe alternative in: ${titles.join(' | ')}`);
          await wb.acceptFocusedQuickFix();
          await wb.save();
          const saved = await waitForFileText(trainPy, (text) => text.includes('total_loss += loss.detach()\n'), STEP_TIMEOUT_MS);
          await wb.waitForProblems(
            (labels) => !labels.some((label) => label.includes('OOM003')) && labels.some((label) => label.includes('OOM001')),
            'OOM003 gone and OOM001 still there',
          );
          await wb.screenshot('03-after-fix.png');
          // Only the flagged line changed.
          const fixture = readFileSync(join(E2E_WORKSPACE_FIXTURE, 'train.py'), 'utf8');
          assert.equal(saved, fixture.replace('total_loss += loss\n', 'total_loss += loss.detach()\n'));
        }));

      it('shows the GPU memory readout in the status bar, with a tooltip', { timeout: 120_000 }, () =>
        step('gpu-status', async (wb) => {
          const readouts = expectedGpuReadouts();
          const item = wb.statusBarItem(/\d+\.\d\/\d+\.\d GiB/);
          await item.waitFor({ timeout: STEP_TIMEOUT_MS });
          const text = (await item.innerText()).trim();
          await wb.screenshot('04-gpu-status.png');
          assert.ok(readouts.has(text), `status bar shows "${text}"; the recorded readings give ${[...readouts].join(', ')}`);
          const tooltip = await wb.hoverTooltip(item);
          await wb.screenshot('05-gpu-tooltip.png');
          for (const name of gpuNamesOfScenario()) assert.ok(tooltip.includes(name), `tooltip lacks "${name}":\n${tooltip}`);
        }));
    });

    describe('without nvidia-smi on PATH', () => {
      const step = sessionForSuite({ name: 'no-gpu', gpu: { kind: 'none' }, vsixPath: packagedExtensionPath() });

      it('shows the "No GPU" state in the status bar, with a tooltip', { timeout: 120_000 }, () =>
        step('no-gpu', async (wb) => {
          // The extension activates on Python files.
          await wb.openFile('train.py');
          const item = wb.statusBarItem(/No GPU/);
          await item.waitFor({ timeout: STEP_TIMEOUT_MS });
          const tooltip = await wb.hoverTooltip(item);
          await wb.screenshot('06-no-gpu.png');
          assert.match(tooltip, /nvidia-smi/i);
          assert.equal(await wb.statusBarItem(/\d+\.\d\/\d+\.\d GiB/).count(), 0);
        }));
    });
  });
}
