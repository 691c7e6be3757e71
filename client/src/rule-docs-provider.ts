// Serves each rule's documentation as a read-only markdown document (`oomlint-rule:/OOM001-name.md`),
// from the pages generated out of the rules themselves, so the docs open offline and match the
// installed version without the client bundling the analysis engine.
import * as vscode from 'vscode';
import { ruleDocFileName, ruleDocUrl } from '../../server/src/rules/docs';
import type { RuleMeta } from '../../server/src/rules/rule';
import { RULE_PAGES, type RulePage } from './rule-pages.generated';

export function rulePage(code: string): RulePage | undefined {
  return RULE_PAGES.find((page) => page.code === code);
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
    if (!page) return `# Unknown rule\n\n\`${uri.path}\` is not an oomlint rule.\n`;
    return this.repositoryUrl ? `${page.markdown}\n[Read this page online](${ruleDocUrl(page, this.repositoryUrl)})\n` : page.markdown;
  }
}

export function registerRuleDocsProvider(repositoryUrl: string | undefined): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, new RuleDocsProvider(repositoryUrl));
}
