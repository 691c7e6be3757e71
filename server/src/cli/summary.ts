// The closing line of a text report: how many problems, how many the fix options would fix.
import { applicableFix, type FixSelection } from '../core/fixes';
import type { Diagnostic } from '../core/types';
import type { CheckReport } from './check-report';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Fixable under the options given, and fixable only once unsafe fixes are allowed. */
export function countFixable(diagnostics: readonly Diagnostic[], selection: FixSelection): { now: number; unsafeOnly: number } {
  let now = 0;
  let unsafeOnly = 0;
  for (const diagnostic of diagnostics) {
    if (applicableFix(diagnostic, selection)) now++;
    else if (applicableFix(diagnostic, { unsafe: true })) unsafeOnly++;
  }
  return { now, unsafeOnly };
}

export function summaryLines(report: CheckReport): string[] {
  const remaining = report.files.flatMap((f) => f.diagnostics);
  const fixed = report.files.reduce((n, f) => n + f.fixesApplied, 0);
  const { now, unsafeOnly } = countFixable(remaining, report.selection);
  const unsafeHint = unsafeOnly ? `${unsafeOnly} fixable with --unsafe-fixes` : '';
  const lines: string[] = [];

  if (report.mode === 'diff') {
    const hint = unsafeHint ? ` (${unsafeHint})` : '';
    lines.push(fixed ? `Would fix ${plural(fixed, 'problem')}${hint}.` : `No fixes available${hint}.`);
  } else if (fixed) {
    const parts = [`${fixed} fixed`, `${remaining.length} remaining`, ...(unsafeHint ? [unsafeHint] : [])];
    lines.push(`Found ${plural(fixed + remaining.length, 'problem')} (${parts.join(', ')}).`);
  } else if (remaining.length) {
    const parts = [...(now ? [`${now} fixable with --fix`] : []), ...(unsafeOnly ? [`${unsafeOnly} with --unsafe-fixes`] : [])];
    lines.push(`Found ${plural(remaining.length, 'problem')}${parts.length ? ` (${parts.join(', ')})` : ''}.`);
  } else if (!report.failures.length) {
    lines.push('All checks passed!');
  }

  if (report.failures.length) {
    const checked = report.mode !== 'diff' && !remaining.length && !fixed ? 'No problems found, but ' : '';
    lines.push(`${checked}${plural(report.failures.length, 'file')} could not be checked.`);
  }
  return lines;
}
