// The closing line of a text report: how many problems, how many the fix options would fix.
import { applicableFix, type FixSelection } from '../core/fixes';
import type { Diagnostic } from '../core/types';
import { en } from '../l10n/en';
import type { CliMessages } from '../l10n/messages';
import type { CheckReport } from './check-report';

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

export function summaryLines(report: CheckReport, messages: CliMessages = en): string[] {
  const remaining = report.files.flatMap((f) => f.diagnostics);
  const fixed = report.files.reduce((n, f) => n + f.fixesApplied, 0);
  const { now, unsafeOnly } = countFixable(remaining, report.selection);
  const lines: string[] = [];

  if (report.mode === 'diff') {
    lines.push(fixed ? messages.summaryWouldFix({ fixes: fixed, unsafeOnly }) : messages.summaryNoFixes({ unsafeOnly }));
  } else if (fixed) {
    lines.push(messages.summaryFoundAfterFixing({ total: fixed + remaining.length, fixed, remaining: remaining.length, unsafeOnly }));
  } else if (remaining.length) {
    lines.push(messages.summaryFound({ total: remaining.length, fixable: now, unsafeOnly }));
  } else if (!report.failures.length) {
    lines.push(messages.summaryAllPassed);
  }

  if (report.rejectedFixes.length) lines.push(messages.summaryFixesNotApplied({ files: new Set(report.rejectedFixes.map((r) => r.path)).size }));
  if (report.failures.length) {
    lines.push(messages.summaryNotChecked({ files: report.failures.length, noProblems: report.mode !== 'diff' && !remaining.length && !fixed }));
  }
  return lines;
}
