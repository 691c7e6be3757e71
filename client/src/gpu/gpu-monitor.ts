// Keeps one long-lived `nvidia-smi -lms N` process and turns its output into GPU readings. Spawning
// nvidia-smi for every reading costs far more than letting it loop; if it exits, it is restarted with
// capped exponential backoff. A missing binary is reported once and not retried.
import { spawn, type ChildProcess } from 'node:child_process';
import { readComputeApps, type ComputeAppsResult } from './compute-apps';
import { GpuBlockAssembler } from './gpu-block-assembler';
import { classifySmiLine, detectSmiFailure, GPU_QUERY_FIELDS, type GpuRow } from './nvidia-smi-parse';

export type GpuMonitorState = 'starting' | 'ok' | 'missing' | 'error';

export interface GpuSnapshot {
  state: GpuMonitorState;
  /** The latest reading; empty unless the state is `ok`. */
  gpus: readonly GpuRow[];
  /** Why the state is `missing` or `error`, or a failure nvidia-smi printed beside an `ok` reading. */
  message?: string;
  /** When this snapshot was made (ms since the epoch). */
  at: number;
}

export interface GpuMonitorOptions {
  nvidiaSmiPath: string;
  intervalMs: number;
  /** Delay before the first restart, doubled per failed run up to `restartMaxMs`. */
  restartInitialMs?: number;
  restartMaxMs?: number;
  /** A block also ends after this long without a new line (nvidia-smi prints a block at once). */
  blockQuietMs?: number;
  /** Without a first reading this long after a start, the state turns to `error` (default: 5 intervals, at least 10 s). */
  startupTimeoutMs?: number;
  /** A child that ignores SIGTERM is killed this long after it (default 2 s). */
  killGraceMs?: number;
  /** Only a run that lasted this long resets the restart backoff (default: 10 intervals, at least 30 s). */
  stableRunMs?: number;
  /** At most one `ok` change event per this many milliseconds (default: half the interval). */
  minUpdateGapMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface GpuProcessExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Unsubscribe {
  dispose(): void;
}

type Listener<T> = (value: T) => void;

class ListenerSet<T> {
  private readonly listeners = new Set<Listener<T>>();

