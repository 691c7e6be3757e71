// Finds and reads the pyproject.toml that governs a file. Results are cached per file and per
// folder, because a walk over a project asks once for every file; editors invalidate on change.
import { statSync } from 'node:fs';
import { readRegularTextFile } from '../files/read-regular-file';
import { dirname, join, resolve } from 'node:path';
import { declaresOomlintSection, defaultProjectConfig, parseProjectConfig, type ProjectConfig } from './pyproject';

const MAX_PYPROJECT_BYTES = 4 * 1024 * 1024;

interface LoadedFile {
  config: ProjectConfig;
  declaresSection: boolean;
}

/** null: no such file. */
const fileCache = new Map<string, LoadedFile | null>();

/** What a folder's walk up found: the nearest file declaring `[tool.oomlint]`, and the nearest file at all. */
interface FolderLookup {
  declaring: ProjectConfig | undefined;
  nearest: ProjectConfig | undefined;
}
const folderCache = new Map<string, FolderLookup>();

function readConfigFile(file: string): LoadedFile | null {
  const cached = fileCache.get(file);
  if (cached !== undefined) return cached;
  let loaded: LoadedFile | null;
  // Only a regular file of sensible size: a pyproject.toml that is a FIFO or links to /dev/zero
  // must not hang or fill the memory of the editor's server.
  const read = readRegularTextFile(file, MAX_PYPROJECT_BYTES);
  if (read.ok) {
    loaded = { config: parseProjectConfig(read.text, file), declaresSection: declaresOomlintSection(read.text) };
  } else {
    loaded =
      read.code === 'ENOENT' || read.code === 'ENOTDIR'
        ? null
        : {
            config: { ...defaultProjectConfig(dirname(file)), file, problems: [{ file, line: 1, message: `could not read: ${read.message}` }] },
            declaresSection: true,
          };
  }
  fileCache.set(file, loaded);
  return loaded;
}


/** Reads one configuration file (cached); a missing or unreadable file gives defaults and a problem. */
export function loadProjectConfigFile(file: string): ProjectConfig {
  const absolute = resolve(file);
  const loaded = readConfigFile(absolute);
  if (loaded) return loaded.config;
  return { ...defaultProjectConfig(dirname(absolute)), file: absolute, problems: [{ file: absolute, line: 1, message: 'file not found' }] };
}

function startFolder(startPath: string): string {
  const absolute = resolve(startPath);
  try {
    if (statSync(absolute).isDirectory()) return absolute;
  } catch {
    // A file that does not exist yet (an unsaved editor buffer) still has a folder.
  }
  return dirname(absolute);
}

/** The walk up from `folder`, stopping at the first folder already walked (a deep tree costs its depth once, not per folder). */
function lookUp(folder: string): FolderLookup {
  const walked: string[] = [];
  let above: FolderLookup = { declaring: undefined, nearest: undefined };
  for (let current = folder; ; ) {
    const cached = folderCache.get(current);
    if (cached) {
      above = cached;
      break;
    }
    walked.push(current);
    if (readConfigFile(join(current, 'pyproject.toml'))?.declaresSection) break;
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  // Each folder walked sees what the one above it sees, and its own file: fill them in from the top down.
  let result = above;
  for (let i = walked.length - 1; i >= 0; i--) {
    const own = fileCache.get(join(walked[i]!, 'pyproject.toml'));
    if (own) result = { declaring: own.declaresSection ? own.config : result.declaring, nearest: own.config };
    folderCache.set(walked[i]!, result);
  }
  return result;
}

/**
 * The configuration for a file or folder: the nearest pyproject.toml above it with a
 * `[tool.oomlint]` table, else the nearest pyproject.toml, else defaults rooted at the folder.
 */
export function findProjectConfig(startPath: string): ProjectConfig {
  const folder = startFolder(startPath);
  const { declaring, nearest } = lookUp(folder);
  return declaring ?? nearest ?? defaultConfigFor(folder);
}

/** Defaults rooted at a folder without a pyproject.toml above it, the same object each time it is asked. */
const defaultConfigs = new Map<string, ProjectConfig>();
function defaultConfigFor(folder: string): ProjectConfig {
  let config = defaultConfigs.get(folder);
  if (!config) {
    config = defaultProjectConfig(folder);
    defaultConfigs.set(folder, config);
  }
  return config;
}

/** Forgets a changed, created or deleted file (any file's change can move which one is nearest), or everything. */
export function invalidateProjectConfig(file?: string): void {
  if (file === undefined) fileCache.clear();
  else fileCache.delete(resolve(file));
  folderCache.clear();
  defaultConfigs.clear();
}
