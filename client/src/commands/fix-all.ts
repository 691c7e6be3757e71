// "Fix all problems in this file": asks the server for its fix-all code action on the active editor
// and applies it. The action's edit carries the document version it was computed for, so a stale
// fix is refused by the editor instead of corrupting the file.
import * as vscode from 'vscode';
import { FIX_ALL_KIND } from '../../../server/src/lsp/protocol';
import { COMMAND_IDS } from './command-ids';

/** What happened, for callers (and tests) that need more than the side effect. */
export type FixAllOutcome = 'applied' | 'nothing-to-fix' | 'no-python-editor' | 'rejected';

export async function fixAllInActiveEditor(): Promise<FixAllOutcome> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'python') {
    void vscode.window.showInformationMessage(vscode.l10n.t('oomlint: open a Python file or notebook cell to fix it.'));
    return 'no-python-editor';
  }
  const { document } = editor;
  const wholeDocument = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
    'vscode.executeCodeActionProvider',
    document.uri,
    wholeDocument,
    FIX_ALL_KIND,
    1,
  );
  const fixAll = actions?.find((a) => a.kind !== undefined && vscode.CodeActionKind.Empty.append(FIX_ALL_KIND).contains(a.kind));
  if (!fixAll || (!fixAll.edit && !fixAll.command)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('oomlint: no safe fixes to apply in this file.'));
    return 'nothing-to-fix';
  }
  if (fixAll.edit && !(await vscode.workspace.applyEdit(fixAll.edit))) {
    void vscode.window.showWarningMessage(vscode.l10n.t('oomlint: the file changed while the fixes were computed; run the command again.'));
    return 'rejected';
  }
  if (fixAll.command) {
    await vscode.commands.executeCommand(fixAll.command.command, ...(fixAll.command.arguments ?? []));
  }
  return 'applied';
}

export function registerFixAllCommand(): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND_IDS.fixAll, fixAllInActiveEditor);
}
