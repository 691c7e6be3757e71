// How the extension starts and talks to the language server.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CONFIG_STATUS_OPTION, RULE_DOCS_COMMAND_OPTION, SERVER_NODE_FLAGS, serverEnvironment } from '../../server/src/lsp/protocol';
import { COMMAND_IDS } from './commands/command-ids';
import { unlessStopping } from './requests-while-stopping';

export const CLIENT_ID = 'oomlint';
const CLIENT_NAME = 'oomlint';

/** Python files on disk, unsaved Python editors, and the Python cells of notebooks. */
export const PYTHON_DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'python' },
  { scheme: 'untitled', language: 'python' },
  { scheme: 'vscode-notebook-cell', language: 'python' },
];

/**
 * pyproject.toml too, so that VS Code asks the server for the quick fixes of its configuration
 * problems (a misspelt key); the server takes in Python documents only.
 */
const DOCUMENT_SELECTOR = [...PYTHON_DOCUMENT_SELECTOR, { scheme: 'file', pattern: '**/pyproject.toml' }];

export function createLanguageClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): LanguageClient {
  // The bundled server sits next to the extension bundle and needs no node_modules.
  const serverModule = context.asAbsolutePath('dist/server.js');
  const server = { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS], env: serverEnvironment(process.env) } };
  const serverOptions: ServerOptions = { run: server, debug: server };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    // The server pulls the `oomlint` section through workspace/configuration, and registers its own
    // pyproject.toml watcher (a second one here would deliver every change twice).
    outputChannel: log,
    // Code links in Problems and "Full documentation" in hovers run this command, which opens the
    // bundled rule page in the editor (offline) rather than a website.
    // Configuration problems are shown by a status item that goes when they are fixed (config-status.ts).
    initializationOptions: { [RULE_DOCS_COMMAND_OPTION]: COMMAND_IDS.openRuleDocs, [CONFIG_STATUS_OPTION]: true },
    // Hovers are Markdown from the server; the one command their links may run is that one.
    markdown: { isTrusted: { enabledCommands: [COMMAND_IDS.openRuleDocs] } },
    middleware: {
      provideCodeActions: (document, range, context, token, next) =>
        unlessStopping(isRunning, undefined, async () => next(document, range, context, token)),
      provideHover: (document, position, token, next) => unlessStopping(isRunning, undefined, async () => next(document, position, token)),
    },
  };
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  const isRunning = () => client.isRunning();
  return client;
}
