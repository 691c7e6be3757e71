// GPU readout cost: CPU time per minute of the status bar's reader (one long-lived `nvidia-smi -lms`)
// against one nvidia-smi run per interval, both against the stand-in nvidia-smi of the tests
// (a Node script, so each run costs a Node start-up; a real nvidia-smi run costs tens of ms too).
// The two probes run at the same time, in their own processes.
import { delimiter, join } from 'node:path';
import type { ProbeResult } from '../gpu/readout-probe';
import { REPO_ROOT } from '../paths';
import { round } from '../stats';
import { runProcess } from './processes';

export interface ReadoutCost {
  readings: number;
  /** CPU ms per minute: the reader's own plus its nvidia-smi processes'. */
  cpuMsPerMinute: number;
  ownCpuMsPerMinute: number;
  nvidiaSmiCpuMsPerMinute: number | null;
}

export interface GpuReadoutResult {
  durationMs: number;
  intervalMs: number;
  scenario: string;
  longLived: ReadoutCost;
  spawnPerInterval: ReadoutCost;
  /** spawn per interval / long-lived. */
  spawnToLongLived: number;
}

const SCENARIO = 'h100-training';

function perMinute(result: ProbeResult): ReadoutCost {
  const scale = 60_000 / result.durationMs;
  const own = result.selfCpuMs * scale;
  const smi = result.childCpuMs === null ? null : result.childCpuMs * scale;
  return {
    readings: result.readings,
    cpuMsPerMinute: round(own + (smi ?? 0)),
    ownCpuMsPerMinute: round(own),
    nvidiaSmiCpuMsPerMinute: smi === null ? null : round(smi),
  };
}

function parseProbe(stdout: string): ProbeResult {
  const parsed: unknown = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as ProbeResult).readings !== 'number') {
    throw new Error(`the GPU readout probe printed no result: ${stdout.slice(0, 500)}`);
  }
  return parsed as ProbeResult;
}

export async function measureGpuReadout(options: { durationMs: number; intervalMs: number }): Promise<GpuReadoutResult> {
  const probe = join(REPO_ROOT, 'out', 'bench', 'gpu', 'readout-probe.js');
  const env = {
    ...process.env,
    PATH: [join(REPO_ROOT, 'test', 'fixtures', 'nvidia-smi', 'bin'), process.env.PATH ?? ''].join(delimiter),
    OOMLINT_FAKE_SMI_SCENARIO: SCENARIO,
  };
  const args = (mode: string) => [probe, mode, String(options.durationMs), String(options.intervalMs)];
  const [loop, spawnEach] = await Promise.all([
    runProcess(process.execPath, args('loop'), { cwd: REPO_ROOT, env }),
    runProcess(process.execPath, args('spawn'), { cwd: REPO_ROOT, env }),
  ]);
  for (const run of [loop, spawnEach]) {
    if (run.code !== 0) throw new Error(`the GPU readout probe exited with ${String(run.code)}: ${run.stderr}`);
  }
  const longLived = perMinute(parseProbe(loop.stdout));
  const spawnPerInterval = perMinute(parseProbe(spawnEach.stdout));
  if (!longLived.readings || !spawnPerInterval.readings) throw new Error('a GPU reader got no readings from the stand-in nvidia-smi');
  return {
    durationMs: options.durationMs,
    intervalMs: options.intervalMs,
    scenario: SCENARIO,
    longLived,
    spawnPerInterval,
    spawnToLongLived: round(spawnPerInterval.cpuMsPerMinute / longLived.cpuMsPerMinute, 1),
  };
}
