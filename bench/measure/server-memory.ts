// Server memory: resident set size of the language server once it has linted a first document
// (the baseline), after opening many documents, and after closing them again; then of one long document
// just after it is opened and after someone has typed at many places in it (what the analysis keeps from
// version to version must not keep the versions themselves).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { largeFile } from '../corpus/large-file';
import { plannedEdits } from './editor-latency';
import { LspSession } from '../lsp/lsp-session';
import { residentBytes } from '../lsp/resident-memory';
import { round } from '../stats';

export interface ServerMemoryResult {
  documents: number;
  linesPerDocument: number;
  /** Resident memory after linting and closing one document, in MB (10^6 bytes). */
  baselineMB: number;
  /** With every document open and linted, once the server has been idle for a moment. */
  openMB: number;
  /** The highest reading while the documents were being opened and linted. */
  openPeakMB: number;
  /** After closing them all, once memory has settled (the lowest reading while idle). */
  closedMB: number;
  /** closed / baseline. */
  closedToBaseline: number;
  /** The edited document: its lines, and the places typed at (a letter typed, then deleted, at each). */
  editedLines: number;
  editedPlaces: number;
  /** With the edited document open and linted, before any edit, once memory has settled. */
  editedOpenMB: number;
  /** After the edits (each waited for), once memory has settled. */
  editedAfterMB: number;
  /** editedAfter / editedOpen. */
  editedToOpen: number;
}

export interface ServerMemoryOptions {
  documents: number;
  linesPerDocument: number;
  /** How long to watch memory settle after the documents close, in ms. */
  settleMs: number;
  /** The edited document's lines and the places typed at in it. */
  editedLines: number;
  editedPlaces: number;
  nodeArgs: readonly string[];
}

const megabytes = (bytes: number) => round(bytes / 1e6);

/** The lowest resident size seen over `durationMs`, sampled every `everyMs`. */
async function settledResidentBytes(pid: number, durationMs: number, everyMs = 250): Promise<number> {
  let lowest = residentBytes(pid);
  for (let waited = 0; waited < durationMs; waited += everyMs) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    lowest = Math.min(lowest, residentBytes(pid));
  }
  return lowest;
}

export async function measureServerMemory(options: ServerMemoryOptions): Promise<ServerMemoryResult> {
  const folder = join(tmpdir(), 'oomlint-bench-memory');
  const { session } = await LspSession.start(folder, options.nodeArgs);
  try {
    const uriOf = (i: number) => pathToFileURL(join(folder, `module_${i}.py`)).href;
    // Baseline: everything loaded, one document linted and closed.
    const warmUri = pathToFileURL(join(folder, 'warm_up.py')).href;
    const warm = session.diagnosticsOf(warmUri, 1);
    await session.open(warmUri, largeFile(options.linesPerDocument, 1), 1);
    await warm;
    const warmCleared = session.nextPublication(warmUri, (p) => p.diagnostics.length === 0 && p.version === undefined);
    await session.close(warmUri);
    await warmCleared;
    const baseline = await settledResidentBytes(session.pid, options.settleMs);

    let peak = 0;
    const linted: Promise<unknown>[] = [];
    for (let i = 0; i < options.documents; i++) {
      const uri = uriOf(i);
      linted.push(session.diagnosticsOf(uri, 1).then(() => (peak = Math.max(peak, residentBytes(session.pid)))));
      await session.open(uri, largeFile(options.linesPerDocument, 100 + i), 1);
    }
    await Promise.all(linted);
    const open = await settledResidentBytes(session.pid, options.settleMs);

    const cleared: Promise<unknown>[] = [];
    for (let i = 0; i < options.documents; i++) {
      const uri = uriOf(i);
      cleared.push(session.nextPublication(uri, (p) => p.diagnostics.length === 0 && p.version === undefined));
      await session.close(uri);
    }
    await Promise.all(cleared);
    const closed = await settledResidentBytes(session.pid, options.settleMs);

    // One long document, typed into at many places: a letter typed after a line's first word, then
    // deleted, so that each place's statement is replaced twice and the text ends as it began.
    const editedUri = pathToFileURL(join(folder, 'edited.py')).href;
    const editedText = largeFile(options.editedLines, 7);
    await session.openAndWait(editedUri, editedText);
    const editedOpen = await settledResidentBytes(session.pid, options.settleMs);
    let version = 1;
    for (const edit of plannedEdits(editedText, options.editedPlaces, 1)) await session.changeAndWait(editedUri, ++version, [edit.change]);
    const editedAfter = await settledResidentBytes(session.pid, options.settleMs);
    return {
      documents: options.documents,
      linesPerDocument: options.linesPerDocument,
      baselineMB: megabytes(baseline),
      openMB: megabytes(open),
      openPeakMB: megabytes(Math.max(peak, open)),
      closedMB: megabytes(closed),
      closedToBaseline: round(closed / baseline, 2),
      editedLines: options.editedLines,
      editedPlaces: options.editedPlaces,
      editedOpenMB: megabytes(editedOpen),
      editedAfterMB: megabytes(editedAfter),
      editedToOpen: round(editedAfter / editedOpen, 2),
    };
  } finally {
    await session.stop();
  }
}
