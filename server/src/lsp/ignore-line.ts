// "Ignore OOMxxx on this line": writes or extends a `# noqa` comment for one diagnostic.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { applyEdits } from '../core/fixes';
import type { DocumentLinter, LintResult } from './document-linter';
import { rangeOf } from './lsp-diagnostic';
import { noqaEdit } from './noqa-edit';
import { versionedEdit } from './versioned-edit';

export function ignoreLineAction(
  result: LintResult,
  diagnostic: LspDiagnostic,
  linter: DocumentLinter,
): CodeAction | undefined {
  const code = typeof diagnostic.code === 'string' ? diagnostic.code : undefined;
  if (!code || !result.root) return undefined;
  const line = diagnostic.range.start.line;
  const noqa = noqaEdit(result.source, result.root, line, code);
  if (!noqa) return undefined;
  if (noqa.line !== line) {
    // The comment goes on a later line than the report; offer it only if the analysis maps it back.
    const start = result.source.offset(diagnostic.range.start);
    if (linter.reportsIn(result, applyEdits(result.source.text, [noqa.edit]), code, start)) return undefined;
  }
  const { start, end, newText } = noqa.edit;
  return {
    title: linter.messages.ignoreOnLine({ code }),
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: versionedEdit(result.uri, result.version, [{ range: rangeOf(result.source, start, end), newText }]),
  };
}
