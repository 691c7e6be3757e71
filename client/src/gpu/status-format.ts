// Turns a monitor snapshot into what the status bar shows: text, colour level, visibility and a
// markdown tooltip. Pure and total: odd input (unknown fields, no GPUs) gives a sensible item.
import { ENGLISH_WORDS, fixedDecimal, type FormatDecimal, type Words } from '../translate';
import type { GpuConfig } from './gpu-config';
import type { GpuSnapshot } from './gpu-monitor';
import type { ComputeAppRow, GpuRow } from './nvidia-smi-parse';

export type GpuLevel = 'normal' | 'warning' | 'error';

export type GpuStatusOptions = Pick<GpuConfig, 'aggregate' | 'warningThreshold' | 'errorThreshold' | 'showWhenUnavailable'>;

/** Per-process usage as last read on demand. */
export type ProcessListing =
  | { ok: true; apps: readonly ComputeAppRow[]; workspacePids: ReadonlySet<number>; readAt: number }
  | { ok: false; message: string; readAt: number };

export interface GpuStatusView {
  visible: boolean;
  /** Status-bar text; may hold `$(icon)` references. */
  text: string;
  level: GpuLevel;
  /** Drawn in a muted colour (nothing to report, e.g. no GPU here). */
  muted: boolean;
  /** Markdown with `$(icon)` references. */
  tooltip: string;
  /** What a screen reader says for the item: plain words, no Markdown or icon syntax. */
  accessibilityLabel: string;
}

export interface MemorySummary {
  usedMiB: number;
  totalMiB: number;
  /** The GPU shown, when one GPU is shown out of several. */
  gpuIndex?: number;
}

const TOP_PROCESSES = 5;

/** MiB as GiB with one decimal, in the language's notation. */
export function formatGiB(mib: number, decimal: FormatDecimal = fixedDecimal): string {
  return decimal(mib / 1024, 1);
}

/** Used share of a GPU's memory, or undefined when nvidia-smi could not say. */
export function memoryFraction(gpu: GpuRow): number | undefined {
  if (gpu.memoryUsedMiB === undefined || gpu.memoryTotalMiB === undefined || gpu.memoryTotalMiB <= 0) return undefined;
  return gpu.memoryUsedMiB / gpu.memoryTotalMiB;
}

/** The memory to show: the sum over GPUs with known memory, or the fullest GPU. */
export function summarizeMemory(gpus: readonly GpuRow[], aggregate: GpuStatusOptions['aggregate']): MemorySummary | undefined {
  const known = gpus.filter((gpu) => memoryFraction(gpu) !== undefined);
  if (known.length === 0) return undefined;
  if (aggregate === 'busiest') {
    const fullest = fullestGpu(known);
    if (!fullest) return undefined;
    const summary: MemorySummary = { usedMiB: fullest.memoryUsedMiB ?? 0, totalMiB: fullest.memoryTotalMiB ?? 0 };
    if (gpus.length > 1) summary.gpuIndex = fullest.index;
    return summary;
  }
  return known.reduce<MemorySummary>(
    (sum, gpu) => ({ usedMiB: sum.usedMiB + (gpu.memoryUsedMiB ?? 0), totalMiB: sum.totalMiB + (gpu.memoryTotalMiB ?? 0) }),
    { usedMiB: 0, totalMiB: 0 },
  );
}

/** The level for a used share of memory. */
export function memoryLevel(fraction: number | undefined, options: Pick<GpuStatusOptions, 'warningThreshold' | 'errorThreshold'>): GpuLevel {
  if (fraction === undefined || !Number.isFinite(fraction)) return 'normal';
  if (fraction >= options.errorThreshold) return 'error';
  if (fraction >= options.warningThreshold) return 'warning';
  return 'normal';
}

export function formatGpuStatus(snapshot: GpuSnapshot, options: GpuStatusOptions, processes?: ProcessListing, words: Words = ENGLISH_WORDS): GpuStatusView {
  const { t } = words;
  switch (snapshot.state) {
    case 'starting':
      return {
        visible: true,
        text: '$(loading~spin) GPU',
        level: 'normal',
        muted: true,
        tooltip: t('Starting `nvidia-smi`…'),
        accessibilityLabel: t('GPU memory: waiting for the first reading from nvidia-smi'),
      };
    case 'missing':
      return {
        visible: options.showWhenUnavailable,
        text: `$(chip) ${t('No GPU')}`,
        level: 'normal',
        muted: true,
        tooltip: [
          `**${t('No GPU readout')}**: ${escapeMarkdown(snapshot.message ?? t('nvidia-smi was not found'))}.`,
          t('Install the NVIDIA driver, or set `oomlint.gpu.nvidiaSmiPath` (used in trusted workspaces only).'),
        ].join('\n\n'),
        accessibilityLabel: t('No GPU readout: {0}', plainSentence(snapshot.message ?? t('nvidia-smi was not found'))),
      };
    case 'error':
      return {
        visible: options.showWhenUnavailable,
        text: '$(chip) GPU $(warning)',
        level: 'normal',
        muted: false,
        tooltip: `**${t('nvidia-smi failed')}**\n\n${escapeMarkdown(snapshot.message ?? t('no reason given'))}`,
        accessibilityLabel: t('GPU readout failed: {0}', plainSentence(snapshot.message ?? t('no reason given'))),
      };
    case 'ok':
      return formatReading(snapshot, options, processes, words);
    default:
      return { visible: false, text: '', level: 'normal', muted: true, tooltip: '', accessibilityLabel: '' };
  }
}

