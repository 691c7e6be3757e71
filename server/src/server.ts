// The language server's composition root: creates the connection and wires the handlers in lsp/ to
// it. `node dist/server.js --stdio` for any LSP client; VS Code starts it with `--node-ipc`. Started as
// a worker thread by itself, the same file reads pyproject.toml files for it (config-file-loader.ts).
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  createConnection,
  ErrorCodes,
  InlayHintRequest,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type Connection,
} from 'vscode-languageserver/node';
import { PythonParser } from './parser/parser';
import { clientSupport, serverCapabilities } from './lsp/capabilities';
import { registerCodeActions } from './lsp/code-actions';
import { isConfigWorkerData, serveConfigWorker, WorkerConfigLoader } from './lsp/config-file-loader';
import { ConfigDiagnostics } from './lsp/config-diagnostics';
import { DiagnosticsPublisher } from './lsp/diagnostics-publisher';
import { DocumentLinter } from './lsp/document-linter';
import { DocumentSettingsProvider } from './lsp/document-settings';
import { DocumentStore } from './lsp/document-store';
import { registerExecuteCommand } from './lsp/execute-command';
import { registerExplainOutOfMemory, workspaceFolderPaths } from './lsp/explain-out-of-memory';
import { ExplainOutOfMemoryRequest } from './lsp/explain-protocol';
import { CONFIG_STATUS_OPTION } from './lsp/protocol';
import { registerHover } from './lsp/hover';
import { registerEstimateInlayHints } from './lsp/estimate-inlay-hints';
import { IdleMemoryRelease } from './lsp/idle-memory';
import { NotebookDocuments, registerNotebookSync } from './lsp/notebook-sync';
import { readPackageInfo } from './lsp/package-info';
import { ruleDocCommands, ruleDocLinks } from './lsp/rule-doc-links';
import { registerSettingsChanges, requestSettingsNotifications } from './lsp/settings-changes';
import { registerTextSync } from './lsp/text-sync';
import { documentPath } from './lsp/document-path';
import { indexProgress } from './lsp/index-progress';
import { WorkspaceIndex } from './lsp/workspace-index';
import { watchPythonFiles, WorkspaceSync } from './lsp/workspace-sync';
import { messagesFor } from './l10n';
import { localeFromTag } from './l10n/locale';

/**
 * Errors of the byte stream's framing (a header without Content-Length, a length that is not a
 * number): after one the stream cannot be read reliably again. A body that is not JSON is not one of
 * them: its length was known, so the next message is still found.
 */
const FRAMING_ERROR = /^(Header must provide a Content-Length|Content-Length value must be a number|Message header must separate key and value)/;

/** The connection; over stdio, with its framing watched (a client that breaks it gets an exit, not a silent server). */
function openConnection(): Connection {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const reader = new StreamMessageReader(process.stdin);
  reader.onError((error) => {
    if (!FRAMING_ERROR.test(error.message)) return;
    process.stderr.write(`oomlint: the client broke the message framing (${error.message.split('\n')[0]}); stopping so that it can start a new server\n`);
    process.exit(1);
  });
  return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
}

