// The benchmark's short mode runs end to end, so `npm run bench` cannot rot: every section produces
// figures of the right shape. Timings are not judged here (CI machines are shared and noisy).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT } from './support/paths';

const RUNNER = join(REPO_ROOT, 'out', 'bench', 'run.js');
const folder = mkdtempSync(join(tmpdir(), 'oomlint-bench-smoke-'));
after(() => rmSync(folder, { recursive: true, force: true }));

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is an object`);
  return value as Json;
}

function positive(value: unknown, what: string): number {
  assert.ok(typeof value === 'number' && Number.isFinite(value) && value > 0, `${what} is a positive number (got ${String(value)})`);
  return value as number;
}

test('npm run bench -- --short --passes 2 measures every section, times two passes over the editor edits, and writes the figures', { timeout: 240_000 }, () => {
  const out = join(folder, 'short.json');
  // Two timed passes in the one run (a second run only for --passes cost the test suite 24 s).
  const run = spawnSync(process.execPath, [RUNNER, '--short', '--passes', '2', '--out', out, '--corpus-dir', join(folder, 'corpus')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 230_000,
  });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.ok(existsSync(out));
  assert.ok(run.stdout.includes('the timed edits are 2 more passes over the same edits'), run.stdout);
  for (const heading of ['CLI throughput', 'Editor latency', 'Like for like with ruff', 'Protocol floor', 'Server memory', 'Cold start', 'GPU readout', 'Workspace index', 'Targets']) {
    assert.ok(run.stdout.includes(heading), `the table has "${heading}"`);
  }

  const results = object(JSON.parse(readFileSync(out, 'utf8')), 'results');
  assert.equal(results.mode, 'short');
  const machine = object(results.machine, 'machine');
  positive(machine.cores, 'cores');

  const corpus = object(results.corpus, 'corpus');
  positive(corpus.files, 'corpus files');
  positive(corpus.lines, 'corpus lines');

  const cli = object(results.cli, 'cli');
  for (const name of ['oomlint', 'oomlintSingleThread', 'oomlintFolder', 'ruff', 'parse']) positive(object(cli[name], name).medianMs, `${name} time`);
  assert.equal(object(cli.oomlintFolder, 'oomlintFolder').findings, object(cli.oomlint, 'oomlint').findings, 'the folder walk checks the files named one by one');
  positive(object(cli.oomlint, 'oomlint').findings, 'oomlint findings (the corpus has memory mistakes in it)');
  positive(object(cli.ruff, 'ruff').findings, 'ruff findings');
  const ratios = object(cli.ratios, 'ratios');
  for (const name of ['oomlintToRuff', 'oomlintToParse', 'oomlintSingleThreadToRuff', 'oomlintSingleThreadToParse', 'oomlintFolderToParse']) positive(ratios[name], name);

  assert.ok(Array.isArray(results.editor) && results.editor.length >= 2, 'editor latency at two sizes');
  assert.deepEqual((results.editor as { code: unknown }[]).map((e) => e.code), ['generated', 'generated', 'real'], 'two generated files, then one of real modules');
  for (const size of results.editor as unknown[]) {
    const entry = object(size, 'editor size');
    positive(entry.edits, 'edits');
    assert.equal(entry.passes, 2, 'the two timed passes asked for');
    positive(entry.firstEditMs, 'first edit');
    assert.ok(Number.isInteger(entry.warmUpPasses) && (entry.warmUpPasses as number) >= 1, `warm-up passes: ${String(entry.warmUpPasses)}`);
    positive(object(entry.firstPass, 'first pass').p95, 'first pass p95');
    positive(object(entry.oomlint, 'oomlint latency').p95, 'oomlint p95');
    positive(object(entry.ruff, 'ruff latency').p95, 'ruff p95');
    positive(object(entry.inProcess, 'in-process latency').p95, 'in-process p95');
  }

  const floor = object(results.editorFloor, 'protocol floor');
  assert.equal(floor.edits, 200);
  positive(object(floor.oomlint, 'protocol floor latency').p95, 'protocol floor p95');

  const memory = object(results.memory, 'memory');
  for (const name of ['baselineMB', 'openMB', 'openPeakMB', 'closedMB', 'editedOpenMB', 'editedAfterMB', 'editedToOpen']) positive(memory[name], name);
  assert.ok((memory.openPeakMB as number) >= (memory.openMB as number));

  const cold = object(results.coldStart, 'coldStart');
  positive(cold.serverMedianMs, 'server cold start');
  positive(cold.cliMedianMs, 'CLI cold start');

  const gpu = object(results.gpuReadout, 'gpuReadout');
  positive(object(gpu.longLived, 'longLived').readings, 'long-lived readings');
  positive(object(gpu.spawnPerInterval, 'spawnPerInterval').readings, 'per-interval readings');

  const workspace = object(results.workspace, 'workspace');
  positive(workspace.files, 'workspace files');
  positive(workspace.spawnToIndexedMs, 'workspace indexed');
  assert.equal(workspace.dependentFindingRight, true);
  positive(workspace.refreshMedianMs, 'edit -> dependent diagnostics');
  assert.match(String(workspace.progressEnd), /^\d+ \/ \d+ files$/);

  assert.ok(Array.isArray(results.targets) && results.targets.length > 0, 'targets are listed');
});

test('npm run bench refuses a count of passes that is not at least one', () => {
  const refused = spawnSync(process.execPath, [RUNNER, '--short', '--only', 'editor', '--passes', '0', '--out', join(folder, 'refused.json')], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 });
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /--passes: a whole number of at least 1, not "0"/);
});

test('the query profile of edits lists the queries worked out per edit, and refuses what it does not know', { timeout: 120_000 }, () => {
  const profiler = join(REPO_ROOT, 'out', 'bench', 'query-profile.js');
  const run = spawnSync(process.execPath, [profiler, '1000'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 110_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /generated file of 1000 lines, 40 edits after 2 passes of warm-up/);
  const total = /analysis ([\d.]+) ms per edit, of which in queries ([\d.]+) ms/.exec(run.stdout);
  assert.ok(total, run.stdout);
  assert.ok(Number(total[2]) > 0 && Number(total[2]) <= Number(total[1]), 'the time in queries is part of the analysis time');
  // Every edit classifies the forward calls of the statement it changed.
  assert.match(run.stdout, /^ +[\d.]+ +[\d.]+ +forward calls$/m);
  const refused = spawnSync(process.execPath, [profiler, '12'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 });
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /"12" is not one of 1000, 10000, 50000, real, corpus/);
  const badCount = spawnSync(process.execPath, [profiler, '1000'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000, env: { ...process.env, SHOWN: 'all' } });
  assert.equal(badCount.status, 1);
  assert.match(badCount.stderr, /SHOWN must be a whole number of at least 1, not "all"/);
});
