// The held-out scorer (test/accuracy/heldout.ts) on a synthetic held-out set (test/fixtures/accuracy-heldout),
// and the guards that keep the real held-out set (accuracy/heldout/) out of every other measurement.
// Nothing here analyses accuracy/heldout/: its manifests are only read and checked for form.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { seedFiles } from './fuzz/analysis-target';
import { readHeldoutSets, snapshotAnalysis } from './accuracy/heldout';
import { LabelError, readAllLabelSets, type LabelSet } from './accuracy/manifest';
import { measureSet } from './accuracy/measure';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const SYNTHETIC = join(FIXTURES_DIR, 'accuracy-heldout');
const ACCURACY_DIR = join(REPO_ROOT, 'accuracy');

const byName = (sets: LabelSet[], name: string) => sets.find((s) => s.name === name)!;

/** A scratch copy of the synthetic set whose manifest a test may break. */
function withManifest(path: string, edit: (manifest: Record<string, unknown>) => void, check: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'oomlint-heldout-test-'));
  try {
    cpSync(SYNTHETIC, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, unknown>;
    edit(manifest);
    writeFileSync(join(dir, path), JSON.stringify(manifest));
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Sample = { positives: Array<Record<string, unknown>>; source: Record<string, unknown>; file: string };

describe('reading a held-out set', () => {
  test('files keep their snapshot and notebook positives their cell; a commit keeps every fixed file', () => {
    const sets = readHeldoutSets(SYNTHETIC);
    const files = byName(sets, 'heldout/files/manifest.json');
    const notebook = files.files.find((f) => f.path.endsWith('demo.ipynb'))!;
    assert.deepEqual(notebook.positives.map((p) => [p.cell, p.lines]), [[4, [1, 7]]]);
    assert.equal(notebook.project?.root, join(SYNTHETIC, 'files', 'o__proj'));
    assert.equal(notebook.project?.relativePath, 'demo.ipynb');
    const commits = byName(sets, 'heldout/commits/manifest.json');
    assert.deepEqual(commits.commits.map((c) => c.pairs.map((p) => p.before.project?.relativePath)), [['pkg/validate.py', 'pkg/predict.py']]);
    const after = commits.commits[0]!.pairs[0]!.after;
    assert.equal(after.project?.overlay, true);
    assert.equal(after.project?.root, join(SYNTHETIC, 'commits', 'o__fix__abcdef0', 'repo'));
  });

  test('a notebook positive without its cell, or naming a markdown cell, is refused with its field', () => {
    const broken = (edit: (sample: Sample) => void, field: RegExp) =>
      withManifest('files/manifest.json', (m) => edit((m.samples as Sample[])[1]!), (dir) =>
        assert.throws(() => readHeldoutSets(dir), (e: Error) => e instanceof LabelError && field.test(e.message)),
      );
    broken((s) => delete s.positives[0]!.cell, /samples\[1\]\.positives\[0\]\.cell/);
    broken((s) => (s.positives[0]!.cell = 3), /cell 3 is not a code cell/);
    broken((s) => (s.positives[0]!.lines = [1, 8]), /cell 4's 7 rows/);
  });

  test('a file outside its snapshot, or a source path that is not the file, is refused', () => {
    withManifest('files/manifest.json', (m) => ((m.samples as Sample[])[0]!.source.path = 'evaluation.py'), (dir) =>
      assert.throws(() => readHeldoutSets(dir), /samples\[0\]\.source\.path/),
    );
    withManifest('files/manifest.json', (m) => ((m.samples as Sample[])[0]!.file = 'commits/o__fix__abcdef0/repo/pkg/validate.py'), (dir) =>
      assert.throws(() => readHeldoutSets(dir), /samples\[0\]\.file.*not inside its snapshot/),
    );
  });
});

describe('measuring a held-out set inside its snapshots', () => {
  test('a before-file is analysed in its snapshot; an after-file in a copy where all the commit\'s fixes replace their files', () => {
    const sets = readHeldoutSets(SYNTHETIC);
    const analysis = snapshotAnalysis(sets);
    try {
      const [pair] = byName(sets, 'heldout/commits/manifest.json').commits[0]!.pairs;
      const before = analysis.place(pair!.before);
      assert.equal(before.root, join(SYNTHETIC, 'commits', 'o__fix__abcdef0', 'repo'));
      assert.equal(before.path, pair!.before.path);
      const after = analysis.place(pair!.after);
      assert.notEqual(after.root, before.root);
      assert.equal(relative(after.root, after.path), join('pkg', 'validate.py'));
      assert.equal(readFileSync(after.path, 'utf8'), readFileSync(pair!.after.path, 'utf8'));
      // The other fixed file is in its fixed state too, and the untouched file is there as it was.
      assert.match(readFileSync(join(after.root, 'pkg', 'predict.py'), 'utf8'), /with torch\.no_grad\(\):/);
      assert.ok(existsSync(join(after.root, 'pkg', 'data.py')));
      assert.ok(existsSync(join(after.root, 'LICENSE')));
    } finally {
      analysis.dispose();
    }
  });

  test('findings land on the labels, in notebooks by cell and row, with the rest of the snapshot as the project, and the commit counts as caught and clean after', async () => {
    const sets = readHeldoutSets(SYNTHETIC);
    const analysis = snapshotAnalysis(sets);
    let scratch: string | undefined;
    try {
      const analyzer = await sharedAnalyzer();
      await analysis.prepare(analyzer);
      const files = measureSet(byName(sets, 'heldout/files/manifest.json'), analyzer, analysis.analyse);
      // pkg/agent.py's positive is found only through its caller in pkg/run.py: the snapshot is the project.
      assert.equal(files.figures.overall.positives, 3);
      assert.equal(files.figures.overall.hits, 3);
      assert.equal(files.figures.overall.falsePositives, 0);
      const notebook = files.matches.find((m) => m.file.path.endsWith('demo.ipynb'))!;
      assert.deepEqual(notebook.findings.map((f) => [f.rule, f.cell]), [['OOM001', 4]]);

      const commits = measureSet(byName(sets, 'heldout/commits/manifest.json'), analyzer, analysis.analyse);
      assert.deepEqual(commits.commits.map((c) => [c.caught, c.stillFlagged.length]), [[true, 0]]);
      assert.equal(commits.figures.overall.hits, 2);
      scratch = analysis.place(commits.commits[0]!.commit.pairs[0]!.after).root;
    } finally {
      analysis.dispose();
    }
    assert.ok(scratch && !existsSync(scratch), 'dispose removes the copies made for after-files');
  });
});

describe('the real held-out set stays out of everything but its closing measurement', () => {
  for (const name of ['heldout', 'heldout-2', 'heldout-3', 'heldout-4', 'heldout-5', 'heldout-6', 'heldout-7', 'heldout-8', 'heldout-9', 'heldout-10', 'heldout-11']) {
    test(`${name}: its manifests are well formed (read, never analysed) and meet issue 34's sizes`, () => {
      const dir = join(ACCURACY_DIR, name);
      const sets = readHeldoutSets(dir);
      const files = byName(sets, 'heldout/files/manifest.json');
      const repos = new Set(files.files.map((f) => relative(dir, f.project!.root)));
      assert.ok(files.files.length >= 60, `${files.files.length} labelled files`);
      assert.ok(repos.size >= 15, `${repos.size} repositories`);
      assert.ok(byName(sets, 'heldout/commits/manifest.json').commits.length >= 30);
    });
  }

  test('no tuned manifest and no fuzz seed reaches into a held-out set', () => {
    const inside = (path: string) => /^heldout(-\d+)?$/.test(relative(ACCURACY_DIR, path).split(/[\\/]/)[0]!);
    for (const set of readAllLabelSets(ACCURACY_DIR)) {
      for (const file of set.files) assert.ok(!inside(file.path), `${set.name} names ${file.path}`);
    }
    assert.ok(seedFiles().length > 0);
    assert.deepEqual(seedFiles().filter(inside), []);
  });
});
