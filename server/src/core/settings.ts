import { ANALYSIS_SETTINGS } from './settings-schema';
import type { RuleCode, Severity } from './types';

export type SeveritySetting = Severity | 'off';

/**
 * Everything the analysis can be told. Entry points merge files and editor settings into this.
 * Each field is declared, with its default and its limits, in `settings-schema.ts`.
 */
export interface Settings {
  /** Codes or prefixes to enable (`OOM`, `OOM00`, `OOM003`, `ALL`); empty means all. */
  select: string[];
  /** Codes or prefixes to disable; wins over `select`. */
  ignore: string[];
  /** Training `batch_size` at or above this is reported (OOM004). */
  maxBatchSize: number;
  /** The target GPU's memory as written (`24GB`); empty when unknown. OOM004 judges batches by the estimate when set. */
  targetGpuMemory: string;
  /** `num_workers` at or above this with `pin_memory=True` is reported (OOM005). */
  maxPinnedWorkers: number;
  /** Extra function names (exact, or with a trailing `*`) that evaluate a model. */
  evalFunctionNames: string[];
  /** Per-rule severity overrides. */
  severity: Partial<Record<RuleCode, SeveritySetting>>;
}

/** The schema's defaults of the analysis settings. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(
  Object.fromEntries(ANALYSIS_SETTINGS.map((s) => [s.analysis.field, structuredClone(s.default)])) as unknown as Settings,
);

export function resolveSettings(partial: Partial<Settings> | undefined): Settings {
  return { ...DEFAULT_SETTINGS, ...(partial ?? {}) };
}

function matches(code: string, selector: string): boolean {
  const s = selector.trim().toUpperCase();
  return s === 'ALL' || code.startsWith(s);
}

/**
 * ruff's rule selection: the longest matching selector wins, ignore wins ties. A rule that is off by
 * default (one whose precision on real code is below the bar) runs only when `select` names its
 * whole code or `severity` gives it a level.
 */
export function isRuleEnabled(code: RuleCode, settings: Settings, offByDefault = false): boolean {
  if (offByDefault) {
    const named = settings.select.some((s) => s.trim().toUpperCase() === code) || (settings.severity[code] !== undefined && settings.severity[code] !== 'off');
    if (!named) return false;
  }
  const longest = (list: string[]) =>
    list.filter((s) => matches(code, s)).reduce((n, s) => Math.max(n, s.trim().toUpperCase() === 'ALL' ? 0 : s.trim().length), -1);
  const selected = settings.select.length ? longest(settings.select) : 0;
  const ignored = longest(settings.ignore);
  if (selected < 0) return false;
  if (settings.severity[code] === 'off') return false;
  return ignored < 0 || selected > ignored;
}
