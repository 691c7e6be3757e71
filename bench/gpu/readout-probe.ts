// Runs one way of reading GPU memory for a while and prints the CPU time it cost, its own and its
// nvidia-smi processes', as JSON. `node out/bench/gpu/readout-probe.js loop|spawn DURATION_MS INTERVAL_MS`
// with the stand-in nvidia-smi first on PATH.
import { GpuMonitor } from '../../client/src/gpu/gpu-monitor';
import { selfAndChildrenCpuMs } from '../measure/processes';
import { SpawnPerIntervalPoller } from './spawn-poller';

export interface ProbeResult {
  mode: 'loop' | 'spawn';
  durationMs: number;
  intervalMs: number;
  readings: number;
  /** CPU time of this process while reading (parsing, timers), in ms. */
  selfCpuMs: number;
  /** CPU time of the nvidia-smi processes, in ms; null where it cannot be measured. */
  childCpuMs: number | null;
}

async function main(): Promise<void> {
  const mode = process.argv[2] === 'spawn' ? 'spawn' : 'loop';
  const durationMs = Number(process.argv[3] ?? 10_000);
  const intervalMs = Number(process.argv[4] ?? 2000);
  const before = selfAndChildrenCpuMs();
  let readings = 0;
  if (mode === 'loop') {
    const monitor = new GpuMonitor({ nvidiaSmiPath: 'nvidia-smi', intervalMs });
    monitor.onDidChange((snapshot) => {
      if (snapshot.state === 'ok') readings++;
    });
    monitor.start();
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    const exited = monitor.waitForExit();
    monitor.dispose();
    await exited;
  } else {
    const poller = new SpawnPerIntervalPoller('nvidia-smi', intervalMs);
    poller.start();
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    await poller.stop();
    readings = poller.readings;
  }
  const after = selfAndChildrenCpuMs();
  const result: ProbeResult = {
    mode,
    durationMs,
    intervalMs,
    readings,
    selfCpuMs: after.self - before.self,
    childCpuMs: before.children === undefined || after.children === undefined ? null : after.children - before.children,
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

void main();