function formatReading(snapshot: GpuSnapshot, options: GpuStatusOptions, processes: ProcessListing | undefined, words: Words): GpuStatusView {
  const { t, decimal } = words;
  const gpus = snapshot.gpus;
  const summary = summarizeMemory(gpus, options.aggregate);
  // The colour follows the fullest GPU even when the text shows the sum: one full GPU is enough to OOM.
  const fullest = fullestGpu(gpus);
  const fullestShare = fullest ? memoryFraction(fullest) : undefined;
  const level = memoryLevel(fullestShare, options);
  // When the text is a sum over GPUs, the GPU the colour warns of is named beside it.
  const cause = level !== 'normal' && fullest && fullestShare !== undefined && summary && summary.gpuIndex === undefined && gpus.length > 1
    ? { index: fullest.index, percent: Math.round(fullestShare * 100) }
    : undefined;
  let text: string;
  if (gpus.length === 0) text = `$(chip) ${t('No GPU')}`;
  else if (!summary) text = '$(chip) N/A';
  else {
    const which = summary.gpuIndex !== undefined ? `#${summary.gpuIndex} ` : '';
    text = `$(chip) ${which}${formatGiB(summary.usedMiB, decimal)}/${formatGiB(summary.totalMiB, decimal)} GiB${cause ? `, #${cause.index} ${cause.percent}%` : ''}`;
  }
  const sections = [gpuTable(gpus, words)];
  if (cause && summary) {
    const together = Math.round((summary.usedMiB / summary.totalMiB) * 100);
    sections.push(`$(warning) ${t('GPU {0} is {1}% full: the colour is for it, while all {2} GPUs together use {3}%.', cause.index, cause.percent, gpus.length, together)}`);
  }
  if (snapshot.message) sections.push(`$(warning) ${escapeMarkdown(snapshot.message)}`);
  sections.push(processes ? processSection(processes, gpus, words) : `_${t('Click for per-process usage.')}_`);
  return { visible: true, text, level, muted: gpus.length === 0, tooltip: sections.join('\n\n'), accessibilityLabel: readingLabel(gpus, summary, level, fullest, words) };
}

/** "GPU memory: 18.7 of 79.6 GiB used, 24 percent. …", with the warning level and its GPU in words. */
function readingLabel(gpus: readonly GpuRow[], summary: MemorySummary | undefined, level: GpuLevel, fullest: GpuRow | undefined, words: Words): string {
  const { t, decimal } = words;
  if (gpus.length === 0) return t('GPU memory: nvidia-smi reports no GPU');
  if (!summary) return t('GPU memory: nvidia-smi could not read the memory in use');
  const used = formatGiB(summary.usedMiB, decimal);
  const total = formatGiB(summary.totalMiB, decimal);
  const reading =
    summary.gpuIndex !== undefined
      ? t('GPU memory on GPU {0}: {1} of {2} GiB used', summary.gpuIndex, used, total)
      : gpus.length > 1
        ? t('GPU memory on {0} GPUs: {1} of {2} GiB used', gpus.length, used, total)
        : t('GPU memory: {0} of {1} GiB used', used, total);
  const percent = summary.totalMiB > 0 ? t(', {0} percent', Math.round((summary.usedMiB / summary.totalMiB) * 100)) : '';
  // Whole sentences are translated, so each language ends them with its own full stop.
  const share = fullest ? memoryFraction(fullest) : undefined;
  const gpu = fullest && share !== undefined && gpus.length > 1 ? t('GPU {0} at {1} percent', fullest.index, Math.round(share * 100)) : undefined;
  if (level === 'error') return gpu ? t('{0}. Nearly full: {1}. Activate for per-process usage', reading + percent, gpu) : t('{0}. Nearly full. Activate for per-process usage', reading + percent);
  if (level === 'warning') return gpu ? t('{0}. Filling up: {1}. Activate for per-process usage', reading + percent, gpu) : t('{0}. Filling up. Activate for per-process usage', reading + percent);
  return t('{0}. Activate for per-process usage', reading + percent);
}

