// The GPU readout's latest reading as the explanation panel shows it. Pure.
import type { GpuSnapshot } from '../gpu/gpu-monitor';
import type { CurrentGpu } from './explain-html';

/** The GPUs nvidia-smi reads now; undefined while the readout is off, starting or failing. */
export function currentGpusOf(snapshot: GpuSnapshot | undefined): CurrentGpu[] | undefined {
  if (snapshot?.state !== 'ok' || !snapshot.gpus.length) return undefined;
  return snapshot.gpus.map((gpu) => ({
    index: gpu.index,
    name: gpu.name,
    ...(gpu.memoryUsedMiB !== undefined ? { usedMiB: gpu.memoryUsedMiB } : {}),
    ...(gpu.memoryTotalMiB !== undefined ? { totalMiB: gpu.memoryTotalMiB } : {}),
    readAt: snapshot.at,
  }));
}

