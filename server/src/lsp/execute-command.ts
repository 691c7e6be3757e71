// workspace/executeCommand `oomlint.applyFixAll` [uri, version]: sends fix-all's edit back to the
// client with workspace/applyEdit, for clients without code-actions-on-save.
import { ErrorCodes, LSPErrorCodes, ResponseError, type Connection, type ExecuteCommandParams } from 'vscode-languageserver';
import type { DocumentLinter } from './document-linter';
import { fixAllEdit } from './fix-all';
import { APPLY_FIX_ALL_COMMAND } from './protocol';

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

export function registerExecuteCommand(connection: Connection, linter: DocumentLinter): void {
  connection.onExecuteCommand((params: ExecuteCommandParams) => {
    if (params.command !== APPLY_FIX_ALL_COMMAND) {
      throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${params.command}`);
    }
    return applyFixAll(connection, linter, params.arguments ?? []);
  });
}