/** nvidia-smi's message as one line of plain text. */
function plainSentence(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim().replace(/\.$/, '');
}

/**
 * Hovers draw Markdown tables without cell padding, so headers such as "GPU" and "Name" would run
 * together: every cell but the last gets some non-breaking space after it.
 */
const COLUMN_GAP = '&nbsp;&nbsp;&nbsp;';

function tableRow(cells: readonly string[]): string {
  return `| ${cells.map((cell, i) => (i < cells.length - 1 ? `${cell}${COLUMN_GAP}` : cell)).join(' | ')} |`;
}

function fullestGpu(gpus: readonly GpuRow[]): GpuRow | undefined {
  let best: GpuRow | undefined;
  let bestFraction = -1;
  for (const gpu of gpus) {
    const fraction = memoryFraction(gpu);
    if (fraction !== undefined && fraction > bestFraction) {
      best = gpu;
      bestFraction = fraction;
    }
  }
  return best;
}

/** "18.7 / 79.6 GiB (24%)", with N/A for what nvidia-smi could not read. */
export function formatGpuMemory(gpu: GpuRow, decimal: FormatDecimal = fixedDecimal): string {
  const used = gpu.memoryUsedMiB !== undefined ? formatGiB(gpu.memoryUsedMiB, decimal) : 'N/A';
  const total = gpu.memoryTotalMiB !== undefined ? formatGiB(gpu.memoryTotalMiB, decimal) : 'N/A';
  const fraction = memoryFraction(gpu);
  const share = fraction !== undefined ? ` (${Math.round(fraction * 100)}%)` : '';
  return `${used} / ${total} GiB${share}`;
}

export function formatUtilization(gpu: GpuRow): string {
  return gpu.utilizationPercent !== undefined ? `${gpu.utilizationPercent}%` : 'N/A';
}

function gpuTable(gpus: readonly GpuRow[], { t, decimal }: Words): string {
  if (gpus.length === 0) return `**${t('GPU memory')}**: ${t('nvidia-smi reports no GPU')}.`;
  const rows = gpus.map((gpu) => tableRow([String(gpu.index), escapeMarkdown(gpu.name || 'N/A'), formatGpuMemory(gpu, decimal), formatUtilization(gpu)]));
  return [`**${t('GPU memory')}**`, '', tableRow(['GPU', t('Name'), t('Memory'), t('Utilisation')]), '|---:|:---|---:|---:|', ...rows].join('\n');
}

function processSection(processes: ProcessListing, gpus: readonly GpuRow[], { t, decimal }: Words): string {
  const when = new Date(processes.readAt).toTimeString().slice(0, 8);
  const heading = `**${t('Processes')}** (${t('at {0}', when)})`;
  if (!processes.ok) return `${heading}: ${escapeMarkdown(processes.message)}`;
  if (processes.apps.length === 0) return `${heading}: ${t('none holds GPU memory, or none is visible from here.')}`;
  const top = [...processes.apps]
    .sort((a, b) => (b.usedMemoryMiB ?? -1) - (a.usedMemoryMiB ?? -1))
    .slice(0, TOP_PROCESSES);
  const rows = top.map((app) => {
    const mark = processes.workspacePids.has(app.pid) ? ` $(folder) ${t('workspace')}` : '';
    const memory = app.usedMemoryMiB !== undefined ? `${formatGiB(app.usedMemoryMiB, decimal)} GiB` : 'N/A';
    return tableRow([String(app.pid), `${escapeMarkdown(app.processName || 'N/A')}${mark}`, gpuLabel(app.gpuUuid, gpus), memory]);
  });
  const more = processes.apps.length > top.length ? [`\n_${t('and {0} more', processes.apps.length - top.length)}_`] : [];
  return [`**${t('Top processes')}** (${t('at {0}', when)})`, '', tableRow(['PID', t('Process'), 'GPU', t('Memory')]), '|---:|:---|---:|---:|', ...rows, ...more].join('\n');
}

/** The index of the GPU with `uuid`, or `?` when the latest reading does not have it. */
export function gpuLabel(uuid: string, gpus: readonly GpuRow[]): string {
  const gpu = gpus.find((row) => row.uuid === uuid);
  return gpu ? String(gpu.index) : '?';
}

/** Escapes text from nvidia-smi for markdown, theme-icon syntax and table cells. */
export function escapeMarkdown(text: string): string {
  // Line breaks of every kind become spaces, and URLs are broken up so that a process name shows as
  // text, never as a link.
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[\\`*_[\]<>|$#~]/g, '\\$&')
    .replace(/:\/\//g, '\\:\\/\\/')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\\.`)
    .replace(/^([-+])/, '\\$1');
}
