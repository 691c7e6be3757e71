// Configuration problems as a language status item next to the Python language in the status bar
// (one per pyproject.toml with problems), with "Show" opening the file at the first problem. Unlike a
// notification, which VS Code offers no way to take back, the item goes as soon as the file is fixed.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CONFIG_PROBLEMS_NOTIFICATION, type ConfigProblemsParams } from '../../server/src/lsp/protocol';
import { shortName, statusChanges } from './config-status-items';
import { PYTHON_DOCUMENT_SELECTOR } from './language-client';

export function registerConfigProblemStatus(client: LanguageClient): vscode.Disposable {
  const items = new Map<string, vscode.LanguageStatusItem>();
  const notifications = client.onNotification(CONFIG_PROBLEMS_NOTIFICATION, (params: ConfigProblemsParams) => {
    const { show, remove } = statusChanges(new Set(items.keys()), params.items ?? []);
    for (const uri of remove) {
      items.get(uri)?.dispose();
      items.delete(uri);
    }
    for (const problem of show) {
      let item = items.get(problem.uri);
      if (!item) {
        item = vscode.languages.createLanguageStatusItem(`oomlint.configuration.${items.size}`, PYTHON_DOCUMENT_SELECTOR);
        item.name = 'oomlint';
        items.set(problem.uri, item);
      }
      item.severity = problem.error ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Warning;
      item.text = `$(${problem.error ? 'error' : 'warning'}) ${shortName(problem.uri)}`;
      item.detail = problem.message;
      const { start, end } = problem.range;
      item.command = {
        title: problem.showTitle,
        command: 'vscode.open',
        arguments: [vscode.Uri.parse(problem.uri), { selection: new vscode.Range(start.line, start.character, end.line, end.character) }],
      };
    }
  });
  return {
    dispose: () => {
      notifications.dispose();
      for (const item of items.values()) item.dispose();
      items.clear();
    },
  };
}
