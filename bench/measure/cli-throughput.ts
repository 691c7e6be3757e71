// CLI throughput: `oomlint check` over the corpus as a whole process, against two references in the
// same run on the same files and the same Node: ruff's WebAssembly build checking them, and a bare
// web-tree-sitter parse of them. Each round runs every command once, in a rotating order, so drift
// on a shared machine falls on all of them alike.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ReferenceSummary } from '../references/file-list';
import { RUFF_DEFAULT_SELECT } from '../references/ruff-settings';
import { CLI_BUNDLE, REPO_ROOT } from '../paths';
import { median, round } from '../stats';
import { runProcess, type ProcessRun } from './processes';
import type { PreparedCorpus } from './prepare-corpus';

export interface TimedCommand {
  /** Wall time of every round, in ms. */
  runsMs: number[];
  medianMs: number;
  /** CPU time (user + system) of the median round, in ms, where measurable. */
  cpuMs: number | undefined;
  linesPerSecond: number;
}

export interface CliThroughputResult {
  rounds: number;
  /** `oomlint check` with its default threads (one per core) and with `--jobs 1`. */
  oomlint: TimedCommand & { jobs: number; findings: number };
  oomlintSingleThread: TimedCommand & { findings: number };
  /**
   * `oomlint check . --jobs 1` from the corpus folder: the same files found by the walk, and linked
   * across their imports, so the project summaries are worked out too (the files named one by one
   * have the checkout's root above them, from which no import can spell `bench/.corpus/`).
   */
  oomlintFolder: TimedCommand & { findings: number };
  /** `workMedianMs`: the median of the time after start-up (WebAssembly compiled, runtime loaded). */
  ruff: TimedCommand & { findings: number; select: string[]; workMedianMs: number };
  parse: TimedCommand & { workMedianMs: number };
  ratios: {
    oomlintToRuff: number;
    oomlintToParse: number;
    oomlintSingleThreadToRuff: number;
    oomlintSingleThreadToParse: number;
    oomlintFolderToParse: number;
  };
}

interface Command {
  name: 'oomlint' | 'oomlintSingleThread' | 'oomlintFolder' | 'ruff' | 'parse';
  args: string[];
}

export interface CliThroughputOptions {
  rounds: number;
  /** Extra Node options for the oomlint processes (`--cpu-prof`, say). */
  nodeArgs: readonly string[];
}

function timed(runs: ProcessRun[], lines: number): TimedCommand {
  const walls = runs.map((r) => r.wallMs);
  const middle = median(walls);
  const medianRun = runs.find((r) => r.wallMs === middle);
  return {
    runsMs: walls.map((w) => round(w)),
    medianMs: round(middle),
    cpuMs: medianRun?.cpuMs === undefined ? undefined : round(medianRun.cpuMs),
    linesPerSecond: Math.round(lines / (middle / 1000)),
  };
}

function expectSuccess(name: string, run: ProcessRun): void {
  if (run.code !== 0) throw new Error(`${name} exited with ${String(run.code)}:\n${run.stderr.slice(-4000)}`);
}

function referenceSummary(run: ProcessRun): ReferenceSummary {
  const parsed: unknown = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as ReferenceSummary).files !== 'number') {
    throw new Error(`a reference process printed no summary: ${run.stdout.slice(0, 500)}`);
  }
  return parsed as ReferenceSummary;
}

/** Number of diagnostics in oomlint's ruff-compatible JSON output. */
function countJsonFindings(stdout: string): number {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error('oomlint --format json did not print a list');
  return parsed.length;
}

export async function measureCliThroughput(corpus: PreparedCorpus, options: CliThroughputOptions): Promise<CliThroughputResult> {
  const node = process.execPath;
  const cli = [...options.nodeArgs, CLI_BUNDLE, 'check', '--no-color', '--exit-zero'];
  const references = join(REPO_ROOT, 'out', 'bench', 'references');
  const commands: Command[] = [
    { name: 'parse', args: [join(references, 'parse-only.js'), corpus.listFile] },
    { name: 'ruff', args: [join(references, 'ruff-check.js'), corpus.listFile] },
    { name: 'oomlint', args: [...cli, ...corpus.files] },
    { name: 'oomlintSingleThread', args: [...cli, '--jobs', '1', ...corpus.files] },
    { name: 'oomlintFolder', args: [...cli, '--jobs', '1', '.'] },
  ];
  const run = (args: string[]) => runProcess(node, args, { cwd: corpus.root });

  // Untimed: fills the file cache, and counts what each tool finds (so a tool that silently
  // checked nothing shows up as 0 findings).
  const jsonRun = await run([...cli, '--format', 'json', ...corpus.files]);
  expectSuccess('oomlint --format json', jsonRun);
  const oomlintFindings = countJsonFindings(jsonRun.stdout);
  const folderJsonRun = await run([...cli, '--format', 'json', '--jobs', '1', '.']);
  expectSuccess('oomlint --format json .', folderJsonRun);
  const folderFindings = countJsonFindings(folderJsonRun.stdout);

  const runs = new Map<Command['name'], ProcessRun[]>(commands.map((c) => [c.name, []]));
  let ruffFindings = 0;
  const workMs = { ruff: [] as number[], parse: [] as number[] };
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < commands.length; i++) {
      const command = commands[(i + round) % commands.length]!;
      const result = await run(command.args);
      expectSuccess(command.name, result);
      if (command.name === 'ruff' || command.name === 'parse') {
        const summary = referenceSummary(result);
        if (summary.files !== corpus.files.length) throw new Error(`${command.name} read ${summary.files} files, not ${corpus.files.length}`);
        if (command.name === 'ruff') ruffFindings = summary.findings;
        workMs[command.name].push(summary.workMs);
      }
      runs.get(command.name)!.push(result);
    }
  }
  const lines = corpus.lines;
  const oomlint = timed(runs.get('oomlint')!, lines);
  const single = timed(runs.get('oomlintSingleThread')!, lines);
  const folder = timed(runs.get('oomlintFolder')!, lines);
  const ruff = timed(runs.get('ruff')!, lines);
  const parse = timed(runs.get('parse')!, lines);
  const ratio = (a: TimedCommand, b: TimedCommand) => round(a.medianMs / b.medianMs, 2);
  return {
    rounds: options.rounds,
    oomlint: { ...oomlint, jobs: availableParallelism(), findings: oomlintFindings },
    oomlintSingleThread: { ...single, findings: oomlintFindings },
    oomlintFolder: { ...folder, findings: folderFindings },
    ruff: { ...ruff, findings: ruffFindings, select: [...RUFF_DEFAULT_SELECT], workMedianMs: round(median(workMs.ruff)) },
    parse: { ...parse, workMedianMs: round(median(workMs.parse)) },
    ratios: {
      oomlintToRuff: ratio(oomlint, ruff),
      oomlintToParse: ratio(oomlint, parse),
      oomlintSingleThreadToRuff: ratio(single, ruff),
      oomlintSingleThreadToParse: ratio(single, parse),
      oomlintFolderToParse: ratio(folder, parse),
    },
  };
}
