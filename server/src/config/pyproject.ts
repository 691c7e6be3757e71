// `[tool.oomlint]` in pyproject.toml, read without I/O: text in, settings and problems out.
// Whatever is wrong is reported at the key or value it is about and left at its default; the rest
// still applies. A file with thousands of problems lists a few and counts the rest, so that a cloned
// repository's pyproject.toml cannot flood the editor with diagnostics.
import { byteSize, DEFAULT_MAX_FILE_BYTES, formatBytes } from '../files/read-regular-file';
import { basename, dirname } from 'node:path';
import { parseToml, TomlError } from './toml';
import type { SeveritySetting, Settings } from '../core/settings';
import type { ConfigProblem, ConfigProblemDetail, PatternListKey } from '../core/config-problem';
import type { RuleCode } from '../core/types';
import { anyGlobMatches, globProblem, matchingGlobs, MAX_GLOB_CHARACTERS, MAX_GLOB_LENGTH, normalizePattern, relativeToRoot } from './globs';
import { TomlPositions, type TextSpan } from './toml-positions';
import { analysisSettingByProjectKey, ANALYSIS_SETTINGS, RULE_CODE_PATTERN, RULE_SELECTOR_PATTERN, SEVERITY_SETTINGS } from '../core/settings-schema';
import { closestKey } from './key-suggestion';

export interface ProjectConfig {
  /** The file the settings came from; null when none was found. */
  file: string | null;
  /** The folder that `per-file-ignores` and `exclude` globs are relative to. */
  root: string;
  settings: Partial<Settings>;
  perFileIgnores: { pattern: string; codes: string[] }[];
  exclude: string[];
  /** Globs of files that folder walks check besides `.py` files and notebooks (`*.pyw`, `bin/*`). */
  extendInclude: string[];
  /**
   * `max-file-size` as the file asks: larger files are skipped and reported. A repository's own file
   * may lower the limit but not raise it (see `limitWarnings`); `--max-file-size` wins over both.
   */
  maxFileSize?: number;
  /** Lines are 1-based. At most MAX_LISTED_PROBLEMS, then one that counts the rest. */
  problems: ConfigProblem[];
  /** Warnings that apply when this file is a repository's own (found by walking up), not one the user named. */
  limitWarnings: ConfigProblem[];
}

/** Problems listed one by one in a file; beyond these, one more problem counts the rest. */
export const MAX_LISTED_PROBLEMS = 10;

/** Configuration that sets nothing, for files with no pyproject.toml above them. */
export function defaultProjectConfig(root: string): ProjectConfig {
  return { file: null, root, settings: {}, perFileIgnores: [], exclude: [], extendInclude: [], problems: [], limitWarnings: [] };
}

/** A configuration file that could not be used at all: defaults, and why. */
export function unusableProjectConfig(file: string, detail: ConfigProblemDetail): ProjectConfig {
  return { ...defaultProjectConfig(dirname(file)), file, problems: [{ file, line: 1, detail }] };
}

/** pyproject.toml keeps the settings under `[tool.oomlint]`; a dedicated file (`--config oomlint.toml`) at its top level. */
function sectionPath(file: string): string[] {
  return basename(file) === 'pyproject.toml' ? ['tool', 'oomlint'] : [];
}

// The analysis settings, their keys and their limits are declared once, in the settings schema.
const SELECTOR = new RegExp(RULE_SELECTOR_PATTERN);
const RULE_CODE = new RegExp(RULE_CODE_PATTERN);
const SEVERITIES = SEVERITY_SETTINGS;
/** Keys of `[tool.oomlint]` that only a project file has: they say which files to check. */
const PROJECT_ONLY_KEYS = ['per-file-ignores', 'exclude', 'extend-include', 'max-file-size'];
export const KNOWN_KEYS: readonly string[] = [...ANALYSIS_SETTINGS.map((s) => s.analysis.projectKey), ...PROJECT_ONLY_KEYS];

/** Values quoted in problems are cut to this many characters. */
const MAX_QUOTED_VALUE = 40;

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function tomlSyntaxProblem(error: unknown, file: string): ConfigProblem {
  if (error instanceof TomlError) {
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '');
    return { file, line: error.line, column: error.column, detail: { kind: 'invalid-toml', reason, column: error.column } };
  }
  return { file, line: 1, detail: { kind: 'invalid-toml', reason: error instanceof Error ? error.message : String(error), column: 1 } };
}

