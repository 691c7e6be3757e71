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

/** Messages longer than this are shown in Problems by their first clause; the hover has them whole. */
export const MAX_PROBLEMS_MESSAGE_CHARS = 200;

/**
 * What Problems shows of a message: the message itself, or for a long one the clause before its first
 * colon (outside code spans and brackets) as a sentence of its own; a long message without one loses
 * its parenthesised details, then what does not fit. The same for Markdown and plain text.
 */
export function problemsMessage(message: string): string {
  if (message.length <= MAX_PROBLEMS_MESSAGE_CHARS) return message;
  const cut = firstClauseEnd(message);
  // A Chinese colon closes with a Chinese full stop.
  if (cut !== undefined) return `${message.slice(0, cut.at).trimEnd()}${cut.wide ? '。' : '.'}`;
  const withoutDetails = withoutParentheses(message);
  if (withoutDetails.length <= MAX_PROBLEMS_MESSAGE_CHARS) return withoutDetails;
  const room = withoutDetails.slice(0, MAX_PROBLEMS_MESSAGE_CHARS - 1);
  const lastSpace = room.lastIndexOf(' ');
  return `${lastSpace > MAX_PROBLEMS_MESSAGE_CHARS / 2 ? room.slice(0, lastSpace) : room}…`;
}

/** The message without its parenthesised asides (outside code spans), and the space before each. */
function withoutParentheses(message: string): string {
  let out = '';
  let depth = 0;
  let inCode: string | undefined;
  for (const c of message) {
    if (inCode !== undefined) {
      if (c === inCode) inCode = undefined;
      if (depth === 0) out += c;
      continue;
    }
    if (c === '`' || c === '‘') inCode = c === '`' ? '`' : '’';
    if (c === '(' || c === '（') {
      if (depth === 0) out = out.trimEnd();
      depth++;
      continue;
    }
    if ((c === ')' || c === '）') && depth > 0) {
      depth--;
      continue;
    }
    if (depth === 0) out += c;
  }
  return out;
}

/** Where the first clause ends: a colon, or the end of a first sentence, outside code and brackets. */
function firstClauseEnd(message: string): { at: number; wide: boolean } | undefined {
  let depth = 0;
  let inCode: string | undefined;
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    if (inCode !== undefined) {
      if (c === inCode) inCode = undefined;
      continue;
    }
    if (c === '`') inCode = '`';
    else if (c === '‘') inCode = '’';
    else if ('([{（'.includes(c)) depth++;
    else if (')]}）'.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === '：' || c === '。')) return { at: i, wide: true };
    else if (depth === 0 && (c === ':' || c === '.' || c === ';') && /\s/.test(message[i + 1] ?? '')) return { at: i, wide: false };
  }
  return undefined;
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
    message: problemsMessage(plainTextMessage(diagnostic.message)),
    data,
  };
}
