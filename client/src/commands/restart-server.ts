// "Restart language server": for a server that got stuck, or after replacing the extension's files.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMAND_IDS } from './command-ids';

export function registerRestartServerCommand(client: LanguageClient, log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND_IDS.restartServer, async () => {
    log.info('Restarting the language server on request.');
    try {
      // restart() also starts a client that was stopped or never came up.
      await client.restart();
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error(`The language server did not restart: ${reason}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('oomlint: the language server did not restart: {0}', reason));
    }
  });
}
