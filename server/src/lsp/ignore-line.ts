// "Ignore OOMxxx on this line": writes or extends a `# noqa` comment for one diagnostic.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { applyEdits } from '../core/fixes';
import type { DocumentLinter, LintResult } from './document-linter';
import { noqaEdit } from './noqa-edit';
import { versionedEdits } from './versioned-edit';

export function ignoreLineAction(
  result: LintResult,
  diagnostic: LspDiagnostic,
  linter: DocumentLinter,
): CodeAction | undefined {
  const code = typeof diagnostic.code === 'string' ? diagnostic.code : undefined;
  if (!code || !result.root) return undefined;
  // Worked out on the analysed text (in a notebook, the cells joined), then written into the document.
  const start = result.place.offsetAt(diagnostic.range.start);
  const line = result.source.lineOf(start);
  const noqa = noqaEdit(result.source, result.root, line, code);
  if (!noqa) return undefined;
  // The comment goes on a later line than the report; offer it only if the analysis maps it back.
  if (noqa.line !== line && linter.reportsIn(result, applyEdits(result.source.text, [noqa.edit]), code, start)) return undefined;
  const documents = result.place.documentEdits([noqa.edit]);
  if (!documents) return undefined;
  return {
    title: linter.messages.ignoreOnLine({ code }),
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: versionedEdits(documents),
  };
}
