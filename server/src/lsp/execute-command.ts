// workspace/executeCommand `oomlint.applyFixAll` [uri, version]: sends fix-all's edit back to the
// client with workspace/applyEdit, for clients without code-actions-on-save.
import { ErrorCodes, LSPErrorCodes, ResponseError, type Connection, type ExecuteCommandParams } from 'vscode-languageserver';
import type { DocumentLinter } from './document-linter';
import { fixAllEdit } from './fix-all';
import { ruleByCode } from '../rules';
import { APPLY_FIX_ALL_COMMAND, SHOW_RULE_DOCUMENTATION_COMMAND } from './protocol';
import type { RuleDocLink } from './rule-doc-links';

/** Whether an edit was applied: `false` when there was nothing to fix. */
export async function applyFixAll(connection: Connection, linter: DocumentLinter, args: readonly unknown[]): Promise<boolean> {
  const [uri, version] = args;
  if (typeof uri !== 'string' || !Number.isInteger(version)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `${APPLY_FIX_ALL_COMMAND} expects [uri, version]`);
  }
  const result = await linter.current(uri);
  if (!result) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not open`);
  if (result.version !== version) {
    throw new ResponseError(LSPErrorCodes.ContentModified, `${uri} is at version ${result.version}, not ${String(version)}`);
  }
  const edit = fixAllEdit(result);
  if (!edit) return false;
  const applied = await connection.workspace.applyEdit({ label: linter.messages.fixAllTitle, edit });
  return applied.applied;
}

/** Asks the client to open a rule's page on the website; whether it did. */
export async function showRuleDocumentation(connection: Connection, ruleDocLink: RuleDocLink, args: readonly unknown[]): Promise<boolean> {
  const [code] = args;
  const rule = typeof code === 'string' ? ruleByCode(code) : undefined;
  if (!rule) throw new ResponseError(ErrorCodes.InvalidParams, `${SHOW_RULE_DOCUMENTATION_COMMAND} expects [code] with a rule code such as "OOM001"`);
  const uri = ruleDocLink(rule.meta);
  if (!uri) return false;
  const shown = await connection.window.showDocument({ uri, external: true });
  return shown.success;
}

export function registerExecuteCommand(connection: Connection, linter: DocumentLinter): void {
  connection.onExecuteCommand((params: ExecuteCommandParams) => {
    if (params.command === APPLY_FIX_ALL_COMMAND) return applyFixAll(connection, linter, params.arguments ?? []);
    if (params.command === SHOW_RULE_DOCUMENTATION_COMMAND) return showRuleDocumentation(connection, linter.ruleDocLink, params.arguments ?? []);
    throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${params.command}`);
  });
}
