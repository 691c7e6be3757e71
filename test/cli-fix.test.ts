import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Analyzer } from '../server/src/analysis/analyzer';
import type { Rule } from '../server/src/rules/rule';
import { countSyntaxErrors, fixText } from '../server/src/cli/fix-file';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR } from './support/paths';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, 'cli', name), 'utf8');

function fixWith(analyzer: Analyzer, text: string, unsafe: boolean, rules?: readonly Rule[]) {
  return fixText({
    text,
    analyse: (t) => analyzer.analyzeText(t, rules ? { rules } : {}),
    parse: (t) => analyzer.parser.parseToSyntax(t),
    selection: { unsafe },
  });
}

test('safe fixes are applied and a second run finds nothing to change', async () => {
  const analyzer = await sharedAnalyzer();
  const outcome = fixWith(analyzer, fixture('train_loop.py'), false);
  assert.equal(outcome.kind, 'fixed');
  assert.ok(outcome.kind === 'fixed');
  assert.equal(outcome.applied, 1);
  assert.match(outcome.text, /^ {8}total_loss \+= loss\.detach\(\)$/m);
  assert.deepEqual(outcome.diagnostics, []);
  assert.equal(fixWith(analyzer, outcome.text, false).kind, 'unchanged');
});

test('a fix that is only unsafe waits for unsafe fixes to be allowed', async () => {
  const analyzer = await sharedAnalyzer();
  const text = fixture('predict.py');
  const safeOnly = fixWith(analyzer, text, false);
  assert.equal(safeOnly.kind, 'unchanged');
  assert.deepEqual(safeOnly.diagnostics.map((d) => d.code), ['OOM001']);
  const withUnsafe = fixWith(analyzer, text, true);
  assert.ok(withUnsafe.kind === 'fixed');
  assert.match(withUnsafe.text, /no_grad/);
});

/** Test input: a rule whose fix deletes the colon of every `for` header, breaking the code. */
const colonEater: Rule = {
  meta: {
    code: 'OOM900',
    name: 'colon-eater',
    summary: 'Breaks code on purpose',
    defaultSeverity: 'warning',
    fixable: 'always',
    doc: { whatItDoes: '', whyIsThisBad: '', example: '', useInstead: '', fixSafety: '', references: [] },
  },
  kinds: ['for_statement'],
  visit(node, ctx) {
    const colon = node.children.find((c) => c.type === ':');
    if (!colon) return;
    ctx.report({ node, message: 'a for loop', fixes: [{ title: 'Delete the colon', applicability: 'safe', edits: [{ start: colon.start, end: colon.end, newText: '' }] }] });
  },
};

test('fixes that would add syntax errors are refused and the original diagnostics kept', async () => {
  const analyzer = await sharedAnalyzer();
  const text = fixture('train_loop.py');
  assert.equal(countSyntaxErrors(analyzer.parser.parseToSyntax(text)), 0);
  const outcome = fixWith(analyzer, text, false, [colonEater]);
  assert.equal(outcome.kind, 'rejected');
  assert.ok(outcome.kind === 'rejected');
  assert.match(outcome.reason, /the fixed code would have \d+ syntax errors? where the original has 0/);
  assert.deepEqual(outcome.diagnostics.map((d) => d.code), ['OOM900']);
  assert.equal(outcome.diagnostics[0]!.start, text.indexOf('for x'));
});