  add(listener: Listener<T>): Unsubscribe {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/**
 * Lines and characters read per interval before reading pauses until the next one. A real reading is
 * a line of under a hundred characters per GPU; a child that floods is held back by the pipe instead
 * of keeping a core of the extension host busy.
 */
export const MAX_LINES_PER_INTERVAL = 1024;
export const MAX_CHARS_PER_INTERVAL = 1024 * 1024;

const DEFAULT_RESTART_INITIAL_MS = 1000;
const DEFAULT_RESTART_MAX_MS = 60_000;
const MAX_KEPT_OUTPUT_CHARS = 4000;
/** nvidia-smi lines are short; anything longer is garbage and is dropped rather than buffered. */
export const MAX_LINE_CHARS = 64 * 1024;

/**
 * Splits a stream into lines with a bounded buffer: a "line" that grows past `maxChars` without a
 * line break is dropped (and everything up to the next break with it), so output without newlines
 * cannot grow memory until the extension host dies.
 */
export class BoundedLineSplitter {
  private pending = '';
  private discarding = false;
  /** Lines dropped for being too long. */
  dropped = 0;

  constructor(private readonly onLine: (line: string) => void, private readonly maxChars = MAX_LINE_CHARS) {}

  push(chunk: string): void {
    let start = 0;
    for (;;) {
      const end = nextBreak(chunk, start);
      if (end < 0) break;
      const piece = chunk.slice(start, end);
      if (this.discarding) this.discarding = false;
      else if (this.pending.length + piece.length <= this.maxChars) this.onLine(this.pending + piece);
      else this.dropped++;
      this.pending = '';
      start = end + (chunk[end] === '\r' && chunk[end + 1] === '\n' ? 2 : 1);
    }
    if (this.discarding) return;
    const rest = chunk.slice(start);
    if (this.pending.length + rest.length > this.maxChars) {
      this.pending = '';
      this.discarding = true;
      this.dropped++;
    } else this.pending += rest;
  }

  /** The unterminated last line, at the end of the stream. */
  end(): void {
    if (this.pending && !this.discarding) this.onLine(this.pending);
    this.pending = '';
  }
}

function nextBreak(text: string, from: number): number {
  const n = text.indexOf('\n', from);
  const r = text.indexOf('\r', from);
  if (n < 0) return r;
  if (r < 0) return n;
  return Math.min(n, r);
}

/** The arguments of the loop-mode GPU query. */
export function gpuLoopArgs(intervalMs: number): string[] {
  return [`--query-gpu=${GPU_QUERY_FIELDS.join(',')}`, '--format=csv,noheader,nounits', '-lms', String(intervalMs)];
}

/** Delay before restart number `attempt` (0-based). */
export function restartDelayMs(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

/** What one run of the child produced, to decide the state when it ends. */
interface RunRecord {
  readings: number;
  failure?: string;
  strayOutput: string;
  stderr: string;
  spawnErrorCode?: string;
  spawnErrorMessage?: string;
  ended: boolean;
  startedAt: number;
}

export class GpuMonitor {
  private child: ChildProcess | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private failedRuns = 0;
  private startupTimer: NodeJS.Timeout | undefined;
  private killTimer: NodeJS.Timeout | undefined;
  private updateTimer: NodeJS.Timeout | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  private lastOkUpdate = 0;
  private lastLineAt = 0;
  private readChars = 0;
  private processQuery: Promise<ComputeAppsResult> | undefined;
  private pendingOk: Omit<GpuSnapshot, 'at'> | undefined;
  private disposed = false;
  private current: GpuSnapshot = { state: 'starting', gpus: [], at: Date.now() };
  private readonly changeListeners = new ListenerSet<GpuSnapshot>();
  private readonly spawnListeners = new ListenerSet<number>();
  private readonly exitListeners = new ListenerSet<GpuProcessExit>();
  private readonly exitWaiters: Array<() => void> = [];

  constructor(private readonly options: GpuMonitorOptions) {}

  get snapshot(): GpuSnapshot {
    return this.current;
  }

  /** Process id of the running nvidia-smi, if one runs. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  /** Runs in a row that ended before they had run long enough to count as stable (they set the backoff). */
  get consecutiveShortRuns(): number {
    return this.failedRuns;
  }

  /** Characters of output read from the loop so far (a flood is read at a bounded rate). */
  get outputRead(): number {
    return this.readChars;
  }

  /** Whether a restart is waiting for its backoff delay. */
  get restartScheduled(): boolean {
    return this.restartTimer !== undefined;
  }

  onDidChange(listener: Listener<GpuSnapshot>): Unsubscribe {
    return this.changeListeners.add(listener);
  }

  onDidSpawn(listener: Listener<number>): Unsubscribe {
    return this.spawnListeners.add(listener);
  }

  onDidExit(listener: Listener<GpuProcessExit>): Unsubscribe {
    return this.exitListeners.add(listener);
  }

  start(): void {
    if (this.disposed || this.child || this.restartTimer) return;
    this.setSnapshot({ state: 'starting', gpus: [] });
    this.launch();
  }

  /** Per-process usage: one short nvidia-smi run with the same binary; clicks while it runs share it. */
  readProcesses(): Promise<ComputeAppsResult> {
    this.processQuery ??= readComputeApps(this.options.nvidiaSmiPath, {
      ...(this.options.env ? { env: this.options.env } : {}),
      ...(this.options.killGraceMs !== undefined ? { killGraceMs: this.options.killGraceMs } : {}),
    }).finally(() => (this.processQuery = undefined));
    return this.processQuery;
  }

  /** Resolves once no nvidia-smi started by this monitor is running. */
  waitForExit(): Promise<void> {
    if (!this.child) return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.quietTimer);
    clearTimeout(this.startupTimer);
    clearTimeout(this.updateTimer);
    clearTimeout(this.resumeTimer);
    this.restartTimer = undefined;
    const child = this.child;
    if (child) {
      child.kill('SIGTERM');
      // A child that ignores SIGTERM must not outlive the extension.
      this.killTimer = setTimeout(() => child.kill('SIGKILL'), this.options.killGraceMs ?? 2000);
      this.killTimer.unref?.();
    }
    this.changeListeners.clear();
    this.spawnListeners.clear();
  }

  private launch(): void {
    const run: RunRecord = { readings: 0, strayOutput: '', stderr: '', ended: false, startedAt: Date.now() };
    const assembler = new GpuBlockAssembler((gpus) => this.acceptReading(run, gpus));
    let child: ChildProcess;
    try {
      child = spawn(this.options.nvidiaSmiPath, gpuLoopArgs(this.options.intervalMs), {
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        env: this.options.env ?? process.env,
      });
    } catch (error) {
      // spawn throws synchronously only for unusable arguments (an empty path, say).
      run.spawnErrorMessage = error instanceof Error ? error.message : String(error);
      this.endRun(run, { pid: undefined, code: null, signal: null });
      return;
    }
    this.child = child;

    child.on('error', (error: NodeJS.ErrnoException) => {
      run.spawnErrorCode = error.code;
      run.spawnErrorMessage = error.message;
      // A child that never started emits no 'close' on every Node version; end the run here too.
      if (child.pid === undefined) this.finishChild(child, run, assembler, null, null);
    });
    child.on('spawn', () => {
      if (child.pid !== undefined) this.spawnListeners.fire(child.pid);
    });
    child.on('close', (code, signal) => this.finishChild(child, run, assembler, code, signal));

    const stdout = child.stdout;
    if (stdout) {
      let windowLines = 0;
      const lines = new BoundedLineSplitter((line) => {
        windowLines++;
        this.acceptLine(run, assembler, line);
      });
      stdout.setEncoding('utf8');
      let windowStart = Date.now();
      let windowChars = 0;
      stdout.on('data', (chunk: string) => {
        const now = Date.now();
        if (now - windowStart >= this.options.intervalMs) {
          windowStart = now;
          windowChars = 0;
          windowLines = 0;
        }
        this.readChars += chunk.length;
        windowChars += chunk.length;
        lines.push(chunk);
        if ((windowLines < MAX_LINES_PER_INTERVAL && windowChars < MAX_CHARS_PER_INTERVAL) || this.disposed) return;
        // More than readings need this interval: leave the rest in the pipe until the next one.
        stdout.pause();
        clearTimeout(this.resumeTimer);
        this.resumeTimer = setTimeout(() => {
          windowStart = Date.now();
          windowChars = 0;
          windowLines = 0;
          if (!run.ended) stdout.resume();
        }, Math.max(0, windowStart + this.options.intervalMs - now));
      });
      stdout.on('end', () => lines.end());
    }
    this.armStartupTimer(run);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      run.stderr = keepTail(run.stderr + chunk);
    });
  }

