// Converts the analysis' offset-based diagnostics into LSP diagnostics that carry their own fixes.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { SourceText } from '../core/source';
import type { Diagnostic, Fix, Severity } from '../core/types';
import { ruleDocUrl } from '../rules/docs';
import { ruleByCode } from '../rules';
import { DIAGNOSTIC_SOURCE, type DiagnosticData, type LspFix } from './protocol';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export interface DiagnosticStamp {
  uri: string;
  version: number;
  /** `package.json`'s repository URL, for the rule documentation link; omitted when unknown. */
  repositoryUrl: string | undefined;
}

export function rangeOf(source: SourceText, start: number, end: number): Range {
  return { start: source.position(start), end: source.position(end) };
}

function toLspFix(source: SourceText, fix: Fix): LspFix {
  return {
    title: fix.title,
    applicability: fix.applicability,
    edits: fix.edits.map((e) => ({ range: rangeOf(source, e.start, e.end), newText: e.newText })),
  };
}

export function toLspDiagnostic(source: SourceText, diagnostic: Diagnostic, stamp: DiagnosticStamp): LspDiagnostic {
  const data: DiagnosticData = {
    uri: stamp.uri,
    version: stamp.version,
    fixes: diagnostic.fixes.map((f) => toLspFix(source, f)),
  };
  const rule = ruleByCode(diagnostic.code);
  return {
    range: rangeOf(source, diagnostic.start, diagnostic.end),
    severity: LSP_SEVERITY[diagnostic.severity],
    code: diagnostic.code,
    ...(rule && stamp.repositoryUrl ? { codeDescription: { href: ruleDocUrl(rule.meta, stamp.repositoryUrl) } } : {}),
    source: DIAGNOSTIC_SOURCE,
    message: diagnostic.message,
    data,
  };
}
