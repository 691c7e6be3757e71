// "Fix all oomlint problems": the safe fixes of the current version that do not overlap, in one edit.
// Offered under `source.fixAll.oomlint` (fix on save, the Source Action menu) and, when it would fix
// more than the problem at hand, as a quick fix too, because the light bulb and Ctrl+. list quick
// fixes only (as ESLint's "Fix all auto-fixable problems").
import { CodeActionKind, type CodeAction, type WorkspaceEdit } from 'vscode-languageserver';
import { selectNonOverlapping } from '../core/fixes';
import type { LintResult } from './document-linter';
import { FIX_ALL_KIND } from './protocol';
import { versionedEdits } from './versioned-edit';

/** Safe fixes in the document from which the quick-fix menu offers fix-all. */
export const MIN_FIXES_FOR_QUICK_FIX_ALL = 2;

interface FixAll {
  edit: WorkspaceEdit;
  /** How many fixes the edit applies. */
  fixes: number;
}

function collectFixAll(result: LintResult): FixAll | undefined {
  // In a notebook, a fix that reaches across cells cannot be written as edits of cells: it is left out.
  const fixes = selectNonOverlapping(result.diagnostics, { unsafe: false }).filter((fix) => result.place.documentEdits(fix.edits));
  const edits = fixes.flatMap((fix) => fix.edits).sort((a, b) => a.start - b.start);
  const documents = edits.length ? result.place.documentEdits(edits) : undefined;
  return documents ? { edit: versionedEdits(documents), fixes: fixes.length } : undefined;
}

/** `undefined` when there is nothing to fix. */
export function fixAllEdit(result: LintResult): WorkspaceEdit | undefined {
  return collectFixAll(result)?.edit;
}

/** Fix-all as `source.fixAll.oomlint`; `undefined` when there is nothing to fix. */
export function fixAllAction(result: LintResult, title: string): CodeAction | undefined {
  const fixAll = collectFixAll(result);
  return fixAll ? { title, kind: FIX_ALL_KIND, edit: fixAll.edit } : undefined;
}

/** Fix-all as a quick fix, only when the document has at least two safe fixes to apply. */
export function fixAllQuickFix(result: LintResult, title: string): CodeAction | undefined {
  const fixAll = collectFixAll(result);
  if (!fixAll || fixAll.fixes < MIN_FIXES_FOR_QUICK_FIX_ALL) return undefined;
  return { title, kind: CodeActionKind.QuickFix, edit: fixAll.edit };
}
