// Serves each rule's documentation as a read-only markdown document (`oomlint-rule:/OOM001-name.md`),
// from the pages generated out of the rules themselves, so the docs open offline and match the
// installed version without the client bundling the analysis engine.
import * as vscode from 'vscode';
import { ruleDocFileName, ruleDocUrl } from '../../server/src/rules/docs';
import type { RuleMeta } from '../../server/src/rules/rule';
import { localeFromTag } from '../../server/src/l10n/locale';
import { RULE_PAGES, TRANSLATED_RULE_PAGES, type RulePage } from './rule-pages.generated';

/** The rule pages in the editor's display language, English where a page is not translated. */
export function rulePages(language: string = vscode.env.language): readonly RulePage[] {
  const translated = TRANSLATED_RULE_PAGES[localeFromTag(language) ?? 'en'] ?? [];
  return RULE_PAGES.map((page) => translated.find((t) => t.code === page.code) ?? page);
}

export function rulePage(code: string): RulePage | undefined {
  return rulePages().find((page) => page.code === code);
}

export const RULE_DOC_SCHEME = 'oomlint-rule';

export function ruleDocUri(meta: Pick<RuleMeta, 'code' | 'name'>): vscode.Uri {
  return vscode.Uri.from({ scheme: RULE_DOC_SCHEME, path: `/${ruleDocFileName(meta)}` });
}

/** The rule code at the start of a document path such as `/OOM001-eval-without-no-grad.md`. */
function codeFromPath(path: string): string {
  return path.replace(/^\//, '').split('-')[0] ?? '';
}

export class RuleDocsProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly repositoryUrl: string | undefined) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const page = rulePage(codeFromPath(uri.path));
    if (!page) return `# ${vscode.l10n.t('Unknown rule')}\n\n${vscode.l10n.t('`{0}` is not an oomlint rule.', uri.path)}\n`;
    return this.repositoryUrl ? `${page.markdown}\n[${vscode.l10n.t('Read this page online')}](${ruleDocUrl(page, this.repositoryUrl)})\n` : page.markdown;
  }
}

export function registerRuleDocsProvider(repositoryUrl: string | undefined): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, new RuleDocsProvider(repositoryUrl));
}
