// "Open rule documentation": pick a rule, read its page in a markdown preview; the item's button
// opens the page on the repository's website instead. Also callable as
// `oomlint.openRuleDocs` with a rule code, e.g. from a command link.
import * as vscode from 'vscode';
import { ruleDocUrl } from '../../../server/src/rules/docs';
import { rulePage, rulePages, ruleDocUri } from '../rule-docs-provider';
import type { RulePage } from '../rule-pages.generated';
import { COMMAND_IDS } from './command-ids';

interface RuleItem extends vscode.QuickPickItem {
  meta: RulePage;
}

const OPEN_ONLINE: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('link-external'),
  tooltip: vscode.l10n.t('Open the page on the web'),
};

/** Shows the rendered page; the markdown extension may be disabled, so plain text is the fallback. */
export async function showRuleDoc(meta: Pick<RulePage, 'code' | 'name'>): Promise<vscode.Uri> {
  const uri = ruleDocUri(meta);
  try {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  } catch {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }
  return uri;
}

function pickRule(repositoryUrl: string | undefined): Promise<RulePage | undefined> {
  const picker = vscode.window.createQuickPick<RuleItem>();
  picker.title = vscode.l10n.t('oomlint: rule documentation');
  picker.placeholder = vscode.l10n.t('Type a rule code or a word from its summary');
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.items = rulePages().map((meta) => ({
    label: meta.code,
    description: meta.name,
    detail: meta.summary,
    meta,
    buttons: repositoryUrl ? [OPEN_ONLINE] : [],
  }));
  return new Promise((resolve) => {
    picker.onDidTriggerItemButton(({ item }) => {
      if (repositoryUrl) void vscode.env.openExternal(vscode.Uri.parse(ruleDocUrl(item.meta, repositoryUrl)));
      picker.hide();
    });
    picker.onDidAccept(() => {
      resolve(picker.selectedItems[0]?.meta);
      picker.hide();
    });
    picker.onDidHide(() => {
      resolve(undefined);
      picker.dispose();
    });
    picker.show();
  });
}

export function registerOpenRuleDocsCommand(repositoryUrl: string | undefined): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND_IDS.openRuleDocs, async (code?: unknown) => {
    const meta = typeof code === 'string' ? rulePage(code) : await pickRule(repositoryUrl);
    if (typeof code === 'string' && !meta) {
      void vscode.window.showWarningMessage(vscode.l10n.t('oomlint: there is no rule {0}.', code));
      return undefined;
    }
    return meta ? showRuleDoc(meta) : undefined;
  });
}
