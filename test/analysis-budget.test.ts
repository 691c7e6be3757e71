// The work one file may cost (core/budget.ts): a file over a limit gets one message saying which,
// in each language, from the command line and the analysis alike; an analysis stopped part way leaves
// an open document's session as valid as before.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { analyze } from '../server/src/analysis/analyze';
import { AnalysisSession } from '../server/src/analysis/session';
import { countLines, MAX_ANALYSED_LINES, MAX_ANALYSED_NODES, OverBudget, ProcessorTimeBudget, type OverBudgetReason } from '../server/src/core/budget';
import { CATALOGUES } from '../server/src/l10n';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const folder = mkdtempSync(join(tmpdir(), 'oomlint-budget-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

test('lines are counted as the parser counts them', () => {
  assert.equal(countLines(''), 1);
  assert.equal(countLines('a\nb\r\nc\rd'), 4);
  assert.equal(countLines('a\n'), 2);
});

test('every reason is said in every language, with its numbers', () => {
  const reasons: OverBudgetReason[] = [
    { kind: 'lines', count: 300_001, limit: MAX_ANALYSED_LINES },
    { kind: 'nodes', count: 2_000_000, limit: MAX_ANALYSED_NODES },
    { kind: 'parse-time', limitMs: 5_000 },
    { kind: 'analysis-time', limitMs: 8_000 },
  ];
  for (const [locale, messages] of Object.entries(CATALOGUES)) {
    const said = reasons.map((reason) => messages.overBudget({ reason }));
    assert.equal(new Set(said).size, reasons.length, locale);
    for (const text of said) assert.match(text, /\d/, locale);
    assert.ok(messages.notAnalysedOverBudget({ reason: reasons[0]! }).startsWith('oomlint'), locale);
    if (locale !== 'en') assert.notEqual(said[0], CATALOGUES.en.overBudget({ reason: reasons[0]! }));
  }
});

test('a file of too many lines is one E902 line, in the language asked for, and nothing is parsed', () => {
  const path = join(folder, 'letters.py');
  writeFileSync(path, 'a\n'.repeat(MAX_ANALYSED_LINES + 1));
  for (const [lang, words] of [['en', /not analysed: this file has 120,002 lines, more than the 120,000/], ['ru', /не проанализировано/], ['zh-cn', /未分析/]] as const) {
    const run = spawnSync(process.execPath, [CLI, 'check', '--lang', lang, path], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(run.status, 2, run.stderr);
    const lines = (run.stdout + run.stderr).split('\n').filter((l) => l.includes('E902'));
    assert.equal(lines.length, 1, run.stdout + run.stderr);
    assert.match(lines[0]!, words);
  }
});

test('an analysis past its processor time stops with the time it was given', async () => {
  const analyzer = await sharedAnalyzer();
  const root = analyzer.parser.parseToSyntax(TRAIN);
  assert.throws(
    () => analyze(root, TRAIN, { budget: { limitMs: 8_000, exceeded: () => true } }),
    (error: unknown) => error instanceof OverBudget && error.reason.kind === 'analysis-time' && error.reason.limitMs === 8_000,
  );
});

test('a session whose analysis was stopped part way then gives the analysis from scratch', async () => {
  const analyzer = await sharedAnalyzer();
  const root = analyzer.parser.parseToSyntax(TRAIN);
  const expected = analyze(analyzer.parser.parseToSyntax(TRAIN), TRAIN);
  assert.ok(expected.length > 0);
  const session = new AnalysisSession();
  // Stopped at each of its checkpoints in turn: the first, the second, ... until it completes.
  for (let stops = 1; ; stops++) {
    let checkpoints = 0;
    try {
      const run = analyze(root, TRAIN, { session, budget: { limitMs: 1, exceeded: () => ++checkpoints >= stops } });
      assert.deepEqual(run, expected);
      break;
    } catch (error) {
      assert.ok(error instanceof OverBudget, String(error));
    }
    assert.ok(stops < 1000, 'the analysis never completed');
  }
});

test('a processor-time budget reads the processor only for work longer than the clock allows it to skip', () => {
  let wall = 1_000;
  let processor = 500;
  let reads = 0;
  const budget = new ProcessorTimeBudget(8_000, { wallMs: () => wall, processorMs: () => (reads++, processor) });
  wall += 10;
  assert.equal(budget.exceeded(), false);
  assert.equal(reads, 0, 'short work reads no processor time');
  wall += 90;
  processor += 90;
  assert.equal(budget.exceeded(), false);
  assert.equal(reads, 1);
  // A busy machine: 9 s on the clock, 4 s of processor time.
  wall += 8_900;
  processor += 3_910;
  assert.equal(budget.exceeded(), false);
  // The work itself went over: 8.2 s of processor time.
  wall += 4_200;
  processor += 4_200;
  assert.equal(budget.exceeded(), true);
});
