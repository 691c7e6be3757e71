// `oomlint rule CODE` prints a rule's documentation; `oomlint rule --all` lists the rules.
import type { Locale } from '../l10n/locale';
import { renderRuleMarkdown } from '../rules/docs';
import { localizedRuleText } from '../rules/l10n';
import { ALL_RULES, ruleByCode } from '../rules/index';
import { EXIT_CLEAN, EXIT_ERROR } from './exit-codes';
import type { OutputStreams } from './output';

function ruleList(locale: Locale): string {
  if (!ALL_RULES.length) return 'No rules are defined.\n';
  const codeWidth = Math.max(...ALL_RULES.map((r) => r.meta.code.length));
  const nameWidth = Math.max(...ALL_RULES.map((r) => r.meta.name.length));
  return ALL_RULES.map(({ meta }) => `${meta.code.padEnd(codeWidth)}  ${meta.name.padEnd(nameWidth)}  ${localizedRuleText(meta, locale).summary}\n`).join('');
}

export function runRuleCommand(code: string | undefined, all: boolean, out: OutputStreams, locale: Locale = 'en'): number {
  if (all || code === undefined) {
    out.stdout(ruleList(locale));
    return EXIT_CLEAN;
  }
  const rule = ruleByCode(code);
  if (!rule) {
    const known = ALL_RULES.length ? ` Known rules: ${ALL_RULES.map((r) => r.meta.code).join(', ')}.` : '';
    out.stderr(`oomlint: unknown rule \`${code}\`.${known} Run \`oomlint rule --all\` to list them.\n`);
    return EXIT_ERROR;
  }
  out.stdout(renderRuleMarkdown(rule.meta, locale));
  return EXIT_CLEAN;
}
