// An open document's line table is carried from version to version: after any edit, in any mix of
// "\n", "\r\n" and lone "\r", it must be the table of the new text read from scratch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SourceText } from '../server/src/core/source';

/** Text made of pieces that stress line breaks: a "\r" and a "\n" apart can meet after an edit. */
const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\r', '\r\n', '\n\r', 'def f():\n    x\n');
const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

test('a line table carried over an edit equals the new text\'s own', () => {
  fc.assert(
    fc.property(text, fc.nat(), fc.nat(), text, fc.boolean(), (before, a, b, inserted, readFirst) => {
      const start = Math.min(a, b) % (before.length + 1);
      const oldEnd = Math.min(before.length, start + (Math.max(a, b) - Math.min(a, b)) % 6);
      const after = before.slice(0, start) + inserted + before.slice(oldEnd);
      const source = new SourceText(before);
      // A table nobody read yet is not worked out for the edit either.
      if (readFirst) assert.ok(source.lineCount >= 1);
      const carried = source.afterEdit(after, start, oldEnd, start + inserted.length);
      assert.deepEqual(carried.starts, new SourceText(after).starts, JSON.stringify({ before, start, oldEnd, inserted }));
    }),
    { numRuns: 3000, seed: 20261126 },
  );
});

test('line breaks that meet or part at the edit are read again', () => {
  const cases: [string, number, number, string][] = [
    ['a\rb', 2, 2, '\n'], // "\r" + "\n": one break where there were... still one, one character later
    ['a\r\nb', 2, 2, 'x'], // a "\r\n" split into two breaks
    ['a\r\nb', 1, 3, ''], // the break removed
    ['\n\n\n', 0, 3, '\r'],
    ['x\ny\r', 4, 4, '\n'], // a "\n" after a last lone "\r"
  ];
  for (const [before, start, oldEnd, inserted] of cases) {
    const after = before.slice(0, start) + inserted + before.slice(oldEnd);
    const source = new SourceText(before);
    assert.ok(source.lineCount >= 1);
    assert.deepEqual(source.afterEdit(after, start, oldEnd, start + inserted.length).starts, new SourceText(after).starts, JSON.stringify(before));
  }
});
