// VS Code glue for the GPU memory readout: the status-bar item, the details command, and restarting
// the monitor when settings or workspace trust change. The only GPU file that imports `vscode`.
import * as vscode from 'vscode';
import { effectiveNvidiaSmiPath, type GpuConfig } from './gpu-config';
import { buildGpuDetailRows, buildProcessDetailRows, type ProcessAction, type ProcessFacts } from './gpu-details';
import { GpuMonitor, type GpuSnapshot } from './gpu-monitor';
import type { ComputeAppRow, GpuRow } from './nvidia-smi-parse';
import { findWorkspacePids, readProcessCommandLine, readProcessCwd } from './process-workspace';
import { formatGpuStatus, gpuLabel, type ProcessListing } from './status-format';
import { decimalFor, type Words } from '../translate';

export { readGpuConfig, type GpuConfig } from './gpu-config';

export const GPU_STATUS_ITEM_ID = 'oomlint.gpu';
export const SHOW_GPU_DETAILS_COMMAND = 'oomlint.showGpuDetails';
export const GPU_CONFIG_SECTION = 'oomlint.gpu';

export interface GpuStatusRegistration {
  getConfig(): GpuConfig;
  isTrusted(): boolean;
  workspaceFolders(): string[];
  /** Hears the memory of the smallest GPU read (MiB), or null when none is, each time that changes. */
  onGpuMemory?(totalMiB: number | null): void;
}

/** What the running monitor was started with; other settings only need a redraw. */
function launchKey(config: GpuConfig, trusted: boolean): string {
  return JSON.stringify([config.enabled, config.intervalMs, effectiveNvidiaSmiPath(config.nvidiaSmiPath, trusted)]);
}

/** The readout, for features that show the GPU's state now (the out-of-memory explanation). */
export interface GpuStatus extends vscode.Disposable {
  /** The latest reading; undefined while the readout is off. */
  readonly snapshot: GpuSnapshot | undefined;
}

