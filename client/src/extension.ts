// The extension's composition root: starts the language server, registers the commands and the
// GPU memory readout.
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { GPU_MEMORY_NOTIFICATION, type GpuMemoryParams } from '../../server/src/lsp/protocol';
import { registerExplainOutOfMemory } from './commands/explain-out-of-memory';
import { registerFixAllCommand } from './commands/fix-all';
import { registerOpenRuleDocsCommand } from './commands/open-rule-docs';
import { registerRestartServerCommand } from './commands/restart-server';
import { GPU_CONFIG_SECTION, readGpuConfig, registerGpuStatus } from './gpu/status-bar';
import { registerConfigProblemStatus } from './config-status';
import { createLanguageClient } from './language-client';
import { repositoryUrlOf } from './repository-url';
import { registerRuleDocsProvider } from './rule-docs-provider';
import { stopClientThenClose } from './shutdown';

let client: LanguageClient | undefined;
/** Not among the context's subscriptions: deactivate() closes it once the client has stopped (see shutdown.ts). */
let log: vscode.LogOutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('oomlint', { log: true });
  log = output;
  const repositoryUrl = repositoryUrlOf(context.extension);
  client = createLanguageClient(context, output);
  context.subscriptions.push(
    registerFixAllCommand(),
    registerRestartServerCommand(client, output),
    registerRuleDocsProvider(repositoryUrl),
    registerOpenRuleDocsCommand(repositoryUrl),
    registerConfigProblemStatus(client),
  );
  // Adds its own disposables to the context.
  let gpuMemory: number | null = null;
  const languageClient = client;
  const sendGpuMemory = (): void => {
    if (!languageClient.isRunning()) return;
    void languageClient.sendNotification(GPU_MEMORY_NOTIFICATION, { totalMiB: gpuMemory } satisfies GpuMemoryParams).catch(() => undefined);
  };
  // A server started again (after a restart) hears the GPU once more.
  context.subscriptions.push(languageClient.onDidChangeState(({ newState }) => {
    if (newState === State.Running) sendGpuMemory();
  }));
  const gpuStatus = registerGpuStatus(context, {
    getConfig: () => readGpuConfig(vscode.workspace.getConfiguration(GPU_CONFIG_SECTION)),
    isTrusted: () => vscode.workspace.isTrusted,
    // Local folders only: the readout matches GPU processes to them by path.
    workspaceFolders: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    // The GPU read here is OOM004's target where settings name none.
    onGpuMemory: (totalMiB) => {
      gpuMemory = totalMiB;
      sendGpuMemory();
    },
  });
  context.subscriptions.push(registerExplainOutOfMemory({ client, gpuSnapshot: () => gpuStatus.snapshot, log }));
  try {
    await client.start();
  } catch (error: unknown) {
    // Commands stay registered, so "Restart language server" can try again.
    output.error(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deactivate(): Promise<void> {
  const [stopping, output] = [client, log];
  client = undefined;
  log = undefined;
  await stopClientThenClose(stopping, output);
}
