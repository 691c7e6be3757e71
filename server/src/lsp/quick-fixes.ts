// One quick fix per fix a diagnostic carries in its data.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { EditorMessages } from '../l10n/messages';
import type { DiagnosticData } from './protocol';
import { versionedEdits } from './versioned-edit';

export function quickFixActions(diagnostic: LspDiagnostic, data: DiagnosticData, messages: EditorMessages): CodeAction[] {
  const actions: CodeAction[] = [];
  data.fixes.forEach((fix, index) => {
    // Display-only fixes are shown by the CLI for review; an editor would apply them in one click.
    if (fix.applicability === 'display-only') return;
    actions.push({
      title: fix.applicability === 'unsafe' ? messages.unsafeFixTitle({ title: fix.title }) : fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      // Fixes arrive safest first, so only the first can be the one to apply without asking.
      ...(index === 0 && fix.applicability === 'safe' ? { isPreferred: true } : {}),
      edit: versionedEdits([{ uri: data.uri, version: data.version, edits: fix.edits }, ...(fix.elsewhere ?? [])]),
    });
  });
  return actions;
}
