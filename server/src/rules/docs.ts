// Renders a rule's own documentation; used by hovers, `oomlint rule`, docs/rules/ and the README.
import type { Fix } from '../core/types';
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

/** The full page: heading, then ruff's fixed sections. */
export function renderRuleMarkdown(meta: RuleMeta): string {
  const { doc } = meta;
  return [
    `# ${meta.name} (${meta.code})`,
    '',
    `${meta.summary}`,
    '',
    `Default severity: ${meta.defaultSeverity}. Fix: ${meta.fixable === 'never' ? 'none' : meta.fixable}.`,
    '',
    ...(meta.offByDefault
      ? [`Off by default: ${meta.offByDefaultBecause ?? 'its precision on real code is below 95%'}. Turn it on with \`select = ["${meta.code}"]\` or a \`severity\` entry for ${meta.code}.`, '']
      : []),
    '## What it does',
    doc.whatItDoes.trim(),
    '',
    '## Why is this bad?',
    doc.whyIsThisBad.trim(),
    '',
    '## Example',
    fence(doc.example),
    '',
    'Use instead:',
    fence(doc.useInstead),
    '',
    '## Fix safety',
    doc.fixSafety.trim(),
    '',
    '## References',
    ...doc.references.map((r) => `- [${r.title}](${r.url})`),
    '',
  ].join('\n');
}

/** The README's table of rules. */
export function renderRulesTable(rules: readonly RuleMeta[]): string {
  const rows = rules.map(
    (r) => `| [${r.code}](${RULE_DOCS_PATH}/${ruleDocFileName(r)}) | ${r.name} | ${r.summary} | ${r.defaultSeverity} | ${r.fixable === 'never' ? '' : r.fixable === 'always' ? 'yes' : 'sometimes'} |`,
  );
  return ['| Code | Name | What it catches | Severity | Fix |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The first `count` sentences of a doc section, its line breaks joined. */
export function leadingSentences(text: string, count: number): string {
  const flowing = text.trim().replace(/\s*\n\s*/g, ' ');
  // A sentence ends at a full stop before a capital letter or a code span.
  const sentences = flowing.split(/(?<=[.!?])\s+(?=[A-Z`"(])/);
  return sentences.slice(0, count).join(' ');
}

export type RuleHoverFix = Pick<Fix, 'title' | 'applicability'>;

/**
 * What a hover over a finding shows: what the rule is about, why it costs memory, the fixes offered
 * here, and a link to the full page (`docLink`), instead of the whole page in a small box.
 */
export function renderRuleHover(meta: RuleMeta, fixes: readonly RuleHoverFix[], docLink: string | undefined): string {
  const fixLine = fixes.length
    ? fixes.map((f) => `${f.title}${f.applicability === 'unsafe' ? ' (unsafe: review it)' : f.applicability === 'display-only' ? ' (by hand)' : ''}`).join('; or ')
    : 'no automatic fix here; the full documentation shows the code to write instead';
  return [
    `**${meta.code}** ${meta.name}: ${meta.summary}.`,
    '',
    `**Why it costs memory:** ${leadingSentences(meta.doc.whyIsThisBad, 2)}`,
    '',
    `**Fix:** ${fixLine}.`,
    ...(docLink ? ['', `[Full documentation](${docLink})`] : []),
  ].join('\n');
}
