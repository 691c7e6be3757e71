// Reads which processes hold GPU memory: one short nvidia-smi run, made only when the details are
// shown, so the loop that feeds the status bar stays a single cheap query. A run that does not answer
// in time gets SIGTERM and, if it ignores that, SIGKILL: no click leaves a process behind.
import { spawn } from 'node:child_process';
import { COMPUTE_APPS_FIELDS, detectSmiFailure, parseComputeAppsOutput, type ComputeAppRow } from './nvidia-smi-parse';

export type ComputeAppsResult = { ok: true; apps: ComputeAppRow[] } | { ok: false; message: string };

export interface ComputeAppsOptions {
  timeoutMs?: number;
  /** How long a run that got SIGTERM has before SIGKILL (default 2 s). */
  killGraceMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Hears the pid of the run once it has started (tests check that it is gone afterwards). */
  onSpawn?: (pid: number) => void;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_KILL_GRACE_MS = 2000;
/** Output kept per stream; a real listing is a line per process. */
const MAX_OUTPUT_CHARS = 1024 * 1024;

export function computeAppsArgs(): string[] {
  return [`--query-compute-apps=${COMPUTE_APPS_FIELDS.join(',')}`, '--format=csv,noheader,nounits'];
}

/** Runs the compute-apps query with `nvidiaSmiPath` (no shell) and parses its output. Never rejects. */
export function readComputeApps(nvidiaSmiPath: string, options: ComputeAppsOptions = {}): Promise<ComputeAppsResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ComputeAppsResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      resolve(result);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(nvidiaSmiPath, computeAppsArgs(), { shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, env: options.env ?? process.env });
    } catch (error) {
      // spawn throws synchronously only for unusable arguments (an empty path, say).
      resolve({ ok: false, message: `${nvidiaSmiPath} could not be started: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    let stdout = '';
    let stderr = '';
    let overflow = false;
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (stdout.length + chunk.length > MAX_OUTPUT_CHARS) {
        overflow = true;
        stop();
      } else stdout += chunk;
    });
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-MAX_OUTPUT_CHARS);
    });
    let killTimer: NodeJS.Timeout | undefined;
    /** SIGTERM now, SIGKILL after the grace period unless the child is gone by then. */
    const stop = () => {
      if (killTimer || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
      killTimer.unref?.();
    };
    const timeout = setTimeout(() => {
      stop();
      // The answer does not wait for a child that ignores SIGTERM; SIGKILL follows it in the background.
      finish({ ok: false, message: `${nvidiaSmiPath} did not answer in time` });
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.on('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(killTimer);
      finish({ ok: false, message: error.code === 'ENOENT' ? `${nvidiaSmiPath} was not found` : error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(killTimer);
      if (overflow) return finish({ ok: false, message: `${nvidiaSmiPath} printed more than ${MAX_OUTPUT_CHARS / 1024 / 1024} MiB` });
      const failure = detectSmiFailure(`${stdout}\n${stderr}`);
      if (failure !== undefined) return finish({ ok: false, message: failure });
      if (code !== 0) {
        const detail = stderr.trim();
        return finish({ ok: false, message: detail || `${nvidiaSmiPath} ${signal ? `was stopped by ${signal}` : `exited with code ${String(code)}`}` });
      }
      finish({ ok: true, apps: parseComputeAppsOutput(stdout) });
    });
  });
}
