// One file's share of `oomlint check`: read it, analyse it, and fix it or compute its diff when
// asked. Plain data in and out, so a worker thread can run it as well as the main thread.
import type { Analyzer } from '../analysis/analyzer';
import { OverBudget } from '../core/budget';
import { messagesFor } from '../l10n';
import type { FixSelection } from '../core/fixes';
import type { Settings } from '../core/settings';
import type { Locale } from '../l10n/locale';
import type { Diagnostic } from '../core/types';
import type { FileChange, FileFailure } from './check-report';
import { describeFixFailures, fixText } from './fix-file';
import { RefusedWrite, writeFileAtomic, type ReadSnapshot } from '../files/write-file-atomic';
import { checkNotebook, isNotebookPath, type NotebookLines } from './notebook-check';
import { rawPathBytes } from './discover-files';
import { readSource } from './read-source';
import type { ProjectIndex } from '../project/project-index';
import type { ProjectView } from '../semantic/project-facts';

export type CheckMode = 'check' | 'fix' | 'diff';

export interface FileTask {
  /** Absolute. */
  path: string;
  displayPath: string;
  settings: Partial<Settings>;
  mode: CheckMode;
  selection: FixSelection;
  /** Larger files are skipped and reported. */
  maxFileSize?: number;
  /** The folders and files named on the command line: fixes are never written through a link out of them. */
  roots?: string[];
  /**
   * The real path's bytes (latin1) when the name is not valid UTF-8: `path` then has `\xNN` for the
   * invalid bytes, for reports and configuration, and the file is read through this one.
   */
  rawPath?: string;
  /** The language of messages and fix titles; English when absent. */
  locale?: Locale;
  /** The root of the project the file belongs to (see project-plan.ts). */
  projectRoot?: string;
}

/** The project indexes of a check, by root. */
export type CheckProjects = ReadonlyMap<string, ProjectIndex>;

/** What the rest of its project says to a task's file; none when it has no project. */
export function projectViewOf(task: FileTask, projects: CheckProjects | undefined): ProjectView | undefined {
  return task.projectRoot === undefined ? undefined : projects?.get(task.projectRoot)?.viewFor(task.path);
}

/** What to open for a task: its real bytes where its name is not UTF-8. */
export function fileToOpen(task: Pick<FileTask, 'path' | 'rawPath'>): string | Buffer {
  return task.rawPath === undefined ? task.path : rawPathBytes(task.rawPath);
}

/** Why fixes are not written to a file whose name is not UTF-8 (it is checked all the same). */
export const RAW_NAME_NOT_WRITTEN = 'the file name is not valid UTF-8, and oomlint only reads such files';

export type FileOutcome =
  /** `stage` says whether the file could not be read (its configuration then does not count). */
  | { kind: 'failed'; stage: 'read' | 'analysis'; failure: FileFailure }
  | {
      kind: 'checked';
      path: string;
      displayPath: string;
      /** The text the diagnostics refer to (after fixing, when fixes were written). */
      text: string;
      diagnostics: Diagnostic[];
      fixesApplied: number;
      rejected?: FileFailure;
      change?: FileChange;
      notebook?: NotebookLines;
    };

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Writes a fixed file; undefined when written, else why not (a refusal, or the system's error: a
 * full disk, a read-only filesystem). The file is then as it was.
 */
export function writeFixes(path: string, text: string, roots: readonly string[], snapshot: ReadSnapshot | undefined): string | undefined {
  try {
    writeFileAtomic(path, text, roots, snapshot);
    return undefined;
  } catch (error) {
    if (error instanceof RefusedWrite) return error.message;
    const code = (error as NodeJS.ErrnoException).code;
    return `could not be written (${describeError(error)}${code && !describeError(error).includes(code) ? `, ${code}` : ''}); the file is unchanged`;
  }
}

export function checkFile(task: FileTask, analyzer: Analyzer, projects?: CheckProjects): FileOutcome {
  const project = projectViewOf(task, projects);
  if (isNotebookPath(task.path)) return checkNotebook(task, analyzer, project);
  const { path, displayPath, settings, mode, selection } = task;
  const read = readSource(fileToOpen(task), task.maxFileSize, path);
  if (!read.ok) {
    return { kind: 'failed', stage: 'read', failure: { path, displayPath, message: read.message, line: read.line, column: read.column } };
  }
  const analyse = (text: string): Diagnostic[] => analyzer.analyzeText(text, { settings, path, ...(task.locale ? { locale: task.locale } : {}), ...(project ? { project } : {}) });
  try {
    if (mode === 'check') {
      return { kind: 'checked', path, displayPath, text: read.text, diagnostics: analyse(read.text), fixesApplied: 0 };
    }
    const outcome = fixText({ text: read.text, analyse, parse: (t) => analyzer.parser.parseToSyntax(t), selection });
    if (outcome.kind === 'rejected') {
      return {
        kind: 'checked',
        path,
        displayPath,
        text: read.text,
        diagnostics: outcome.diagnostics,
        fixesApplied: 0,
        rejected: { path, displayPath, message: outcome.reason },
      };
    }
    const failureMessage = describeFixFailures(outcome.failures);
    const fixFailure = failureMessage ? { rejected: { path, displayPath, message: failureMessage } } : {};
    if (outcome.kind === 'unchanged') {
      return { kind: 'checked', path, displayPath, text: read.text, diagnostics: outcome.diagnostics, fixesApplied: 0, ...fixFailure };
    }
    if (mode === 'fix' && task.rawPath !== undefined) {
      return { kind: 'checked', path, displayPath, text: read.text, diagnostics: analyse(read.text), fixesApplied: 0, rejected: { path, displayPath, message: RAW_NAME_NOT_WRITTEN } };
    }
    if (mode === 'fix') {
      // The same bytes as read, BOM included, with only the fixed spans changed.
      const notWritten = writeFixes(path, (read.hasBom ? '\ufeff' : '') + outcome.text, task.roots ?? [], read.snapshot);
      if (notWritten !== undefined) {
        // Nothing was written: the findings are the original text's, and the report says why.
        return { kind: 'checked', path, displayPath, text: read.text, diagnostics: analyse(read.text), fixesApplied: 0, rejected: { path, displayPath, message: notWritten } };
      }
    }
    return {
      kind: 'checked',
      path,
      displayPath,
      text: outcome.text,
      diagnostics: outcome.diagnostics,
      fixesApplied: outcome.applied,
      ...fixFailure,
      ...(mode === 'diff' ? { change: { displayPath, before: read.text, after: outcome.text } } : {}),
    };
  } catch (error) {
    // A file over a limit of the analysis says which, in the user's language.
    if (error instanceof OverBudget) return { kind: 'failed', stage: 'analysis', failure: { path, displayPath, message: messagesFor(task.locale).overBudget({ reason: error.reason }) } };
    const during = mode === 'fix' ? 'fixing or writing' : 'checking';
    return { kind: 'failed', stage: 'analysis', failure: { path, displayPath, message: `failed while ${during}: ${describeError(error)}` } };
  }
}