/** Whether a problem is about the key as written (a misspelling) or about its value. */
type Target = 'key' | 'value';

/** Collects problems placed at their key or value, listing the first few and counting the rest. */
class ProblemList {
  readonly listed: ConfigProblem[] = [];
  private leftOut = 0;
  /** Where the first problem not listed is: the count of the rest is shown there. */
  private firstLeftOut: TextSpan | undefined;

  constructor(
    private readonly file: string,
    private readonly positions: TomlPositions,
    private readonly section: readonly string[],
  ) {}

  /** `detail` is only worked out for problems that are listed. */
  add(path: readonly string[], target: Target, detail: () => ConfigProblemDetail, replacement?: (span: TextSpan) => string | undefined): void {
    if (this.listed.length >= MAX_LISTED_PROBLEMS) {
      if (!this.leftOut++) this.firstLeftOut = this.span(path, target);
      return;
    }
    this.listed.push(this.problem(this.span(path, target), detail(), replacement));
  }

  problem(span: TextSpan | undefined, detail: ConfigProblemDetail, replacement?: (span: TextSpan) => string | undefined): ConfigProblem {
    if (!span) return { file: this.file, line: 1, detail };
    const start = this.positions.position(span.start);
    const end = this.positions.position(span.end);
    const fix = replacement?.(span);
    return {
      file: this.file,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      detail,
      ...(fix === undefined ? {} : { replacement: fix }),
    };
  }

  /** The value at `path` as written, on one line and shortened, for quoting in a message. */
  written(path: readonly string[], value: unknown): string {
    const span = this.span(path, 'value');
    const text = span ? this.positions.text.slice(span.start, Math.min(span.end, span.start + 4 * MAX_QUOTED_VALUE)) : JSON.stringify(value) ?? String(value);
    const oneLine = text.replace(/\s+/g, ' ').trim();
    return oneLine.length > MAX_QUOTED_VALUE || (span && span.end - span.start > 4 * MAX_QUOTED_VALUE) ? `${oneLine.slice(0, MAX_QUOTED_VALUE - 1)}…` : oneLine;
  }

  span(path: readonly string[], target: Target): TextSpan | undefined {
    const found = this.positions.find([...this.section, ...path]);
    if (!found) return undefined;
    const { definition, exact, rest } = found;
    if (exact) return target === 'key' ? definition.key : (definition.value ?? definition.key);
    // An element of an array, or a key inside an inline table that was not recorded: the closest value.
    const index = Number(rest[0]);
    const entry = Number.isInteger(index) ? definition.value?.entries?.[index] : undefined;
    return entry ?? definition.value ?? definition.key;
  }

  finish(): ConfigProblem[] {
    if (this.leftOut) this.listed.push(this.problem(this.firstLeftOut, { kind: 'more-problems', count: this.leftOut }));
    return this.listed;
  }
}

/** Reads one configuration file's text. `file` should be absolute: its folder becomes the root. */
export function parseProjectConfig(text: string, file: string): ProjectConfig {
  return parseProjectFile(text, file).config;
}

/**
 * Reads one configuration file's text, and says whether it declares oomlint settings (even when it
 * does not parse, so that its errors get reported): the file a folder walk up stops at.
 */
export function parseProjectFile(text: string, file: string): { config: ProjectConfig; declaresSection: boolean } {
  const config: ProjectConfig = { ...defaultProjectConfig(dirname(file)), file };
  let document: Record<string, unknown>;
  try {
    document = parseToml(text);
  } catch (error) {
    config.problems.push(tomlSyntaxProblem(error, file));
    return { config, declaresSection: mentionsOomlintSection(text) };
  }

  const section = sectionPath(file);
  let table: unknown = document;
  for (const key of section) table = isTable(table) ? table[key] : undefined;
  if (table === undefined) return { config, declaresSection: false };

  const problems = new ProblemList(file, new TomlPositions(text), section);
  if (!isTable(table)) {
    problems.add([], 'value', () => ({ kind: 'section-not-table', section: section.join('.') }));
  } else {
    readSection(table, config, problems);
  }
  config.problems = problems.finish();
  return { config, declaresSection: true };
}

/** Patterns of all the pattern keys together, counted against MAX_GLOB_CHARACTERS. */
interface PatternBudget {
  used: number;
  exceeded: boolean;
}

