// Every `oomlint.*` editor setting, described once. The language server validates what the editor
// sends against it, and `contributesConfiguration()` renders package.json's
// `contributes.configuration` from it, so the two cannot drift apart.
import type { Settings, SeveritySetting } from './settings';

/** Where VS Code lets a setting be set (its `scope` keyword). */
export type SettingScope = 'application' | 'machine' | 'machine-overridable' | 'window' | 'resource' | 'language-overridable';

interface SettingBase {
  /** The key users write in settings.json. */
  key: `oomlint.${string}`;
  /** Markdown. */
  description: string;
  scope: SettingScope;
  /**
   * For settings of the analysis: the `Settings` field it fills (whose default is this entry's
   * default) and its key in `[tool.oomlint]`.
   */
  analysis?: { field: keyof Settings; projectKey: string };
}

export interface BooleanSetting extends SettingBase {
  type: 'boolean';
  default: boolean;
}

export interface NumberSetting extends SettingBase {
  type: 'number' | 'integer';
  default: number;
  minimum?: number;
  maximum?: number;
}

export interface StringSetting extends SettingBase {
  type: 'string';
  default: string;
  enum?: readonly string[];
  enumDescriptions?: readonly string[];
}

export interface StringListSetting extends SettingBase {
  type: 'array';
  default: readonly string[];
  /** Each item must match this regular expression, when given. */
  itemPattern?: string;
}

/** An object from rule code to one of a fixed set of strings. */
export interface RuleMapSetting extends SettingBase {
  type: 'object';
  default: Readonly<Record<string, string>>;
  keyPattern: string;
  valueEnum: readonly string[];
}

export type SettingDescription = BooleanSetting | NumberSetting | StringSetting | StringListSetting | RuleMapSetting;

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

/**
 * Selectors as `select`/`ignore` accept them: `ALL`, or a rule code or a prefix of one (`OOM`,
 * `OOM00`, `OOM003`), in any case: rules are selected by comparing upper-cased text.
 */
export const RULE_SELECTOR_PATTERN = '^([Aa][Ll][Ll]|[Oo][Oo][Mm][0-9]{0,3})$';
/** Rule codes as `severity` keys them. */
export const RULE_CODE_PATTERN = '^OOM[0-9]{3}$';

export const SETTINGS_SCHEMA: readonly SettingDescription[] = [
  {
    key: 'oomlint.enable',
    type: 'boolean',
    default: true,
    scope: 'resource',
    description: 'Lint Python files and notebook cells with oomlint.',
  },
  {
    key: 'oomlint.select',
    analysis: { field: 'select', projectKey: 'select' },
    type: 'array',
    default: [],
    itemPattern: RULE_SELECTOR_PATTERN,
    scope: 'resource',
    description:
      'Rule codes or prefixes to enable (`OOM003`, `OOM00`, `ALL`). Empty enables every rule. Set here, it replaces `select` from `[tool.oomlint]` in `pyproject.toml`.',
  },
  {
    key: 'oomlint.ignore',
    analysis: { field: 'ignore', projectKey: 'ignore' },
    type: 'array',
    default: [],
    itemPattern: RULE_SELECTOR_PATTERN,
    scope: 'resource',
    description:
      'Rule codes or prefixes to disable; wins over `#oomlint.select#`. Set here, it replaces `ignore` from `[tool.oomlint]` in `pyproject.toml`.',
  },
  {
    key: 'oomlint.severity',
    analysis: { field: 'severity', projectKey: 'severity' },
    type: 'object',
    default: {},
    keyPattern: RULE_CODE_PATTERN,
    valueEnum: SEVERITY_SETTINGS,
    scope: 'resource',
    description:
      'Severity per rule code, for example `{"OOM003": "error"}`; `"off"` disables the rule. Entries override the same codes from `pyproject.toml` one by one.',
  },
  {
    key: 'oomlint.maxBatchSize',
    analysis: { field: 'maxBatchSize', projectKey: 'max-batch-size' },
    type: 'integer',
    default: 512,
    minimum: 1,
    scope: 'resource',
    description: 'A training `batch_size` at or above this is reported (OOM004).',
  },
  {
    key: 'oomlint.targetGpuMemory',
    analysis: { field: 'targetGpuMemory', projectKey: 'gpu-memory' },
    type: 'string',
    default: '',
    scope: 'resource',
    description:
      'The memory of the GPU training runs on (`24GB`, `80GiB`): OOM004 then reports a training batch whose estimated step does not fit it, and `oomlint estimate` says what fits. Empty: OOM004 compares the batch size with `#oomlint.maxBatchSize#`.',
  },
  {
    key: 'oomlint.maxPinnedWorkers',
    analysis: { field: 'maxPinnedWorkers', projectKey: 'max-pinned-workers' },
    type: 'integer',
    default: 8,
    minimum: 1,
    scope: 'resource',
    description: '`num_workers` at or above this together with `pin_memory=True` is reported (OOM005).',
  },
  {
    key: 'oomlint.evalFunctionNames',
    analysis: { field: 'evalFunctionNames', projectKey: 'eval-function-names' },
    type: 'array',
    default: [],
    scope: 'resource',
    description: 'Extra names of functions that evaluate a model: exact names, or prefixes ending in `*` (`validate_*`).',
  },
  {
    key: 'oomlint.gpu.enabled',
    type: 'boolean',
    default: true,
    scope: 'window',
    description: 'Show GPU memory use in the status bar, read from `nvidia-smi`.',
  },
  {
    key: 'oomlint.gpu.intervalMs',
    type: 'number',
    default: 2000,
    minimum: 250,
    scope: 'window',
    description: 'Milliseconds between GPU memory readings.',
  },
  {
    key: 'oomlint.gpu.nvidiaSmiPath',
    type: 'string',
    default: 'nvidia-smi',
    scope: 'machine',
    description: 'The `nvidia-smi` executable: a name looked up on `PATH`, or a full path.',
  },
  {
    key: 'oomlint.gpu.warningThreshold',
    type: 'number',
    default: 0.8,
    minimum: 0,
    maximum: 1,
    scope: 'window',
    description: 'Fraction of GPU memory in use at which the readout turns to a warning.',
  },
  {
    key: 'oomlint.gpu.errorThreshold',
    type: 'number',
    default: 0.95,
    minimum: 0,
    maximum: 1,
    scope: 'window',
    description: 'Fraction of GPU memory in use at which the readout turns to an error.',
  },
  {
    key: 'oomlint.gpu.aggregate',
    type: 'string',
    default: 'sum',
    enum: ['sum', 'busiest'],
    enumDescriptions: ['Memory used and total over all GPUs.', 'The GPU with the highest share of its memory in use.'],
    scope: 'window',
    description: 'How the readout combines several GPUs.',
  },
  {
    key: 'oomlint.gpu.showWhenUnavailable',
    type: 'boolean',
    default: true,
    scope: 'window',
    description: 'Keep the readout visible, saying why, when `nvidia-smi` is missing or fails.',
  },
];

