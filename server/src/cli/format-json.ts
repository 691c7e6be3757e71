// ruff's JSON output, field for field, so tools that read `ruff check --output-format json` read ours.
import { terminalSafeJson } from './printable';
import type { SourceText } from '../core/source';
import type { Diagnostic, Fix } from '../core/types';
import { ruleDocUrl } from '../rules/docs';
import { ruleByCode } from '../rules/index';
import { READ_ERROR_CODE, type CheckReport } from './check-report';
import { fileLocation, type FileLocation, type RowColumn } from './locations';
import type { NotebookLines } from './notebook-check';

export interface JsonEdit {
  /** Only in a notebook: the cell the edit is in (an added import can go to another cell than the finding). */
  cell?: number | null;
  content: string;
  end_location: RowColumn;
  location: RowColumn;
}

export interface JsonFix {
  applicability: Fix['applicability'];
  edits: JsonEdit[];
  message: string;
}

export interface JsonDiagnostic {
  /** The notebook cell (1-based); null in a Python file. Rows count within the cell. */
  cell: number | null;
  code: string;
  end_location: RowColumn;
  filename: string;
  fix: JsonFix | null;
  location: RowColumn;
  message: string;
  noqa_row: number | null;
  url: string | null;
}

type LocatedFile = { source: SourceText; notebook?: NotebookLines };

// Key order as ruff has it.
const rowColumnOf = (at: FileLocation): RowColumn => ({ column: at.column, row: at.row });

function jsonFix(file: LocatedFile, fix: Fix): JsonFix {
  return {
    applicability: fix.applicability,
    edits: fix.edits.map((edit) => {
      const start = fileLocation(file, edit.start);
      return {
        ...(file.notebook ? { cell: start.cell } : {}),
        content: edit.newText,
        end_location: rowColumnOf(fileLocation(file, edit.end)),
        location: rowColumnOf(start),
      };
    }),
    message: fix.title,
  };
}

export function jsonDiagnostic(filename: string, file: LocatedFile, diagnostic: Diagnostic, repositoryUrl: string): JsonDiagnostic {
  const start = fileLocation(file, diagnostic.start);
  const rule = ruleByCode(diagnostic.code);
  const preferred = diagnostic.fixes[0];
  const noqaRow = file.notebook ? (file.notebook.lineRows[diagnostic.noqaLine] ?? diagnostic.noqaLine) : diagnostic.noqaLine;
  return {
    cell: start.cell,
    code: diagnostic.code,
    end_location: rowColumnOf(fileLocation(file, diagnostic.end)),
    filename,
    fix: preferred ? jsonFix(file, preferred) : null,
    location: rowColumnOf(start),
    message: diagnostic.message,
    // Where a suppression comment goes: the first line, or the end of a multi-line string or continuation.
    noqa_row: noqaRow + 1,
    url: rule ? ruleDocUrl(rule.meta, repositoryUrl) : null,
  };
}

/** `repositoryUrl` locates the rule pages that `url` links to. */
export function formatJson(report: CheckReport, repositoryUrl: string): string {
  const entries: JsonDiagnostic[] = [
    ...report.files.flatMap((file) => file.diagnostics.map((d) => jsonDiagnostic(file.path, file, d, repositoryUrl))),
    ...report.failures.map((failure) => {
      const at = { column: failure.column ?? 1, row: failure.line ?? 1 };
      return {
        cell: null,
        code: READ_ERROR_CODE,
        end_location: at,
        filename: failure.path,
        fix: null,
        location: at,
        message: failure.message,
        noqa_row: null,
        url: null,
      };
    }),
  ];
  entries.sort(
    (a, b) =>
      (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0) ||
      (a.cell ?? 0) - (b.cell ?? 0) ||
      a.location.row - b.location.row ||
      a.location.column - b.location.column,
  );
  return terminalSafeJson(entries) + '\n';
}
