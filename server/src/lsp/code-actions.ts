// textDocument/codeAction: the fixes each diagnostic carries, "ignore on this line", and fix-all.
// Diagnostics stamped with another version than the document's current one get nothing.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { ruleByCode } from '../rules';
import { configQuickFixes } from './config-diagnostics';
import { readDiagnosticData } from './diagnostic-data';
import type { DocumentLinter } from './document-linter';
import { fixAllAction, fixAllQuickFix } from './fix-all';
import { ignoreLineAction } from './ignore-line';
import { DIAGNOSTIC_SOURCE, FIX_ALL_KIND } from './protocol';
import { quickFixActions } from './quick-fixes';
import type { RuleDocCommand } from './rule-doc-links';

/** Kinds are hierarchical: asking for `source.fixAll` also asks for `source.fixAll.oomlint`. */
function isRequested(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

export async function codeActions(params: CodeActionParams, linter: DocumentLinter, ruleDocCommand: RuleDocCommand = () => undefined): Promise<CodeAction[]> {
  // pyproject.toml's own problems (a misspelt key) are fixed there; the file is not Python.
  const configFixes = configQuickFixes(params, linter.messages);
  if (configFixes.length) return configFixes;
  const { uri } = params.textDocument;
  const result = await linter.current(uri);
  if (!result || !result.root) return [];
  const { only } = params.context;

  const fixes: CodeAction[] = [];
  const ignores: CodeAction[] = [];
  const documentation: CodeAction[] = [];
  const ignoreOffered = new Set<string>();
  const documentationOffered = new Set<string>();
  let ours = 0;
  if (isRequested(only, CodeActionKind.QuickFix)) {
    for (const diagnostic of params.context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
      const data = readDiagnosticData(diagnostic.data);
      if (!data || data.uri !== uri || data.version !== result.version) continue;
      ours++;
      fixes.push(...quickFixActions(diagnostic, data, linter.messages));
      const code = String(diagnostic.code);
      if (!documentationOffered.has(code)) {
        documentationOffered.add(code);
        const action = documentationAction(diagnostic, linter, ruleDocCommand);
        if (action) documentation.push(action);
      }
      const ignoreKey = `${String(diagnostic.code)}@${diagnostic.range.start.line}`;
      if (ignoreOffered.has(ignoreKey)) continue;
      const ignore = ignoreLineAction(result, diagnostic, linter);
      if (ignore) {
        ignores.push(ignore);
        ignoreOffered.add(ignoreKey);
      }
    }
  }
  // Next to the problems it would fix, the quick-fix menu (unfiltered, or asking for quick fixes)
  // gets fix-all as a quick fix; an explicit `source.fixAll` request gets it under its own kind.
  const quickFixAll = ours > 0 ? fixAllQuickFix(result, linter.messages.fixAllTitle) : undefined;
  const sourceFixAll = only && isRequested(only, FIX_ALL_KIND) ? fixAllAction(result, linter.messages.fixAllTitle) : undefined;
  return [...fixes, ...ignores, ...documentation, ...(quickFixAll ? [quickFixAll] : []), ...(sourceFixAll ? [sourceFixAll] : [])];
}

/** "Show documentation for OOMxxx", as ESLint and Ruff offer it in the light bulb. */
function documentationAction(diagnostic: LspDiagnostic, linter: DocumentLinter, ruleDocCommand: RuleDocCommand): CodeAction | undefined {
  const rule = ruleByCode(String(diagnostic.code));
  if (!rule) return undefined;
  const title = linter.messages.showDocumentation({ code: rule.meta.code });
  const command = ruleDocCommand(rule.meta, title);
  return command ? { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command } : undefined;
}

export function registerCodeActions(connection: Connection, linter: DocumentLinter, ruleDocCommand: RuleDocCommand): void {
  connection.onCodeAction((params) => codeActions(params, linter, ruleDocCommand));
}
