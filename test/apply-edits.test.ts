// Fixes are applied in one pass over the text; the result is the one that splicing the edits in one by
// one from the end gives (the former way, which cost the text's length per edit), insertions at one
// offset included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../server/src/core/fixes';
import type { TextEdit } from '../server/src/core/types';

function spliced(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Non-overlapping edits of `text`: replacements of separate spans, and insertions anywhere (several at one offset too). */
const textAndEdits = fc.string({ maxLength: 30 }).chain((text) =>
  fc
    .array(fc.tuple(fc.nat(text.length), fc.nat(3), fc.string({ maxLength: 4 }), fc.boolean()), { maxLength: 8 })
    .map((raw) => {
      const edits: TextEdit[] = [];
      const taken: [number, number][] = [];
      for (const [start, length, newText, insert] of raw) {
        const end = insert ? start : Math.min(text.length, start + length);
        if (end > start && taken.some(([s, e]) => start < e && s < end)) continue;
        if (end > start) taken.push([start, end]);
        edits.push({ start, end, newText });
      }
      // An insertion may not fall strictly inside a replaced span.
      return { text, edits: edits.filter((e) => e.end > e.start || !taken.some(([s, end]) => s < e.start && e.start < end)) };
    }),
);

test('applying edits in one pass gives what splicing them one by one gave', () => {
  fc.assert(
    fc.property(textAndEdits, ({ text, edits }) => {
      assert.equal(applyEdits(text, edits), spliced(text, edits));
    }),
    { numRuns: 3000 },
  );
});
