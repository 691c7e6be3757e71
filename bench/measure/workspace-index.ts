// The editor's workspace index on a workspace of real modules (bench/corpus/workspace.ts): how long
// the server takes to index it (spawn to the end of its work-done progress), how long a request
// waits meanwhile (hovers sent one after another while it indexes), and how long after an edit that
// changes one file's summary an open file that imports it gets its new diagnostics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { generateWorkspace, TOOLS_GRAD_OFF, TOOLS_GRAD_ON } from '../corpus/workspace';
import { LspSession } from '../lsp/lsp-session';
import { median, percentile, round } from '../stats';
import { processCpuMs } from './processes';

export interface WorkspaceIndexResult {
  files: number;
  lines: number;
  /** Server spawned -> work-done progress ended, in ms. */
  spawnToIndexedMs: number;
  /** Progress begin -> end, in ms. */
  indexingMs: number;
  /** Processor time the server had used when the progress ended (start-up included), in ms; less sensitive than wall time to other work on the machine. */
  serverCpuAtIndexedMs: number | undefined;
  /** Progress reports between begin and end. */
  progressReports: number;
  /** The last progress message (the files counted). */
  progressEnd: string | undefined;
  /** Hovers answered while the index was built, and the waits for them, in ms. */
  hovers: number;
  hoverMedianMs: number;
  hoverP95Ms: number;
  longestHoverMs: number;
  /** main.py, opened after indexing, got the finding its import decides (none). */
  dependentFindingRight: boolean;
  /** Edit of tools.py that changes its summary -> main.py's new diagnostics, in ms. */
  refreshMs: number[];
  refreshMedianMs: number;
  refreshP95Ms: number;
}

const hasOom001 = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'OOM001');

const PROBE = 'untitled:probe.py';
const PROBE_TEXT = 'import torch\n\nx = torch.zeros(3)\n';

/** Pause between hovers sent while indexing: often enough to catch a long hold of the event loop. */
const HOVER_PAUSE_MS = 10;

export async function measureWorkspaceIndex(options: { files: number; edits: number; nodeArgs: readonly string[] }): Promise<WorkspaceIndexResult> {
  const folder = mkdtempSync(join(tmpdir(), 'oomlint-bench-workspace-'));
  try {
    return await measureIn(folder, options);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function measureIn(folder: string, options: { files: number; edits: number; nodeArgs: readonly string[] }): Promise<WorkspaceIndexResult> {
  const workspace = generateWorkspace(folder, options.files);
  const { session, startedAt } = await LspSession.start(folder, options.nodeArgs, { workspaceFolder: true });
  try {
    const ended = session.progressOf('end');
    let indexed = false;
    void ended.then(() => (indexed = true));
    await session.open(PROBE, PROBE_TEXT, 1);
    const hoverMs: number[] = [];
    while (!indexed) {
      const sent = performance.now();
      await session.request('textDocument/hover', { textDocument: { uri: PROBE }, position: { line: 2, character: 6 } });
      hoverMs.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, HOVER_PAUSE_MS));
    }
    const end = await ended;
    const serverCpuAtIndexedMs = processCpuMs(session.pid);
    const begin = session.progress.find((p) => p.kind === 'begin');

    const main = pathToFileURL(workspace.main).href;
    const tools = pathToFileURL(workspace.tools).href;
    const opened = session.diagnosticsOf(main, 1);
    await session.open(main, workspace.mainText, 1);
    const dependentFindingRight = !hasOom001((await opened).params);
    await session.open(tools, TOOLS_GRAD_OFF, 1);
    const refreshMs: number[] = [];
    for (let edit = 1; edit <= options.edits; edit++) {
      // Every edit changes the summary: the decorator turns gradients on, then off again.
      const gradOn = edit % 2 === 1;
      const refreshed = session.nextPublication(main, (p) => hasOom001(p) === gradOn);
      const sent = performance.now();
      await session.change(tools, edit + 1, [{ text: gradOn ? TOOLS_GRAD_ON : TOOLS_GRAD_OFF }]);
      refreshMs.push((await refreshed).at - sent);
    }
    return {
      files: workspace.files,
      lines: workspace.lines,
      spawnToIndexedMs: round(end.at - startedAt),
      indexingMs: round(end.at - (begin?.at ?? startedAt)),
      serverCpuAtIndexedMs,
      progressReports: session.progress.filter((p) => p.kind === 'report').length,
      progressEnd: end.message,
      hovers: hoverMs.length,
      hoverMedianMs: round(median(hoverMs)),
      hoverP95Ms: round(percentile(hoverMs, 0.95)),
      longestHoverMs: round(Math.max(0, ...hoverMs)),
      dependentFindingRight,
      refreshMs: refreshMs.map((m) => round(m)),
      refreshMedianMs: round(median(refreshMs)),
      refreshP95Ms: round(percentile(refreshMs, 0.95)),
    };
  } finally {
    await session.stop();
  }
}
