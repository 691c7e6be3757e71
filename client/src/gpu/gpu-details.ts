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
    // A missing nvidia-smi is said by the label; the detail then says what to do, not the same again.
    const detail = snapshot.state === 'missing' ? MISSING_ADVICE : snapshot.message;
    rows.push({ kind: 'message', label: stateLabel(snapshot), ...(detail ? { detail } : {}) });
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

const MISSING_ADVICE = 'Install the NVIDIA driver, or set oomlint.gpu.nvidiaSmiPath (used in trusted workspaces only)';

/** What is known about one GPU process when the user picks it. */
export interface ProcessFacts {
  pid: number;
  processName: string;
  usedMemoryMiB?: number;
  /** The GPU index, or `?` when the reading does not have it. */
  gpu: string;
  /** From /proc/PID/cmdline; undefined when unreadable (another user's process, not Linux). */
  commandLine?: string;
  /** From /proc/PID/cwd; undefined when unreadable. */
  workingFolder?: string;
  inWorkspace: boolean;
}

export type ProcessAction = 'copyPid' | 'copyCommandLine' | 'revealFolder';

export interface ProcessDetailRow {
  kind: 'separator' | 'fact' | 'action';
  label: string;
  description?: string;
  detail?: string;
  action?: ProcessAction;
}

/** What a picked process is, then what can be done with it. */
export function buildProcessDetailRows(facts: ProcessFacts): ProcessDetailRow[] {
  const memory = facts.usedMemoryMiB !== undefined ? `${formatGiB(facts.usedMemoryMiB)} GiB` : 'an unknown amount of memory';
  const rows: ProcessDetailRow[] = [
    { kind: 'separator', label: `Process ${facts.pid}` },
    {
      kind: 'fact',
      label: `$(terminal) ${facts.commandLine ?? facts.processName ?? 'N/A'}`,
      description: facts.commandLine ? 'command line' : 'command line not readable from here',
    },
    { kind: 'fact', label: `$(chip) ${memory} on GPU ${facts.gpu}` },
    facts.inWorkspace
      ? { kind: 'fact', label: '$(folder) Runs from this workspace', ...(facts.workingFolder ? { description: facts.workingFolder } : {}) }
      : {
          kind: 'fact',
          label: '$(circle-slash) Not from this workspace',
          ...(facts.workingFolder ? { description: facts.workingFolder } : { description: 'working folder not readable from here' }),
        },
    { kind: 'separator', label: 'Actions' },
    { kind: 'action', action: 'copyPid', label: `$(copy) Copy PID ${facts.pid}` },
  ];
  if (facts.commandLine) rows.push({ kind: 'action', action: 'copyCommandLine', label: '$(copy) Copy command line' });
  if (facts.inWorkspace && facts.workingFolder) {
    rows.push({ kind: 'action', action: 'revealFolder', label: '$(folder-opened) Reveal its working folder in the Explorer' });
  }
  return rows;
}

function stateLabel(snapshot: GpuSnapshot): string {
  switch (snapshot.state) {
    case 'starting':
      return '$(loading~spin) Waiting for the first reading';
    case 'missing':
      return `$(circle-slash) ${snapshot.message ?? 'nvidia-smi was not found'}`;
    case 'error':
      return '$(warning) nvidia-smi failed';
    default:
      return snapshot.state;
  }
}
