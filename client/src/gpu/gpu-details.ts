// The rows of the "GPU details" pick list: one per GPU, then one per process by memory. Pure, so the
// VS Code glue only maps these rows to QuickPickItems.
import type { GpuSnapshot } from './gpu-monitor';
import { formatGiB, formatGpuMemory, formatUtilization, gpuLabel, type ProcessListing } from './status-format';

export interface GpuDetailRow {
  kind: 'gpu' | 'process' | 'separator' | 'message';
  label: string;
  description?: string;
  detail?: string;
  pid?: number;
}

export function buildGpuDetailRows(snapshot: GpuSnapshot, processes: ProcessListing | undefined): GpuDetailRow[] {
  const rows: GpuDetailRow[] = [{ kind: 'separator', label: 'GPUs' }];
  if (snapshot.state !== 'ok') {
    rows.push({ kind: 'message', label: stateLabel(snapshot), detail: snapshot.message });
  } else if (snapshot.gpus.length === 0) {
    rows.push({ kind: 'message', label: 'nvidia-smi reports no GPU' });
  }
  for (const gpu of snapshot.gpus) {
    rows.push({
      kind: 'gpu',
      label: `$(chip) GPU ${gpu.index}: ${gpu.name || 'N/A'}`,
      description: formatGpuMemory(gpu),
      detail: `Utilisation ${formatUtilization(gpu)}${gpu.uuid ? ` · ${gpu.uuid}` : ''}`,
    });
  }
  rows.push({ kind: 'separator', label: 'Processes' });
  if (!processes) {
    rows.push({ kind: 'message', label: 'Per-process usage was not read' });
  } else if (!processes.ok) {
    rows.push({ kind: 'message', label: '$(warning) Could not read per-process usage', detail: processes.message });
  } else if (processes.apps.length === 0) {
    rows.push({ kind: 'message', label: 'No process holds GPU memory, or none is visible from here' });
  } else {
    const byMemory = [...processes.apps].sort((a, b) => (b.usedMemoryMiB ?? -1) - (a.usedMemoryMiB ?? -1));
    for (const app of byMemory) {
      const inWorkspace = processes.workspacePids.has(app.pid);
      const memory = app.usedMemoryMiB !== undefined ? `${formatGiB(app.usedMemoryMiB)} GiB` : 'N/A';
      rows.push({
        kind: 'process',
        pid: app.pid,
        label: `${inWorkspace ? '$(folder)' : '$(terminal)'} ${app.processName || 'N/A'}`,
        description: `${memory} on GPU ${gpuLabel(app.gpuUuid, snapshot.gpus)}`,
        detail: `PID ${app.pid}${inWorkspace ? ' · runs in this workspace' : ''}`,
      });
    }
  }
  return rows;
}

function stateLabel(snapshot: GpuSnapshot): string {
  switch (snapshot.state) {
    case 'starting':
      return '$(loading~spin) Waiting for the first reading';
    case 'missing':
      return '$(circle-slash) nvidia-smi was not found';
    case 'error':
      return '$(warning) nvidia-smi failed';
    default:
      return snapshot.state;
  }
}
