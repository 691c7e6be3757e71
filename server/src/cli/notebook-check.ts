// One notebook's share of `oomlint check`: its code cells are checked as one Python text (an import
// in an early cell counts for the later ones), findings point at cells, and fixes are written back
// into the changed cells' `source` only.
import type { Analyzer } from '../analysis/analyzer';
import type { ProjectView } from '../semantic/project-facts';
import { OverBudget } from '../core/budget';
import type { Diagnostic } from '../core/types';
import { DEFAULT_MAX_FILE_BYTES, formatBytes } from '../files/read-regular-file';
import { readNotebook, withNewSources } from '../notebooks/notebook-json';
import { withCellLines } from '../notebooks/cell-messages';
import { cellLineOf, joinCells, joinCellsWithMarkers, notebookLines, splitCells, type CellCode } from '../notebooks/notebook-text';
import { messagesFor } from '../l10n';
import type { CellChange } from './check-report';
import { RAW_NAME_NOT_WRITTEN, writeFixes, type FileOutcome, type FileTask } from './file-check';
import { describeFixFailures, fixText } from './fix-file';
import { rawPathBytes } from '../project/discover-files';
import { readSource } from '../files/read-source';

/** How much larger than `max-file-size` a notebook file may be, outputs included. */
export const NOTEBOOK_SIZE_FACTOR = 20;

export const isNotebookPath = (path: string) => path.toLowerCase().endsWith('.ipynb');

/** Per line of the checked text: its cell (1-based among all cells; 0 for none) and row in the cell. */
export interface NotebookLines {
  lineCells: number[];
  lineRows: number[];
}

/** A cell magic must stay its cell's first line: an import added above `%%time` would break the cell. */
const firstLine = (source: string) => source.trimStart().split('\n', 1)[0]!;

type CheckedOutcome = Extract<FileOutcome, { kind: 'checked' }>;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function checkNotebook(task: FileTask, analyzer: Analyzer, project?: ProjectView): FileOutcome {
  const { path, displayPath, settings, mode, selection } = task;
  const codeLimit = task.maxFileSize ?? DEFAULT_MAX_FILE_BYTES;
  // Outputs (plots, images) make notebooks far larger than their code: the size limit is the code's,
  // and the file may be a bounded multiple of it.
  const read = readSource(task.rawPath === undefined ? path : rawPathBytes(task.rawPath), codeLimit * NOTEBOOK_SIZE_FACTOR, path);
  if (!read.ok) {
    return { kind: 'failed', stage: 'read', failure: { path, displayPath, message: read.message, line: read.line, column: read.column } };
  }
  const parsed = readNotebook(read.text);
  if (!parsed.ok) return { kind: 'failed', stage: 'read', failure: { path, displayPath, message: parsed.message } };
  const { notebook } = parsed;
  // An R or Julia notebook holds no Python, and a notebook of markdown alone (notes, a README) is
  // valid but has no code: neither has anything for these rules, and neither is an error.
  if ((notebook.language !== undefined && notebook.language !== 'python') || !notebook.codeCells.length) {
    return { kind: 'checked', path, displayPath, text: '', diagnostics: [], fixesApplied: 0 };
  }
  const codeSize = notebook.codeCells.reduce((sum, cell) => sum + Buffer.byteLength(cell.source), 0);
  if (codeSize > codeLimit) {
    const message = `could not read: ${formatBytes(codeSize)} of code in cells, larger than the ${formatBytes(codeLimit)} limit (max-file-size): skipped`;
    return { kind: 'failed', stage: 'read', failure: { path, displayPath, message } };
  }
  const cellCode = notebook.codeCells.map((c) => ({ cell: c.index + 1, source: c.source }));
  const locale = task.locale ? { locale: task.locale } : {};
  const messages = messagesFor(task.locale);
  /** The cells checked as one text, as the editor checks them: findings point at cells and rows. */
  const check = (cells: readonly CellCode[], extra: Partial<CheckedOutcome> = {}): CheckedOutcome => {
    const joined = joinCells(cells);
    const diagnostics = analyzer.analyzeText(joined.text, { settings, path, ...locale, messages: withCellLines(messages, (line) => cellLineOf(joined.cells, line)), ...(project ? { project } : {}) });
    return { kind: 'checked', path, displayPath, text: joined.text, diagnostics, fixesApplied: 0, notebook: notebookLines(joined), ...extra };
  };
  try {
    if (mode === 'check') return check(cellCode);
    // Fixes are applied to the cells joined with markers between them, which split the result back.
    const marked = joinCellsWithMarkers(cellCode);
    const analyse = (text: string): Diagnostic[] => analyzer.analyzeText(text, { settings, path, ...locale });
    const outcome = fixText({ text: marked.text, analyse, parse: (t) => analyzer.parser.parseToSyntax(t), selection });
    if (outcome.kind === 'rejected') return check(cellCode, { rejected: { path, displayPath, message: outcome.reason } });
    const failureMessage = describeFixFailures(outcome.failures);
    const fixFailure = failureMessage ? { rejected: { path, displayPath, message: failureMessage } } : {};
    if (outcome.kind === 'unchanged') return check(cellCode, fixFailure);

    const sources = splitCells(outcome.text, notebook.codeCells.length, marked.key);
    if (!sources || notebook.codeCells.some((cell, i) => firstLine(cell.source).startsWith('%%') && firstLine(sources[i]!) !== firstLine(cell.source))) {
      const message = 'a fix reached across cells, into an IPython line or above a cell magic, so the notebook was left as it was';
      return check(cellCode, { rejected: { path, displayPath, message } });
    }
    const changed = new Map<number, string>();
    const cells: CellChange[] = [];
    notebook.codeCells.forEach((cell, position) => {
      if (sources[position] === cell.source) return;
      changed.set(position, sources[position]!);
      cells.push({ cell: cell.index + 1, before: cell.source, after: sources[position]! });
    });
    if (mode === 'fix' && task.rawPath !== undefined) return check(cellCode, { rejected: { path, displayPath, message: RAW_NAME_NOT_WRITTEN } });
    if (mode === 'fix') {
      const notWritten = writeFixes(path, (read.hasBom ? '\ufeff' : '') + withNewSources(read.text, notebook, changed), task.roots ?? [], read.snapshot);
      if (notWritten !== undefined) return check(cellCode, { rejected: { path, displayPath, message: notWritten } });
    }
    // The findings left are the fixed cells', checked as `check` would check them.
    return check(cellCode.map((cell, position) => ({ cell: cell.cell, source: sources[position]! })), {
      fixesApplied: outcome.applied,
      ...fixFailure,
      ...(mode === 'diff' ? { change: { displayPath, before: read.text, after: read.text, cells } } : {}),
    });
  } catch (error) {
    // A file over a limit of the analysis says which, in the user's language.
    if (error instanceof OverBudget) return { kind: 'failed', stage: 'analysis', failure: { path, displayPath, message: messagesFor(task.locale).overBudget({ reason: error.reason }) } };
    const during = mode === 'fix' ? 'fixing or writing' : 'checking';
    return { kind: 'failed', stage: 'analysis', failure: { path, displayPath, message: `failed while ${during}: ${describeError(error)}` } };
  }
}
