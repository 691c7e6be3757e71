// Files that could not be checked, and fixes held back, as lines on stderr for people to read.
import type { Paint } from './ansi';
import { READ_ERROR_CODE, type CheckReport } from './check-report';
import type { OutputStreams } from './output';
import { printable } from './printable';

export function writeFileProblems(report: CheckReport, out: OutputStreams, paint: Paint): void {
  for (const failure of report.failures) {
    out.stderr(`${paint('bold', printable(failure.displayPath))}: ${paint('red', READ_ERROR_CODE)} ${printable(failure.message)}\n`);
  }
  writeRejectedFixes(report, out, paint);
}

export function writeRejectedFixes(report: CheckReport, out: OutputStreams, paint: Paint): void {
  for (const rejected of report.rejectedFixes) {
    out.stderr(`${paint('bold', printable(rejected.displayPath))}: ${paint('yellow', 'fixes not applied:')} ${printable(rejected.message)}\n`);
  }
}
