// The differential harness: every program of test/fix-safety/programs runs as written, with
// oomlint's safe fixes and with all fixes (applied by the built CLI), and each fix level's outcome
// must be the one expected.json records: "identical" means the same results bit for bit and no
// more memory kept alive (less where a fix claimed a saving). Whatever expected.json says, no safe
// fix may break a program, change its results or keep more memory alive (UPDATE_SNAPSHOTS=1
// rewrites the outcomes and keeps each `why`). Skipped when no Python can import torch.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pythonAvailable } from '../support/python';
import { findPythonWithTorch } from '../torch/find-python-with-torch';
import { EXPECTED_PATH, HARNESS_DIR, listPrograms, observedExpectation, prepare, PROGRAMS_DIR, readExpected, runPrepared, type Expectation, type Program } from './harness';

/** The issue asks for at least this many programs. */
const MIN_PROGRAMS = 40;
/** Outcomes a safe fix may have once the analysis is right. */
const SAFE_OUTCOMES = new Set(['unchanged', 'identical']);
/** Outcomes a safe fix may never have, whatever expected.json records: it changed what the program does. */
const SAFE_NEVER = new Set(['breaks', 'changes-results', 'more-memory']);

const python = findPythonWithTorch();
const skip = python ? false : 'no Python that can import torch (set OOMLINT_PYTHON, or run scripts/install-torch.sh)';
if (!python) console.log(`fix safety skipped: ${skip}`);

/** The text of a program's entry file: a single file, or a project's main.py. */
function entryText(program: Program): string {
  return readFileSync(program.kind === 'file' ? join(PROGRAMS_DIR, program.name) : join(PROGRAMS_DIR, program.name, program.entry), 'utf8');
}

test('the corpus has enough programs, each reporting results and measures, each with an expectation that says why', () => {
  const programs = listPrograms();
  assert.ok(programs.length >= MIN_PROGRAMS, `${programs.length} programs, at least ${MIN_PROGRAMS} wanted`);
  const expected = readExpected();
  assert.deepEqual(Object.keys(expected).sort(), programs.map((p) => p.name).sort(), 'expected.json lists exactly the programs');
  for (const program of programs) {
    const text = entryText(program);
    assert.match(text, /FIX_SAFETY_DEVICE/, `${program.name} reads its device from FIX_SAFETY_DEVICE`);
    assert.match(text, /probe\.record\(/, `${program.name} records its results`);
    assert.ok(expected[program.name]!.why.trim().length > 0, `${program.name}: expected.json says why`);
  }
});

test("the runner's judge gives each outcome its rule, on made-up runs", { skip: pythonAvailable() ? false : 'no python3 on PATH' }, () => {
  const result = spawnSync('python3', ['judge_checks.py'], { cwd: HARNESS_DIR, encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /judge checks passed/);
});

test('each program keeps its results under the safe fixes, or breaks exactly as expected.json records', { skip, timeout: 900_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'oomlint-fix-safety-'));
  try {
    const started = performance.now();
    const manifest = await prepare(root);
    const prepared = performance.now();
    const report = await runPrepared(python!, root, join(root, 'results.json'));
    const ran = performance.now();
    const failedAsWritten = Object.entries(report.programs).filter(([, entry]) => entry['failed as written']);
    assert.deepEqual(failedAsWritten.map(([name, entry]) => `${name}: ${entry['failed as written']}`), [], 'every program runs as written');
    const instrumented = Object.entries(report.programs).filter(([, entry]) => entry.control !== 'same');
    assert.deepEqual(instrumented.map(([name, entry]) => `${name}: ${entry.control}`), [], 'the census and measure() change nothing the programs record');

    const expected = readExpected();
    const observed: Record<string, Expectation> = {};
    for (const program of manifest.programs) {
      observed[program.name] = observedExpectation(report.programs[program.name]!, expected[program.name]?.why ?? '');
    }
    const lines = Object.entries(observed).map(([name, o]) => `  ${name.padEnd(36)} safe: ${o.safe.padEnd(16)} unsafe: ${o.unsafe.padEnd(16)} ${o.safeDetail ?? o.unsafeDetail ?? ''}`);
    const unsafeSafe = Object.values(observed).filter((o) => !SAFE_OUTCOMES.has(o.safe)).length;
    console.log(`fix safety on ${report.device} with torch ${report.torch}: ${manifest.programs.length} programs, ${unsafeSafe} whose safe fixes are neither unchanged nor identical\n${lines.join('\n')}`);
    console.log(`fix safety timings: copies and fixes ${((prepared - started) / 1000).toFixed(1)} s, runs ${((ran - prepared) / 1000).toFixed(1)} s (runner ${report.seconds} s)`);

    if (process.env.UPDATE_SNAPSHOTS) writeFileSync(EXPECTED_PATH, JSON.stringify(observed, null, 2) + '\n');
    const differences = Object.entries(observed).flatMap(([name, o]) => {
      const { why: _why, ...now } = o;
      const { why: _was, ...then } = expected[name] ?? { why: '' };
      return JSON.stringify(now) === JSON.stringify(then) ? [] : [`${name}: expected ${JSON.stringify(then)}, observed ${JSON.stringify(now)}`];
    });
    assert.deepEqual(differences, [], 'outcomes differ from expected.json (UPDATE_SNAPSHOTS=1 rewrites it; then say why for each change)');
    const broken = Object.entries(observed).filter(([, o]) => SAFE_NEVER.has(o.safe)).map(([name, o]) => `${name}: ${o.safe} ${o.safeDetail ?? ''}`);
    assert.deepEqual(broken, [], 'safe fixes must keep every program\'s results and memory');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
