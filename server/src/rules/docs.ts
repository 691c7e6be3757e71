// Renders a rule's own documentation; used by hovers, `oomlint rule`, docs/rules/ and the README.
import type { Fix } from '../core/types';
import { messagesFor, type Locale } from '../l10n';
import { localizedRuleText } from './l10n';
import type { RuleMeta } from './rule';

/** Where each rule's page lives in the repository. */
export const RULE_DOCS_PATH = 'docs/rules';

export function ruleDocFileName(meta: Pick<RuleMeta, 'code' | 'name'>): string {
  return `${meta.code}-${meta.name}.md`;
}

/** The rule's page on the repository's web view, from `package.json`'s repository URL. */
export function ruleDocUrl(meta: Pick<RuleMeta, 'code' | 'name'>, repositoryUrl: string): string {
  const base = repositoryUrl.replace(/^git\+/, '').replace(/\.git$/, '').replace(/\/$/, '');
  return `${base}/blob/main/${RULE_DOCS_PATH}/${ruleDocFileName(meta)}`;
}

const fence = (code: string) => '```python\n' + code.trim() + '\n```';

/** The full page: heading, then ruff's fixed sections, in `locale` where the page is translated. */
export function renderRuleMarkdown(meta: RuleMeta, locale?: Locale): string {
  const { doc } = meta;
  const words = messagesFor(locale);
  const text = localizedRuleText(meta, locale);
  return [
    `# ${meta.name} (${meta.code})`,
    '',
    `${text.summary}`,
    '',
    words.pageDefaults({ severity: meta.defaultSeverity, fix: meta.fixable === 'never' ? 'none' : meta.fixable }),
    '',
    ...(meta.offByDefault ? [words.pageOffByDefault({ code: meta.code, because: meta.offByDefaultBecause }), ''] : []),
    `## ${words.pageWhatItDoes}`,
    text.whatItDoes.trim(),
    '',
    `## ${words.pageWhyIsThisBad}`,
    text.whyIsThisBad.trim(),
    '',
    `## ${words.pageExample}`,
    fence(doc.example),
    '',
    words.pageUseInstead,
    fence(doc.useInstead),
    '',
    `## ${words.pageFixSafety}`,
    text.fixSafety.trim(),
    '',
    `## ${words.pageReferences}`,
    ...doc.references.map((r) => `- [${r.title}](${r.url})`),
    '',
    ...(text.translated && words.pageTranslationNote ? [words.pageTranslationNote, ''] : []),
  ].join('\n');
}

/** The README's table of rules. */
export function renderRulesTable(rules: readonly RuleMeta[]): string {
  const rows = rules.map(
    (r) => `| [${r.code}](${RULE_DOCS_PATH}/${ruleDocFileName(r)}) | ${r.name} | ${r.summary} | ${r.defaultSeverity}${r.offByDefault ? ' (off by default)' : ''} | ${r.fixable === 'never' ? '' : r.fixable === 'always' ? 'yes' : 'sometimes'} |`,
  );
  return ['| Code | Name | What it catches | Severity | Fix |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The first `count` sentences of a doc section, its line breaks joined. */
export function leadingSentences(text: string, count: number): string {
  // Chinese lines join without a space; others with one.
  const flowing = text.trim().replace(/(?<=\p{Script=Han}|[，。；：、）])\s*\n\s*(?=\p{Script=Han}|[（])/gu, '').replace(/\s*\n\s*/g, ' ');
  // A sentence ends at a full stop before a capital letter (Latin or Cyrillic) or a code span, or at
  // a Chinese full stop.
  const sentences = flowing.split(/(?<=[.!?])\s+(?=[A-ZА-ЯЁ`"(])|(?<=[。！？])\s*/);
  return sentences.slice(0, count).join(sentences[0]?.match(/[。！？]$/) ? '' : ' ');
}

export type RuleHoverFix = Pick<Fix, 'title' | 'applicability'>;

/**
 * What a hover over a finding shows: what the rule is about, why it costs memory, the fixes offered
 * here, and a link to the full page (`docLink`), instead of the whole page in a small box.
 */
export function renderRuleHover(meta: RuleMeta, fixes: readonly RuleHoverFix[], docLink: string | undefined, locale?: Locale): string {
  const words = messagesFor(locale);
  const text = localizedRuleText(meta, locale);
  const fixLine = fixes.length
    ? fixes.map((f) => `${f.title}${f.applicability === 'unsafe' ? words.hoverUnsafe : f.applicability === 'display-only' ? words.hoverByHand : ''}`).join(words.hoverFixSeparator)
    : words.hoverNoFix;
  return [
    `**${meta.code}** ${meta.name}: ${text.summary.trim().replace(/[.。]$/, "")}${words.fullStop}`,
    '',
    `**${words.hoverWhy}** ${leadingSentences(text.whyIsThisBad, 2)}`,
    '',
    `**${words.hoverFix}** ${fixLine}${words.fullStop}`,
    ...(docLink ? ['', `[${words.hoverFullDocumentation}](${docLink})`] : []),
  ].join('\n');
}