export function registerGpuStatus(context: vscode.ExtensionContext, options: GpuStatusRegistration): GpuStatus {
  const item = vscode.window.createStatusBarItem(GPU_STATUS_ITEM_ID, vscode.StatusBarAlignment.Right, 100);
  item.name = 'oomlint GPU memory';
  item.command = SHOW_GPU_DETAILS_COMMAND;

  let config = options.getConfig();
  let monitor: GpuMonitor | undefined;
  let monitorKey: string | undefined;
  let processes: ProcessListing | undefined;
  const words: Words = { t: vscode.l10n.t, decimal: decimalFor(vscode.env.language) };

  let gpuMemory: number | null = null;
  const noteGpuMemory = (): void => {
    const totals = monitor?.snapshot.state === 'ok' ? monitor.snapshot.gpus.map((gpu) => gpu.memoryTotalMiB ?? 0).filter((mib) => mib > 0) : [];
    const smallest = totals.length ? Math.min(...totals) : null;
    if (smallest === gpuMemory) return;
    gpuMemory = smallest;
    options.onGpuMemory?.(smallest);
  };

  const render = (): void => {
    noteGpuMemory();
    if (!monitor) {
      item.hide();
      return;
    }
    const view = formatGpuStatus(monitor.snapshot, config, processes, words);
    item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    tooltip.isTrusted = false;
    item.tooltip = tooltip;
    item.accessibilityInformation = { label: view.accessibilityLabel, role: 'button' };
    item.backgroundColor =
      view.level === 'error'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : view.level === 'warning'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    item.color = view.muted ? new vscode.ThemeColor('disabledForeground') : undefined;
    if (view.visible) item.show();
    else item.hide();
  };

  const apply = (): void => {
    config = options.getConfig();
    const trusted = options.isTrusted();
    const key = launchKey(config, trusted);
    if (key !== monitorKey) {
      monitor?.dispose();
      monitor = undefined;
      processes = undefined;
      monitorKey = key;
      if (config.enabled) {
        monitor = new GpuMonitor({
          nvidiaSmiPath: effectiveNvidiaSmiPath(config.nvidiaSmiPath, trusted),
          intervalMs: config.intervalMs,
        });
        monitor.onDidChange(render);
        monitor.start();
      }
    }
    render();
  };

  /** Per-process usage now; none without a reading (no nvidia-smi, a failing driver): the GPU rows say why. */
  const readProcessListing = async (current: GpuMonitor): Promise<ProcessListing | undefined> => {
    if (current.snapshot.state !== 'ok') return undefined;
    const result = await current.readProcesses();
    const readAt = Date.now();
    if (!result.ok) return { ok: false, message: result.message, readAt };
    const workspacePids = await findWorkspacePids(
      result.apps.map((app) => app.pid),
      options.workspaceFolders(),
    );
    return { ok: true, apps: result.apps, workspacePids, readAt };
  };

  const showDetails = async (): Promise<void> => {
    const current = monitor;
    if (!current) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The oomlint GPU readout is turned off (oomlint.gpu.enabled).'));
      return;
    }
    processes = await readProcessListing(current);
    if (current !== monitor) return;
    render();
    const items = buildGpuDetailRows(current.snapshot, processes, words).map(
      (row): vscode.QuickPickItem & { pid?: number } =>
        row.kind === 'separator'
          ? { label: row.label, kind: vscode.QuickPickItemKind.Separator }
          : { label: row.label, description: row.description, detail: row.detail, pid: row.pid },
    );
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('GPU memory (nvidia-smi)'), matchOnDescription: true, matchOnDetail: true });
    const app = picked?.pid !== undefined && processes?.ok ? processes.apps.find((a) => a.pid === picked.pid) : undefined;
    if (app && processes?.ok) await showProcess(app, processes.workspacePids.has(app.pid), current.snapshot.gpus);
  };

  /** What a picked process is (command line, memory, whether it runs from this workspace), and actions on it. */
  const showProcess = async (app: ComputeAppRow, inWorkspace: boolean, gpus: readonly GpuRow[]): Promise<void> => {
    const [commandLine, workingFolder] = await Promise.all([readProcessCommandLine(app.pid), readProcessCwd(app.pid)]);
    const facts: ProcessFacts = {
      pid: app.pid,
      processName: app.processName,
      ...(app.usedMemoryMiB !== undefined ? { usedMemoryMiB: app.usedMemoryMiB } : {}),
      gpu: gpuLabel(app.gpuUuid, gpus),
      ...(commandLine ? { commandLine } : {}),
      ...(workingFolder ? { workingFolder } : {}),
      inWorkspace,
    };
    const items = buildProcessDetailRows(facts, words).map(
      (row): vscode.QuickPickItem & { action?: ProcessAction } =>
        row.kind === 'separator'
          ? { label: row.label, kind: vscode.QuickPickItemKind.Separator }
          : { label: row.label, description: row.description, detail: row.detail, action: row.action },
    );
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('GPU process {0}: {1}', app.pid, app.processName || 'N/A') });
    switch (picked?.action) {
      case 'copyPid':
        await vscode.env.clipboard.writeText(String(app.pid));
        break;
      case 'copyCommandLine':
        if (commandLine) await vscode.env.clipboard.writeText(commandLine);
        break;
      case 'revealFolder':
        if (workingFolder) await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(workingFolder));
        break;
      default:
    }
  };

  apply();
  const disposable = vscode.Disposable.from(
    item,
    vscode.commands.registerCommand(SHOW_GPU_DETAILS_COMMAND, showDetails),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(GPU_CONFIG_SECTION)) apply();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(apply),
    { dispose: () => monitor?.dispose() },
  );
  context.subscriptions.push(disposable);
  return {
    dispose: () => disposable.dispose(),
    get snapshot() {
      return monitor?.snapshot;
    },
  };
}
