// Runs the compiled test files under out/test with Node's built-in runner, each file in its own
// process: the unit and in-process files several at a time, then the end-to-end files (a real VS Code
// in Chromium each) one at a time. Each file's report is printed whole when it ends, followed by the
// slowest files. Every run gets a temporary folder of its own (TMPDIR); whatever a test leaves there
// is listed and fails the run, then removed.
//
//   node scripts/run-tests.mjs [--unit] [--jobs N] [substring ...]
//
// --unit (`npm run test:unit`) leaves out the end-to-end files and the two harness runs (the bench's
// short mode and 20 s of fuzzing), for a quick loop; substrings pick the files whose path contains one.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const unitOnly = args.includes('--unit');
const jobsFlag = args.indexOf('--jobs');
// Files mostly wait on child processes (language servers, the CLI), so one more than the cores helps.
const jobs = jobsFlag >= 0 ? Number(args[jobsFlag + 1]) : availableParallelism() + 1;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--jobs');
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('--jobs needs a positive whole number');
  process.exit(2);
}

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return path.endsWith('.test.js') ? [path] : [];
  });
}

const all = testFiles(join(root, 'out', 'test')).filter((f) => !only.length || only.some((o) => f.includes(o)));
const isEndToEnd = (file) => file.endsWith('.e2e.test.js');
/** Whole harness runs: `npm test` has them, the quick loop does not. */
const HARNESS_RUNS = ['bench-smoke.test.js', 'fuzz.test.js'];
const isHarnessRun = (file) => HARNESS_RUNS.some((name) => file.endsWith(`/${name}`));
const unit = all.filter((f) => !isEndToEnd(f) && !(unitOnly && isHarnessRun(f)));
const endToEnd = unitOnly ? [] : all.filter(isEndToEnd);
if (!unit.length && !endToEnd.length) {
  console.error(`no test files match ${only.join(', ') || '(all)'}: run \`node scripts/build.mjs --tests\` first`);
  process.exit(2);
}

const FIXED_SEED_MODULE = join(root, 'out', 'test', 'support', 'fixed-seed.js');
const runTmp = mkdtempSync(join(tmpdir(), 'oomlint-test-run-'));
const started = performance.now();
const results = [];

/** Runs one test file in its own Node process; resolves with its result once it ends. */
function runFile(file) {
  return new Promise((resolve) => {
    const fileStarted = performance.now();
    // Property tests run one fixed seed (test/support/fixed-seed.ts): the same cases every run.
    const child = spawn(process.execPath, ['--require', FIXED_SEED_MODULE, '--test', '--test-reporter=spec', file], {
      cwd: root,
      env: { ...process.env, TMPDIR: runTmp, TMP: runTmp, TEMP: runTmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const result = { file: relative(root, file), ok: code === 0, code, signal, seconds: (performance.now() - fileStarted) / 1000 };
      results.push(result);
      const status = result.ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${result.file}: ${status} in ${result.seconds.toFixed(1)} s\n${output}`);
      resolve(result);
    });
  });
}

async function runPool(files, width) {
  const queue = [...files];
  const workers = Array.from({ length: Math.min(width, queue.length) }, async () => {
    while (queue.length) await runFile(queue.shift());
  });
  await Promise.all(workers);
}

/** What the tests left in the run's temporary folder, as paths relative to it (two levels deep). */
function leftovers() {
  return readdirSync(runTmp).flatMap((name) => {
    const path = join(runTmp, name);
    try {
      if (statSync(path).isDirectory()) return [`${name}/ (${readdirSync(path).slice(0, 3).join(', ') || 'empty'})`];
    } catch {
      // Gone meanwhile.
    }
    return [name];
  });
}

// Longest first, from the last run's times where there are some, so the pool does not end on one long file.
const lastTimes = (() => {
  try {
    return new Map(JSON.parse(readFileSync(join(root, 'test-output', 'test-times.json'), 'utf8')).map((r) => [r.file, r.seconds]));
  } catch {
    return new Map();
  }
})();
const byLastTime = (a, b) => (lastTimes.get(relative(root, b)) ?? 0) - (lastTimes.get(relative(root, a)) ?? 0);

await runPool([...unit].sort(byLastTime), jobs);
// Each end-to-end file starts code-server and Chromium: one at a time, after the rest.
await runPool(endToEnd, 1);

const left = leftovers();
rmSync(runTmp, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok);
const seconds = (performance.now() - started) / 1000;
console.log(`\n══ ${results.length} test files in ${seconds.toFixed(1)} s (${jobs} at a time, end-to-end files one at a time)`);
console.log('slowest:');
for (const r of [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 8)) console.log(`  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`);
mkdirSync(join(root, 'test-output'), { recursive: true });
// Merged with the last run's, so a run of a few files keeps the others' times for ordering.
for (const { file, seconds: s } of results) lastTimes.set(file, Math.round(s * 10) / 10);
writeFileSync(join(root, 'test-output', 'test-times.json'), `${JSON.stringify([...lastTimes].map(([file, s]) => ({ file, seconds: s })), null, 1)}\n`);
if (left.length) console.log(`\nleft in the temporary folder by the tests (a test that does not clean up after itself):\n  ${left.join('\n  ')}`);
if (failed.length) console.log(`\nfailed:\n  ${failed.map((r) => r.file).join('\n  ')}`);
process.exit(failed.length || left.length ? 1 : 0);
