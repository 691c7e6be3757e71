// Where the suite finds the extension and its fixture files, from out/test/desktop/suite at run time.
import { join } from 'node:path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'oomlint.oomlint';
export const FIXTURE_WORKSPACE = join(__dirname, '..', '..', '..', '..', 'test', 'desktop', 'workspace');
/** An evaluation function without `torch.no_grad()`: OOM001 with a safe fix. */
export const EVALUATE_FIXTURE = join(FIXTURE_WORKSPACE, 'evaluate.py');

export function oomlintExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return extension;
}

/** A diagnostic's rule code, whether the client delivered it plain or with its documentation link. */
export function codeOf(diagnostic: vscode.Diagnostic): string {
  const { code } = diagnostic;
  return typeof code === 'object' ? String(code.value) : String(code);
}

export const OOMLINT_SOURCE = 'oomlint';
export const SERVER_TIMEOUT_MS = 30_000;
