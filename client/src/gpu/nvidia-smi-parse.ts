// Parses the CSV that `nvidia-smi --query-gpu=... --format=csv,noheader,nounits` and
// `--query-compute-apps=...` print, and recognises the texts nvidia-smi prints instead when the driver
// or a GPU cannot be reached. Pure functions; never throws.

/** Fields of the per-GPU query the monitor runs; `uuid` joins GPUs to compute apps. */
export const GPU_QUERY_FIELDS = ['index', 'uuid', 'name', 'memory.used', 'memory.total', 'utilization.gpu'] as const;

/** Fields of the per-process query read on demand. */
export const COMPUTE_APPS_FIELDS = ['gpu_uuid', 'pid', 'process_name', 'used_memory'] as const;

export type GpuQueryField = 'index' | 'uuid' | 'name' | 'memory.used' | 'memory.total' | 'utilization.gpu';

/** One GPU as one line reports it. Numbers nvidia-smi cannot give (`[N/A]`, ...) are undefined. */
export interface GpuRow {
  index: number;
  uuid?: string;
  name: string;
  memoryUsedMiB?: number;
  memoryTotalMiB?: number;
  utilizationPercent?: number;
}

/** One process holding GPU memory, as `--query-compute-apps` reports it. */
export interface ComputeAppRow {
  gpuUuid: string;
  pid: number;
  processName: string;
  usedMemoryMiB?: number;
}

/** What one line of loop-mode output is. */
export type SmiLine =
  | { kind: 'gpu'; gpu: GpuRow }
  | { kind: 'blank' }
  | { kind: 'header' }
  | { kind: 'failure'; message: string }
  | { kind: 'other'; text: string };

/**
 * Beginnings of the texts nvidia-smi prints in place of data when it cannot talk to the driver or a
 * device. They come on stdout or stderr and usually with a non-zero exit status.
 */
const FAILURE_PREFIXES = [
  'NVIDIA-SMI has failed',
  "NVIDIA-SMI couldn't find",
  'Failed to initialize NVML',
  'No devices were found',
  'Unable to determine the device handle',
  'Unable to communicate with the NVIDIA driver',
  'GPU access blocked by the operating system',
  'Insufficient Permissions',
];

const FAILURE_PATTERN = new RegExp(`^(?:${FAILURE_PREFIXES.map(escapeRegExp).join('|')})`, 'i');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The failure message in `text` (its failure line and the lines after it), or undefined. */
export function detectSmiFailure(text: string): string | undefined {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const start = lines.findIndex((line) => FAILURE_PATTERN.test(line));
  if (start < 0) return undefined;
  return lines
    .slice(start)
    .filter((line) => line.length > 0)
    .join(' ');
}

/**
 * A numeric field, or undefined where nvidia-smi prints a bracketed reason (`[N/A]`,
 * `[Not Supported]`, `[Unknown Error]`, ...), `N/A`, or a value with units when `nounits` was not given.
 */
export function parseSmiNumber(field: string): number | undefined {
  const match = /^(-?\d+(?:\.\d+)?)(?:\s*(?:MiB|%|W|MHz|C))?$/.exec(field.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Splits one CSV line into `fieldCount` fields. Fields are separated by ", "; if a free-text field
 * (a GPU or process name) itself holds a comma, the surplus pieces are joined back into that field.
 */
export function splitSmiFields(line: string, fieldCount: number, freeTextField: number): string[] | undefined {
  const pieces = line.split(',');
  if (pieces.length < fieldCount) return undefined;
  const surplus = pieces.length - fieldCount;
  const before = pieces.slice(0, freeTextField);
  const freeText = pieces.slice(freeTextField, freeTextField + surplus + 1).join(',');
  const after = pieces.slice(freeTextField + surplus + 1);
  return [...before, freeText, ...after].map((field) => field.trim());
}

/** Parses one line of `--query-gpu=<fields>` output; undefined if it is not a GPU row. */
export function parseGpuLine(line: string, fields: readonly GpuQueryField[] = GPU_QUERY_FIELDS): GpuRow | undefined {
  const nameAt = fields.indexOf('name');
  const values = splitSmiFields(line, fields.length, nameAt >= 0 ? nameAt : fields.length - 1);
  if (!values) return undefined;
  const byField = new Map<GpuQueryField, string>(fields.map((field, i) => [field, values[i] ?? '']));
  const indexText = byField.get('index') ?? '';
  if (!/^\d+$/.test(indexText)) return undefined;
  const row: GpuRow = { index: Number(indexText), name: byField.get('name') ?? '' };
  const uuid = byField.get('uuid');
  if (uuid !== undefined && /^(?:GPU|MIG)-/.test(uuid)) row.uuid = uuid;
  const used = parseSmiNumber(byField.get('memory.used') ?? '');
  if (used !== undefined) row.memoryUsedMiB = used;
  const total = parseSmiNumber(byField.get('memory.total') ?? '');
  if (total !== undefined && total > 0) row.memoryTotalMiB = total;
  const utilization = parseSmiNumber(byField.get('utilization.gpu') ?? '');
  if (utilization !== undefined) row.utilizationPercent = utilization;
  return row;
}

/** Classifies one line of loop-mode output from the GPU query. */
export function classifySmiLine(line: string, fields: readonly GpuQueryField[] = GPU_QUERY_FIELDS): SmiLine {
  const text = line.trim();
  if (text.length === 0) return { kind: 'blank' };
  const gpu = parseGpuLine(text, fields);
  if (gpu) return { kind: 'gpu', gpu };
  if (/^index\s*(?:,|$)/i.test(text)) return { kind: 'header' };
  const message = detectSmiFailure(text);
  if (message !== undefined) return { kind: 'failure', message };
  return { kind: 'other', text };
}

/** All GPU rows of a one-shot GPU query's output. */
export function parseGpuQueryOutput(text: string, fields: readonly GpuQueryField[] = GPU_QUERY_FIELDS): GpuRow[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const gpu = parseGpuLine(line.trim(), fields);
    return gpu ? [gpu] : [];
  });
}

/** Parses one line of `--query-compute-apps=gpu_uuid,pid,process_name,used_memory` output. */
export function parseComputeAppLine(line: string): ComputeAppRow | undefined {
  const values = splitSmiFields(line.trim(), COMPUTE_APPS_FIELDS.length, 2);
  if (!values) return undefined;
  const [gpuUuid = '', pidText = '', processName = '', usedText = ''] = values;
  if (!/^(?:GPU|MIG)-/.test(gpuUuid) || !/^\d+$/.test(pidText)) return undefined;
  const row: ComputeAppRow = { gpuUuid, pid: Number(pidText), processName };
  const used = parseSmiNumber(usedText);
  if (used !== undefined) row.usedMemoryMiB = used;
  return row;
}

/** All process rows of a compute-apps query's output (none when the GPUs are idle). */
export function parseComputeAppsOutput(text: string): ComputeAppRow[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const app = parseComputeAppLine(line);
    return app ? [app] : [];
  });
}
