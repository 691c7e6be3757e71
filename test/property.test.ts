// Random edits and truncations of the fixtures must never make the analysis throw, and every
// reported range and fix edit must lie inside the document.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fixUntilStable } from '../server/src/core/fixes';
import { hasErrors } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { ruleFixtures } from './support/fixtures';

const fixtures = ruleFixtures();

const PIECES = ['(', ')', ':', '\n', '    ', 'with torch.no_grad():', '.backward(retain_graph=True)', 'for x in val_loader:', '+= loss', '"""', "'", '#', '\\', '🚀', '中文', 'model(', '\t', 'def ', '@torch.no_grad()', '= []', '.append(', ','];

const edit = fc.record({
  fixture: fc.integer({ min: 0, max: Math.max(0, fixtures.length - 1) }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  removeLength: fc.integer({ min: 0, max: 40 }),
  insert: fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 12 })),
  truncateAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});

test('random edits and truncations never throw and keep ranges inside the document', async () => {
  const analyzer = await sharedAnalyzer();
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
      let text = fixtures[edits[0]!.fixture]!.text;
      for (const e of edits) {
        const at = Math.floor(e.at * text.length);
        text = text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.removeLength));
        if (e.truncateAt !== undefined) text = text.slice(0, Math.floor(e.truncateAt * text.length));
      }
      const diagnostics = analyzer.analyzeText(text);
      for (const d of diagnostics) {
        assert.ok(d.start >= 0 && d.start <= d.end && d.end <= text.length, `range ${d.start}-${d.end} of ${text.length}`);
        for (const fix of d.fixes) {
          for (const e of fix.edits) assert.ok(e.start >= 0 && e.start <= e.end && e.end <= text.length);
        }
      }
    }),
    { numRuns: 300, seed: Number(process.env.FC_SEED ?? 20261122) },
  );
});

test('fixes on randomly edited code that still parses never introduce syntax errors', async () => {
  const analyzer = await sharedAnalyzer();
  fc.assert(
    fc.property(edit, (e) => {
      const original = fixtures[e.fixture]!.text;
      const at = Math.floor(e.at * original.length);
      const text = original.slice(0, at) + e.insert + original.slice(Math.min(original.length, at + e.removeLength));
      if (hasErrors(analyzer.parser.parseToSyntax(text))) return;
      const fixed = fixUntilStable(text, (t) => analyzer.analyzeText(t), { unsafe: true }).text;
      assert.equal(hasErrors(analyzer.parser.parseToSyntax(fixed)), false, 'fixed code parses');
    }),
    { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20261122) },
  );
});

test('empty, whitespace-only and binary-looking inputs', async () => {
  const analyzer = await sharedAnalyzer();
  for (const text of ['', '\n', '   ', '\0\0\0', '\uFEFFimport torch\n', 'x = "\uD800"\n', '\r\n\r\n', 'def f(:\n']) {
    assert.doesNotThrow(() => analyzer.analyzeText(text));
  }
});
