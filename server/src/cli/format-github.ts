// GitHub Actions workflow commands: each problem becomes an annotation on the pull request's diff.
import { printableLines } from './printable';
import { relative, sep } from 'node:path';
import type { ConfigProblem, Severity } from '../core/types';
import { READ_ERROR_CODE, type CheckReport } from './check-report';
import { fileLocation } from './locations';
import { en } from '../l10n/en';
import type { ConfigMessages } from '../l10n/messages';

type AnnotationLevel = 'error' | 'warning' | 'notice';

const LEVEL: Record<Severity, AnnotationLevel> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/**
 * The message part: `%` and line breaks would end or corrupt the command, and any other control
 * character (ESC) would reach the log viewer, which renders terminal escape sequences.
 */
export function escapeData(text: string): string {
  return printableLines(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Property values also may not contain the separators `,` and `:`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation(level: AnnotationLevel, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${level} ${props}::${escapeData(message)}\n`;
}

/** GitHub resolves annotation paths against the workspace, with `/` separators. */
const workspacePath = (displayPath: string) => (sep === '/' ? displayPath : displayPath.split(sep).join('/'));

function configAnnotation(problem: ConfigProblem, cwd: string, messages: ConfigMessages): string {
  const file = workspacePath(relative(cwd, problem.file));
  const position = {
    line: problem.line,
    ...(problem.column === undefined ? {} : { col: problem.column }),
    ...(problem.endLine === undefined || problem.endLine === problem.line ? {} : { endLine: problem.endLine }),
    ...(problem.endColumn === undefined || (problem.endLine ?? problem.line) !== problem.line ? {} : { endColumn: problem.endColumn }),
  };
  return annotation(problem.severity ?? 'error', { title: 'oomlint configuration', file, ...position }, messages.configProblem(problem.detail));
}

export function formatGithub(report: CheckReport, cwd: string, messages: ConfigMessages = en): string {
  let out = report.configProblems.map((p) => configAnnotation(p, cwd, messages)).join('');
  for (const failure of report.failures) {
    const position: Record<string, number> = failure.line === undefined ? {} : { line: failure.line, col: failure.column ?? 1 };
    out += annotation('error', { title: `oomlint (${READ_ERROR_CODE})`, file: workspacePath(failure.displayPath), ...position }, failure.message);
  }
  for (const file of report.files) {
    for (const diagnostic of file.diagnostics) {
      const start = fileLocation(file, diagnostic.start);
      const end = fileLocation(file, diagnostic.end);
      // Annotations know no cells: the title names it, and the lines count within it.
      const cell = start.cell === null ? '' : ` cell ${start.cell}`;
      out += annotation(
        LEVEL[diagnostic.severity],
        {
          title: `oomlint (${diagnostic.code})${cell}`,
          file: workspacePath(file.displayPath),
          line: start.row,
          col: start.column,
          endLine: end.row,
          endColumn: end.column,
        },
        diagnostic.message,
      );
    }
  }
  return out;
}
