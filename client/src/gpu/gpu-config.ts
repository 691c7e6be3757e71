// The `oomlint.gpu` settings, read defensively: a wrong type or an out-of-range value falls back to
// the default (or is clamped) rather than breaking the status bar.

export type GpuAggregate = 'sum' | 'busiest';

export interface GpuConfig {
  enabled: boolean;
  intervalMs: number;
  nvidiaSmiPath: string;
  warningThreshold: number;
  errorThreshold: number;
  aggregate: GpuAggregate;
  showWhenUnavailable: boolean;
}

export const DEFAULT_NVIDIA_SMI = 'nvidia-smi';
export const MIN_INTERVAL_MS = 250;

export const DEFAULT_GPU_CONFIG: Readonly<GpuConfig> = {
  enabled: true,
  intervalMs: 2000,
  nvidiaSmiPath: DEFAULT_NVIDIA_SMI,
  warningThreshold: 0.8,
  errorThreshold: 0.95,
  aggregate: 'sum',
  showWhenUnavailable: true,
};

/** The part of `vscode.WorkspaceConfiguration` this reads, so it runs without VS Code. */
export interface ConfigSection {
  get<T>(key: string): T | undefined;
}

/** Reads the `oomlint.gpu` section (as returned by `getConfiguration('oomlint.gpu')`). */
export function readGpuConfig(section: ConfigSection): GpuConfig {
  const warning = threshold(section.get<unknown>('warningThreshold'), DEFAULT_GPU_CONFIG.warningThreshold);
  const error = threshold(section.get<unknown>('errorThreshold'), DEFAULT_GPU_CONFIG.errorThreshold);
  return {
    enabled: boolean(section.get<unknown>('enabled'), DEFAULT_GPU_CONFIG.enabled),
    intervalMs: clampIntervalMs(section.get<unknown>('intervalMs')),
    nvidiaSmiPath: nonEmptyString(section.get<unknown>('nvidiaSmiPath'), DEFAULT_NVIDIA_SMI),
    // A warning above the error level would never show; keep the pair ordered.
    warningThreshold: Math.min(warning, error),
    errorThreshold: error,
    aggregate: section.get<unknown>('aggregate') === 'busiest' ? 'busiest' : 'sum',
    showWhenUnavailable: boolean(section.get<unknown>('showWhenUnavailable'), DEFAULT_GPU_CONFIG.showWhenUnavailable),
  };
}

/** The loop interval: the default when unset or not a number, never below MIN_INTERVAL_MS. */
export function clampIntervalMs(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_GPU_CONFIG.intervalMs;
  return Math.max(MIN_INTERVAL_MS, Math.round(value));
}

/**
 * The executable to run. In an untrusted workspace a configured path could come from the folder's own
 * settings and name any program, so only `nvidia-smi` from PATH is used there.
 */
export function effectiveNvidiaSmiPath(configured: string, workspaceTrusted: boolean): string {
  if (!workspaceTrusted) return DEFAULT_NVIDIA_SMI;
  const trimmed = configured.trim();
  return trimmed.length > 0 ? trimmed : DEFAULT_NVIDIA_SMI;
}

function threshold(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 1 ? value : fallback;
}

function boolean(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function nonEmptyString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : fallback;
}
