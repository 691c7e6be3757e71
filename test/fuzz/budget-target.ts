// Inputs shaped to exhaust time or memory, at the size a tester reported and at ten times that size,
// each run in a child process that the harness measures (wall time here, peak memory and the longest
// event-loop hold reported by the child through measure-child.ts): the CLI on configurations, globs,
// .gitignore lines, folder chains, oversized and mis-encoded files, hostile bytes in the code and an
// unwritable stdout; the language server on the same configurations and on large documents (hovers
// answered within a second throughout) and on its lifecycle; the explainer on endless and slow logs.
// Each case must finish within TIME_BUDGET_MS and MEMORY_BUDGET_MB, or be refused with the message
// the case names.
//
// `OOMLINT_BUDGET_DIST=folder` measures another build's dist/ (the same cases before a change).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pythonFilesUnder } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { ServerProcess } from './lsp-target';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

export const TIME_BUDGET_MS = 10_000;
export const MEMORY_BUDGET_MB = 1024;
/** The issue's bound for a hover while the server works. */
const HOVER_BUDGET_MS = 1_000;

const DIST = process.env.OOMLINT_BUDGET_DIST ?? join(REPO_ROOT, 'dist');
const CLI = join(DIST, 'cli.js');
const SERVER = join(DIST, 'server.js');
const MEASURE = join(__dirname, 'measure-child.js');

const FLAGGED = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n';
/** Where `model(x)` is in FLAGGED: a hover there has an answer. */
const FLAGGED_HOVER = { line: 4, character: 11 };
// eslint-disable-next-line no-control-regex -- what a terminal would act on
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

interface Measured {
  wallMs: number;
  maxRssKb?: number;
  maxLoopDelayMs?: number;
}

interface CliRun extends Measured {
  status: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function readMeasurement(file: string): Pick<Measured, 'maxRssKb' | 'maxLoopDelayMs'> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Pick<Measured, 'maxRssKb' | 'maxLoopDelayMs'>;
  } catch {
    return {};
  }
}

/** A mkdir -p of a chain deeper than the longest path the system opens: one folder at a time, from inside. */
function deepChain(root: string, depth: number, name: string, leaf: string): void {
  const cwd = process.cwd();
  try {
    process.chdir(root);
    for (let i = 0; i < depth; i++) {
      mkdirSync(name);
      process.chdir(name);
    }
    writeFileSync(leaf, FLAGGED);
  } finally {
    process.chdir(cwd);
  }
}

/** Removes a tree, however deep (rm -rf goes below the longest path; Node's rmSync does not). */
function removeTree(path: string): void {
  const removed = spawnSync('rm', ['-rf', path]);
  if (removed.status !== 0) rmSync(path, { recursive: true, force: true });
}

type Check = (run: CliRun, failures: string[]) => void;

interface Case {
  name: string;
  /** Builds the input in `dir` at `scale` (1: as reported; 10: ten times) and runs it; returns what went wrong. */
  run(dir: string, scale: number, tools: Tools): Promise<string[]> | string[];
}

class Tools {
  /** Measurements of the last run, for the summary. */
  readonly log: string[] = [];

  constructor(private readonly dir: string) {}

