import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { unifiedDiff } from '../server/src/cli/unified-diff';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-diff-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Applies the diff with git (outside any repository git apply works like patch) and returns the result. */
function applyWithGit(before: string, diff: string): string {
  writeFileSync(join(dir, 'f.py'), before);
  writeFileSync(join(dir, 'change.diff'), diff);
  const result = spawnSync('git', ['apply', '--whitespace=nowarn', 'change.diff'], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, `git apply failed: ${result.stderr}\n${diff}`);
  return readFileSync(join(dir, 'f.py'), 'utf8');
}

function longestCommonSubsequence(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[a.length]![b.length]!;
}

test('a one-line fix gives one hunk with three lines of context', () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', ''].join('\n');
  const after = before.replace('e\n', 'e.detach()\n');
  assert.equal(
    unifiedDiff(before, after, 'pkg/train.py'),
    ['--- a/pkg/train.py', '+++ b/pkg/train.py', '@@ -2,7 +2,7 @@', ' b', ' c', ' d', '-e', '+e.detach()', ' f', ' g', ' h', ''].join('\n'),
  );
  assert.equal(unifiedDiff(before, before, 'x.py'), '');
});

test('distant changes get separate hunks; close ones share one', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
  const before = lines.join('\n') + '\n';
  const twoApart = [...lines];
  twoApart[3] = 'changed 3';
  twoApart[25] = 'changed 25';
  assert.equal(unifiedDiff(before, twoApart.join('\n') + '\n', 'f.py').match(/^@@/gm)?.length, 2);
  const close = [...lines];
  close[3] = 'changed 3';
  close[9] = 'changed 9';
  assert.equal(unifiedDiff(before, close.join('\n') + '\n', 'f.py').match(/^@@/gm)?.length, 1);
});

test('CRLF lines, tabs and a missing final newline survive git apply', () => {
  const before = 'import torch\r\n\tx = 1\r\n\ttotal += loss';
  const after = 'import torch\r\n\tx = 1\r\n\ttotal += loss.detach()';
  const diff = unifiedDiff(before, after, 'f.py');
  assert.match(diff, /\\ No newline at end of file/);
  assert.equal(applyWithGit(before, diff), after);
});

test('any edit: git apply turns before into after, with a minimal number of changed lines', () => {
  const line = fc.constantFrom('a\n', 'b\n', 'c\n', 'x = 1\n', '\n', '    pass\n');
  const text = fc.array(line, { maxLength: 14 }).map((lines) => lines.join(''));
  fc.assert(
    fc.property(text, text, (before, after) => {
      const diff = unifiedDiff(before, after, 'f.py');
      if (before === after) {
        assert.equal(diff, '');
        return;
      }
      assert.equal(applyWithGit(before, diff), after);
      const a = before.split(/(?<=\n)/).filter(Boolean);
      const b = after.split(/(?<=\n)/).filter(Boolean);
      const changed = diff.split('\n').filter((l) => /^[-+](?![-+]{2} [ab]\/)/.test(l)).length;
      assert.equal(changed, a.length + b.length - 2 * longestCommonSubsequence(a, b));
    }),
    { numRuns: 150 },
  );
});
