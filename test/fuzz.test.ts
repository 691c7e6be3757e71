// A short, seeded run of `npm run fuzz` (test/fuzz/): mutated real files through the analysis and
// every fix, random nvidia-smi output through the GPU readout, random edits, requests and garbage
// through the built language server, and mangled real out-of-memory logs through `oomlint explain`.
// Crashes, hangs, ranges outside the document and fixes that break a clean parse fail the suite. Fixes that do not settle are withheld
// by the fix loop (and named as oomlint's bug); the few that mutation still finds are counted here
// and listed as open work rather than hidden by the choice of seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz, type FuzzSummary } from './fuzz/driver';

/** A failure's first line and the command that replays its case. */
function report(seed: number, f: FuzzSummary['failures'][number]): string {
  return `${f.target} case ${f.caseNumber}: ${f.kind}: ${f.detail.split('\n')[0]} (replay: npm run fuzz -- --seed ${seed} --target ${f.target} --case ${f.caseNumber})`;
}

test('fuzzing for 20 seconds finds no crash, hang, stray range or broken parse', async (t) => {
  const summary = await runFuzz({ seconds: 20, seed: 20261123, targets: ['analysis', 'gpu-output', 'lsp'], out: undefined });
  const serious = summary.failures.filter((f) => f.kind !== 'not-converged');
  assert.deepEqual(serious.map((f) => report(summary.seed, f)), []);
  const unsettled = summary.failures.length - serious.length;
  t.diagnostic(`cases ${JSON.stringify(summary.cases)}; fixes withheld for not removing their diagnostic: ${unsettled}`);
  assert.ok(['analysis', 'gpu-output', 'lsp'].every((t) => summary.cases[t]! > 0), 'every target ran');
});

test('fuzzing the explainer for 8 seconds finds no crash, hang, misread message or unbounded read', async (t) => {
  const summary = await runFuzz({ seconds: 8, seed: 20261123, targets: ['explain'], out: undefined });
  assert.deepEqual(summary.failures.map((f) => report(summary.seed, f)), []);
  t.diagnostic(`cases ${JSON.stringify(summary.cases)}`);
  assert.ok(summary.cases.explain! > 0, 'the explain target ran');
});
