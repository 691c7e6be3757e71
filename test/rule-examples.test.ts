// Every rule's page shows an example the rule reports and the code to use instead. Both are checked
// here as they are written on the page (no preamble added): the example must be reported by its rule,
// and the code to use instead must not be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_RULES } from '../server/src/rules';
import { sharedAnalyzer } from './support/analyzer';

const EVERY_RULE = { select: ALL_RULES.map((r) => r.meta.code) };

for (const rule of ALL_RULES) {
  test(`${rule.meta.code}: its page's example is reported by it, and the code to use instead is not`, async () => {
    const analyzer = await sharedAnalyzer();
    const codes = (text: string) => analyzer.analyzeText(`${text}\n`, { settings: EVERY_RULE }).map((d) => d.code);
    assert.ok(codes(rule.meta.doc.example).includes(rule.meta.code), `the example of ${rule.meta.code} is not reported by it`);
    assert.ok(!codes(rule.meta.doc.useInstead).includes(rule.meta.code), `the code to use instead of ${rule.meta.code} is still reported by it`);
  });
}