export function settingByKey(key: string): SettingDescription | undefined {
  return SETTINGS_SCHEMA.find((s) => s.key === key);
}

/** A setting of the analysis, with where it goes in `Settings` and in `[tool.oomlint]`. */
export type AnalysisSettingDescription = SettingDescription & { analysis: NonNullable<SettingBase['analysis']> };

/** The settings the analysis reads, in schema order. */
export const ANALYSIS_SETTINGS: readonly AnalysisSettingDescription[] = SETTINGS_SCHEMA.filter(
  (s): s is AnalysisSettingDescription => s.analysis !== undefined,
);

/** The analysis setting written as `key` in `[tool.oomlint]`. */
export function analysisSettingByProjectKey(key: string): AnalysisSettingDescription | undefined {
  return ANALYSIS_SETTINGS.find((s) => s.analysis.projectKey === key);
}

/** A JSON Schema fragment, as package.json holds them. */
export type JsonSchema = { [keyword: string]: unknown };

/** What the manifest lists of each rule. Passed in: rules describe their limits with this schema. */
export interface RuleSummary {
  meta: { code: string; summary: string };
}

/** The package.nls.json key of a setting's description, of one of its enum descriptions, of a rule's entry. */
export const descriptionNlsKey = (key: string) => `${key}.description`;
export const enumDescriptionNlsKey = (key: string, index: number) => `${key}.enumDescriptions.${index}`;
export const ruleSeverityNlsKey = (code: string) => `oomlint.severity.${code}.description`;

const placeholder = (nlsKey: string) => `%${nlsKey}%`;

function propertySchema(setting: SettingDescription, order: number, rules: readonly RuleSummary[]): JsonSchema {
  const common = { markdownDescription: placeholder(descriptionNlsKey(setting.key)), scope: setting.scope, order };
  switch (setting.type) {
    case 'boolean':
      return { type: 'boolean', default: setting.default, ...common };
    case 'number':
    case 'integer':
      return {
        type: setting.type,
        default: setting.default,
        ...(setting.minimum !== undefined ? { minimum: setting.minimum } : {}),
        ...(setting.maximum !== undefined ? { maximum: setting.maximum } : {}),
        ...common,
      };
    case 'string':
      return {
        type: 'string',
        default: setting.default,
        ...(setting.enum ? { enum: [...setting.enum] } : {}),
        ...(setting.enumDescriptions ? { enumDescriptions: setting.enumDescriptions.map((_, i) => placeholder(enumDescriptionNlsKey(setting.key, i))) } : {}),
        ...common,
      };
    case 'array':
      return {
        type: 'array',
        items: { type: 'string', ...(setting.itemPattern ? { pattern: setting.itemPattern } : {}) },
        uniqueItems: true,
        default: [...setting.default],
        ...common,
      };
    case 'object': {
      const value = { type: 'string', enum: [...setting.valueEnum] };
      return {
        type: 'object',
        // The known rules are listed so editors complete their codes; any code is accepted.
        properties: Object.fromEntries(rules.map((r) => [r.meta.code, { ...value, description: placeholder(ruleSeverityNlsKey(r.meta.code)) }])),
        propertyNames: { pattern: setting.keyPattern },
        additionalProperties: value,
        default: { ...setting.default },
        ...common,
      };
    }
  }
}

/**
 * package.json's `contributes.configuration`, listing `rules` (every rule) where a rule code is a key.
 * Descriptions are `%key%` placeholders that VS Code fills from package.nls.json and its translations.
 */
export function contributesConfiguration(rules: readonly RuleSummary[]): { title: string; properties: Record<string, JsonSchema> } {
  return {
    title: 'oomlint',
    properties: Object.fromEntries(SETTINGS_SCHEMA.map((s, order) => [s.key, propertySchema(s, order, rules)])),
  };
}

/** The English text of every placeholder in `contributesConfiguration(rules)`: package.nls.json's share. */
export function configurationNls(rules: readonly RuleSummary[]): Record<string, string> {
  const entries: [string, string][] = [];
  for (const setting of SETTINGS_SCHEMA) {
    entries.push([descriptionNlsKey(setting.key), setting.description]);
    if (setting.type === 'string') setting.enumDescriptions?.forEach((text, i) => entries.push([enumDescriptionNlsKey(setting.key, i), text]));
    if (setting.type === 'object') for (const rule of rules) entries.push([ruleSeverityNlsKey(rule.meta.code), rule.meta.summary]);
  }
  return Object.fromEntries(entries);
}
