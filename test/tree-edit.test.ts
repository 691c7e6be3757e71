// The edit an open document describes to tree-sitter reads its rows and columns from the document's
// line table (carried over each change) instead of scanning the text from its start: the two must
// agree for every text, line endings ("\n", "\r\n", a lone "\r") and UTF-16 columns included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SourceText } from '../server/src/core/source';
import { editForChange } from '../server/src/lsp/tree-edit';

const pieces = fc.constantFrom('a', 'x = 1', ' ', '\n', '\r\n', '\r', 'é', '😀', '\t', '# c', '(', ')');
const text = fc.array(pieces, { minLength: 30, maxLength: 150 }).map((parts) => parts.join(''));

/** A change of `text`: a range in it (which may split a "\r\n" or a surrogate pair) and what replaces it. */
const change = (t: string) => fc.tuple(fc.nat(t.length), fc.nat(t.length), fc.array(pieces, { maxLength: 4 }).map((p) => p.join(''))).map(([a, b, inserted]) => ({ start: Math.min(a, b), end: Math.max(a, b), inserted }));

test('an edit read from a line table equals one read by scanning the text', () => {
  fc.assert(
    fc.property(text.chain((t) => fc.tuple(fc.constant(t), change(t))), ([t, { start, end, inserted }]) => {
      assert.deepEqual(editForChange(t, start, end, inserted, new SourceText(t)), editForChange(t, start, end, inserted));
    }),
    { numRuns: 2000, seed: 20261127 },
  );
});

test('so does one read from a line table carried over an earlier change, as an open document carries it', () => {
  fc.assert(
    fc.property(
      text.chain((t) => fc.tuple(fc.constant(t), change(t))).chain(([t, first]) => {
        const next = t.slice(0, first.start) + first.inserted + t.slice(first.end);
        return fc.tuple(fc.constant(t), fc.constant(first), change(next));
      }),
      ([t, first, second]) => {
        const before = new SourceText(t);
        void before.starts;
        const next = t.slice(0, first.start) + first.inserted + t.slice(first.end);
        const carried = before.afterEdit(next, first.start, first.end, first.start + first.inserted.length);
        assert.deepEqual(editForChange(next, second.start, second.end, second.inserted, carried), editForChange(next, second.start, second.end, second.inserted));
      },
    ),
    { numRuns: 2000, seed: 20261127 },
  );
});
