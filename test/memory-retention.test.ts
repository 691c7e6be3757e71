// What an open document's analysis keeps from one version for the next must not keep the versions
// themselves. Each version's module node holds its statements; a statement an edit replaced keeps its
// parent, the module node of the last version it was in. Anything kept that holds one version's
// module node or model therefore holds every version after it: the server's heap grew by about 130 KB
// per keystroke at 10,000 lines, without bound.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './support/paths';

test('the analysis of an edited document lets its earlier versions go', () => {
  const probe = join(__dirname, 'support', 'retention-probe.js');
  // A real training script with findings of several rules, so that every kept merge and answer is made.
  const file = join(REPO_ROOT, 'accuracy/files/Diego999__pyGAT/train.py');
  const run = spawnSync(process.execPath, ['--expose-gc', probe, file], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { edits: number; firstRootKept: boolean; replacedStatementsKept: number; stillOpen: boolean };
  assert.equal(report.edits, 8);
  assert.ok(report.stillOpen);
  assert.equal(report.firstRootKept, false, 'the first version\'s module node is still reachable after eight edits');
  assert.equal(report.replacedStatementsKept, 0, 'statements that edits replaced are still reachable');
});