  private acceptLine(run: RunRecord, assembler: GpuBlockAssembler, line: string): void {
    const classified = classifySmiLine(line);
    switch (classified.kind) {
      case 'gpu':
        assembler.push(classified.gpu);
        this.armQuietTimer(assembler);
        return;
      case 'blank':
        assembler.flush();
        return;
      case 'failure':
        run.failure = classified.message;
        return;
      case 'header':
        return;
      case 'other':
        run.strayOutput = keepTail(`${run.strayOutput}${classified.text}\n`);
        return;
    }
  }

  /** Flushes the block once no line came for a while; one timer per block, not one per line. */
  private armQuietTimer(assembler: GpuBlockAssembler): void {
    this.lastLineAt = Date.now();
    if (this.quietTimer) return;
    const quietMs = this.options.blockQuietMs ?? Math.min(100, Math.max(10, this.options.intervalMs / 4));
    const check = () => {
      const idle = Date.now() - this.lastLineAt;
      if (idle < quietMs) {
        this.quietTimer = setTimeout(check, quietMs - idle);
        return;
      }
      this.quietTimer = undefined;
      assembler.flush();
    };
    this.quietTimer = setTimeout(check, quietMs);
  }

  /** A child that starts but never prints a reading must not leave "Starting…" up forever. */
  private armStartupTimer(run: RunRecord): void {
    clearTimeout(this.startupTimer);
    const timeoutMs = this.options.startupTimeoutMs ?? Math.max(10_000, 5 * this.options.intervalMs);
    this.startupTimer = setTimeout(() => {
      if (this.disposed || run.ended || run.readings > 0) return;
      this.setSnapshot({ state: 'error', gpus: [], message: `${this.options.nvidiaSmiPath} printed no reading within ${Math.round(timeoutMs / 100) / 10} s` });
    }, timeoutMs);
  }

