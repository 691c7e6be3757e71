// The GPU monitor against the stand-in nvidia-smi, spawned for real: no part of the monitor is mocked.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { GpuMonitor, restartDelayMs, type GpuMonitorOptions, type GpuSnapshot } from '../client/src/gpu/gpu-monitor';
import { FIXTURES_DIR } from './support/paths';

const FAKE_SMI_DIR = join(FIXTURES_DIR, 'nvidia-smi', 'bin');
const FAKE_SMI = join(FAKE_SMI_DIR, 'nvidia-smi');
const WAIT_MS = 15_000;

const monitors: GpuMonitor[] = [];
after(async () => {
  for (const monitor of monitors) monitor.dispose();
  await Promise.all(monitors.map((monitor) => monitor.waitForExit()));
});

/** The environment the stand-in needs: this Node first on PATH (for `#!/usr/bin/env node`) and a scenario. */
function scenarioEnv(scenario: string, pathDirs: string[] = [dirname(process.execPath)]): NodeJS.ProcessEnv {
  return { ...process.env, PATH: [...pathDirs, process.env.PATH ?? ''].join(delimiter), OOMLINT_FAKE_SMI_SCENARIO: scenario };
}

function startMonitor(scenario: string, options: Partial<GpuMonitorOptions> = {}): GpuMonitor {
  const monitor = new GpuMonitor({
    nvidiaSmiPath: FAKE_SMI,
    intervalMs: 50,
    restartInitialMs: 20,
    restartMaxMs: 80,
    env: scenarioEnv(scenario),
    ...options,
  });
  monitors.push(monitor);
  monitor.start();
  return monitor;
}

/** Resolves with the first snapshot (current or later) that satisfies `predicate`. */
function waitForSnapshot(monitor: GpuMonitor, predicate: (snapshot: GpuSnapshot) => boolean, what: string): Promise<GpuSnapshot> {
  if (predicate(monitor.snapshot)) return Promise.resolve(monitor.snapshot);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`timed out waiting for ${what}; last snapshot ${JSON.stringify(monitor.snapshot)}`));
    }, WAIT_MS);
    const subscription = monitor.onDidChange((snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(snapshot);
    });
  });
}

