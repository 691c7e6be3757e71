// Reads which processes hold GPU memory: one short nvidia-smi run, made only when the details are
// shown, so the loop that feeds the status bar stays a single cheap query.
import { execFile } from 'node:child_process';
import { COMPUTE_APPS_FIELDS, detectSmiFailure, parseComputeAppsOutput, type ComputeAppRow } from './nvidia-smi-parse';

export type ComputeAppsResult = { ok: true; apps: ComputeAppRow[] } | { ok: false; message: string };

export interface ComputeAppsOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_OUTPUT_BYTES = 1024 * 1024;

export function computeAppsArgs(): string[] {
  return [`--query-compute-apps=${COMPUTE_APPS_FIELDS.join(',')}`, '--format=csv,noheader,nounits'];
}

/** Runs the compute-apps query with `nvidiaSmiPath` (no shell) and parses its output. Never rejects. */
export function readComputeApps(nvidiaSmiPath: string, options: ComputeAppsOptions = {}): Promise<ComputeAppsResult> {
  return new Promise((resolve) => {
    execFile(
      nvidiaSmiPath,
      computeAppsArgs(),
      {
        shell: false,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBuffer: MAX_OUTPUT_BYTES,
        windowsHide: true,
        env: options.env ?? process.env,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const failure = detectSmiFailure(`${stdout}\n${stderr}`);
        if (failure !== undefined) return resolve({ ok: false, message: failure });
        if (error) return resolve({ ok: false, message: describeRunError(nvidiaSmiPath, error, stderr) });
        resolve({ ok: true, apps: parseComputeAppsOutput(stdout) });
      },
    );
  });
}

function describeRunError(nvidiaSmiPath: string, error: Error & { code?: unknown; killed?: boolean }, stderr: string): string {
  if (error.code === 'ENOENT') return `${nvidiaSmiPath} was not found`;
  if (error.killed) return `${nvidiaSmiPath} did not answer in time`;
  const detail = stderr.trim();
  return detail.length > 0 ? detail : error.message;
}
