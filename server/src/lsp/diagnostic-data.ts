// Reads `Diagnostic.data` back from a client request. Clients echo it untouched in principle, but it
// crosses a process boundary, so it is checked before any edit is built from it.
import type { Position, Range } from 'vscode-languageserver';
import type { Applicability } from '../core/types';
import type { DiagnosticData, DocumentEdits, LspFix, LspFixEdit } from './protocol';

const APPLICABILITIES: readonly Applicability[] = ['safe', 'unsafe', 'display-only'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPosition(value: unknown): value is Position {
  return isRecord(value) && Number.isInteger(value.line) && Number.isInteger(value.character);
}

function isRange(value: unknown): value is Range {
  return isRecord(value) && isPosition(value.start) && isPosition(value.end);
}

function isFixEdit(value: unknown): value is LspFixEdit {
  return isRecord(value) && isRange(value.range) && typeof value.newText === 'string';
}

function isDocumentEdits(value: unknown): value is DocumentEdits {
  return isRecord(value) && typeof value.uri === 'string' && Number.isInteger(value.version) && Array.isArray(value.edits) && value.edits.every(isFixEdit);
}

function isFix(value: unknown): value is LspFix {
  return (
    isRecord(value) &&
    typeof value.title === 'string' &&
    APPLICABILITIES.includes(value.applicability as Applicability) &&
    Array.isArray(value.edits) &&
    value.edits.every(isFixEdit) &&
    (value.elsewhere === undefined || (Array.isArray(value.elsewhere) && value.elsewhere.every(isDocumentEdits)))
  );
}

/** The data if it has the expected shape, otherwise `undefined` (another server's, or mangled). */
export function readDiagnosticData(value: unknown): DiagnosticData | undefined {
  if (!isRecord(value)) return undefined;
  const { uri, version, fixes } = value;
  if (typeof uri !== 'string' || !Number.isInteger(version) || !Array.isArray(fixes) || !fixes.every(isFix)) {
    return undefined;
  }
  return { uri, version: version as number, fixes };
}
