// `oomlint check --jobs N`: files checked on worker threads give the same report as on one thread,
// a worker that cannot start turns into reported failures (not a hang), and bad values are usage errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseCliArgs, UsageError, type CheckOptions } from '../server/src/cli/args';
import { planCheck } from '../server/src/cli/check-files';
import { CHECK_WORKER_ROLE } from '../server/src/cli/check-worker-messages';
import { checkInWorkers } from '../server/src/cli/check-workers';
import { checkFile } from '../server/src/cli/file-check';
import { defaultJobs, workerThreadsFor } from '../server/src/cli/jobs';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, GRAMMAR_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const GENERATOR = join(REPO_ROOT, 'out', 'bench', 'corpus', 'generate.js');
const folders: string[] = [];
after(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

function checkOptions(paths: string[]): CheckOptions {
  const command = parseCliArgs(['check', ...paths]);
  assert.equal(command.kind, 'check');
  return command.options;
}

describe('--jobs on the command line', () => {
  test('takes a whole number of threads', () => {
    const command = parseCliArgs(['check', '-j', '3', 'src']);
    assert.ok(command.kind === 'check');
    assert.equal(command.options.jobs, 3);
    const long = parseCliArgs(['check', '--jobs', '1']);
    assert.ok(long.kind === 'check');
    assert.equal(long.options.jobs, 1);
    const unset = parseCliArgs(['check']);
    assert.ok(unset.kind === 'check');
    assert.equal(unset.options.jobs, undefined);
  });

  for (const bad of ['0', '-2', '1.5', 'many', '']) {
    test(`refuses --jobs ${JSON.stringify(bad)}`, () => {
      assert.throws(() => parseCliArgs(['check', '--jobs', bad]), UsageError);
    });
  }

  test('a few small files stay on the main thread', () => {
    const plan = planCheck(checkOptions([join(FIXTURES_DIR, 'cli')]), REPO_ROOT);
    assert.ok(plan.tasks.length > 1);
    assert.equal(workerThreadsFor(plan.tasks, 8), 0);
    assert.equal(workerThreadsFor(plan.tasks, 1), 0);
  });
});

describe('worker threads', () => {
  test('give the same outcome for every file as the main thread, in the same order', async () => {
    const plan = planCheck(checkOptions([join(FIXTURES_DIR, 'cli'), join(FIXTURES_DIR, 'rules'), join(REPO_ROOT, 'examples')]), REPO_ROOT);
    assert.ok(plan.tasks.length >= 10);
    const analyzer = await sharedAnalyzer();
    const expected = plan.tasks.map((task) => checkFile(task, analyzer));
    const actual = await checkInWorkers(plan.tasks, { jobs: 3, workerScript: CLI, workerData: { role: CHECK_WORKER_ROLE, grammarDir: GRAMMAR_DIR } });
    assert.deepEqual(actual, expected);
    assert.ok(actual.some((o) => o.kind === 'checked' && o.diagnostics.length > 0), 'the fixtures have findings');
  });

  test('a worker that cannot load the parser reports each file as failed instead of hanging', async () => {
    const plan = planCheck(checkOptions([join(FIXTURES_DIR, 'cli')]), REPO_ROOT);
    const missing = join(tmpdir(), 'oomlint-no-grammars-here');
    const outcomes = await checkInWorkers(plan.tasks, { jobs: 2, workerScript: CLI, workerData: { role: CHECK_WORKER_ROLE, grammarDir: missing } });
    assert.equal(outcomes.length, plan.tasks.length);
    for (const outcome of outcomes) {
      assert.equal(outcome.kind, 'failed');
      assert.match(outcome.kind === 'failed' ? outcome.failure.message : '', /failed while checking: /);
    }
  });

  test('the CLI prints the same report with --jobs 1 and --jobs 2 on a corpus big enough for threads', () => {
    const root = mkdtempSync(join(tmpdir(), 'oomlint-jobs-'));
    folders.push(root);
    const corpus = join(root, 'corpus');
    const generated = spawnSync(process.execPath, [GENERATOR, '--out', corpus, '--lines', '15000', '--seed', '3'], { encoding: 'utf8' });
    assert.equal(generated.status, 0, generated.stderr);
    // A project setting too, to see that each file's settings reach the workers.
    writeFileSync(join(corpus, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 256\n');
    const plan = planCheck(checkOptions(['.']), corpus);
    assert.ok(workerThreadsFor(plan.tasks, 2) === 2, 'large enough to use two threads');
    const run = (jobs: string) => spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '--jobs', jobs], { cwd: corpus, encoding: 'utf8' });
    const single = run('1');
    const parallel = run('2');
    assert.equal(single.status, 1, single.stderr);
    assert.equal(parallel.status, single.status, parallel.stderr);
    assert.equal(parallel.stderr, single.stderr);
    assert.ok((JSON.parse(single.stdout) as unknown[]).length > 0);
    assert.equal(parallel.stdout, single.stdout);
  });
});

test('without --jobs a check uses half the cores: on two, the main thread alone', () => {
  assert.deepEqual([1, 2, 3, 4, 16].map(defaultJobs), [1, 1, 1, 2, 8]);
});