  cli(cwd: string, args: string[], options: { stdout?: number; stdin?: number } = {}): CliRun {
    const measureFile = join(this.dir, `measure-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--require', MEASURE, CLI, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, OOMLINT_MEASURE_FILE: measureFile, NO_COLOR: '1', LANG: 'C' },
      timeout: 2 * TIME_BUDGET_MS,
      maxBuffer: 256 * 1024 * 1024,
      stdio: [options.stdin ?? 'ignore', options.stdout ?? 'pipe', 'pipe'],
    });
    const wallMs = performance.now() - started;
    const measured = readMeasurement(measureFile);
    rmSync(measureFile, { force: true });
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', timedOut: result.error !== undefined, wallMs, ...measured };
  }

  /** Failures of the budget: time, memory, a timeout. */
  budget(what: string, run: Measured & { timedOut?: boolean }): string[] {
    const failures: string[] = [];
    this.log.push(`${what}: ${Math.round(run.wallMs)} ms, ${run.maxRssKb === undefined ? '?' : Math.round(run.maxRssKb / 1024)} MB${run.maxLoopDelayMs === undefined ? '' : `, event loop held at most ${run.maxLoopDelayMs} ms`}`);
    if (run.timedOut) failures.push(`${what}: did not finish within ${2 * TIME_BUDGET_MS} ms`);
    else if (run.wallMs > TIME_BUDGET_MS) failures.push(`${what}: took ${Math.round(run.wallMs)} ms, more than ${TIME_BUDGET_MS}`);
    if (run.maxRssKb === undefined && !run.timedOut) failures.push(`${what}: no measurement came back`);
    else if (run.maxRssKb !== undefined && run.maxRssKb > MEMORY_BUDGET_MB * 1024) failures.push(`${what}: peaked at ${Math.round(run.maxRssKb / 1024)} MB, more than ${MEMORY_BUDGET_MB}`);
    return failures;
  }

  /** The CLI's run within budget, its output free of terminal controls and of stack traces, then `check`. */
  checkedCli(what: string, cwd: string, args: string[], check: Check): string[] {
    const run = this.cli(cwd, args);
    const failures = this.budget(what, run);
    if (/\n\s+at .+:\d+:\d+\)?\n/.test(run.stderr)) failures.push(`${what}: a stack trace on stderr: ${run.stderr.slice(0, 300)}`);
    if (TERMINAL_CONTROLS.test(run.stdout) || TERMINAL_CONTROLS.test(run.stderr)) failures.push(`${what}: a terminal control character in the output`);
    if (!run.timedOut) check(run, failures);
    const output = run.stdout + run.stderr;
    return failures.map((f) => (f.includes('\n') ? f : `${f} [output: ${output.slice(0, 300).replace(/\n/g, '⏎')}]`));
  }

  /**
   * The server on a project: opens a flagged file in it and hovers over the finding every 50 ms
   * until the file's diagnostics and the configuration's problems are published.
   */
  hoverWhileLoading(
    what: string,
    root: string,
    expectConfigDiagnostics: (count: number, messages: string[]) => string | undefined,
    /** Documents opened before the flagged one, whose diagnostics are waited for too: name -> text. */
    alsoOpen: Record<string, string> = {},
  ): Promise<string[]> {
    return this.withServer(what, root, async (server, failures, slowest) => {
      const pyproject = pathToFileURL(join(root, 'pyproject.toml')).href;
      const others = Object.entries(alsoOpen).map(([name, text]) => {
        const other = pathToFileURL(join(root, name)).href;
        server.notifyServer('textDocument/didOpen', { textDocument: { uri: other, languageId: 'python', version: 1, text } });
        return other;
      });
      const uri = openFlagged(server, root);
      const published = () => [uri, pyproject, ...others].every((u) => server.publications.some((p) => p.uri === u));
      await hoverUntil(what, server, uri, published, failures, slowest);
      const config = [...server.publications].reverse().find((p) => p.uri === pyproject);
      const problem = expectConfigDiagnostics(config?.diagnostics.length ?? 0, (config?.diagnostics ?? []).map(diagnosticMessage));
      if (problem) failures.push(`${what}: ${problem}`);
    });
  }

  /**
   * The server with a notebook of `cells` open: a keystroke at the end of the first line of its
   * first, middle and last cell (each with a finding, so that its diagnostics come back), each waited
   * for, while a flagged file is hovered every 50 ms.
   */
  notebookKeystrokes(what: string, root: string, cells: readonly string[]): Promise<string[]> {
    return this.withServer(what, root, async (server, failures, slowest) => {
      const notebook = pathToFileURL(join(root, 'cells.ipynb')).href;
      const cellUris = cells.map((_, i) => `vscode-notebook-cell:${new URL(notebook).pathname}#cell${i}`);
      server.notifyServer('notebookDocument/didOpen', {
        notebookDocument: { uri: notebook, notebookType: 'jupyter-notebook', version: 1, cells: cellUris.map((document) => ({ kind: 2, document })) },
        cellTextDocuments: cellUris.map((uri, i) => ({ uri, languageId: 'python', version: 1, text: cells[i] })),
      });
      const uri = openFlagged(server, root);
      const answered = (cell: number, version: number) => () => server.publications.some((p) => p.uri === cellUris[cell] && p.diagnostics.length > 0 && (p.version ?? 1) >= version);
      const refusal = () => server.publications.find((p) => p.uri === cellUris[0] && p.diagnostics.some((d) => /not analysed/.test(diagnosticMessage(d))));
      await hoverUntil(`${what}, opening`, server, uri, () => answered(cells.length - 1, 1)() || refusal() !== undefined, failures, slowest);
      const refused = refusal();
      if (refused) {
        // Said once, in the first cell, instead of findings.
        if (refused.diagnostics.length !== 1) failures.push(`${what}: refused with ${refused.diagnostics.length} diagnostics in the first cell, not 1`);
        this.log.push(`${what}: refused: ${diagnosticMessage(refused.diagnostics[0]!)}`);
        return;
      }
      let version = 1;
      for (const cell of [0, Math.floor(cells.length / 2), cells.length - 1]) {
        version++;
        const typed = performance.now();
        const end = cells[cell]!.indexOf('\n');
        const at = { line: 0, character: end < 0 ? cells[cell]!.length : end };
        server.notifyServer('notebookDocument/didChange', {
          notebookDocument: { uri: notebook, version },
          change: { cells: { textContent: [{ document: { uri: cellUris[cell], version: 2 }, changes: [{ range: { start: at, end: at }, text: ' ' }] }] } },
        });
        await hoverUntil(`${what}, a keystroke in cell ${cell}`, server, uri, answered(cell, 2), failures, slowest);
        this.log.push(`${what}: a keystroke in cell ${cell} answered in ${Math.round(performance.now() - typed)} ms`);
      }
    });
  }

  /** Starts the server on `root`, runs `session`, shuts it down; the budget of the whole, with the session's failures. */
  private async withServer(what: string, root: string, session: (server: ServerProcess, failures: string[], slowest: { ms: number }) => Promise<void>): Promise<string[]> {
    const measureFile = join(this.dir, `measure-server-${Date.now()}.json`);
    const server = new ServerProcess({ nodeArgs: ['--require', MEASURE], env: { ...process.env, OOMLINT_MEASURE_FILE: measureFile }, script: SERVER });
    const failures: string[] = [];
    const started = performance.now();
    try {
      const init = await server.request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} }, TIME_BUDGET_MS);
      if (typeof init === 'string') return [`${what}: initialize: ${init}`];
      server.notifyServer('initialized', {});
      // Start-up's loading is not what is measured: the holds count from here.
      server.child.kill('SIGUSR2');
      const slowest = { ms: 0 };
      await session(server, failures, slowest);
      this.log.push(`${what}: slowest hover ${Math.round(slowest.ms)} ms`);
      if (slowest.ms > HOVER_BUDGET_MS) failures.push(`${what}: a hover took ${Math.round(slowest.ms)} ms, more than ${HOVER_BUDGET_MS}`);
      const shutdown = await server.request('shutdown', null, TIME_BUDGET_MS);
      if (typeof shutdown === 'string') failures.push(`${what}: shutdown: ${shutdown}`);
      server.notifyServer('exit', null);
      await server.waitFor(() => server.exited !== null, TIME_BUDGET_MS);
    } finally {
      server.kill();
    }
    const measured = readMeasurement(measureFile);
    rmSync(measureFile, { force: true });
    return [...this.budget(what, { wallMs: performance.now() - started, ...measured }), ...failures];
  }
}

