// Converts the analysis' offset-based diagnostics into LSP diagnostics that carry their own fixes.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { SourceText } from '../core/source';
import type { Diagnostic, Fix, Severity } from '../core/types';
import { ruleByCode } from '../rules';
import { DIAGNOSTIC_SOURCE, type DiagnosticData, type LspFix } from './protocol';
import type { RuleDocLink } from './rule-doc-links';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export interface DiagnosticStamp {
  uri: string;
  version: number;
  /** The rule documentation link; none when it gives undefined. */
  ruleDocLink: RuleDocLink;
}

/**
 * LSP messages are plain text (Problems, the inline hover and screen readers show them as written),
 * so the analysis' Markdown code spans become typographic quotes, which Python code never uses.
 */
export function plainTextMessage(message: string): string {
  return message.replace(/`([^`\n]+)`/g, '‘$1’');
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
  const href = rule ? stamp.ruleDocLink(rule.meta) : undefined;
  return {
    range: rangeOf(source, diagnostic.start, diagnostic.end),
    severity: LSP_SEVERITY[diagnostic.severity],
    code: diagnostic.code,
    ...(href ? { codeDescription: { href } } : {}),
    source: DIAGNOSTIC_SOURCE,
    message: plainTextMessage(diagnostic.message),
    data,
  };
}
