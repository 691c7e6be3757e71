// The work one file may cost, for the command line and the editor alike: a file over a limit is not
// analysed, and says why in one message, instead of taking seconds and gigabytes (see docs/safety.md).

/** Lines of one file, counted before it is parsed: the parse costs memory per line, however short. */
export const MAX_ANALYSED_LINES = 120_000;

/** Syntax nodes of one file, counted after the parse and before the tree is converted and analysed. */
export const MAX_ANALYSED_NODES = 1_500_000;

/**
 * Processor time for one file's parse, conversion and analysis together: processor time rather than
 * the clock's, so that other work on a busy machine does not push a file over it.
 */
export const ANALYSIS_BUDGET_MS = 8_000;

/** The processor time this process has used, in milliseconds (what ANALYSIS_BUDGET_MS counts). */
export function processorTimeMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The time one piece of work may take: asked at its checkpoints, it says once the work has gone over. */
export interface WorkBudget {
  readonly limitMs: number;
  exceeded(): boolean;
}

/** The clocks a ProcessorTimeBudget reads. */
export interface BudgetClocks {
  wallMs(): number;
  processorMs(): number;
}

const REAL_CLOCKS: BudgetClocks = { wallMs: () => performance.now(), processorMs: processorTimeMs };

/** How long work runs before its budget first reads the processor time (a system call, slow in some sandboxes). */
const FIRST_PROCESSOR_READ_MS = 50;

/**
 * A budget of processor time from now on. Work cannot use more processor time than the clock shows
 * passing, so the processor time is read only for work that runs longer than FIRST_PROCESSOR_READ_MS,
 * counting those first milliseconds as spent.
 */
export class ProcessorTimeBudget implements WorkBudget {
  private readonly startedAt: number;
  private baseline: { wall: number; processor: number } | undefined;

  constructor(
    readonly limitMs: number,
    private readonly clocks: BudgetClocks = REAL_CLOCKS,
  ) {
    this.startedAt = clocks.wallMs();
  }

  exceeded(): boolean {
    const wall = this.clocks.wallMs() - this.startedAt;
    if (wall < FIRST_PROCESSOR_READ_MS) return false;
    if (!this.baseline) {
      this.baseline = { wall, processor: this.clocks.processorMs() };
      return wall > this.limitMs;
    }
    if (wall <= this.limitMs) return false;
    return this.clocks.processorMs() - this.baseline.processor + this.baseline.wall > this.limitMs;
  }
}

/** Why a file was not analysed: which limit it went over, by how much. */
export type OverBudgetReason =
  | { kind: 'lines'; count: number; limit: number }
  | { kind: 'nodes'; count: number; limit: number }
  | { kind: 'parse-time'; limitMs: number }
  | { kind: 'analysis-time'; limitMs: number };

/** Thrown where a file goes over a limit of the analysis: the file then gets one message saying why. */
export class OverBudget extends Error {
  constructor(readonly reason: OverBudgetReason) {
    super(describeOverBudget(reason));
    this.name = 'OverBudget';
  }
}

/** The reason in English, for logs and errors (users see the catalogue's words). */
export function describeOverBudget(reason: OverBudgetReason): string {
  switch (reason.kind) {
    case 'lines':
      return `this file has ${reason.count.toLocaleString('en')} lines, more than the ${reason.limit.toLocaleString('en')} oomlint analyses in one file`;
    case 'nodes':
      return `this file has ${reason.count.toLocaleString('en')} syntax nodes, more than the ${reason.limit.toLocaleString('en')} oomlint analyses in one file`;
    case 'parse-time':
      return `parsing took longer than ${reason.limitMs} ms and was abandoned`;
    case 'analysis-time':
      return `the analysis took longer than ${reason.limitMs} ms and was abandoned`;
  }
}

/** Counts the lines of `text` as the parser does (a line break is "\n", "\r\n" or a lone "\r"). */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  return lines;
}

/** Throws OverBudget when `text` has more lines than a file may have. */
export function checkLines(text: string): void {
  // Every line has at least one character: a shorter text cannot go over.
  if (text.length <= MAX_ANALYSED_LINES) return;
  const lines = countLines(text);
  if (lines > MAX_ANALYSED_LINES) throw new OverBudget({ kind: 'lines', count: lines, limit: MAX_ANALYSED_LINES });
}

/** Throws OverBudget when a parsed tree has more nodes than a file may have. */
export function checkNodes(nodes: number): void {
  if (nodes > MAX_ANALYSED_NODES) throw new OverBudget({ kind: 'nodes', count: nodes, limit: MAX_ANALYSED_NODES });
}