  private acceptReading(run: RunRecord, gpus: GpuRow[]): void {
    if (this.disposed) return;
    run.readings += 1;
    if (run.readings === 1) clearTimeout(this.startupTimer);
    const sorted = [...gpus].sort((a, b) => a.index - b.index);
    this.setOkThrottled({ state: 'ok', gpus: sorted, message: run.failure });
    run.failure = undefined;
  }

  /** Readings faster than the listeners need (a flood of rows) are merged: the latest wins. */
  private setOkThrottled(next: Omit<GpuSnapshot, 'at'>): void {
    const gap = this.options.minUpdateGapMs ?? Math.max(10, this.options.intervalMs / 2);
    const wait = this.lastOkUpdate + gap - Date.now();
    if (wait <= 0 && !this.updateTimer) {
      this.lastOkUpdate = Date.now();
      this.setSnapshot(next);
      return;
    }
    this.pendingOk = next;
    this.updateTimer ??= setTimeout(() => {
      this.updateTimer = undefined;
      const pending = this.pendingOk;
      this.pendingOk = undefined;
      if (pending && !this.disposed) {
        this.lastOkUpdate = Date.now();
        this.setSnapshot(pending);
      }
    }, Math.max(0, wait));
  }

  private finishChild(
    child: ChildProcess,
    run: RunRecord,
    assembler: GpuBlockAssembler,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): void {
    if (run.ended) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    clearTimeout(this.resumeTimer);
    assembler.flush();
    if (this.child === child) this.child = undefined;
    this.endRun(run, { pid: child.pid, code, signal });
  }

  private endRun(run: RunRecord, exit: GpuProcessExit): void {
    run.ended = true;
    clearTimeout(this.killTimer);
    clearTimeout(this.startupTimer);
    this.exitListeners.fire(exit);
    for (const resolve of this.exitWaiters.splice(0)) resolve();
    if (this.disposed) return;

    if (run.spawnErrorCode === 'ENOENT') {
      // Not installed: say so once; a settings change makes a new monitor that looks again.
      this.setSnapshot({ state: 'missing', gpus: [], message: `${this.options.nvidiaSmiPath} was not found` });
      return;
    }
    const failure = run.failure ?? detectSmiFailure(run.stderr) ?? detectSmiFailure(run.strayOutput);
    // Only a run that stayed up resets the backoff: a child that prints one reading and exits would
    // otherwise be restarted at the shortest delay forever.
    const stableMs = this.options.stableRunMs ?? Math.max(30_000, 10 * this.options.intervalMs);
    if (failure === undefined && run.readings > 0 && Date.now() - run.startedAt >= stableMs) this.failedRuns = 0;
    else this.failedRuns += 1;
    if (failure !== undefined || run.readings === 0) {
      this.setSnapshot({ state: 'error', gpus: [], message: failure ?? describeExit(this.options.nvidiaSmiPath, run, exit) });
    }
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const attempt = Math.max(0, this.failedRuns - 1);
    const delay = restartDelayMs(
      attempt,
      this.options.restartInitialMs ?? DEFAULT_RESTART_INITIAL_MS,
      this.options.restartMaxMs ?? DEFAULT_RESTART_MAX_MS,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.disposed) this.launch();
    }, delay);
  }

  private setSnapshot(next: Omit<GpuSnapshot, 'at'>): void {
    const unchanged =
      next.state !== 'ok' && next.state === this.current.state && next.message === this.current.message;
    if (unchanged) return;
    this.current = { ...next, at: Date.now() };
    if (this.current.message === undefined) delete this.current.message;
    this.changeListeners.fire(this.current);
  }
}

function keepTail(text: string): string {
  return text.length > MAX_KEPT_OUTPUT_CHARS ? text.slice(-MAX_KEPT_OUTPUT_CHARS) : text;
}

function describeExit(nvidiaSmiPath: string, run: RunRecord, exit: GpuProcessExit): string {
  if (run.spawnErrorMessage !== undefined) return `${nvidiaSmiPath} could not be started: ${run.spawnErrorMessage}`;
  const detail = (run.stderr.trim() || run.strayOutput.trim()).split('\n').slice(0, 3).join(' ');
  const how = exit.signal ? `was stopped by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
  return detail ? `${nvidiaSmiPath} ${how}: ${detail}` : `${nvidiaSmiPath} ${how} without printing a reading`;
}
