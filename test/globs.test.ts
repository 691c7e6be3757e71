// Globs for `exclude` and `per-file-ignores`: the usual meanings, and time that stays proportional to
// the pattern and the name whatever a cloned repository writes (a backtracking matcher took minutes
// on `*a*a*a*a*a*a*a*a*a*a*a*b` against a long name).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compileGlob, matchesGlobOrParent } from '../server/src/config/globs';
import { REPO_ROOT } from './support/paths';

describe('glob meanings', () => {
  const cases: [string, string, boolean][] = [
    ['*.py', 'train.py', true],
    ['*.py', 'src/deep/train.py', true],
    ['keep_*.py', 'keep_this.py', true],
    ['keep_*.py', 'drop_this.py', false],
    ['data/generated/*.py', 'data/generated/a.py', true],
    ['data/generated/*.py', 'data/generated/sub/a.py', false],
    ['data/**/*.py', 'data/generated/sub/a.py', true],
    ['data/**/*.py', 'data/a.py', true],
    ['**/test_*.py', 'a/b/test_x.py', true],
    ['third_party/**', 'third_party/x/y.py', true],
    ['model?.py', 'model1.py', true],
    ['model?.py', 'model12.py', false],
    ['[ab]*.py', 'b_x.py', true],
    ['[!ab]*.py', 'b_x.py', false],
    ['*.{py,pyi}', 'x.pyi', true],
    ['*.{py,pyi}', 'x.txt', false],
    ['.*', '.hidden', true],
    ['*', 'a/b', true],
  ];
  for (const [pattern, path, expected] of cases) {
    test(`${pattern} ${expected ? 'matches' : 'does not match'} ${path}`, () => {
      assert.equal(compileGlob(pattern)(path), expected);
    });
  }

  test('a folder pattern covers the files inside it', () => {
    assert.equal(matchesGlobOrParent('build', 'build/lib/x.py'), true);
    assert.equal(matchesGlobOrParent('notebooks/**', 'notebooks/a/b.py'), true);
    assert.equal(matchesGlobOrParent('docs', 'src/x.py'), false);
  });
});

test('pathological patterns finish at once', () => {
  // In a child process with a deadline far above what a linear matcher needs (milliseconds): the
  // backtracking matcher this replaced needed about two minutes per name here.
  const script = `
    const { compileGlob } = require(${JSON.stringify(join(REPO_ROOT, 'out', 'server', 'src', 'config', 'globs.js'))});
    const name = 'a'.repeat(4000);
    let hits = 0;
    for (const pattern of ['*a*a*a*a*a*a*a*a*a*a*a*b', '**/*a*a*a*a*a*a*a*a*a*a*a*b', '{*a,*a*a}*a*a*a*a*a*a*a*b']) {
      if (compileGlob(pattern)(name) || compileGlob(pattern)('x/' + name)) hits++;
    }
    process.stdout.write(String(hits));
  `;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(result.error, undefined, 'finished');
  assert.equal(result.stdout, '0');
});
