// The reference processes get the same files as the oomlint CLI, as a list file (one path a line).
import { readFileSync } from 'node:fs';

export function readFileList(listPath: string): string[] {
  return readFileSync(listPath, 'utf8').split('\n').filter((line) => line.length > 0);
}

/** What a reference process prints on stdout, as one JSON line. */
export interface ReferenceSummary {
  files: number;
  lines: number;
  /** Findings (ruff) or nodes with errors (parse), to show the work was done. */
  findings: number;
  /** Time spent after start-up (runtime loaded), in milliseconds. */
  workMs: number;
}
