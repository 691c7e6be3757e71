// `--statistics`: how often each rule fired, most frequent first.
import { terminalSafeJson } from './printable';
import { applicableFix, type FixSelection } from '../core/fixes';
import type { Diagnostic } from '../core/types';
import { ruleByCode } from '../rules/index';

export interface RuleStatistic {
  code: string;
  name: string;
  count: number;
  /** Whether every one of them has a fix the options given would apply. */
  fixable: boolean;
}

export function ruleStatistics(diagnostics: readonly Diagnostic[], selection: FixSelection): RuleStatistic[] {
  const byCode = new Map<string, RuleStatistic>();
  for (const diagnostic of diagnostics) {
    let entry = byCode.get(diagnostic.code);
    if (!entry) {
      entry = { code: diagnostic.code, name: ruleByCode(diagnostic.code)?.meta.name ?? '', count: 0, fixable: true };
      byCode.set(diagnostic.code, entry);
    }
    entry.count++;
    entry.fixable &&= applicableFix(diagnostic, selection) !== undefined;
  }
  return [...byCode.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

export function formatStatisticsText(statistics: readonly RuleStatistic[]): string {
  const width = Math.max(0, ...statistics.map((s) => String(s.count).length));
  return statistics.map((s) => `${String(s.count).padStart(width)}  ${s.code}  ${s.fixable ? '[*]' : '   '} ${s.name}\n`).join('');
}

export function formatStatisticsJson(statistics: readonly RuleStatistic[]): string {
  return terminalSafeJson(statistics) + '\n';
}
