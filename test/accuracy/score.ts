// `npm run accuracy`: recall and precision of oomlint on the labelled accuracy sets (accuracy/).
// A measurement, so it exits 0 whatever the figures; 2 when the labels themselves are malformed.
//   node out/test/accuracy/score.js [--json] [--heldout]
// --heldout measures the held-out set (accuracy/heldout/) instead of the tuned sets: each file is
// analysed inside its repository snapshot as the project root. That is issue 34's closing
// measurement; nobody runs it before then (accuracy/README.md).
import { join, relative } from 'node:path';
import { Analyzer } from '../../server/src/analysis/analyzer';
import { GRAMMAR_DIR, REPO_ROOT } from '../support/paths';
import { readHeldoutSets, snapshotAnalysis } from './heldout';
import { LabelError, readAllLabelSets, type LabelSet, type Positive } from './manifest';
import { summarise, type Finding, type RuleFigures } from './matching';
import { measureSet, type SetMeasurement } from './measure';

const ACCURACY_DIR = join(REPO_ROOT, 'accuracy');

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(0)}%`);

function table(perRule: Map<string, RuleFigures>, overall: RuleFigures): string[] {
  const header = ['rule', 'positives', 'hits', 'recall', 'recall in reach', 'findings', 'duplicates', 'false pos.', 'precision'];
  const row = (name: string, f: RuleFigures) => [
    name,
    String(f.positives),
    String(f.hits),
    percent(f.recall),
    `${percent(f.recallInReach)} (${f.reachableHits}/${f.reachablePositives})`,
    String(f.findings),
    String(f.duplicates),
    String(f.falsePositives),
    percent(f.precision),
  ];
  const rows = [header, ...[...perRule].map(([rule, f]) => row(rule, f)), row('all', overall)];
  const widths = header.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows.map((r) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '));
}

const display = (path: string) => relative(REPO_ROOT, path);

/** `file:lines`, or `file:cell N:lines` in a notebook. */
const where = (path: string, at: Pick<Positive, 'cell'> | Pick<Finding, 'cell'>, lines: string) =>
  `${display(path)}:${at.cell === undefined ? '' : `cell ${at.cell}:`}${lines}`;

function report(measurements: SetMeasurement[]): string {
  const lines: string[] = [];
  for (const m of measurements) {
    lines.push(`== accuracy/${m.set.name}: ${m.set.files.length} files`, ...table(m.figures.perRule, m.figures.overall), '');
    if (m.unscored.size > 0) {
      const counts = [...m.unscored].map(([rule, n]) => `${rule} ${n}`).join(', ');
      lines.push(`not scored (rules added after these labels, ${m.set.labelledRules.join(', ')} labelled): ${counts}`, '');
    }
    if (m.commits.length > 0) {
      const caught = m.commits.filter((c) => c.caught).length;
      const flagged = m.commits.filter((c) => c.stillFlagged.length > 0).length;
      lines.push(`commits caught (before-file hit on a positive of a fixed rule): ${caught}/${m.commits.length}`);
      lines.push(`after-files still flagged by a fixed rule: ${flagged}/${m.commits.length}`, '');
    }
  }
  const all = summarise(measurements.flatMap((m) => m.matches));
  lines.push(`== all sets: ${measurements.reduce((n, m) => n + m.set.files.length, 0)} files`, ...table(all.perRule, all.overall), '');

  const matches = measurements.flatMap((m) => m.matches);
  lines.push('misses (file:line rule why):');
  for (const match of matches) {
    for (const p of match.missed) {
      const reach = p.outOfReach ? ` [out of reach: ${p.outOfReach}]` : '';
      lines.push(`  ${where(match.file.path, p, `${p.lines[0]}-${p.lines[1]}`)} ${p.rule} ${p.why}${reach}`);
    }
  }
  lines.push('', 'false positives (file:line rule message):');
  for (const match of matches) {
    for (const f of match.falsePositives) lines.push(`  ${where(match.file.path, f, String(f.line))} ${f.rule} ${f.message}`);
  }
  return lines.join('\n');
}

function asJson(measurements: SetMeasurement[]): unknown {
  const all = summarise(measurements.flatMap((m) => m.matches));
  const figures = (perRule: Map<string, RuleFigures>, overall: RuleFigures) => ({ perRule: Object.fromEntries(perRule), overall });
  return {
    sets: measurements.map((m) => ({
      name: m.set.name,
      files: m.set.files.length,
      ...figures(m.figures.perRule, m.figures.overall),
      ...(m.commits.length > 0
        ? {
            commits: {
              total: m.commits.length,
              caught: m.commits.filter((c) => c.caught).length,
              afterStillFlagged: m.commits.filter((c) => c.stillFlagged.length > 0).length,
            },
          }
        : {}),
    })),
    all: figures(all.perRule, all.overall),
    misses: measurements.flatMap((m) =>
      m.matches.flatMap((match) => match.missed.map((p) => ({ set: m.set.name, file: display(match.file.path), ...p }))),
    ),
    falsePositives: measurements.flatMap((m) =>
      m.matches.flatMap((match) => match.falsePositives.map((f) => ({ set: m.set.name, file: display(match.file.path), ...f }))),
    ),
  };
}

async function main(): Promise<number> {
  const flag = process.argv.indexOf('--heldout');
  const heldout = flag >= 0;
  // `--heldout` alone: the first held-out set (spent); `--heldout heldout-2`: a later one.
  const named = process.argv[flag + 1];
  const heldoutName = heldout && named !== undefined && !named.startsWith('--') ? named : 'heldout';
  if (heldout && !/^heldout(-\d+)?$/.test(heldoutName)) {
    process.stderr.write(`accuracy: --heldout takes the name of a held-out folder of accuracy/ (heldout, heldout-2), not ${heldoutName}\n`);
    return 2;
  }
  let sets: LabelSet[];
  try {
    sets = heldout ? readHeldoutSets(join(ACCURACY_DIR, heldoutName)) : readAllLabelSets(ACCURACY_DIR);
  } catch (error) {
    if (error instanceof LabelError) {
      process.stderr.write(`accuracy: malformed labels in accuracy/${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const analyzer = await Analyzer.create({ grammarDir: GRAMMAR_DIR });
  const inSnapshots = heldout ? snapshotAnalysis(sets) : undefined;
  try {
    await inSnapshots?.prepare(analyzer);
    const measurements = sets.map((set) => measureSet(set, analyzer, inSnapshots?.analyse));
    const out = process.argv.includes('--json') ? JSON.stringify(asJson(measurements), null, 2) : report(measurements);
    process.stdout.write(`${out}\n`);
  } finally {
    inSnapshots?.dispose();
    analyzer.dispose();
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`accuracy: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
