// The programs in test/torch/fix-check/ each hold a pattern that grows or inflates CUDA memory; next
// to them are the versions that `oomlint check --fix` (safe fixes) and `--fix --unsafe-fixes` (all
// fixes) write. Those versions must stay what oomlint writes today (UPDATE_SNAPSHOTS=1 rewrites them),
// and where a GPU recording of them exists (test/fixtures/gpu-measurements/h200-fix-check.json, made
// by test/torch/fix-check/run_fix_check.py), it must be of these very texts and show what the docs
// claim: as written, each program runs out of memory under a cap that its fixed versions fit in.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixText } from '../server/src/cli/fix-file';
import { OOM007 } from '../server/src/rules/autograd/OOM007-eval-outputs-kept-on-gpu';
import { translatedRuleDocs } from '../server/src/rules/l10n';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const DIR = join(REPO_ROOT, 'test', 'torch', 'fix-check');
const PROGRAMS = readdirSync(DIR).filter((name) => name.endsWith('.py') && name !== 'run_fix_check.py').sort();
const VARIANTS = [
  { folder: 'fixed-safe', unsafe: false, label: 'safe fixes' },
  { folder: 'fixed-all', unsafe: true, label: 'all fixes' },
] as const;
const RECORDING = join(FIXTURES_DIR, 'gpu-measurements', 'h200-fix-check.json');

interface Run {
  outcome: string;
  peak_bytes?: number;
  text: string;
}
type Entry = Record<string, Run | number>;

/** The recorded programs, by file name. */
function recordedPrograms(): Record<string, Entry> {
  return (JSON.parse(readFileSync(RECORDING, 'utf8')) as { programs: Record<string, Entry> }).programs;
}

/** A reader of one program's runs, by variant ('as written', 'all fixes, capped', ...). */
function runsOf(entry: Entry): (variant: string) => Run & { seconds: number } {
  return (variant) => entry[variant] as Run & { seconds: number };
}

test('the fixed versions of the GPU programs are what oomlint writes today', async () => {
  assert.ok(PROGRAMS.length >= 5, `programs: ${PROGRAMS.join(', ')}`);
  const analyzer = await sharedAnalyzer();
  for (const name of PROGRAMS) {
    const text = readFileSync(join(DIR, name), 'utf8');
    for (const variant of VARIANTS) {
      const outcome = fixText({
        text,
        analyse: (t) => analyzer.analyzeText(t, { path: name }),
        parse: (t) => analyzer.parser.parseToSyntax(t),
        selection: { unsafe: variant.unsafe },
      });
      const path = join(DIR, variant.folder, name);
      if (outcome.kind !== 'fixed') {
        // Nothing to apply at this level (OOM008's fix is unsafe): no version to measure.
        assert.equal(outcome.kind, 'unchanged', `${name} with ${variant.label}`);
        if (process.env.UPDATE_SNAPSHOTS) rmSync(path, { force: true });
        assert.ok(!existsSync(path), `${variant.folder}/${name} is stale: UPDATE_SNAPSHOTS=1 removes it`);
        continue;
      }
      if (process.env.UPDATE_SNAPSHOTS) {
        mkdirSync(join(DIR, variant.folder), { recursive: true });
        writeFileSync(path, outcome.text);
      }
      assert.equal(readFileSync(path, 'utf8'), outcome.text, `${variant.folder}/${name} is stale: UPDATE_SNAPSHOTS=1 rewrites it`);
    }
  }
});

test('the GPU recording ran these texts, and each program ran out of memory as written under a cap its fixed versions fit in', (t) => {
  if (!existsSync(RECORDING)) {
    t.skip('no GPU recording of the fix-check programs');
    return;
  }
  const programs = recordedPrograms();
  assert.deepEqual(Object.keys(programs).sort(), PROGRAMS);
  const stale = 're-record on a GPU (bash scripts/gpu-evidence.sh) or restore the texts that were measured';
  for (const name of PROGRAMS) {
    const run = runsOf(programs[name]!);
    assert.equal(run('as written').text, readFileSync(join(DIR, name), 'utf8'), `${name} changed since it was measured: ${stale}`);
    for (const variant of VARIANTS) {
      if (!existsSync(join(DIR, variant.folder, name))) continue;
      assert.equal(run(variant.label).text, readFileSync(join(DIR, variant.folder, name), 'utf8'), `${variant.folder}/${name} changed since it was measured: ${stale}`);
    }
    assert.equal(run('all fixes, capped').outcome, 'completed', `${name} with all fixes under the cap`);
    assert.ok(run('as written').peak_bytes! > run('all fixes').peak_bytes!, `${name}: the fixes lower the peak`);
    if (name === 'load_checkpoint.py') {
      // One checkpoint held once: the fix saves its size (16 layers of 4096 x 4096 floats, 1 GiB),
      // less than the fifth of the peak that the cap leaves, so here the cap proves nothing.
      assert.ok(run('as written').peak_bytes! - run('all fixes').peak_bytes! >= 2 ** 30, `${name}: the fix saves the checkpoint's size`);
    } else {
      assert.equal(run('as written, capped').outcome, 'out of memory', `${name} as written under the cap`);
    }
  }
});

test("OOM007's page quotes the recording's price of moving outputs to the CPU, in every language", () => {
  if (!existsSync(RECORDING)) return;
  const run = runsOf(recordedPrograms()['eval_keeps_outputs.py']!);
  const quoted = [
    `${(run('safe fixes').peak_bytes! / 2 ** 30).toFixed(2)} GiB`,
    `${(run('all fixes').peak_bytes! / 2 ** 30).toFixed(2)} GiB`,
    `${run('all fixes').seconds.toFixed(1)} s`,
    `${run('safe fixes').seconds.toFixed(1)} s`,
  ];
  const pages = [OOM007.meta.doc.whyIsThisBad, translatedRuleDocs('zh-cn').OOM007?.whyIsThisBad ?? '', translatedRuleDocs('ru').OOM007?.whyIsThisBad ?? ''];
  for (const [index, page] of pages.entries()) {
    for (const number of quoted) assert.ok(page.replace(/\s+/g, ' ').includes(number), `OOM007 (${['en', 'zh-cn', 'ru'][index]}): ${number}`);
  }
});
