// The one place the server asks for a file's project configuration (`[tool.oomlint]` in the nearest
// pyproject.toml, read by config/).
import type { Settings } from '../core/settings';
import type { ConfigProblem } from '../core/types';
import { findProjectConfig, invalidateProjectConfig } from '../config/discover';
import { isExcluded, settingsForFile } from '../config/pyproject';

export interface ProjectSettings {
  settings: Partial<Settings>;
  /** The project's `exclude` patterns cover this file: the editor leaves it alone too, as the CLI does. */
  excluded: boolean;
  /** The configuration file the settings came from, if any. */
  file: string | null;
  /** What was wrong with the configuration file; the server logs them and shows them on the file. */
  problems: ConfigProblem[];
}

const NO_PROJECT: ProjectSettings = { settings: {}, excluded: false, file: null, problems: [] };

/** Settings for `filePath`; documents without a file (`untitled:`) get none. */
export function projectSettingsFor(filePath: string | undefined): ProjectSettings {
  if (filePath === undefined) return NO_PROJECT;
  const config = findProjectConfig(filePath);
  return { settings: settingsForFile(config, filePath), excluded: isExcluded(config, filePath), file: config.file, problems: config.problems };
}

/** Drops cached project files after `changedFile` (or any, when not given) changed on disk. */
export function forgetProjectSettings(changedFile?: string): void {
  invalidateProjectConfig(changedFile);
}
