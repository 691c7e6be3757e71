// `[tool.oomlint]` in pyproject.toml, read without I/O: text in, settings and problems out.
// Whatever is wrong is reported with its line and left at its default; the rest still applies.
import { byteSize } from '../files/read-regular-file';
import { basename, dirname } from 'node:path';
import { parseToml, TomlError } from './toml';
import type { SeveritySetting, Settings } from '../core/settings';
import type { ConfigProblem, RuleCode } from '../core/types';
import { matchingGlobs, normalizePattern, relativeToRoot } from './globs';
import { keyDefinitions, lineOfKey } from './toml-key-lines';
import { analysisSettingByProjectKey, ANALYSIS_SETTINGS, RULE_CODE_PATTERN, RULE_SELECTOR_PATTERN, SEVERITY_SETTINGS } from '../core/settings-schema';

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
  /** `max-file-size`: larger files are skipped and reported (the command line's `--max-file-size` wins). */
  maxFileSize?: number;
  /** Lines are 1-based. */
  problems: ConfigProblem[];
}

/** Configuration that sets nothing, for files with no pyproject.toml above them. */
export function defaultProjectConfig(root: string): ProjectConfig {
  return { file: null, root, settings: {}, perFileIgnores: [], exclude: [], extendInclude: [], problems: [] };
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
const KNOWN_KEYS: readonly string[] = [...ANALYSIS_SETTINGS.map((s) => s.analysis.projectKey), ...PROJECT_ONLY_KEYS];

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function tomlSyntaxProblem(error: unknown, file: string): ConfigProblem {
  if (error instanceof TomlError) {
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '');
    return { file, line: error.line, column: error.column, message: `invalid TOML: ${reason} (column ${error.column})` };
  }
  return { file, line: 1, message: `invalid TOML: ${error instanceof Error ? error.message : String(error)}` };
}

/** Reads one configuration file's text. `file` should be absolute: its folder becomes the root. */
export function parseProjectConfig(text: string, file: string): ProjectConfig {
  const config: ProjectConfig = { ...defaultProjectConfig(dirname(file)), file };
  let document: Record<string, unknown>;
  try {
    document = parseToml(text);
  } catch (error) {
    config.problems.push(tomlSyntaxProblem(error, file));
    return config;
  }

  const section = sectionPath(file);
  let table: unknown = document;
  for (const key of section) table = isTable(table) ? table[key] : undefined;
  if (table === undefined) return config;

  const definitions = keyDefinitions(text);
  const report = (path: string[], message: string) =>
    config.problems.push({ file, line: lineOfKey(definitions, [...section, ...path]), message });
  if (!isTable(table)) {
    report([], `\`${section.join('.')}\` must be a table`);
    return config;
  }
  readSection(table, config, report);
  return config;
}

type Reporter = (path: string[], message: string) => void;

function readSection(table: Record<string, unknown>, config: ProjectConfig, report: Reporter): void {
  for (const [key, value] of Object.entries(table)) {
    switch (key) {
      case 'select':
      case 'ignore': {
        const selectors = readSelectors(value, [key], report);
        if (selectors) config.settings[key] = selectors;
        break;
      }
      case 'per-file-ignores':
        config.perFileIgnores = readPerFileIgnores(value, report);
        break;
      case 'eval-function-names': {
        const names = readStrings(value, [key], report);
        if (names) config.settings.evalFunctionNames = names;
        break;
      }
      case 'severity': {
        const severity = readSeverity(value, report);
        if (severity) config.settings.severity = severity;
        break;
      }
      case 'exclude': {
        const patterns = readStrings(value, [key], report);
        if (patterns) config.exclude = patterns.map(normalizePattern).filter(Boolean);
        break;
      }
      case 'max-file-size': {
        const bytes = typeof value === 'string' || typeof value === 'number' ? byteSize(value) : undefined;
        if (bytes === undefined) report([key], '`max-file-size` must be a size such as "10MB", "512KB" or 1048576');
        else config.maxFileSize = bytes;
        break;
      }
      case 'extend-include': {
        const patterns = readStrings(value, [key], report);
        if (patterns) config.extendInclude = patterns.map(normalizePattern).filter(Boolean);
        break;
      }
      default: {
        const setting = analysisSettingByProjectKey(key);
        if (setting?.type !== 'integer') {
          report([key], unknownKeyMessage(key));
          break;
        }
        const limit = readPositiveInteger(value, key, report);
        if (limit !== undefined) Object.assign(config.settings, { [setting.analysis.field]: limit });
      }
    }
  }
}

