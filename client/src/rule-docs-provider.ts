// Serves each rule's documentation as a read-only markdown document (`oomlint-rule:/OOM001-name.md`),
// rendered from the rule itself, so the docs open offline and match the installed version.
import * as vscode from 'vscode';
import { ruleByCode } from '../../server/src/rules/index';
import { renderRuleMarkdown, ruleDocFileName, ruleDocUrl } from '../../server/src/rules/docs';
import type { RuleMeta } from '../../server/src/rules/rule';

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
    const rule = ruleByCode(codeFromPath(uri.path));
    if (!rule) return `# Unknown rule\n\n\`${uri.path}\` is not an oomlint rule.\n`;
    const page = renderRuleMarkdown(rule.meta);
    return this.repositoryUrl ? `${page}\n[Read this page online](${ruleDocUrl(rule.meta, this.repositoryUrl)})\n` : page;
  }
}

export function registerRuleDocsProvider(repositoryUrl: string | undefined): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, new RuleDocsProvider(repositoryUrl));
}
