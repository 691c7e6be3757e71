// ruff's JSON output, field for field, so tools that read `ruff check --output-format json` read ours.
import type { SourceText } from '../analysis/source';
import type { Diagnostic, Fix } from '../analysis/types';
import { ruleDocUrl } from '../rules/docs';
import { ruleByCode } from '../rules/index';
import { READ_ERROR_CODE, type CheckReport } from './check-report';
import { rowColumn, type RowColumn } from './locations';

export interface JsonEdit {
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
  cell: null;
  code: string;
  end_location: RowColumn;
  filename: string;
  fix: JsonFix | null;
  location: RowColumn;
  message: string;
  noqa_row: number | null;
  url: string | null;
}

function jsonFix(source: SourceText, fix: Fix): JsonFix {
  return {
    applicability: fix.applicability,
    edits: fix.edits.map((edit) => ({
      content: edit.newText,
      end_location: rowColumn(source, edit.end),
      location: rowColumn(source, edit.start),
    })),
    message: fix.title,
  };
}

export function jsonDiagnostic(filename: string, source: SourceText, diagnostic: Diagnostic, repositoryUrl: string): JsonDiagnostic {
  const location = rowColumn(source, diagnostic.start);
  const rule = ruleByCode(diagnostic.code);
  const preferred = diagnostic.fixes[0];
  return {
    cell: null,
    code: diagnostic.code,
    end_location: rowColumn(source, diagnostic.end),
    filename,
    fix: preferred ? jsonFix(source, preferred) : null,
    location,
    message: diagnostic.message,
    // Where a suppression comment goes: the first line, or the end of a multi-line string or continuation.
    noqa_row: diagnostic.noqaLine + 1,
    url: rule ? ruleDocUrl(rule.meta, repositoryUrl) : null,
  };
}

/** `repositoryUrl` locates the rule pages that `url` links to. */
export function formatJson(report: CheckReport, repositoryUrl: string): string {
  const entries: JsonDiagnostic[] = [
    ...report.files.flatMap((file) => file.diagnostics.map((d) => jsonDiagnostic(file.path, file.source, d, repositoryUrl))),
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
      a.location.row - b.location.row ||
      a.location.column - b.location.column,
  );
  return JSON.stringify(entries, null, 2) + '\n';
}
