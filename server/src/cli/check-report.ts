// What a check run found, handed from the checking step to the output formats.
import type { FixSelection } from '../core/fixes';
import type { SourceText } from '../core/source';
import type { ConfigProblem, Diagnostic } from '../core/types';
import type { NotebookLines } from './notebook-check';

/** ruff's code for a file that could not be read or decoded. */
export const READ_ERROR_CODE = 'E902';

export interface CheckedFile {
  /** Absolute. */
  path: string;
  /** Relative to the working folder, as printed. */
  displayPath: string;
  /** The text the diagnostics refer to: after fixing, when fixes were written. */
  source: SourceText;
  diagnostics: Diagnostic[];
  /** Fixes applied (or, with --diff, that would be). */
  fixesApplied: number;
  /** For a notebook: where each line of `source` lies in its cells. */
  notebook?: NotebookLines;
}

/** A file that could not be read, decoded or written. */
export interface FileFailure {
  path: string;
  displayPath: string;
  message: string;
  /** 1-based position of the problem in the file, when there is one (an undecodable byte). */
  line?: number;
  column?: number;
}

/** Fixed text for one file, kept for --diff. */
export interface FileChange {
  displayPath: string;
  before: string;
  after: string;
  /** For a notebook: the code of each changed cell (`before` and `after` are then the file as read). */
  cells?: CellChange[];
}

export interface CellChange {
  /** 1-based position among all the notebook's cells. */
  cell: number;
  before: string;
  after: string;
}

export interface CheckReport {
  mode: 'check' | 'fix' | 'diff';
  selection: FixSelection;
  files: CheckedFile[];
  failures: FileFailure[];
  /** Fixes that were held back because the result parsed worse than the original. */
  rejectedFixes: FileFailure[];
  changes: FileChange[];
  configProblems: ConfigProblem[];
}