/** Resolves once the monitor has spawned nvidia-smi `count` times in all. */
function waitForSpawns(monitor: GpuMonitor, count: number, seen: number[]): Promise<void> {
  return new Promise((resolve, reject) => {
    if (seen.length >= count) return resolve();
    const timer = setTimeout(() => reject(new Error(`only ${seen.length} of ${count} spawns`)), WAIT_MS);
    const subscription = monitor.onDidSpawn(() => {
      if (seen.length < count) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

function recordSpawns(monitor: GpuMonitor): number[] {
  const pids: number[] = [];
  monitor.onDidSpawn((pid) => pids.push(pid));
  return pids;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

test('readings from the loop arrive one per interval and follow the replayed values', async () => {
  const monitor = startMonitor('h100-training');
  const used: number[] = [];
  monitor.onDidChange((snapshot) => {
    if (snapshot.state === 'ok') used.push(snapshot.gpus[0]?.memoryUsedMiB ?? -1);
  });
  const first = await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  assert.equal(first.gpus.length, 1);
  assert.deepEqual(first.gpus[0], {
    index: 0,
    uuid: 'GPU-5f2b7c1e-93a4-4d8e-b6a0-1c2d3e4f5a6b',
    name: 'NVIDIA H100 80GB HBM3',
    memoryUsedMiB: 19180,
    memoryTotalMiB: 81559,
    utilizationPercent: 37,
  });
  await waitForSnapshot(monitor, () => used.length >= 4, 'four readings');
  assert.deepEqual(used.slice(0, 4), [19180, 21740, 21740, 19180]);
  assert.equal(monitor.snapshot.message, undefined);
});

test('several GPUs come as one reading', async () => {
  const monitor = startMonitor('two-gpus');
  const reading = await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  assert.deepEqual(
    reading.gpus.map((gpu) => [gpu.index, gpu.memoryUsedMiB]),
    [
      [0, 19180],
      [1, 74210],
    ],
  );
});

test('a GPU that disappears drops out of the next reading', async () => {
  const monitor = startMonitor('gpu-disappears');
  await waitForSnapshot(monitor, (s) => s.state === 'ok' && s.gpus.length === 2, 'two GPUs');
  const shrunk = await waitForSnapshot(monitor, (s) => s.state === 'ok' && s.gpus.length === 1, 'one GPU');
  assert.equal(shrunk.gpus[0]?.index, 0);
  assert.equal(shrunk.gpus[0]?.utilizationPercent, 38);
});

test('[N/A] fields come through as unknown values, not as a failure', async () => {
  const monitor = startMonitor('na-fields');
  const reading = await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  assert.equal(reading.gpus.length, 2);
  assert.equal(reading.gpus[0]?.memoryUsedMiB, undefined);
  assert.equal(reading.gpus[1]?.memoryUsedMiB, 19180);
  assert.equal(reading.gpus[1]?.utilizationPercent, undefined);
});

test('driver failure text gives the error state with the message, and retries with backoff', async () => {
  const monitor = startMonitor('driver-failure');
  const spawns = recordSpawns(monitor);
  const errors: GpuSnapshot[] = [];
  monitor.onDidChange((snapshot) => void (snapshot.state === 'error' && errors.push(snapshot)));
  const failed = await waitForSnapshot(monitor, (s) => s.state === 'error', 'the error state');
  assert.match(failed.message ?? '', /couldn't communicate with the NVIDIA driver/);
  assert.deepEqual(failed.gpus, []);
  await waitForSpawns(monitor, 3, spawns);
  // The same failure again is not announced again.
  assert.equal(errors.length, 1);
  assert.equal(monitor.snapshot.state, 'error');
});

test('a loop that exits is restarted and readings continue', async () => {
  const monitor = startMonitor('exits-after-two-blocks');
  const spawns = recordSpawns(monitor);
  const exits: (number | null)[] = [];
  monitor.onDidExit((exit) => exits.push(exit.code));
  let readings = 0;
  monitor.onDidChange((snapshot) => void (snapshot.state === 'ok' && readings++));
  await waitForSpawns(monitor, 3, spawns);
  await waitForSnapshot(monitor, () => readings >= 5, 'readings from the restarted loops');
  assert.ok(exits.length >= 2);
  assert.ok(exits.every((code) => code === 0));
  assert.equal(new Set(spawns).size, spawns.length, 'each restart is a new process');
  assert.equal(monitor.snapshot.state, 'ok');
});

test('a missing binary gives the missing state once, with no restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oomlint-no-smi-'));
  const monitor = startMonitor('h100-idle', { nvidiaSmiPath: join(dir, 'nvidia-smi') });
  const missing = await waitForSnapshot(monitor, (s) => s.state === 'missing', 'the missing state');
  assert.match(missing.message ?? '', /was not found/);
  await monitor.waitForExit();
  assert.equal(monitor.restartScheduled, false);
  assert.equal(monitor.childPid, undefined);
  rmSync(dir, { recursive: true, force: true });
});

test('nvidia-smi looked up on a PATH that lacks it gives the missing state', async () => {
  const emptyDir = mkdtempSync(join(tmpdir(), 'oomlint-empty-path-'));
  const monitor = startMonitor('h100-idle', { nvidiaSmiPath: 'nvidia-smi', env: scenarioEnv('h100-idle', [emptyDir]) });
  await waitForSnapshot(monitor, (s) => s.state === 'missing', 'the missing state');
  assert.equal(monitor.restartScheduled, false);
  rmSync(emptyDir, { recursive: true, force: true });
});

test('the stand-in is found on PATH by its bare name', async () => {
  const monitor = startMonitor('near-full', {
    nvidiaSmiPath: 'nvidia-smi',
    env: scenarioEnv('near-full', [FAKE_SMI_DIR, dirname(process.execPath)]),
  });
  const reading = await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  assert.equal(reading.gpus[0]?.memoryUsedMiB, 78620);
});

test('the path is never given to a shell', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oomlint-shell-'));
  const marker = join(dir, 'marker');
  const monitor = startMonitor('h100-idle', { nvidiaSmiPath: `nvidia-smi; touch ${marker}` });
  await waitForSnapshot(monitor, (s) => s.state === 'missing', 'the missing state');
  assert.equal(existsSync(marker), false);
  rmSync(dir, { recursive: true, force: true });
});

test('dispose() kills the child and leaves nothing running or scheduled', async () => {
  const monitor = startMonitor('h100-idle', { intervalMs: 1000 });
  const spawns = recordSpawns(monitor);
  await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  const pid = monitor.childPid;
  assert.ok(pid !== undefined && isRunning(pid));
  const exited = monitor.waitForExit();
  monitor.dispose();
  await exited;
  assert.equal(isRunning(pid), false);
  assert.equal(monitor.childPid, undefined);
  assert.equal(monitor.restartScheduled, false);
  assert.equal(spawns.length, 1);
});

test('per-process usage is read on demand with the same binary', async () => {
  const monitor = startMonitor('two-gpus');
  const result = await monitor.readProcesses();
  assert.ok(result.ok);
  assert.deepEqual(
    result.apps.map((app) => [app.gpuUuid.slice(0, 12), app.pid, app.usedMemoryMiB]),
    [
      ['GPU-5f2b7c1e', 48213, 18624],
      ['GPU-a81d0c44', 51902, 73650],
    ],
  );
  const idle = await startMonitor('h100-idle').readProcesses();
  assert.deepEqual(idle, { ok: true, apps: [] });
  const failing = await startMonitor('driver-failure').readProcesses();
  assert.equal(failing.ok, false);
  assert.match(failing.ok ? '' : failing.message, /NVIDIA driver/);
});

test('the stand-in replaying lines recorded on an H200: readings and processes as the real nvidia-smi printed them', async () => {
  const monitor = startMonitor('h200-recorded');
  const snapshot = await waitForSnapshot(monitor, (s) => s.state === 'ok', 'a reading');
  assert.deepEqual(snapshot.gpus.map((gpu) => [gpu.index, gpu.name, gpu.memoryUsedMiB, gpu.memoryTotalMiB]), [[0, 'NVIDIA H200', 26011, 143771]]);
  assert.ok([98, 99].includes(snapshot.gpus[0]?.utilizationPercent ?? -1), JSON.stringify(snapshot.gpus));
  const processes = await monitor.readProcesses();
  assert.deepEqual(processes.ok ? processes.apps.map((app) => [app.pid, app.processName, app.usedMemoryMiB]) : processes, [
    [474, 'python3', 21316],
    [475, 'python3', 4680],
  ]);
});

test('the stand-in refuses an unknown field with the bytes and exit status the real nvidia-smi gave', () => {
  const result = spawnSync(FAKE_SMI, ['--query-gpu=index,no.such.field', '--format=csv,noheader,nounits'], { env: scenarioEnv('h200-recorded'), encoding: 'utf8' });
  const recorded = join(FIXTURES_DIR, 'nvidia-smi', 'recorded');
  assert.equal(result.stdout, readFileSync(join(recorded, 'invalid-field.out'), 'utf8'));
  assert.equal(String(result.status), readFileSync(join(recorded, 'invalid-field.rc'), 'utf8').trim());
});

test('restart delays double from the initial delay up to the cap', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 100].map((attempt) => restartDelayMs(attempt, 1000, 60_000)),
    [1000, 2000, 4000, 8000, 16000, 32000, 60000],
  );
});
