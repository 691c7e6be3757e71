// The shape of a benchmark run's results (written as JSON), and the targets checked against them.
import type { MachineInfo } from './machine';
import type { CliThroughputResult } from './measure/cli-throughput';
import type { ColdStartResult } from './measure/cold-start';
import type { EditorSizeResult, ProtocolFloor } from './measure/editor-latency';
import type { GpuReadoutResult } from './measure/gpu-readout';
import type { RuleTimesResult } from './measure/rule-times';
import type { ServerMemoryResult } from './measure/server-memory';
import type { WorkspaceIndexResult } from './measure/workspace-index';

export interface CorpusDescription {
  seed: number;
  files: number;
  lines: number;
  bytes: number;
}

export interface BenchResults {
  schema: 1;
  mode: 'full' | 'short';
  startedAt: string;
  durationS: number;
  machine: MachineInfo;
  corpus?: CorpusDescription;
  cli?: CliThroughputResult;
  ruleTimes?: RuleTimesResult;
  editor?: EditorSizeResult[];
  /** Measured in the editor section, after the sizes. */
  editorFloor?: ProtocolFloor;
  memory?: ServerMemoryResult;
  coldStart?: ColdStartResult;
  gpuReadout?: GpuReadoutResult;
  workspace?: WorkspaceIndexResult;
  targets: TargetCheck[];
}

export interface TargetCheck {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

function check(name: string, value: number, limit: number, unit = ''): TargetCheck {
  return { name, target: `<= ${limit}${unit}`, measured: `${value}${unit}`, met: value <= limit };
}

/** The targets of the performance issue, for the sections that ran. */
export function checkTargets(results: Omit<BenchResults, 'targets'>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const { cli, editor, memory, coldStart, workspace } = results;
  if (cli) {
    checks.push(check('CLI time, oomlint / ruff-wasm', cli.ratios.oomlintToRuff, 1.0));
    checks.push(check('CLI time, oomlint / parse only', cli.ratios.oomlintToParse, 1.3));
    // Issue 33's target for the analysis, on one thread.
    checks.push(check('CLI time, oomlint --jobs 1 / parse only', cli.ratios.oomlintSingleThreadToParse, 2.5));
  }
  for (const size of editor ?? []) {
    // The targets: edits inside a function body within the limit, edits elsewhere (an import,
    // a new function) within twice the limit.
    const limit = size.lines >= 40_000 ? 60 : size.lines >= 8_000 ? 15 : undefined;
    if (limit !== undefined) {
      for (const { place, oomlint } of size.byPlace) {
        const p95 = oomlint.p95;
        const allowed = place === 'function body' ? limit : 2 * limit;
        checks.push(check(`editor p95 at ${size.lines} lines${size.code === 'real' ? ' of real modules' : ''}, edits ${place === 'function body' ? 'inside a function body' : 'elsewhere'}`, p95, allowed, ' ms'));
      }
    }
    checks.push({
      name: `editor p95 at ${size.lines} lines${size.code === 'real' ? ' of real modules' : ''} below ruff-wasm's full check`,
      target: `< ${size.ruff.p95} ms`,
      measured: `${size.oomlint.p95} ms`,
      met: size.oomlint.p95 < size.ruff.p95,
    });
  }
  if (memory) {
    // (What the analysis keeps of one version for the next is about one version. When it kept every
    // version, an edited 10,000-line document's server settled at 3.1 times the open's resident size
    // after 800 edits; with one kept, 1.4 to 1.5 times: the heaps V8 and the parser grew for the edits.
    // Resident sizes are noisy, hence the margin.)
    checks.push(check(`server memory with ${memory.documents} documents open`, memory.openMB, 150, ' MB'));
    checks.push(check('server memory after closing them, / baseline', memory.closedToBaseline, 1.1));
    checks.push(check(`server memory after ${memory.editedPlaces * 2} edits of one document, / just opened`, memory.editedToOpen, EDITED_GROWTH_LIMIT));
  }
  if (coldStart) checks.push(check('cold start, server to first diagnostics', coldStart.serverMedianMs, 300, ' ms'));
  if (workspace) {
    // Issue 34: a workspace of 1,000 files indexed within 10 s with progress shown; an edit that
    // changes a summary refreshes the dependent files' diagnostics within 200 ms.
    if (workspace.files >= 1_000) checks.push(check(`workspace of ${workspace.files} files indexed, spawn to the end of the progress`, workspace.spawnToIndexedMs, 10_000, ' ms'));
    checks.push({ name: 'workspace index progress shown with file counts', target: 'begin and end', measured: workspace.progressEnd ?? 'none', met: workspace.progressEnd !== undefined });
    checks.push({ name: 'finding that depends on another file, in a file opened after indexing', target: 'right', measured: workspace.dependentFindingRight ? 'right' : 'wrong', met: workspace.dependentFindingRight });
    checks.push(check('edit that changes a summary -> dependent file\'s diagnostics, p95', workspace.refreshP95Ms, 200, ' ms'));
  }
  return checks;
}

/** An edited document's settled memory over the memory just after its open. */
const EDITED_GROWTH_LIMIT = 2;