function readSection(table: Record<string, unknown>, config: ProjectConfig, problems: ProblemList): void {
  const budget: PatternBudget = { used: 0, exceeded: false };
  for (const [key, value] of Object.entries(table)) {
    switch (key) {
      case 'select':
      case 'ignore': {
        const selectors = readSelectors(value, key, problems);
        if (selectors) config.settings[key] = selectors;
        break;
      }
      case 'per-file-ignores':
        config.perFileIgnores = readPerFileIgnores(value, problems, budget);
        break;
      case 'eval-function-names': {
        const names = readStrings(value, key, problems);
        if (names) config.settings.evalFunctionNames = names;
        break;
      }
      case 'severity': {
        const severity = readSeverity(value, problems);
        if (severity) config.settings.severity = severity;
        break;
      }
      case 'exclude':
      case 'extend-include': {
        const patterns = readPatterns(value, key, problems, budget);
        if (patterns) config[key === 'exclude' ? 'exclude' : 'extendInclude'] = patterns;
        break;
      }
      case 'max-file-size': {
        const bytes = typeof value === 'string' || typeof value === 'number' ? byteSize(value) : undefined;
        if (bytes === undefined) {
          problems.add([key], 'value', () => ({ kind: 'not-size', key, value: problems.written([key], value) }));
          break;
        }
        config.maxFileSize = bytes;
        if (bytes > DEFAULT_MAX_FILE_BYTES) {
          const detail: ConfigProblemDetail = { kind: 'limit-not-raised', key, value: problems.written([key], value), limit: formatBytes(DEFAULT_MAX_FILE_BYTES) };
          config.limitWarnings.push({ ...problems.problem(problems.span([key], 'value'), detail), severity: 'warning' });
        }
        break;
      }
      case 'gpu-memory': {
        if (typeof value !== 'string' || byteSize(value) === undefined) {
          problems.add([key], 'value', () => ({ kind: 'not-size', key, value: problems.written([key], value) }));
          break;
        }
        config.settings.targetGpuMemory = value;
        break;
      }
      default: {
        const setting = analysisSettingByProjectKey(key);
        if (setting?.type !== 'integer') {
          problems.add([key], 'key', () => unknownKey(key), () => closestKey(key, KNOWN_KEYS) ?? undefined);
          break;
        }
        const limit = readPositiveInteger(value, key, problems);
        if (limit !== undefined) Object.assign(config.settings, { [setting.analysis.field]: limit });
      }
    }
  }
}

function unknownKey(key: string): ConfigProblemDetail {
  return { kind: 'unknown-key', key, suggestion: closestKey(key, KNOWN_KEYS), known: KNOWN_KEYS };
}

function readStrings(value: unknown, key: string, problems: ProblemList, path: readonly string[] = [key]): string[] | undefined {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    problems.add(path, 'value', () => ({ kind: 'not-string-list', key: path.join('.'), value: problems.written(path, value) }));
    return undefined;
  }
  return value;
}

/** Rule codes or prefixes; invalid entries are reported and dropped, the others kept. */
function readSelectors(value: unknown, key: string, problems: ProblemList, path: readonly string[] = [key]): string[] | undefined {
  const strings = readStrings(value, key, problems, path);
  if (!strings) return undefined;
  const selectors: string[] = [];
  strings.forEach((entry, index) => {
    const selector = entry.trim().toUpperCase();
    if (SELECTOR.test(selector)) selectors.push(selector);
    else problems.add([...path, String(index)], 'value', () => ({ kind: 'not-selector', key: path.join('.'), entry }));
  });
  return selectors;
}

/** Normalised patterns, without those too long to match anything and those beyond the budget. */
function readPatterns(value: unknown, key: 'exclude' | 'extend-include', problems: ProblemList, budget: PatternBudget): string[] | undefined {
  const strings = readStrings(value, key, problems);
  if (!strings) return undefined;
  const patterns: string[] = [];
  strings.forEach((raw, index) => {
    const pattern = normalizePattern(raw);
    if (pattern && acceptPattern(pattern, key, [key, String(index)], 'value', problems, budget)) patterns.push(pattern);
  });
  return patterns;
}

