// "Fix all oomlint problems": the safe fixes of the current version that do not overlap, in one edit.
import type { CodeAction, WorkspaceEdit } from 'vscode-languageserver';
import { selectNonOverlapping } from '../core/fixes';
import type { LintResult } from './document-linter';
import { rangeOf } from './lsp-diagnostic';
import { FIX_ALL_KIND } from './protocol';
import { versionedEdit } from './versioned-edit';

export const FIX_ALL_TITLE = 'Fix all oomlint problems';

/** `undefined` when there is nothing to fix. */
export function fixAllEdit(result: LintResult): WorkspaceEdit | undefined {
  const edits = selectNonOverlapping(result.diagnostics, { unsafe: false })
    .flatMap((fix) => fix.edits)
    .sort((a, b) => a.start - b.start)
    .map((e) => ({ range: rangeOf(result.source, e.start, e.end), newText: e.newText }));
  return edits.length ? versionedEdit(result.uri, result.version, edits) : undefined;
}

export function fixAllAction(result: LintResult): CodeAction | undefined {
  const edit = fixAllEdit(result);
  return edit ? { title: FIX_ALL_TITLE, kind: FIX_ALL_KIND, edit } : undefined;
}
