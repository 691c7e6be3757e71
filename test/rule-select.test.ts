// A rule's `select` (see rules/rule.ts) is a promise: the nodes it leaves out would have led to no
// report. The runner then never visits them, and keeps each statement's selected nodes across edits.
// Checked here for every rule that selects, over every rule fixture and labelled real file, by
// visiting every node that `select` left out and asking that nothing is reported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { AnalysisRun } from '../server/src/analysis/analyze';
import { messagesFor } from '../server/src/l10n';
import { ALL_RULES } from '../server/src/rules';
import type { Rule, RuleContext } from '../server/src/rules/rule';
import { sharedAnalyzer } from './support/analyzer';
import { pythonFilesUnder } from './support/fixtures';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const SELECTING = ALL_RULES.filter((rule) => rule.select);
const FILES = [...pythonFilesUnder(join(FIXTURES_DIR, 'rules')), ...pythonFilesUnder(join(REPO_ROOT, 'accuracy', 'files'))];

/** What visiting the nodes of `rule`'s kinds that `select` leaves out reports in `path`, and how many of them there were. */
async function reportsOfLeftOut(rule: Rule, path: string): Promise<{ reports: string[]; leftOut: number; selected: number }> {
  const analyzer = await sharedAnalyzer();
  const text = readFileSync(path, 'utf8');
  const run = new AnalysisRun(analyzer.parser.parseToSyntax(text), text, { settings: { select: [rule.meta.code] }, path, rules: [rule] });
  const reports: string[] = [];
  const ctx: RuleContext = {
    model: run.model,
    source: run.source,
    settings: run.settings,
    messages: messagesFor('en'),
    report: (report) => reports.push(`${rule.meta.code} at ${report.start ?? report.node?.start}: ${report.message}`),
  };
  let leftOut = 0;
  let selected = 0;
  for (const kind of rule.kinds) {
    if (kind === 'module') continue;
    for (const node of run.model.nodesOfKind(kind)) {
      if (rule.select!(node, text)) {
        selected++;
        continue;
      }
      leftOut++;
      rule.visit(node, ctx);
    }
  }
  return { reports, leftOut, selected };
}

test('some rules select the nodes they visit', () => {
  assert.deepEqual(SELECTING.map((rule) => rule.meta.code), ['OOM002', 'OOM003']);
});

for (const rule of SELECTING) {
  test(`${rule.meta.code}: the nodes its select leaves out lead to no report, in every rule fixture and labelled real file`, async () => {
    let leftOut = 0;
    let selected = 0;
    for (const path of FILES) {
      const result = await reportsOfLeftOut(rule, path);
      assert.deepEqual(result.reports, [], path);
      leftOut += result.leftOut;
      selected += result.selected;
    }
    // Both sides were exercised: nodes left out, and nodes kept.
    assert.ok(leftOut > 1000 && selected > 50, `${rule.meta.code}: ${leftOut} left out, ${selected} selected`);
  });
}
