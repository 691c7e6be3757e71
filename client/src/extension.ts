// The extension's composition root: starts the language server, registers the commands and the
// GPU memory readout.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { registerExplainOutOfMemory } from './commands/explain-out-of-memory';
import { registerFixAllCommand } from './commands/fix-all';
import { registerOpenRuleDocsCommand } from './commands/open-rule-docs';
import { registerRestartServerCommand } from './commands/restart-server';
import { GPU_CONFIG_SECTION, readGpuConfig, registerGpuStatus } from './gpu/status-bar';
import { createLanguageClient } from './language-client';
import { repositoryUrlOf } from './repository-url';
import { registerRuleDocsProvider } from './rule-docs-provider';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('oomlint', { log: true });
  const repositoryUrl = repositoryUrlOf(context.extension);
  client = createLanguageClient(context, log);
  context.subscriptions.push(
    log,
    registerFixAllCommand(),
    registerRestartServerCommand(client, log),
    registerRuleDocsProvider(repositoryUrl),
    registerOpenRuleDocsCommand(repositoryUrl),
  );
  // Adds its own disposables to the context.
  const gpuStatus = registerGpuStatus(context, {
    getConfig: () => readGpuConfig(vscode.workspace.getConfiguration(GPU_CONFIG_SECTION)),
    isTrusted: () => vscode.workspace.isTrusted,
    // Local folders only: the readout matches GPU processes to them by path.
    workspaceFolders: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
  });
  context.subscriptions.push(registerExplainOutOfMemory({ client, gpuSnapshot: () => gpuStatus.snapshot, log }));
  try {
    await client.start();
  } catch (error: unknown) {
    // Commands stay registered, so "Restart language server" can try again.
    log.error(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deactivate(): Promise<void> {
  // A client that never came up has nothing to stop (and stop() would throw).
  if (client?.isRunning()) await client.stop();
  client = undefined;
}
