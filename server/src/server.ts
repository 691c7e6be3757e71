// The language server's composition root: creates the connection and wires the handlers in lsp/ to
// it. `node dist/server.js --stdio` for any LSP client; VS Code starts it with `--node-ipc`.
import { join } from 'node:path';
import { createConnection, ErrorCodes, ProposedFeatures, ResponseError } from 'vscode-languageserver/node';
import { PythonParser } from './parser/parser';
import { clientSupport, serverCapabilities } from './lsp/capabilities';
import { registerCodeActions } from './lsp/code-actions';
import { ConfigDiagnostics } from './lsp/config-diagnostics';
import { DiagnosticsPublisher } from './lsp/diagnostics-publisher';
import { DocumentLinter } from './lsp/document-linter';
import { DocumentSettingsProvider } from './lsp/document-settings';
import { DocumentStore } from './lsp/document-store';
import { registerExecuteCommand } from './lsp/execute-command';
import { registerExplainOutOfMemory, workspaceFolderPaths } from './lsp/explain-out-of-memory';
import { ExplainOutOfMemoryRequest } from './lsp/explain-protocol';
import { registerHover } from './lsp/hover';
import { IdleMemoryRelease } from './lsp/idle-memory';
import { NotebookDocuments, registerNotebookSync } from './lsp/notebook-sync';
import { readPackageInfo } from './lsp/package-info';
import { ruleDocCommands, ruleDocLinks } from './lsp/rule-doc-links';
import { registerSettingsChanges, requestSettingsNotifications } from './lsp/settings-changes';
import { registerTextSync } from './lsp/text-sync';
import { messagesFor } from './l10n';
import { localeFromTag } from './l10n/locale';

const connection = createConnection(ProposedFeatures.all);
const refuseAfterShutdown = (): never => {
  throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is shutting down');
};
const log = connection.console;
// The bundle lives in dist/, next to grammars/ and package.json.
const installRoot = join(__dirname, '..');

connection.onInitialize(async (params) => {
  const packageInfo = readPackageInfo(join(installRoot, 'package.json'));
  const parser = await PythonParser.create({ grammarDir: join(installRoot, 'grammars') });
  const support = clientSupport(params.capabilities);
  // The client's display language: messages, fix titles, hovers and action titles follow it.
  const locale = localeFromTag(params.locale) ?? 'en';

  const documents = new DocumentStore(parser);
  const configDiagnostics = new ConfigDiagnostics(connection, support.showDocument, log, messagesFor(locale));
  const settings = new DocumentSettingsProvider(connection, support.configurationPull, log, (file, problems) =>
    configDiagnostics.report(file, problems),
  );
  const notebooks = new NotebookDocuments();
  const linter = new DocumentLinter(documents, settings, ruleDocLinks(params.initializationOptions, packageInfo.repositoryUrl), log, notebooks, locale);
  const idleMemory = new IdleMemoryRelease();
  const publisher = new DiagnosticsPublisher(connection, linter, log, () => idleMemory.noteWork());

  registerTextSync(connection, documents, linter, settings, publisher);
  registerNotebookSync(connection, notebooks, documents, linter, settings, publisher);
  registerSettingsChanges(connection, settings, () => [...documents.all().map((d) => d.uri), ...notebooks.uris()], publisher, configDiagnostics);
  registerCodeActions(connection, linter, ruleDocCommands(params.initializationOptions, packageInfo.repositoryUrl, support.showDocument));
  registerHover(connection, linter);
  registerExecuteCommand(connection, linter);
  registerExplainOutOfMemory(connection, documents, linter, settings, workspaceFolderPaths(params.workspaceFolders, params.rootUri));
  connection.onInitialized(() => {
    requestSettingsNotifications(connection, support).catch((error: unknown) =>
      log.warn(`oomlint: could not register for settings changes: ${String(error)}`),
    );
  });
  connection.onShutdown(() => {
    // From now on LSP allows only `exit`: requests get an error, not an answer from a freed parser.
    connection.onHover(refuseAfterShutdown);
    connection.onCodeAction(refuseAfterShutdown);
    connection.onExecuteCommand(refuseAfterShutdown);
    connection.onRequest(ExplainOutOfMemoryRequest, refuseAfterShutdown);
    idleMemory.dispose();
    documents.dispose();
    notebooks.dispose();
    parser.delete();
  });

  return {
    capabilities: serverCapabilities(),
    serverInfo: { name: 'oomlint', ...(packageInfo.version ? { version: packageInfo.version } : {}) },
  };
});

connection.listen();