function startServer(): void {
  const connection = openConnection();
  const refuseAfterShutdown = (): never => {
    throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is shutting down');
  };
  const ignoreAfterShutdown = (): void => undefined;
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
    const configFiles = new WorkerConfigLoader(__filename);
    const statusNotifications = (params.initializationOptions as Record<string, unknown> | undefined)?.[CONFIG_STATUS_OPTION] === true;
    const configDiagnostics = new ConfigDiagnostics(connection, support.showDocument, log, messagesFor(locale), configFiles, statusNotifications);
    const settings = new DocumentSettingsProvider(
      connection,
      support.configurationPull,
      log,
      (file, problems) => configDiagnostics.report(file, problems),
      configFiles,
    );
    const notebooks = new NotebookDocuments();
    // The workspace folders' projects are indexed (not `rootUri`'s: a client that names no folder
    // may have opened a home directory).
    const folders = (params.workspaceFolders ?? []).flatMap((folder) => documentPath(folder.uri) ?? []);
    const workspace = folders.length ? new WorkspaceIndex(folders, parser) : undefined;
    const linter = new DocumentLinter(documents, settings, ruleDocLinks(params.initializationOptions, packageInfo.repositoryUrl), log, notebooks, locale, workspace);
    const idleMemory = new IdleMemoryRelease();
    const publisher = new DiagnosticsPublisher(connection, linter, log, () => idleMemory.noteWork());
    const openUris = () => [...documents.all().map((d) => d.uri), ...notebooks.uris()];
    const progress = () => indexProgress(connection, support.workDoneProgress, messagesFor(locale), log);
    const workspaceSync = workspace && new WorkspaceSync(workspace, documents, (uris) => publisher.scheduleAll(uris), openUris, log, progress, () => idleMemory.noteWork());

    registerTextSync(connection, documents, linter, settings, publisher, workspaceSync && { changed: (uri) => workspaceSync.documentChanged(uri), closed: (uri) => workspaceSync.documentClosed(uri) });
    registerNotebookSync(connection, notebooks, documents, linter, settings, publisher);
    const refreshInlayHints = () => {
      if (support.inlayHintRefresh) connection.languages.inlayHint.refresh().catch(() => undefined);
    };
    registerSettingsChanges(connection, settings, openUris, publisher, configDiagnostics, workspaceSync && ((changes) => workspaceSync.filesChanged(changes)), refreshInlayHints);
    registerCodeActions(connection, linter, ruleDocCommands(params.initializationOptions, packageInfo.repositoryUrl, support.showDocument));
    registerHover(connection, linter);
    registerEstimateInlayHints(connection, linter);
    registerExecuteCommand(connection, linter);
    registerExplainOutOfMemory(connection, documents, linter, settings, workspaceFolderPaths(params.workspaceFolders, params.rootUri));
    connection.onInitialized(() => {
      requestSettingsNotifications(connection, support).catch((error: unknown) =>
        log.warn(`oomlint: could not register for settings changes: ${String(error)}`),
      );
      if (!workspaceSync) return;
      if (support.watchedFilesRegistration) {
        watchPythonFiles(connection).catch((error: unknown) => log.warn(`oomlint: could not watch the workspace's Python files: ${String(error)}`));
      }
      workspaceSync.build().catch((error: unknown) => log.error(`oomlint: could not index the workspace: ${String(error)}`));
    });
    connection.onShutdown(() => {
      // From now on LSP allows only `exit`: requests get an error, not an answer from a freed parser,
      // and documents opened or changed now are not taken in (they would be parsed by it).
      connection.onHover(refuseAfterShutdown);
      connection.onRequest(InlayHintRequest.type, refuseAfterShutdown);
      connection.onCodeAction(refuseAfterShutdown);
      connection.onExecuteCommand(refuseAfterShutdown);
      connection.onRequest(ExplainOutOfMemoryRequest, refuseAfterShutdown);
      connection.onDidOpenTextDocument(ignoreAfterShutdown);
      connection.onDidChangeTextDocument(ignoreAfterShutdown);
      connection.onDidCloseTextDocument(ignoreAfterShutdown);
      connection.notebooks.synchronization.onDidOpenNotebookDocument(ignoreAfterShutdown);
      connection.notebooks.synchronization.onDidChangeNotebookDocument(ignoreAfterShutdown);
      connection.notebooks.synchronization.onDidCloseNotebookDocument(ignoreAfterShutdown);
      connection.onDidChangeConfiguration(ignoreAfterShutdown);
      connection.onDidChangeWatchedFiles(ignoreAfterShutdown);
      workspaceSync?.dispose();
      idleMemory.dispose();
      configFiles.dispose();
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
}

if (!isMainThread && parentPort && isConfigWorkerData(workerData)) serveConfigWorker(parentPort);
else startServer();
