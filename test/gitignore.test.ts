// `.gitignore` as git reads it: random patterns over a random tree of files, with the files git itself
// lists as not ignored (`git ls-files --others --exclude-standard`) as the expected answer; and the
// shapes that took a backtracking translation minutes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { discoverPythonFiles } from '../server/src/project/discover-files';
import { Gitignore, MAX_WILDCARD_CHARACTERS } from '../server/src/config/gitignore';

const gitWorks = spawnSync('git', ['--version']).status === 0;
const scratch = mkdtempSync(join(tmpdir(), 'oomlint-gitignore-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A small deterministic generator, so a failing case can be replayed by its number. */
function generator(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

const NAMES = ['a', 'b', 'ab', 'x.py', 'a.py', '.h', 'b[1]', 'sp ace'];
const PATTERN_PIECES = ['a', 'b', 'x', '.py', '*', '**', '?', '/', '[ab]', '[!a]', '[a-b]', '[[:alpha:]]', '\\*', '.', ' ', '\\ ', '[1]', '\\[1]'];

function randomPattern(pick: (n: number) => number): string {
  let pattern = pick(4) === 0 ? '!' : pick(6) === 0 ? '/' : '';
  const pieces = 1 + pick(5);
  for (let i = 0; i < pieces; i++) pattern += PATTERN_PIECES[pick(PATTERN_PIECES.length)];
  if (pick(4) === 0) pattern += '/';
  return pattern;
}

/** Paths of files in a random tree at most four folders deep; every file ends in .py so the walk looks at it. */
function randomTree(pick: (n: number) => number): string[] {
  const files = new Set<string>();
  for (let count = 3 + pick(10); files.size < count; ) {
    const depth = pick(4);
    const parts = Array.from({ length: depth }, () => NAMES[pick(NAMES.length)]!.replace('.py', ''));
    files.add([...parts, `${NAMES[pick(NAMES.length)]!.replace('.py', '')}.py`].join('/'));
  }
  // A file may not share its name with a folder.
  const folders = new Set([...files].flatMap((f) => f.split('/').slice(0, -1).map((_, i, all) => all.slice(0, i + 1).join('/'))));
  return [...files].filter((f) => !folders.has(f));
}

function gitListing(root: string): string[] {
  const result = spawnSync('git', ['-c', 'core.excludesFile=/dev/null', '-c', 'core.quotePath=false', 'ls-files', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout
    .split('\0')
    .filter((f) => f.endsWith('.py'))
    .sort();
}

describe('agrees with git', { skip: !gitWorks && 'git is not installed' }, () => {
  test('on 300 random .gitignore files over random trees', () => {
    const disagreements: string[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const pick = generator(seed * 7919);
      const root = join(scratch, `case-${seed}`);
      mkdirSync(join(root, '.git'), { recursive: true });
      spawnSync('git', ['init', '-q', root]);
      const files = randomTree(pick);
      for (const file of files) {
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(root, file), '');
      }
      const lines = Array.from({ length: 1 + pick(4) }, () => randomPattern(pick));
      writeFileSync(join(root, '.gitignore'), lines.join('\n') + '\n');
      if (pick(3) === 0) {
        // A second file deeper down, whose lines come after the root's.
        const folder = files.find((f) => f.includes('/'))?.split('/')[0];
        if (folder) writeFileSync(join(root, folder, '.gitignore'), randomPattern(pick) + '\n');
      }
      const ours = discoverPythonFiles(['.'], root, { isExcluded: () => false })
        .map((p) => relative(root, p).split('\\').join('/'))
        .sort();
      const git = gitListing(root);
      if (JSON.stringify(ours) !== JSON.stringify(git)) {
        disagreements.push(`case ${seed}: .gitignore ${JSON.stringify(lines)} over ${JSON.stringify(files)}: git ${JSON.stringify(git)}, oomlint ${JSON.stringify(ours)}`);
      }
      rmSync(root, { recursive: true, force: true });
    }
    assert.deepEqual(disagreements, []);
  });
});

describe('meanings', () => {
  const cases: [string, string, boolean, 'ignored' | 'included' | undefined][] = [
    ['*.py', 'a/b/x.py', false, 'ignored'],
    ['/x.py', 'a/x.py', false, undefined],
    ['/x.py', 'x.py', false, 'ignored'],
    ['build/', 'build', false, undefined],
    ['build/', 'src/build', true, 'ignored'],
    ['a/**/b', 'a/b', true, 'ignored'],
    ['a/**/b', 'a/x/y/b', false, 'ignored'],
    ['a/**', 'a', true, undefined],
    ['a/**', 'a/x/y', false, 'ignored'],
    ['**/a', 'x/y/a', false, 'ignored'],
    ['a**b', 'a/b', false, undefined],
    ['[!a]', 'b', false, 'ignored'],
    ['[z-a]', 'z', false, 'ignored'],
    ['[abc', 'a', false, undefined],
    ['trailing\\ ', 'trailing ', false, 'ignored'],
    ['trailing   ', 'trailing', false, 'ignored'],
    ['\\#hash', '#hash', false, 'ignored'],
    ['#comment', '#comment', false, undefined],
  ];
  for (const [line, path, isFolder, verdict] of cases) {
    test(`${JSON.stringify(line)} on ${path}${isFolder ? '/' : ''}: ${verdict ?? 'no opinion'}`, () => {
      assert.equal(new Gitignore(line + '\n').verdict(path, isFolder), verdict);
    });
  }

  test('the last matching line decides', () => {
    const rules = new Gitignore('*.py\n!keep.py\n');
    assert.equal(rules.verdict('keep.py', false), 'included');
    assert.equal(rules.verdict('drop.py', false), 'ignored');
  });
});

test('lines with wildcards beyond the budget are left out and counted; literal lines always apply', () => {
  const wildcard = Array.from({ length: 2_000 }, (_, i) => `*[!x]${String(i).padStart(40, '0')}*`);
  const text = ['keep_me_out.py', ...wildcard, '*.log', 'also_out.py', ''].join('\n');
  const rules = new Gitignore(text);
  assert.ok(rules.leftOut, 'some lines left out');
  const firstLeftOut = 2 + Math.floor(MAX_WILDCARD_CHARACTERS / wildcard[0]!.length);
  assert.deepEqual(rules.leftOut, { firstLine: firstLeftOut, count: 2_000 - (firstLeftOut - 2) + 1 });
  assert.equal(rules.verdict('keep_me_out.py', false), 'ignored');
  assert.equal(rules.verdict('also_out.py', false), 'ignored');
  assert.equal(rules.verdict('a.log', false), undefined, 'a wildcard line past the budget');
  assert.equal(rules.verdict(`a${'0'.repeat(40)}.py`, false), 'ignored', 'a wildcard line within it');
});
