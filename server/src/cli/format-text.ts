// The human format: `path:row:col: CODE message`, the line with carets under the problem, a summary.
import { applicableFix } from '../core/fixes';
import type { Severity } from '../core/types';
import type { Paint, Style } from './ansi';
import type { CheckReport } from './check-report';
import { renderCodeFrame } from './code-frame';
import { writeFileProblems } from './file-problems';
import { fileLocation, locationLabel } from './locations';
import type { OutputStreams } from './output';
import { printable } from './printable';
import { summaryLines } from './summary';
import type { CliMessages } from '../l10n/messages';

export const SEVERITY_STYLE: Record<Severity, Style> = {
  error: 'red',
  warning: 'yellow',
  information: 'blue',
  hint: 'cyan',
};

export interface TextOptions {
  paint: Paint;
  quiet: boolean;
  /** The summary's language; English when absent. */
  messages?: CliMessages;
}

export function writeTextReport(report: CheckReport, out: OutputStreams, { paint, quiet, messages }: TextOptions): void {
  writeFileProblems(report, out, paint);

  const blocks: string[] = [];
  for (const file of report.files) {
    for (const diagnostic of file.diagnostics) {
      const at = fileLocation(file, diagnostic.start);
      const style = SEVERITY_STYLE[diagnostic.severity];
      const fixable = applicableFix(diagnostic, report.selection) ? `${paint('cyan', '[*]')} ` : '';
      const where = locationLabel(printable(file.displayPath), at);
      const heading = `${paint('bold', where)}: ${paint(style, paint('bold', diagnostic.code))} ${fixable}${printable(diagnostic.message)}`;
      const frame = renderCodeFrame(file.source, diagnostic.start, diagnostic.end, paint, style, at.row);
      blocks.push([heading, ...frame].join('\n') + '\n');
    }
  }
  if (blocks.length) out.stdout(blocks.join('\n'));
  if (!quiet) {
    const summary = summaryLines(report, messages);
    if (summary.length) out.stdout((blocks.length ? '\n' : '') + summary.join('\n') + '\n');
  }
}
