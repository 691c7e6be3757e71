// Converts the analysis' offset-based diagnostics into LSP diagnostics that carry their own fixes.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Fix, Severity } from '../core/types';
import { ruleByCode } from '../rules';
import type { DocumentPlace } from './document-place';
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

/** The fix as edits of the client's documents; undefined when it cannot be written there. */
function toLspFix(place: DocumentPlace, fix: Fix, uri: string): LspFix | undefined {
  const documents = place.documentEdits(fix.edits);
  if (!documents) return undefined;
  const own = documents.find((d) => d.uri === uri);
  const elsewhere = documents.filter((d) => d.uri !== uri);
  return { title: fix.title, applicability: fix.applicability, edits: own?.edits ?? [], ...(elsewhere.length ? { elsewhere } : {}) };
}

export function toLspDiagnostic(place: DocumentPlace, diagnostic: Diagnostic, stamp: DiagnosticStamp): LspDiagnostic {
  const data: DiagnosticData = {
    uri: stamp.uri,
    version: stamp.version,
    fixes: diagnostic.fixes.flatMap((f) => toLspFix(place, f, stamp.uri) ?? []),
  };
  const rule = ruleByCode(diagnostic.code);
  const href = rule ? stamp.ruleDocLink(rule.meta) : undefined;
  return {
    range: place.rangeOf(diagnostic.start, diagnostic.end),
    severity: LSP_SEVERITY[diagnostic.severity],
    code: diagnostic.code,
    ...(href ? { codeDescription: { href } } : {}),
    source: DIAGNOSTIC_SOURCE,
    message: plainTextMessage(diagnostic.message),
    data,
  };
}
