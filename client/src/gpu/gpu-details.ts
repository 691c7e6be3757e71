// The rows of the "GPU details" pick list: one per GPU, then one per process by memory. Pure, so the
// VS Code glue only maps these rows to QuickPickItems.
import type { GpuSnapshot } from './gpu-monitor';
import { ENGLISH_WORDS, type Translate, type Words } from '../translate';
import { formatGiB, formatGpuMemory, formatUtilization, gpuLabel, type ProcessListing } from './status-format';

export interface GpuDetailRow {
  kind: 'gpu' | 'process' | 'separator' | 'message';
  label: string;
  description?: string;
  detail?: string;
  pid?: number;
}

export function buildGpuDetailRows(snapshot: GpuSnapshot, processes: ProcessListing | undefined, words: Words = ENGLISH_WORDS): GpuDetailRow[] {
  const { t, decimal } = words;
  const rows: GpuDetailRow[] = [{ kind: 'separator', label: t('GPUs') }];
  if (snapshot.state !== 'ok') {
    // A missing nvidia-smi is said by the label; the detail then says what to do, not the same again.
    const detail = snapshot.state === 'missing' ? t('Install the NVIDIA driver, or set oomlint.gpu.nvidiaSmiPath (used in trusted workspaces only)') : snapshot.message;
    rows.push({ kind: 'message', label: stateLabel(snapshot, t), ...(detail ? { detail } : {}) });
    // Without a reading there are no processes to read either: one row says what is wrong, not two.
    return rows;
  } else if (snapshot.gpus.length === 0) {
    rows.push({ kind: 'message', label: t('nvidia-smi reports no GPU') });
  }
  for (const gpu of snapshot.gpus) {
    rows.push({
      kind: 'gpu',
      label: `$(chip) GPU ${gpu.index}: ${gpu.name || 'N/A'}`,
      description: formatGpuMemory(gpu, decimal),
      detail: `${t('Utilisation {0}', formatUtilization(gpu))}${gpu.uuid ? ` · ${gpu.uuid}` : ''}`,
    });
  }
  rows.push({ kind: 'separator', label: t('Processes') });
  if (!processes) {
    rows.push({ kind: 'message', label: t('Per-process usage was not read') });
  } else if (!processes.ok) {
    rows.push({ kind: 'message', label: `$(warning) ${t('Could not read per-process usage')}`, detail: processes.message });
  } else if (processes.apps.length === 0) {
    rows.push({ kind: 'message', label: t('No process holds GPU memory, or none is visible from here') });
  } else {
    const byMemory = [...processes.apps].sort((a, b) => (b.usedMemoryMiB ?? -1) - (a.usedMemoryMiB ?? -1));
    for (const app of byMemory) {
      const inWorkspace = processes.workspacePids.has(app.pid);
      const memory = app.usedMemoryMiB !== undefined ? `${formatGiB(app.usedMemoryMiB, decimal)} GiB` : 'N/A';
      rows.push({
        kind: 'process',
        pid: app.pid,
        label: `${inWorkspace ? '$(folder)' : '$(terminal)'} ${app.processName || 'N/A'}`,
        description: t('{0} on GPU {1}', memory, gpuLabel(app.gpuUuid, snapshot.gpus)),
        detail: `PID ${app.pid}${inWorkspace ? ` · ${t('runs in this workspace')}` : ''}`,
      });
    }
  }
  return rows;
}

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
export function buildProcessDetailRows(facts: ProcessFacts, { t, decimal }: Words = ENGLISH_WORDS): ProcessDetailRow[] {
  const memory = facts.usedMemoryMiB !== undefined ? `${formatGiB(facts.usedMemoryMiB, decimal)} GiB` : t('an unknown amount of memory');
  const rows: ProcessDetailRow[] = [
    { kind: 'separator', label: t('Process {0}', facts.pid) },
    {
      kind: 'fact',
      label: `$(terminal) ${facts.commandLine ?? facts.processName ?? 'N/A'}`,
      description: facts.commandLine ? t('command line') : t('command line not readable from here'),
    },
    { kind: 'fact', label: `$(chip) ${t('{0} on GPU {1}', memory, facts.gpu)}` },
    facts.inWorkspace
      ? { kind: 'fact', label: `$(folder) ${t('Runs from this workspace')}`, ...(facts.workingFolder ? { description: facts.workingFolder } : {}) }
      : {
          kind: 'fact',
          label: `$(circle-slash) ${t('Not from this workspace')}`,
          ...(facts.workingFolder ? { description: facts.workingFolder } : { description: t('working folder not readable from here') }),
        },
    { kind: 'separator', label: t('Actions') },
    { kind: 'action', action: 'copyPid', label: `$(copy) ${t('Copy PID {0}', facts.pid)}` },
  ];
  if (facts.commandLine) rows.push({ kind: 'action', action: 'copyCommandLine', label: `$(copy) ${t('Copy command line')}` });
  if (facts.inWorkspace && facts.workingFolder) {
    rows.push({ kind: 'action', action: 'revealFolder', label: `$(folder-opened) ${t('Reveal its working folder in the Explorer')}` });
  }
  return rows;
}

function stateLabel(snapshot: GpuSnapshot, t: Translate): string {
  switch (snapshot.state) {
    case 'starting':
      return `$(loading~spin) ${t('Waiting for the first reading')}`;
    case 'missing':
      return `$(circle-slash) ${snapshot.message ?? t('nvidia-smi was not found')}`;
    case 'error':
      return `$(warning) ${t('nvidia-smi failed')}`;
    default:
      return snapshot.state;
  }
}
