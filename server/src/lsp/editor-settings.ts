// Reads the `oomlint` section the editor sends, checking every value against the settings schema.
import type { Settings } from '../core/settings';
import { ANALYSIS_SETTINGS, settingByKey, type SettingDescription } from '../core/settings-schema';

export interface EditorSettings {
  enable: boolean;
  /**
   * Only the analysis settings the editor sets to something other than the schema's default. Editors
   * such as VS Code report every setting, defaults included, so a default cannot be told from a choice;
   * treating it as unset lets `pyproject.toml` decide wherever the user has not.
   */
  analysis: Partial<Settings>;
}

export interface EditorSettingsReading {
  settings: EditorSettings;
  /** One line per value that was ignored, for the log. */
  problems: string[];
}

/** The analysis settings an editor may set: every one the schema declares, as `oomlint.<field>`. */
export const EDITOR_ANALYSIS_KEYS: readonly (keyof Settings)[] = ANALYSIS_SETTINGS.map((s) => s.analysis.field);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why `value` does not fit `setting`, or `undefined` when it does. */
function misfit(setting: SettingDescription, value: unknown): string | undefined {
  switch (setting.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected true or false';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'expected a number';
      if (setting.type === 'integer' && !Number.isInteger(value)) return 'expected a whole number';
      if (setting.minimum !== undefined && value < setting.minimum) return `expected at least ${setting.minimum}`;
      if (setting.maximum !== undefined && value > setting.maximum) return `expected at most ${setting.maximum}`;
      return undefined;
    }
    case 'string':
      if (typeof value !== 'string') return 'expected a string';
      return setting.enum && !setting.enum.includes(value) ? `expected one of ${setting.enum.join(', ')}` : undefined;
    case 'array': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return 'expected a list of strings';
      const pattern = setting.itemPattern ? new RegExp(setting.itemPattern) : undefined;
      const bad = pattern ? value.find((v: string) => !pattern.test(v)) : undefined;
      return bad === undefined ? undefined : `"${bad}" does not match ${setting.itemPattern}`;
    }
    case 'object': {
      if (!isRecord(value)) return 'expected an object';
      const keyPattern = new RegExp(setting.keyPattern);
      const bad = Object.entries(value).find(
        ([k, v]) => !keyPattern.test(k) || typeof v !== 'string' || !setting.valueEnum.includes(v),
      );
      return bad ? `"${bad[0]}" must be a rule code mapped to one of ${setting.valueEnum.join(', ')}` : undefined;
    }
  }
}

function isSchemaDefault(setting: SettingDescription, value: unknown): boolean {
  if (Array.isArray(setting.default) && Array.isArray(value)) return value.length === 0 && setting.default.length === 0;
  if (setting.type === 'object' && isRecord(value)) {
    return Object.keys(value).length === 0 && Object.keys(setting.default).length === 0;
  }
  return value === setting.default;
}

/** Looks up `gpu.enabled`-style paths: VS Code nests dotted keys, other clients may not. */
function rawValue(section: Record<string, unknown>, name: string): unknown {
  if (name in section) return section[name];
  let node: unknown = section;
  for (const part of name.split('.')) node = isRecord(node) ? node[part] : undefined;
  return node;
}

export function readEditorSettings(section: unknown): EditorSettingsReading {
  const problems: string[] = [];
  const values = isRecord(section) ? section : {};

  const valid = (name: string): unknown => {
    const setting = settingByKey(`oomlint.${name}`);
    const value = rawValue(values, name);
    if (!setting || value === undefined || value === null) return undefined;
    const why = misfit(setting, value);
    if (why) {
      problems.push(`oomlint.${name}: ${why}; ignored`);
      return undefined;
    }
    return isSchemaDefault(setting, value) ? undefined : value;
  };

  const analysis: Partial<Settings> = {};
  for (const key of EDITOR_ANALYSIS_KEYS) {
    const value = valid(key);
    // Checked against the schema entry that describes exactly this field.
    if (value !== undefined) Object.assign(analysis, { [key]: value });
  }
  return { settings: { enable: valid('enable') !== false, analysis }, problems };
}