function unknownKeyMessage(key: string): string {
  const kebab = key.toLowerCase().replace(/_/g, '-');
  const hint = KNOWN_KEYS.includes(kebab) ? `; did you mean \`${kebab}\`?` : '';
  return `unknown key \`${key}\`${hint} (known keys: ${KNOWN_KEYS.join(', ')})`;
}

function readStrings(value: unknown, path: string[], report: Reporter): string[] | undefined {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    report(path, `\`${path.join('.')}\` must be a list of strings`);
    return undefined;
  }
  return value;
}

/** Rule codes or prefixes; invalid entries are reported and dropped, the others kept. */
function readSelectors(value: unknown, path: string[], report: Reporter): string[] | undefined {
  const strings = readStrings(value, path, report);
  if (!strings) return undefined;
  const selectors: string[] = [];
  for (const entry of strings) {
    const selector = entry.trim().toUpperCase();
    if (SELECTOR.test(selector)) selectors.push(selector);
    else report(path, `\`${entry}\` in \`${path.join('.')}\` is not a rule code or prefix (such as OOM003, OOM or ALL)`);
  }
  return selectors;
}

function readPositiveInteger(value: unknown, key: string, report: Reporter): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    report([key], `\`${key}\` must be a positive integer`);
    return undefined;
  }
  return value;
}

function readPerFileIgnores(value: unknown, report: Reporter): ProjectConfig['perFileIgnores'] {
  if (!isTable(value)) {
    report(['per-file-ignores'], '`per-file-ignores` must be a table of glob = [codes]');
    return [];
  }
  const entries: ProjectConfig['perFileIgnores'] = [];
  for (const [pattern, codes] of Object.entries(value)) {
    const selectors = readSelectors(codes, ['per-file-ignores', pattern], report);
    const normalized = normalizePattern(pattern);
    if (selectors && normalized) entries.push({ pattern: normalized, codes: selectors });
  }
  return entries;
}

function readSeverity(value: unknown, report: Reporter): Settings['severity'] | undefined {
  if (!isTable(value)) {
    report(['severity'], '`severity` must be a table of code = "error" | "warning" | "information" | "hint" | "off"');
    return undefined;
  }
  const severity: Settings['severity'] = {};
  for (const [code, level] of Object.entries(value)) {
    const normalized = code.trim().toUpperCase();
    if (!RULE_CODE.test(normalized)) {
      report(['severity', code], `\`${code}\` in \`severity\` is not a rule code (such as OOM003)`);
    } else if (typeof level !== 'string' || !(SEVERITIES as readonly string[]).includes(level)) {
      report(['severity', code], `severity of ${normalized} must be one of ${SEVERITIES.join(', ')}`);
    } else {
      severity[normalized as RuleCode] = level as SeveritySetting;
    }
  }
  return severity;
}

/** The configuration's settings for one file (absolute path), with its `per-file-ignores` added to `ignore`. */
export function settingsForFile(config: ProjectConfig, filePath: string): Partial<Settings> {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return config.settings;
  const ignored = matchingGlobs(config.perFileIgnores.map((entry) => entry.pattern), relativePath)
    .sort((a, b) => a - b)
    .flatMap((index) => config.perFileIgnores[index]!.codes);
  if (!ignored.length) return config.settings;
  return { ...config.settings, ignore: [...(config.settings.ignore ?? []), ...ignored] };
}

/** Whether `exclude` leaves this file or folder (absolute path) out of directory walks. */
export function isExcluded(config: ProjectConfig, filePath: string): boolean {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return false;
  return matchingGlobs(config.exclude, relativePath).length > 0;
}

/** Whether `extend-include` asks walks to check this file (absolute path) besides `.py` files and notebooks. */
export function isExtraIncluded(config: ProjectConfig, filePath: string): boolean {
  const relativePath = relativeToRoot(config.root, filePath);
  if (relativePath === null) return false;
  return matchingGlobs(config.extendInclude, relativePath).length > 0;
}

/** Whether the text declares oomlint settings, even when it does not parse (so its errors get reported). */
export function declaresOomlintSection(text: string): boolean {
  try {
    const document = parseToml(text);
    return isTable(document.tool) && document.tool.oomlint !== undefined;
  } catch {
    return /^\s*(\[\s*tool\s*\.\s*oomlint\s*[\].]|tool\s*\.\s*oomlint\s*[.=])/m.test(text);
  }
}
