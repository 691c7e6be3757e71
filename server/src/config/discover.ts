// Finds and reads the pyproject.toml that governs a file. Results are cached per file and per
// folder, because a walk over a project asks once for every file; editors invalidate on change.
import { statSync } from 'node:fs';
import { readRegularTextFile } from '../files/read-regular-file';
import { dirname, join, resolve } from 'node:path';
import { defaultProjectConfig, parseProjectFile, unusableProjectConfig, type ProjectConfig } from './pyproject';

/**
 * Larger configuration files are refused with a problem: real ones are a few kilobytes, and parsing
 * a megabyte of keys takes about 300 ms, which the editor's server then spends off its event loop.
 */
export const MAX_PYPROJECT_BYTES = 1024 * 1024;

export interface LoadedFile {
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

/** Reads and parses one pyproject.toml, without the cache (a worker thread calls this); null: no such file. */
export function loadProjectFile(file: string): LoadedFile | null {
  // Only a regular file of sensible size: a pyproject.toml that is a FIFO or links to /dev/zero
  // must not hang or fill the memory of the editor's server.
  const read = readRegularTextFile(file, MAX_PYPROJECT_BYTES);
  if (read.ok) return parseProjectFile(read.text, file);
  if (read.code === 'ENOENT' || read.code === 'ENOTDIR') return null;
  return { config: unusableProjectConfig(file, { kind: 'unreadable', reason: read.message }), declaresSection: true };
}

function readConfigFile(file: string): LoadedFile | null {
  const cached = fileCache.get(file);
  if (cached !== undefined) return cached;
  const loaded = loadProjectFile(file);
  fileCache.set(file, loaded);
  return loaded;
}

/** Changes each time a cached file is forgotten: a lookup that spans the change starts again. */
let generation = 0;
export function projectConfigGeneration(): number {
  return generation;
}

/**
 * The pyproject.toml files a lookup for `startPath` would read that are not cached yet, nearest
 * first (the editor's server reads them off its event loop, then looks up from the cache).
 */
export function projectFilesToRead(startPath: string): string[] {
  const files: string[] = [];
  for (let current = startFolder(startPath); !folderCache.has(current); ) {
    const file = join(current, 'pyproject.toml');
    const cached = fileCache.get(file);
    if (cached === undefined) files.push(file);
    else if (cached?.declaresSection) break;
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return files;
}

/** Files read elsewhere (`loadProjectFile` on a worker thread), for lookups to find in the cache. */
export function rememberProjectFiles(loaded: ReadonlyMap<string, LoadedFile | null>): void {
  for (const [file, result] of loaded) fileCache.set(file, result);
}

/** Reads one configuration file (cached); a missing or unreadable file gives defaults and a problem. */
export function loadProjectConfigFile(file: string): ProjectConfig {
  const absolute = resolve(file);
  const loaded = readConfigFile(absolute);
  if (loaded) return loaded.config;
  return unusableProjectConfig(absolute, { kind: 'not-found' });
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
  generation++;
  if (file === undefined) fileCache.clear();
  else fileCache.delete(resolve(file));
  folderCache.clear();
  defaultConfigs.clear();
}