function acceptPattern(pattern: string, key: PatternListKey, path: readonly string[], target: Target, problems: ProblemList, budget: PatternBudget): boolean {
  if (globProblem(pattern)) {
    problems.add(path, target, () => ({ kind: 'pattern-too-long', key, length: pattern.length, limit: MAX_GLOB_LENGTH }));
    return false;
  }
  if (budget.used + pattern.length > MAX_GLOB_CHARACTERS) {
    if (!budget.exceeded) problems.add(path, target, () => ({ kind: 'patterns-too-long', key, limit: MAX_GLOB_CHARACTERS }));
    budget.exceeded = true;
    return false;
  }
  budget.used += pattern.length;
  return true;
}

function readPositiveInteger(value: unknown, key: string, problems: ProblemList): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    problems.add([key], 'value', () => ({ kind: 'not-positive-integer', key, value: problems.written([key], value) }));
    return undefined;
  }
  return value;
}

function readPerFileIgnores(value: unknown, problems: ProblemList, budget: PatternBudget): ProjectConfig['perFileIgnores'] {
  const key = 'per-file-ignores';
  if (!isTable(value)) {
    problems.add([key], 'value', () => ({ kind: 'not-table', key, value: problems.written([key], value) }));
    return [];
  }
  const entries: ProjectConfig['perFileIgnores'] = [];
  for (const [pattern, codes] of Object.entries(value)) {
    const selectors = readSelectors(codes, key, problems, [key, pattern]);
    const normalized = normalizePattern(pattern);
    if (selectors && normalized && acceptPattern(normalized, key, [key, pattern], 'key', problems, budget)) entries.push({ pattern: normalized, codes: selectors });
  }
  return entries;
}

function readSeverity(value: unknown, problems: ProblemList): Settings['severity'] | undefined {
  const key = 'severity';
  if (!isTable(value)) {
    problems.add([key], 'value', () => ({ kind: 'not-table', key, value: problems.written([key], value) }));
    return undefined;
  }
  const severity: Settings['severity'] = {};
  for (const [code, level] of Object.entries(value)) {
    const normalized = code.trim().toUpperCase();
    if (!RULE_CODE.test(normalized)) {
      problems.add([key, code], 'key', () => ({ kind: 'not-rule-code', code }));
    } else if (typeof level !== 'string' || !(SEVERITIES as readonly string[]).includes(level)) {
      problems.add([key, code], 'value', () => ({ kind: 'bad-severity', code: normalized, value: problems.written([key, code], level), levels: SEVERITIES }));
    } else {
      severity[normalized as RuleCode] = level as SeveritySetting;
    }
  }
  return severity;
}

/** The patterns of `per-file-ignores`, the same list each time (compiled matchers are cached by it). */
const perFilePatternLists = new WeakMap<ProjectConfig['perFileIgnores'], string[]>();
function perFilePatterns(entries: ProjectConfig['perFileIgnores']): string[] {
  let patterns = perFilePatternLists.get(entries);
  if (!patterns) {
    patterns = entries.map((entry) => entry.pattern);
    perFilePatternLists.set(entries, patterns);
  }
  return patterns;
}

/** The configuration's settings for one file (absolute path), with its `per-file-ignores` added to `ignore`. */
export function settingsForFile(config: ProjectConfig, filePath: string): Partial<Settings> {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return config.settings;
  const ignored = matchingGlobs(perFilePatterns(config.perFileIgnores), relativePath)
    .sort((a, b) => a - b)
    .flatMap((index) => config.perFileIgnores[index]!.codes);
  if (!ignored.length) return config.settings;
  return { ...config.settings, ignore: [...(config.settings.ignore ?? []), ...ignored] };
}

/** Whether `exclude` leaves this file or folder (absolute path) out of directory walks. */
export function isExcluded(config: ProjectConfig, filePath: string): boolean {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return false;
  return anyGlobMatches(config.exclude, relativePath);
}

/** Whether `extend-include` asks walks to check this file (absolute path) besides `.py` files and notebooks. */
export function isExtraIncluded(config: ProjectConfig, filePath: string): boolean {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return false;
  return anyGlobMatches(config.extendInclude, relativePath);
}

/** A file that does not parse still counts as declaring oomlint settings when a line says so, so its errors are seen. */
function mentionsOomlintSection(text: string): boolean {
  return /^[ \t]*(\[[ \t]*tool[ \t]*\.[ \t]*oomlint[ \t]*[\].]|tool[ \t]*\.[ \t]*oomlint[ \t]*[.=])/m.test(text);
}
