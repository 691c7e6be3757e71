// The accuracy set (accuracy/): its labels are well formed, the matching counts what it says,
// and recall and precision measured on it stay at or above the floors in accuracy/floors.json.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LabelError, readAllLabelSets, readFilesManifest, type LabelledFile } from './accuracy/manifest';
import { commitOutcome, matchFile, summarise, type Finding } from './accuracy/matching';
import { measureSet } from './accuracy/measure';
import { sharedAnalyzer } from './support/analyzer';
import { REPO_ROOT } from './support/paths';

const ACCURACY_DIR = join(REPO_ROOT, 'accuracy');

describe('accuracy manifests', () => {
  test('every manifest is well formed: files exist, lines inside them, rules known, commits 40-hex, licence noted', () => {
    const sets = readAllLabelSets(ACCURACY_DIR);
    assert.ok(sets.length > 0, 'no manifest found under accuracy/');
    for (const set of sets) assert.ok(set.files.length > 0, `${set.name} labels no file`);
  });

  test('a malformed label is reported with its manifest and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oomlint-accuracy-'));
    try {
      writeFileSync(join(dir, 'a.py'), 'x = 1\ny = 2\n');
      const sample = (lines: number[], commit = 'a'.repeat(40)) => ({
        id: 'a',
        file: 'a.py',
        source: { repo: 'o/r', commit, path: 'a.py', url: `https://github.com/o/r/blob/${commit}/a.py`, licence: 'MIT' },
        positives: [{ rule: 'OOM001', lines, why: 'w' }],
      });
      const attempt = (content: unknown, labelledRules: unknown = ['OOM001']) => {
        writeFileSync(join(dir, 'm.json'), JSON.stringify({ labelledRules, samples: [content] }));
        return () => readFilesManifest(dir, 'm.json');
      };
      assert.throws(attempt(sample([2, 3])), (e: Error) => e instanceof LabelError && /samples\[0\]\.positives\[0\]\.lines/.test(e.message));
      assert.throws(attempt(sample([1, 2], 'abc')), (e: Error) => e instanceof LabelError && /samples\[0\]\.source\.commit/.test(e.message));
      assert.throws(attempt(sample([1, 2]), []), (e: Error) => e instanceof LabelError && /labelledRules/.test(e.message));
      assert.throws(attempt(sample([1, 2]), ['OOM999']), (e: Error) => e instanceof LabelError && /labelledRules\[0\]/.test(e.message));
      assert.equal(attempt(sample([1, 2]))().files.length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('matching findings to labels', () => {
  const file: LabelledFile = {
    id: 'synthetic',
    path: 'synthetic.py',
    positives: [
      { rule: 'OOM001', lines: [10, 20], why: 'evaluation loop' },
      { rule: 'OOM002', lines: [30, 30], why: 'losses kept' },
      { rule: 'OOM003', lines: [40, 40], why: 'never found', outOfReach: 'defined elsewhere' },
    ],
  };
  const finding = (rule: string, line: number): Finding => ({ rule, line, message: 'm' });
  const match = matchFile(file, [finding('OOM001', 12), finding('OOM001', 18), finding('OOM001', 25), finding('OOM002', 30), finding('OOM001', 30)]);

  test('a finding inside a positive of its rule is a hit; a second one there is a duplicate, not a false positive', () => {
    assert.deepEqual(match.hit.map((p) => p.rule), ['OOM001', 'OOM002']);
    assert.deepEqual(match.duplicates, [finding('OOM001', 18)]);
  });

  test('a finding outside every positive of its rule is a false positive; an unhit positive is a miss', () => {
    assert.deepEqual(match.falsePositives, [finding('OOM001', 25), finding('OOM001', 30)]);
    assert.deepEqual(match.missed.map((p) => p.rule), ['OOM003']);
  });

  test('the figures count hits, misses out of reach, duplicates and false positives apart', () => {
    const { overall, perRule } = summarise([match]);
    assert.equal(overall.positives, 3);
    assert.equal(overall.hits, 2);
    assert.equal(overall.reachablePositives, 2);
    assert.equal(overall.recallInReach, 1);
    assert.equal(overall.findings, 5);
    assert.equal(overall.duplicates, 1);
    assert.equal(overall.falsePositives, 2);
    assert.equal(overall.precision, 3 / 5);
    assert.equal(perRule.get('OOM001')?.precision, 2 / 4);
  });
});

describe('matching in notebooks', () => {
  test('a finding hits a notebook positive only in the positive\'s own cell', () => {
    const file: LabelledFile = { id: 'nb', path: 'nb.ipynb', positives: [{ rule: 'OOM001', cell: 3, lines: [1, 7], why: 'evaluation cell' }] };
    const finding = (cell: number): Finding => ({ rule: 'OOM001', cell, line: 2, message: 'm' });
    const match = matchFile(file, [finding(4), finding(3)]);
    assert.deepEqual(match.hit.map((p) => p.cell), [3]);
    assert.deepEqual(match.falsePositives, [finding(4)]);
  });
});

describe('rules a set was not labelled for', () => {
  test('their findings are counted apart, not as false positives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oomlint-accuracy-'));
    try {
      // An evaluation function without no_grad (OOM001) in a set labelled only for OOM002.
      writeFileSync(join(dir, 'a.py'), 'import torch\n\n\ndef evaluate(model, loader):\n    for x in loader:\n        print(model(x.cuda()))\n');
      const commit = 'a'.repeat(40);
      const source = { repo: 'o/r', commit, path: 'a.py', url: `https://github.com/o/r/blob/${commit}/a.py`, licence: 'MIT' };
      writeFileSync(join(dir, 'm.json'), JSON.stringify({ labelledRules: ['OOM002'], samples: [{ id: 'a', file: 'a.py', source, positives: [] }] }));
      const measured = measureSet(readFilesManifest(dir, 'm.json'), await sharedAnalyzer());
      assert.equal(measured.figures.overall.falsePositives, 0);
      assert.deepEqual([...measured.unscored], [['OOM001', 1]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scoring a fix commit', () => {
  const finding = (rule: string, line: number): Finding => ({ rule, line, message: 'm' });
  const before: LabelledFile = { id: 'c:before', path: 'before.py', positives: [{ rule: 'OOM003', lines: [5, 5], why: 'total += loss' }] };
  const after: LabelledFile = { id: 'c:after', path: 'after.py', positives: [] };
  const commit = { id: 'c', fixedRules: ['OOM003'], pairs: [{ before, after }] };

  test('a hit on a positive of a fixed rule in the before-file catches the commit', () => {
    const outcome = commitOutcome(commit, [{ before: matchFile(before, [finding('OOM003', 5)]), after: matchFile(after, []) }]);
    assert.equal(outcome.caught, true);
    assert.deepEqual(outcome.stillFlagged, []);
  });

  test('a finding of a fixed rule in the after-file counts as still flagged; other rules do not', () => {
    const outcome = commitOutcome(commit, [
      { before: matchFile(before, [finding('OOM001', 5)]), after: matchFile(after, [finding('OOM003', 5), finding('OOM001', 9)]) },
    ]);
    assert.equal(outcome.caught, false);
    assert.deepEqual(outcome.stillFlagged, [finding('OOM003', 5)]);
  });
});

interface Floor {
  recall: number;
  precision: number;
}

describe('accuracy floors', () => {
  const floors = (JSON.parse(readFileSync(join(ACCURACY_DIR, 'floors.json'), 'utf8')) as { sets: Record<string, Floor> }).sets;
  for (const set of readAllLabelSets(ACCURACY_DIR)) {
    const floor = floors[set.name];
    if (!floor) continue;
    test(`recall and precision on accuracy/${set.name} do not fall below its floors`, async () => {
      const { overall } = measureSet(set, await sharedAnalyzer()).figures;
      assert.ok((overall.recall ?? 0) >= floor.recall, `recall ${overall.recall} fell below the floor ${floor.recall}`);
      assert.ok((overall.precision ?? 1) >= floor.precision, `precision ${overall.precision} fell below the floor ${floor.precision}`);
    });
  }
});
