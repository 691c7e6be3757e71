// The one place the server asks for a file's project configuration (`[tool.oomlint]` in the nearest
// pyproject.toml, read by config/). The files are read and parsed by a ConfigFileLoader (a worker
// thread in the server), then looked up from the cache on the event loop.
import type { Settings } from '../core/settings';
import type { ConfigProblem } from '../core/types';
import { findProjectConfig, invalidateProjectConfig, projectConfigGeneration, projectFilesToRead, rememberProjectFiles } from '../config/discover';
import { isExcluded, settingsForFile, type ProjectConfig } from '../config/pyproject';
import type { ConfigFileLoader } from './config-file-loader';

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

/** Files changed while they were read this many times in a row: the last lookup reads on the event loop. */
const READ_ATTEMPTS = 3;

function settingsFrom(config: ProjectConfig, filePath: string): ProjectSettings {
  return { settings: settingsForFile(config, filePath), excluded: isExcluded(config, filePath), file: config.file, problems: config.problems };
}

/** Settings for `filePath`; documents without a file (`untitled:`) get none. */
export async function projectSettingsFor(filePath: string | undefined, loader: ConfigFileLoader): Promise<ProjectSettings> {
  if (filePath === undefined) return NO_PROJECT;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const generation = projectConfigGeneration();
    const files = projectFilesToRead(filePath);
    if (files.length) {
      const loaded = await loader.read(files);
      // A file changed on disk meanwhile: what was read may be older than the change.
      if (generation !== projectConfigGeneration()) continue;
      rememberProjectFiles(loaded);
    }
    return settingsFrom(findProjectConfig(filePath), filePath);
  }
  return settingsFrom(findProjectConfig(filePath), filePath);
}

/** The problems one configuration file has now, read afresh; undefined when it changed again meanwhile. */
export async function currentProblems(file: string, loader: ConfigFileLoader): Promise<ConfigProblem[] | undefined> {
  const generation = projectConfigGeneration();
  const loaded = await loader.read([file]);
  if (generation !== projectConfigGeneration()) return undefined;
  rememberProjectFiles(loaded);
  return loaded.get(file)?.config.problems ?? [];
}

/** Drops cached project files after `changedFile` (or any, when not given) changed on disk. */
export function forgetProjectSettings(changedFile?: string): void {
  invalidateProjectConfig(changedFile);
}
