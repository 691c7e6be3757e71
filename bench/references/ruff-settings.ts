// Ruff as its documentation describes the defaults: rules E4, E7, E9 and F. (The WebAssembly
// build's own default, `{}`, turns on more: pyupgrade, isort, some pylint and ruff rules.)
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';

export const RUFF_DEFAULT_SELECT: readonly string[] = ['E4', 'E7', 'E9', 'F'];

export function ruffWorkspace(): Workspace {
  return new Workspace({ lint: { select: [...RUFF_DEFAULT_SELECT] } }, PositionEncoding.Utf16);
}

/** Number of diagnostics from one check. */
export function ruffCheck(workspace: Workspace, text: string): number {
  const diagnostics: unknown = workspace.check(text);
  return Array.isArray(diagnostics) ? diagnostics.length : 0;
}
