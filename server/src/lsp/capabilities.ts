// What this server offers, and which optional client features it relies on when present.
import {
  CodeActionKind,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type ServerCapabilities,
} from 'vscode-languageserver';
import { APPLY_FIX_ALL_COMMAND, FIX_ALL_KIND, SHOW_RULE_DOCUMENTATION_COMMAND } from './protocol';

export interface ClientSupport {
  /** Answers `workspace/configuration`; otherwise settings come with didChangeConfiguration. */
  configurationPull: boolean;
  /** Lets the server ask for didChangeConfiguration notifications at run time. */
  configurationChangeRegistration: boolean;
  /** Lets the server ask to be told about pyproject.toml changes at run time. */
  watchedFilesRegistration: boolean;
  /** Opens a document when the server asks (`window/showDocument`). */
  showDocument: boolean;
  /** Shows progress the server reports (`window/workDoneProgress/create`). */
  workDoneProgress: boolean;
  /** Asks for inlay hints again when the server says they changed (`workspace/inlayHint/refresh`). */
  inlayHintRefresh: boolean;
}

export function clientSupport(capabilities: ClientCapabilities): ClientSupport {
  const workspace = capabilities.workspace;
  return {
    configurationPull: workspace?.configuration === true,
    configurationChangeRegistration: workspace?.didChangeConfiguration?.dynamicRegistration === true,
    watchedFilesRegistration: workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    showDocument: capabilities.window?.showDocument?.support === true,
    workDoneProgress: capabilities.window?.workDoneProgress === true,
    inlayHintRefresh: workspace?.inlayHint?.refreshSupport === true,
  };
}

export function serverCapabilities(): ServerCapabilities {
  return {
    // Offsets everywhere are UTF-16 code units: LSP's default, tree-sitter's and JavaScript's unit.
    positionEncoding: 'utf-16',
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    // Cells arrive with their notebook and order, and all of them (markdown too), so that the Python
    // cells are analysed together as the CLI does it and numbered among all cells as the CLI numbers them.
    notebookDocumentSync: { notebookSelector: [{ notebook: '*' }] },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
    hoverProvider: true,
    // The estimated memory of a training step at the end of its batch size's and model's lines.
    inlayHintProvider: true,
    executeCommandProvider: { commands: [APPLY_FIX_ALL_COMMAND, SHOW_RULE_DOCUMENTATION_COMMAND] },
  };
}
