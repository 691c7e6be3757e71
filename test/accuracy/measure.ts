// Runs the analysis the CLI runs on every labelled file and matches its findings to the labels.
import type { Analyzer } from '../../server/src/analysis/analyzer';
import { SourceText } from '../../server/src/core/source';
import { readSource } from '../../server/src/files/read-source';
import type { LabelledFile, LabelSet } from './manifest';
import { commitOutcome, matchFile, summarise, type CommitOutcome, type FileMatch, type Finding } from './matching';

export interface SetMeasurement {
  set: LabelSet;
  matches: FileMatch[];
  /** Findings of rules the set was not labelled for, by rule: reported, not scored. */
  unscored: Map<string, number>;
  commits: CommitOutcome[];
  figures: ReturnType<typeof summarise>;
}

/** Findings as `oomlint check` reports them: default settings, the file's path given. */
export function findingsOf(file: LabelledFile, analyzer: Analyzer): Finding[] {
  const read = readSource(file.path);
  if (!read.ok) throw new Error(`${file.id}: ${read.message}`);
  const source = new SourceText(read.text);
  return analyzer
    .analyzeText(read.text, { settings: {}, path: file.path })
    .map((d) => ({ rule: d.code, line: source.lineOf(d.start) + 1, message: d.message }));
}

/** How a set's files are analysed: `findingsOf` for the tuned sets, `findingsInProject` (heldout.ts) for the held-out one. */
export type FileAnalysis = (file: LabelledFile, analyzer: Analyzer) => Finding[];

export function measureSet(set: LabelSet, analyzer: Analyzer, analyse: FileAnalysis = findingsOf): SetMeasurement {
  const byFile = new Map<LabelledFile, FileMatch>();
  const unscored = new Map<string, number>();
  const labelled = new Set(set.labelledRules);
  for (const file of set.files) {
    const findings = analyse(file, analyzer);
    for (const f of findings) if (!labelled.has(f.rule)) unscored.set(f.rule, (unscored.get(f.rule) ?? 0) + 1);
    byFile.set(file, matchFile(file, findings.filter((f) => labelled.has(f.rule))));
  }
  const matches = [...byFile.values()];
  const commits = set.commits.map((c) =>
    commitOutcome(
      c,
      c.pairs.map((p) => ({ before: byFile.get(p.before)!, after: byFile.get(p.after)! })),
    ),
  );
  return { set, matches, unscored, commits, figures: summarise(matches) };
}
