// Time per rule: each rule run alone over the corpus, in this process, on trees parsed once, against
// a run with no rule at all (building the semantic model's indexes and reading suppressions). What a
// rule costs is its run minus that baseline; a change that makes one rule slower shows here even when
// the whole check hides it. Rounds rotate the order so drift on a shared machine falls on all alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/analysis/analyze';
import { PythonParser } from '../../server/src/parser/parser';
import type { SyntaxNode } from '../../server/src/parser/syntax';
import { ALL_RULES } from '../../server/src/rules';
import type { Rule } from '../../server/src/rules/rule';
import { GRAMMAR_DIR } from '../paths';
import { median, round } from '../stats';
import type { PreparedCorpus } from './prepare-corpus';

export interface RuleTime {
  code: string;
  /** Median over the rounds of the rule alone over the whole corpus, in ms. */
  medianMs: number;
  /** The median less the baseline's: what the rule itself costs. */
  ownMs: number;
  findings: number;
}

export interface RuleTimesResult {
  rounds: number;
  /** No rule: the semantic model's shared indexes and the suppression scan. */
  baselineMs: number;
  rules: RuleTime[];
}

interface Document {
  path: string;
  text: string;
  root: SyntaxNode;
}

function timeOnce(documents: readonly Document[], rules: readonly Rule[]): { ms: number; findings: number } {
  const started = performance.now();
  let findings = 0;
  for (const doc of documents) findings += analyze(doc.root, doc.text, { rules, path: doc.path }).length;
  return { ms: performance.now() - started, findings };
}

export async function measureRuleTimes(corpus: PreparedCorpus, options: { rounds: number }): Promise<RuleTimesResult> {
  const parser = await PythonParser.create({ grammarDir: GRAMMAR_DIR });
  try {
    const documents = corpus.files.map((file): Document => {
      const path = join(corpus.root, file);
      const text = readFileSync(path, 'utf8');
      return { path, text, root: parser.parseToSyntax(text) };
    });
    const subjects: { code: string; rules: readonly Rule[] }[] = [{ code: '(none)', rules: [] }, ...ALL_RULES.map((r) => ({ code: r.meta.code, rules: [r] }))];
    // One warm-up round: the first calls compile the analysis code.
    for (const subject of subjects) timeOnce(documents, subject.rules);
    const samples = new Map<string, number[]>(subjects.map((s) => [s.code, []]));
    const findings = new Map<string, number>();
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < subjects.length; i++) {
        const subject = subjects[(i + round) % subjects.length]!;
        const run = timeOnce(documents, subject.rules);
        samples.get(subject.code)!.push(run.ms);
        findings.set(subject.code, run.findings);
      }
    }
    const baselineMs = median(samples.get('(none)')!);
    return {
      rounds: options.rounds,
      baselineMs: round(baselineMs),
      rules: ALL_RULES.map((r) => {
        const medianMs = median(samples.get(r.meta.code)!);
        return { code: r.meta.code, medianMs: round(medianMs), ownMs: round(Math.max(0, medianMs - baselineMs)), findings: findings.get(r.meta.code) ?? 0 };
      }),
    };
  } finally {
    parser.delete();
  }
}
