// Matching findings to labels, and the figures built from the matches. Pure: no files, no parser.
import type { LabelledCommit, LabelledFile, Positive } from './manifest';

export interface Finding {
  rule: string;
  /** In a notebook: the code cell the finding is in (1-based among all cells); `line` is its row there. */
  cell?: number;
  /** 1-based. */
  line: number;
  message: string;
}

export interface FileMatch {
  file: LabelledFile;
  /** The positives some finding landed in. */
  hit: Positive[];
  missed: Positive[];
  /** Findings inside a positive that an earlier finding already hit: neither hits nor false. */
  duplicates: Finding[];
  falsePositives: Finding[];
  findings: Finding[];
}

const inside = (finding: Finding, positive: Positive) =>
  positive.rule === finding.rule &&
  positive.cell === finding.cell &&
  positive.lines[0] <= finding.line &&
  finding.line <= positive.lines[1];

/**
 * A finding hits a positive of its rule whose lines contain it (each positive is hit at most
 * once; an unhit one is preferred when ranges overlap); one landing only in already-hit positives
 * is a duplicate; any other finding is a false positive.
 */
export function matchFile(file: LabelledFile, findings: Finding[]): FileMatch {
  const hit = new Set<Positive>();
  const duplicates: Finding[] = [];
  const falsePositives: Finding[] = [];
  const ordered = [...findings].sort((a, b) => (a.cell ?? 0) - (b.cell ?? 0) || a.line - b.line || a.rule.localeCompare(b.rule));
  for (const finding of ordered) {
    const candidates = file.positives.filter((p) => inside(finding, p));
    const fresh = candidates.find((p) => !hit.has(p));
    if (fresh) hit.add(fresh);
    else if (candidates.length > 0) duplicates.push(finding);
    else falsePositives.push(finding);
  }
  return {
    file,
    hit: file.positives.filter((p) => hit.has(p)),
    missed: file.positives.filter((p) => !hit.has(p)),
    duplicates,
    falsePositives,
    findings: ordered,
  };
}

export interface RuleFigures {
  positives: number;
  hits: number;
  /** Positives not marked outOfReach, and the hits among them. */
  reachablePositives: number;
  reachableHits: number;
  findings: number;
  duplicates: number;
  falsePositives: number;
  /** null when there is nothing to divide by. */
  recall: number | null;
  recallInReach: number | null;
  precision: number | null;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function figures(counts: Omit<RuleFigures, 'recall' | 'recallInReach' | 'precision'>): RuleFigures {
  return {
    ...counts,
    recall: ratio(counts.hits, counts.positives),
    recallInReach: ratio(counts.reachableHits, counts.reachablePositives),
    precision: ratio(counts.findings - counts.falsePositives, counts.findings),
  };
}

/** Figures per rule (only rules that have a positive or a finding) and over all rules. */
export function summarise(matches: FileMatch[]): { perRule: Map<string, RuleFigures>; overall: RuleFigures } {
  const rules = new Set<string>();
  for (const m of matches) {
    for (const p of m.file.positives) rules.add(p.rule);
    for (const f of m.findings) rules.add(f.rule);
  }
  const count = (keep: (rule: string) => boolean) =>
    figures({
      positives: sum(matches, (m) => m.file.positives.filter((p) => keep(p.rule)).length),
      hits: sum(matches, (m) => m.hit.filter((p) => keep(p.rule)).length),
      reachablePositives: sum(matches, (m) => m.file.positives.filter((p) => keep(p.rule) && !p.outOfReach).length),
      reachableHits: sum(matches, (m) => m.hit.filter((p) => keep(p.rule) && !p.outOfReach).length),
      findings: sum(matches, (m) => m.findings.filter((f) => keep(f.rule)).length),
      duplicates: sum(matches, (m) => m.duplicates.filter((f) => keep(f.rule)).length),
      falsePositives: sum(matches, (m) => m.falsePositives.filter((f) => keep(f.rule)).length),
    });
  const perRule = new Map([...rules].sort().map((rule) => [rule, count((r) => r === rule)] as const));
  return { perRule, overall: count(() => true) };
}

function sum<T>(items: T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

export interface CommitOutcome {
  commit: LabelledCommit;
  /** A before-file has a hit on a positive of one of the fixed rules. */
  caught: boolean;
  /** False-positive findings of a fixed rule in the after-files. */
  stillFlagged: Finding[];
}

/** `matches` holds each fixed file's before and after matches, in the commit's order. */
export function commitOutcome(commit: LabelledCommit, matches: Array<{ before: FileMatch; after: FileMatch }>): CommitOutcome {
  const fixed = new Set(commit.fixedRules);
  return {
    commit,
    caught: matches.some((m) => m.before.hit.some((p) => fixed.has(p.rule))),
    stillFlagged: matches.flatMap((m) => m.after.falsePositives.filter((f) => fixed.has(f.rule))),
  };
}