/** A published diagnostic's message (the harness's publications keep the diagnostics as the server sent them). */
function diagnosticMessage(diagnostic: object): string {
  return String((diagnostic as { message?: unknown }).message);
}

/** Opens FLAGGED as `train.py` of `root`; returns its URI. */
function openFlagged(server: ServerProcess, root: string): string {
  const uri = pathToFileURL(join(root, 'train.py')).href;
  server.notifyServer('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: FLAGGED } });
  return uri;
}

/** Hovers over the finding of `uri` every 50 ms until `done` (and `alsoDone`) hold or the time budget is spent; the slowest hover goes into `slowest`. */
async function hoverUntil(
  what: string,
  server: ServerProcess,
  uri: string,
  done: () => boolean,
  failures: string[],
  slowest: { ms: number },
  alsoDone: () => boolean = () => true,
): Promise<void> {
  const from = performance.now();
  while (!(done() && alsoDone()) && performance.now() - from < TIME_BUDGET_MS && !server.exited) {
    const asked = performance.now();
    const answer = await server.request('textDocument/hover', { textDocument: { uri }, position: FLAGGED_HOVER }, 2 * TIME_BUDGET_MS);
    slowest.ms = Math.max(slowest.ms, performance.now() - asked);
    if (typeof answer === 'string') {
      failures.push(`${what}: hover: ${answer}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!(done() && alsoDone())) failures.push(`${what}: no answer within ${TIME_BUDGET_MS} ms`);
}

function expect(failures: string[], condition: boolean, message: string): void {
  if (!condition) failures.push(message);
}

/** A file refused by a limit of the analysis or by its size, with one line saying so. */
const REFUSED = /E902 (not analysed: |could not read: .*larger than the)/;

/** The CLI on one generated file: within budget, and either analysed as `analysed` says or refused with one E902 line. */
function analysisCase(name: string, file: string, make: (scale: number) => string | Buffer, analysed: (run: CliRun) => string | undefined): Case {
  return {
    name,
    run: (dir, scale, tools) => {
      const text = make(scale);
      writeFileSync(join(dir, file), text);
      const size = `${(text.length / 1_000_000).toFixed(1)} MB`;
      return tools.checkedCli(`${name}, ${size}`, dir, ['check', '--jobs', '1', file], (run, failures) => {
        const refusals = (run.stdout + run.stderr).split('\n').filter((l) => REFUSED.test(l));
        if (refusals.length) {
          expect(failures, refusals.length === 1 && run.status === 2, `refused, but not with one E902 line and exit 2 (exit ${run.status})`);
          tools.log.push(`refused: ${refusals[0]!.replace(/^.*E902 /, '')}`);
          return;
        }
        expect(failures, run.status === 0 || run.status === 1, `exit ${run.status}`);
        const problem = analysed(run);
        if (problem) failures.push(problem);
      });
    },
  };
}

const repeatLines = (line: string, count: number) => line.repeat(count);

/** Real PyTorch code: the examples, the test fixtures and the accuracy files (not the held-out ones), concatenated to `bytes`. */
function realCode(bytes: number): string {
  const folders = [['examples'], ['test', 'fixtures'], ['accuracy', 'files'], ['accuracy', 'commits']].map((parts) => join(REPO_ROOT, ...parts));
  const files = folders.flatMap((folder) => pythonFilesUnder(folder)).filter((f) => !/[\\/](accuracy-heldout|heldout(-\d+)?)[\\/]/.test(f));
  const parts = files.map((f) => readFileSync(f, 'utf8')).filter((t) => !t.includes('\r')).map((t) => (t.endsWith('\n') ? t : `${t}\n`));
  const chunk = parts.join('\n');
  return chunk.repeat(Math.ceil(bytes / chunk.length));
}

function notebook(cells: readonly string[]): string {
  const code = cells.map((source) => JSON.stringify({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source }));
  return `{"cells":[${code.join(',')}],"metadata":{"kernelspec":{"language":"python","name":"python3"}},"nbformat":4,"nbformat_minor":5}`;
}

const hasFindings = (code: string) => (run: CliRun) => (new RegExp(`: ${code}`).test(run.stdout) ? undefined : `no ${code} finding: ${run.stdout.slice(0, 300)}`);

/** The analysis on files shaped to be slow or large: the cases of issue 39, at the size reported and ten times it. */
const ANALYSIS_CASES: Case[] = [
  analysisCase('running-totals', 'totals.py', (scale) => {
    const loop = 'for x in loader:\n    out = model(x)\n    total += out.sum()\n    total += 1\nprint(total)\n';
    return `import torch\nmodel = torch.nn.Linear(2, 2)\ntotal = 0\n${loop.repeat(2_000 * scale)}`;
  }, hasFindings('OOM001')),
  analysisCase('straight-line-after-eval', 'straight.py', (scale) => {
    const lines = ['import torch', 'model = torch.nn.Linear(2, 2)', 'model.eval()'];
    for (let i = 0; i < 10_000 * scale; i++) lines.push(i % 3 === 0 ? `out${i} = model(x${i})` : i % 3 === 1 ? `y${i} = out${i - 1} + ${i}` : `print(y${i - 1})`);
    return lines.join('\n') + '\n';
  }, hasFindings('OOM001')),
  analysisCase('one-letter-lines-300k', 'letters.py', (scale) => repeatLines('a\n', 300_000 * scale), () => undefined),
  analysisCase('one-letter-lines-995k', 'letters.py', (scale) => repeatLines('a\n', 995_000 * scale), () => undefined),
  analysisCase('short-calls', 'calls.py', (scale) => repeatLines('f()\n', 750_000 * scale), () => undefined),
  analysisCase('real-code-4mb', 'real.py', (scale) => realCode(4_000_000 * scale), hasFindings('OOM00')),
  analysisCase('real-code-8mb', 'real.py', (scale) => realCode(8_000_000 * scale), hasFindings('OOM00')),
  analysisCase('comment-lines-with-quotes', 'comments.py', (scale) => `x = 1\n${repeatLines("# it's a comment\n", 5_000 * scale)}`, () => undefined),
  analysisCase('notebook-code-cells', 'cells.ipynb', (scale) => notebook(Array.from({ length: 100_000 * scale }, (_, i) => `import torch\nx${i} = torch.zeros(2)\nprint(x${i})`)), () => undefined),
  analysisCase('notebook-one-line-cells', 'lines.ipynb', (scale) => notebook(Array.from({ length: 300_000 * scale }, () => 'a')), () => undefined),
  {
    // The editor's server with a document of 995,000 one-letter lines open: hovers on another file still come.
    name: 'server-one-letter-lines',
    run: (dir, scale, tools) => {
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 0\n');
      const lines = Math.min(995_000 * scale, 5_000_000);
      return tools.hoverWhileLoading(`server, ${lines} one-letter lines open`, dir, (count) => (count === 1 ? undefined : `${count} configuration diagnostics, not 1`), { 'letters.py': 'a\n'.repeat(lines) });
    },
  },
  {
    // The editor's server analysing a document of real code as large as it analyses (2 MB) while another file is hovered.
    name: 'server-real-code',
    run: (dir, scale, tools) => {
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 0\n');
      const text = realCode(1_990_000 * scale).slice(0, 1_990_000 * scale).replace(/[^\n]*$/, '');
      return tools.hoverWhileLoading(`server, ${(text.length / 1_000_000).toFixed(1)} MB of real code open`, dir, (count) => (count === 1 ? undefined : `${count} configuration diagnostics, not 1`), { 'real.py': text });
    },
  },
  {
    // The editor's server with a document whose code is followed by comment lines that hold quotes.
    name: 'server-comment-lines',
    run: (dir, scale, tools) => {
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 0\n');
      const text = `${FLAGGED}${"# it's a comment\n".repeat(3_000 * scale)}x = 1\n`;
      return tools.hoverWhileLoading(`server, ${3_000 * scale} comment lines with a quote open`, dir, (count) => (count === 1 ? undefined : `${count} configuration diagnostics, not 1`), { 'comments.py': text });
    },
  },
  {
    // The editor's server with a notebook of 1,500 code cells open, typed into at its top, middle and end.
    name: 'server-notebook-keystrokes',
    run: (dir, scale, tools) => {
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 0\n');
      const count = 1_500 * scale;
      const typedInto = new Set([0, Math.floor(count / 2), count - 1]);
      const cells = Array.from({ length: count }, (_, i) =>
        typedInto.has(i) ? FLAGGED : i % 10 === 0 ? 'import torch\nimport numpy as np\n' : `x${i} = torch.zeros(${(i % 7) + 1})\ny${i} = x${i} * 2\nprint(y${i}.sum())\n`);
      return tools.notebookKeystrokes(`server, a notebook of ${count} cells`, dir, cells);
    },
  },
  {
    // Three files of 600 KB checked by three workers.
    name: 'jobs-three-large-files',
    run: (dir, scale, tools) => {
      const text = realCode(600_000 * scale).slice(0, 600_000 * scale).replace(/[^\n]*$/, '');
      for (const name of ['a.py', 'b.py', 'c.py']) writeFileSync(join(dir, name), text);
      return tools.checkedCli(`--jobs 3 on three files of ${(text.length / 1_000_000).toFixed(1)} MB`, dir, ['check', '--jobs', '3', 'a.py', 'b.py', 'c.py'], (run, failures) => {
        expect(failures, run.status === 1 || run.status === 2, `exit ${run.status}`);
      });
    },
  },
];

const OOM_MESSAGE = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 7.79 GiB of which 2.00 MiB is free.';

/** The explainer on logs shaped to be read without end or parsed slowly. */
const EXPLAIN_CASES: Case[] = [
  {
    name: 'explain-stdin-dev-zero',
    run: (dir, _scale, tools) => {
      if (!existsSync('/dev/zero')) return [];
      const zero = openSync('/dev/zero', 'r');
      try {
        const run = tools.cli(dir, ['explain', '-'], { stdin: zero });
        const failures = tools.budget('explain - < /dev/zero', run);
        if (run.status !== 2 && run.status !== 1) failures.push(`explain - < /dev/zero: exit ${run.status}, stderr ${JSON.stringify(run.stderr.slice(0, 300))}`);
        return failures;
      } finally {
        closeSync(zero);
      }
    },
  },
  {
    name: 'explain-digits',
    run: (dir, scale, tools) => {
      const digits = '7'.repeat(160_000 * scale);
      writeFileSync(join(dir, 'digits.log'), `RuntimeError: CUDA out of memory. Tried to allocate ${digits} GiB (GPU 0; ${digits}\n`);
      return tools.checkedCli(`explain, ${160_000 * scale} digits in a row`, dir, ['explain', 'digits.log'], (run, failures) => {
        expect(failures, !/Infinity|NaN/.test(run.stdout), 'Infinity or NaN printed');
      });
    },
  },
  {
    name: 'explain-frames-of-a-large-file',
    run: (dir, scale, tools) => {
      // 20 frames of a 2 KB log naming one source file of about 1 MB (ten times: 10 MB).
      const source = realCode(1_000_000 * scale).slice(0, 1_000_000 * scale).replace(/[^\n]*$/, '');
      writeFileSync(join(dir, 'big.py'), source);
      const frames = Array.from({ length: 20 }, (_, k) => `  File "big.py", line ${10 + 997 * k}, in f${k}\n    x = model(x)`).join('\n');
      writeFileSync(join(dir, 'oom.log'), `Traceback (most recent call last):\n${frames}\n${OOM_MESSAGE}\n`);
      return tools.checkedCli(`explain, 20 frames naming a ${(source.length / 1_000_000).toFixed(1)} MB file`, dir, ['explain', 'oom.log'], (run, failures) => {
        expect(failures, run.status === 0, `exit ${run.status}`);
      });
    },
  },
];

export const CASES: Case[] = [
  {
    name: 'pyproject-unknown-keys',
    run: (dir, scale, tools) => {
      const keys = 80_000 * scale;
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\n' + Array.from({ length: keys }, (_, i) => `key${i} = ${i}\n`).join(''));
      writeFileSync(join(dir, 'train.py'), FLAGGED);
      return tools.checkedCli(`${keys} unknown keys`, dir, ['check', '.'], (run, failures) => {
        const lines = run.stderr.split('\n').filter((l) => l.includes('configuration error')).length;
        expect(failures, run.status === 2, `exit ${run.status}, not 2`);
        expect(failures, lines <= 11, `${lines} configuration lines, not at most 11`);
        expect(failures, /more problems in this file|larger than the 1\.0 MiB limit/.test(run.stderr), 'no count of the problems left out, nor a size refusal');
      });
    },
  },
  {
    name: 'exclude-open-braces',
    run: (dir, scale, tools) => {
      const braces = 200_000 * scale;
      writeFileSync(join(dir, 'pyproject.toml'), `[tool.oomlint]\nexclude = ["${'{'.repeat(braces)}"]\n`);
      writeFileSync(join(dir, 'train.py'), FLAGGED);
      return tools.checkedCli(`exclude of ${braces} {`, dir, ['check', '.'], (run, failures) => {
        expect(failures, /train\.py:5:11: OOM001/.test(run.stdout), 'the file was not checked');
        expect(failures, /more than the 4,096 a pattern may have|larger than the 1\.0 MiB limit/.test(run.stderr), 'the pattern was not refused');
      });
    },
  },
  {
    name: 'exclude-alternatives-over-globstars',
    run: (dir, scale, tools) => {
      const alternatives = 256 * scale;
      const globstars = 2_000 * scale;
      const depth = 30 * scale;
      const reported = `{${Array.from({ length: alternatives }, (_, i) => `a${i}`).join(',')}}/${'**/'.repeat(globstars)}x.py`;
      // And patterns at the limits accepted, which the matcher must run: 16 of nearly 4,096 characters.
      const accepted = Array.from({ length: 16 }, (_, k) => `{${Array.from({ length: 60 }, (_, i) => `d${k}${i}`).join(',')}}/${'**/*/'.repeat(500)}z.py`);
      writeFileSync(join(dir, 'pyproject.toml'), `[tool.oomlint]\nexclude = ${JSON.stringify([reported, ...accepted])}\n`);
      const deep = join(dir, ...Array.from({ length: depth }, (_, i) => `d${i % 10}`));
      mkdirSync(deep, { recursive: true });
      for (let i = 0; i < 100; i++) writeFileSync(join(deep, `f${i}.py`), 'x = 1\n');
      return tools.checkedCli(`${alternatives} alternatives over ${globstars} **, ${depth} folders deep`, dir, ['check', '.'], (run, failures) => {
        expect(failures, run.status === 0 || run.status === 2, `exit ${run.status}`);
        expect(failures, !/no Python files found/.test(run.stderr), 'the files were excluded');
      });
    },
  },
  {
    name: 'gitignore-globstars',
    run: (dir, scale, tools) => {
      const globstars = 40 * scale;
      const depth = 30 * scale;
      mkdirSync(join(dir, '.git'));
      writeFileSync(join(dir, '.gitignore'), `a/${'**/'.repeat(globstars)}x\n`);
      const deep = join(dir, 'a', ...Array.from({ length: depth }, () => 'b'));
      mkdirSync(deep, { recursive: true });
      writeFileSync(join(deep, 'y.py'), 'x = 1\n');
      return tools.checkedCli(`.gitignore a/${globstars} x **/x over ${depth} folders`, dir, ['check', '.'], (run, failures) => {
        expect(failures, run.status === 0, `exit ${run.status}: y.py is not ignored and is clean`);
      });
    },
  },
  {
    name: 'gitignore-megabyte',
    run: (dir, scale, tools) => {
      // A .gitignore at the size read (1 MiB) of lines written to be slow: star runs, globstars, classes.
      mkdirSync(join(dir, '.git'));
      const lines: string[] = [];
      let size = 0;
      for (let i = 0; size < 1024 * 1024 - 200; i++) {
        // Some with a run of plain characters (skipped on paths without it), some with none at all.
        const line = [`*a*a*a*a*a*a*a*a*b${i}`, `**/${'*/'.repeat(20)}[!x]*${i}`, `a/${'**/'.repeat(30)}q${i}`, `*[!x]?*${'[ab]*'.repeat(i % 40)}[!a0-9y]`][i % 4]!;
        lines.push(line);
        size += line.length + 1;
      }
      writeFileSync(join(dir, '.gitignore'), lines.join('\n') + '\n');
      for (let i = 0; i < 100 * scale; i++) {
        const folder = join(dir, 'aaaaaaaaaaaaaa', `aaaaaa${i % 10}`, 'aaaaaaaaaa');
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, `aaaaaaaaaaaa${i}.py`), 'x = 1\n');
      }
      return tools.checkedCli(`1 MiB of slow .gitignore lines over ${100 * scale} files`, dir, ['check', '.'], (run, failures) => {
        expect(failures, run.status === 0, `exit ${run.status}`);
        expect(failures, /\.gitignore:\d+: configuration warning: .* wildcards/.test(run.stderr), 'no warning that lines were left out');
      });
    },
  },
  {
    name: 'deep-folder-chain',
    run: (dir, scale, tools) => {
      const depth = 5_000 * scale;
      deepChain(dir, depth, 'd', 'deep.py');
      writeFileSync(join(dir, 'top.py'), FLAGGED);
      return tools.checkedCli(`${depth}-deep folder chain`, dir, ['check', '.'], (run, failures) => {
        expect(failures, /top\.py:5:11: OOM001/.test(run.stdout), 'the file at the top was not checked');
        expect(failures, /ENAMETOOLONG|deep\.py:5:11: OOM001/.test(run.stdout + run.stderr), 'the deep file was neither checked nor named as out of reach');
      });
    },
  },
  {
    name: 'project-raises-max-file-size',
    run: (dir, scale, tools) => {
      // A sparse file: its size without the disk space.
      const bytes = 600 * 1024 * 1024 * scale;
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-file-size = "100GB"\n');
      writeFileSync(join(dir, 'big.py'), '');
      truncateSync(join(dir, 'big.py'), bytes);
      const run = tools.cli(dir, ['check', '.']);
      const failures = tools.budget(`a project raising max-file-size over a ${bytes / 1024 / 1024} MiB file`, run);
      if (!/big\.py: E902 could not read: .*larger than the 10 MiB limit/.test(run.stderr)) failures.push(`the file was not refused by the default limit: ${run.stderr.slice(0, 300)}`);
      if (!/configuration warning: a project's own `max-file-size` cannot raise the limit/.test(run.stderr)) failures.push('no warning that the limit was not raised');
      if (run.maxRssKb !== undefined && run.maxRssKb > 300 * 1024) failures.push(`peaked at ${Math.round(run.maxRssKb / 1024)} MB: the file was read`);
      return failures;
    },
  },
  {
    name: 'utf16-without-bom',
    run: (dir, scale, tools) => {
      const text = FLAGGED.repeat(Math.ceil((512 * 1024 * scale) / FLAGGED.length));
      writeFileSync(join(dir, 'wide.py'), Buffer.from(text, 'utf16le'));
      return tools.checkedCli(`${Math.round(text.length / 1024)} K characters of UTF-16LE without a BOM`, dir, ['check', '.'], (run, failures) => {
        expect(failures, run.status === 2 && /wide\.py: E902 could not (decode|read)/.test(run.stderr), 'not reported as unreadable');
      });
    },
  },
  {
    name: 'terminal-escapes-in-the-code',
    run: (dir, scale, tools) => {
      const hostile = '    out = model(x)  # \u001b]52;c;ZWNobyBwd25lZA==\u0007\u001b[2J\u009b31m\u202e\r\n';
      writeFileSync(join(dir, 'evil.py'), FLAGGED.replace('    out = model(x)\n', hostile.repeat(1_000 * scale)));
      return ['--diff', '--format=github', '--format=json', '--format=text'].flatMap((format) =>
        tools.checkedCli(`${1_000 * scale} hostile lines, ${format}`, dir, ['check', format, '.'], (run, failures) => {
          expect(failures, run.stdout.includes('\\x1b]52;c;ZWNobyBwd25lZA==') || format !== '--diff', 'the diff does not show the escape sequence');
        }),
      );
    },
  },
  {
    name: 'output-to-dev-full',
    run: (dir, scale, tools) => {
      if (!existsSync('/dev/full')) return [];
      for (let i = 0; i < 10 * scale; i++) writeFileSync(join(dir, `f${i}.py`), FLAGGED);
      const full = openSync('/dev/full', 'w');
      try {
        const run = tools.cli(dir, ['check', '.'], { stdout: full });
        const failures = tools.budget('check > /dev/full', run);
        if (run.status !== 2 || !/^oomlint: could not write to standard output: no space left on device \(ENOSPC\)\n$/.test(run.stderr)) {
          failures.push(`check > /dev/full: exit ${run.status}, stderr ${JSON.stringify(run.stderr.slice(0, 300))}`);
        }
        return failures;
      } finally {
        closeSync(full);
      }
    },
  },
  {
    // The same session on a plain project: what the first analysis costs, for comparison.
    name: 'server-plain-project',
    run: (dir, _scale, tools) => {
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 0\n');
      return tools.hoverWhileLoading('server, a plain project', dir, (count) => (count === 1 ? undefined : `${count} configuration diagnostics, not 1`));
    },
  },
  {
    name: 'server-pyproject-unknown-keys',
    run: (dir, scale, tools) => {
      const keys = 80_000 * scale;
      writeFileSync(join(dir, 'pyproject.toml'), '[tool.oomlint]\n' + Array.from({ length: keys }, (_, i) => `key${i} = ${i}\n`).join(''));
      return tools.hoverWhileLoading(`server, ${keys} unknown keys`, dir, (count) => (count >= 1 && count <= 11 ? undefined : `${count} configuration diagnostics, not 1 to 11`));
    },
  },
  {
    name: 'server-exclude-open-braces',
    run: (dir, scale, tools) => {
      const braces = 200_000 * scale;
      writeFileSync(join(dir, 'pyproject.toml'), `[tool.oomlint]\nexclude = ["${'{'.repeat(braces)}"]\n`);
      return tools.hoverWhileLoading(`server, exclude of ${braces} {`, dir, (count) => (count === 1 ? undefined : `${count} configuration diagnostics, not 1`));
    },
  },
  ...ANALYSIS_CASES,
  ...EXPLAIN_CASES,
];

export class BudgetTarget implements FuzzTarget {
  readonly name = 'budgets';
  private scratch = '';
  /** What each case measured, for the driver's log. */
  readonly measurements: string[] = [];

  async prepare(): Promise<void> {
    for (const file of [CLI, SERVER, MEASURE]) if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/build.mjs && node scripts/build.mjs --tests\` first`);
    this.scratch = mkdtempSync(join(tmpdir(), 'oomlint-budgets-'));
  }

  dispose(): void {
    if (this.scratch) removeTree(this.scratch);
  }

  /** Case n: every case at the reported size, then every case at ten times it, and round again. */
  async run(_random: Random, caseNumber: number): Promise<FuzzFailure[]> {
    const chosen = CASES[caseNumber % CASES.length]!;
    const scale = Math.floor(caseNumber / CASES.length) % 2 ? 10 : 1;
    return this.runCase(chosen, scale);
  }

  /** One case at one scale. */
  async runCase(chosen: Case, scale: number): Promise<FuzzFailure[]> {
    const dir = mkdtempSync(join(this.scratch, `${chosen.name}-`));
    const tools = new Tools(this.scratch);
    try {
      const failures = await chosen.run(dir, scale, tools);
      this.measurements.push(...tools.log.map((line) => `${chosen.name} x${scale}: ${line}`));
      return failures.map((detail) => ({ kind: 'over-budget', detail: `${chosen.name} x${scale}: ${detail}`, input: `${chosen.name} at scale ${scale}` }));
    } finally {
      removeTree(dir);
    }
  }
}
