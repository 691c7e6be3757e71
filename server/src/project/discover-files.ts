// Which files `oomlint check PATH...` looks at, and the editor's index in its workspace folders:
// every .py and .ipynb file below the folders named, minus what .gitignore files, the
// configuration's `exclude`, virtualenvs and tool caches leave out. A path
// named on the command line is always checked, whatever it is called, so that a missing or
// unreadable one is reported rather than silently skipped, and a folder named there is walked even
// when an enclosing .gitignore leaves that folder out.
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Gitignore } from '../config/gitignore';
import { readRegularTextFile } from '../files/read-regular-file';

const MAX_GITIGNORE_BYTES = 1024 * 1024;

/** Folders that never hold the project's own code. */
const SKIPPED_FOLDERS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  '__pycache__',
  '.venv',
  'venv',
  'site-packages',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  // Jupyter's autosaved copies of the notebooks beside them.
  '.ipynb_checkpoints',
]);

/** Python files, and Jupyter notebooks (their code cells). */
const CHECKED_EXTENSIONS = ['.py', '.ipynb'];

interface GitignoreLayer {
  base: string;
  rules: Gitignore;
}

export interface DiscoveryOptions {
  /** True for a file or folder that the configuration's `exclude` leaves out of walks. */
  isExcluded: (path: string) => boolean;
  /** True for a file that the configuration's `extend-include` adds to those walks check. */
  isIncluded?: (path: string) => boolean;
  /**
   * Filled with the files whose names are not valid UTF-8: the path as found (invalid bytes written
   * `\xNN`) -> the real path's bytes, as a latin1 string (see `rawPathBytes`).
   */
  rawPaths?: Map<string, string>;
  /** Filled with the folders that could not be listed (their files go unchecked), and why. */
  unlistedFolders?: Map<string, string>;
  /** Filled with the `.gitignore` files some of whose lines are not applied (see MAX_WILDCARD_CHARACTERS). */
  partlyAppliedGitignores?: Map<string, NonNullable<Gitignore['leftOut']>>;
}

const SEPARATOR = Buffer.from(sep);

/**
 * A file name's bytes as text: UTF-8 where they are UTF-8, each other byte as `\xNN` (so two names
 * that differ only in invalid bytes stay two names, and the terminal gets nothing raw).
 */
export function readableName(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) return text;
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    const piece = length ? bytes.subarray(i, i + length) : null;
    const decoded = piece && piece.length === length ? piece.toString('utf8') : '';
    if (piece && decoded && !decoded.includes('\ufffd') && Buffer.from(decoded, 'utf8').equals(piece)) {
      out += decoded;
      i += length;
    } else {
      out += `\\x${lead.toString(16).padStart(2, '0')}`;
      i++;
    }
  }
  return out;
}

/** The bytes of a path recorded in `rawPaths`. */
export function rawPathBytes(raw: string): Buffer {
  return Buffer.from(raw, 'latin1');
}

function readGitignore(folder: string, options?: DiscoveryOptions): GitignoreLayer | undefined {
  const file = join(folder, '.gitignore');
  // A .gitignore that is a FIFO, a device or huge is not a list of patterns worth waiting for.
  const read = readRegularTextFile(file, MAX_GITIGNORE_BYTES);
  if (!read.ok) return undefined;
  const rules = new Gitignore(read.text);
  if (rules.leftOut) options?.partlyAppliedGitignores?.set(file, rules.leftOut);
  return { base: folder, rules };
}

/**
 * `layer` without the lines that leave `folder` itself out (a folder named on the command line is
 * checked even when .gitignore lists it); its other lines still apply inside it.
 */
function withoutRulesIgnoring(layer: GitignoreLayer, folder: string): GitignoreLayer {
  if (!isGitignored([layer], folder, true)) return layer;
  return { base: layer.base, rules: layer.rules.withoutLinesIgnoring(toPosix(relative(layer.base, folder))) };
}

const toPosix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));

/** The deepest .gitignore with an opinion decides, as in git. */
function isGitignored(layers: readonly GitignoreLayer[], path: string, isFolder: boolean): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const verdict = layer.rules.verdict(toPosix(relative(layer.base, path)), isFolder);
    if (verdict) return verdict === 'ignored';
  }
  return false;
}

/** .gitignore files between the repository's root and `folder` (exclusive) also apply inside it. */
function enclosingGitignores(folder: string, options: DiscoveryOptions): GitignoreLayer[] {
  const chain: string[] = [];
  for (let current = folder; !existsSync(join(current, '.git')); ) {
    const parent = dirname(current);
    // Not inside a repository: only the .gitignore files found during the walk count.
    if (parent === current) return [];
    chain.unshift(parent);
    current = parent;
  }
  return chain.map((f) => readGitignore(f, options)).filter((l): l is GitignoreLayer => l !== undefined);
}

function isVirtualenv(folder: string): boolean {
  return existsSync(join(folder, 'pyvenv.cfg'));
}

interface PendingFolder {
  folder: string;
  /** The folder's real bytes: names are listed as bytes, so a file whose name is not valid UTF-8 is still found and read. */
  rawFolder: Buffer;
  layers: GitignoreLayer[];
}

/** Why a folder could not be listed, in words, for folders whose files then go unchecked. */
function listingProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENAMETOOLONG') return 'could not list this folder: its path is longer than the system allows (ENAMETOOLONG); the files below it are not checked';
  if (code === 'EACCES' || code === 'EPERM') return `could not list this folder: permission denied (${code}); the files below it are not checked`;
  return `could not list this folder: ${error instanceof Error ? error.message : String(error)}; the files below it are not checked`;
}

/**
 * Every file to check below `start`, without recursion (a folder chain thousands deep must not
 * exhaust the stack). A file's text path has `\xNN` for the bytes of its name that are not UTF-8,
 * for reports and configuration; `rawPaths` keeps the real one.
 */
function walk(start: PendingFolder, options: DiscoveryOptions, found: Set<string>): void {
  for (const _folder of walkFolders(start, options, found));
}

/** The walk, one folder listed per step, so that a caller may pause between folders. */
function* walkFolders(start: PendingFolder, options: DiscoveryOptions, found: Set<string>): Generator<void> {
  const pending: PendingFolder[] = [start];
  for (let next = pending.pop(); next; next = pending.pop()) {
    yield;
    const { folder, rawFolder, layers } = next;
    const own = readGitignore(folder, options);
    const here = own ? [...layers, own] : layers;
    let entries;
    try {
      entries = readdirSync(rawFolder, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      // Gone meanwhile: nothing to report. Anything else leaves files unchecked: say which.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.unlistedFolders?.set(folder, listingProblem(error));
      continue;
    }
    const exact = Buffer.from(folder).equals(rawFolder);
    for (const entry of entries) {
      const name = readableName(entry.name);
      const path = join(folder, name);
      const rawPath = Buffer.concat([rawFolder, SEPARATOR, entry.name]);
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.has(name) || isVirtualenv(path)) continue;
        if (isGitignored(here, path, true) || options.isExcluded(path)) continue;
        pending.push({ folder: path, rawFolder: rawPath, layers: here });
      } else if ((CHECKED_EXTENSIONS.some((ext) => name.endsWith(ext)) || options.isIncluded?.(path)) && !entry.isFIFO() && !entry.isSocket()) {
        // Symlinks count too (a dangling one is then reported as unreadable); linked folders are not followed.
        if (isGitignored(here, path, false) || options.isExcluded(path)) continue;
        found.add(path);
        if (!exact || !Buffer.from(name).equals(entry.name)) options.rawPaths?.set(path, rawPath.toString('latin1'));
      }
    }
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files a walk of each of `folders` (absolute) finds, sorted, as `discoverPythonFiles` finds them;
 * between folders it calls `pause`, and waits when that returns a promise (the editor's server stays
 * responsive during the walk of a large workspace).
 */
export async function discoverInFolders(folders: readonly string[], options: DiscoveryOptions, pause: () => Promise<void> | undefined): Promise<string[]> {
  const found = new Set<string>();
  for (const folder of folders) {
    if (!isFolder(folder)) continue;
    const start = { folder, rawFolder: Buffer.from(folder), layers: enclosingGitignores(folder, options).map((layer) => withoutRulesIgnoring(layer, folder)) };
    for (const _folder of walkFolders(start, options, found)) {
      const waiting = pause();
      if (waiting) await waiting;
    }
  }
  return [...found].sort();
}

/** Absolute paths of the files to check, sorted. */
export function discoverPythonFiles(paths: readonly string[], cwd: string, options: DiscoveryOptions): string[] {
  const found = new Set<string>();
  for (const given of paths) {
    const path = resolve(cwd, given);
    if (!isFolder(path)) {
      found.add(path);
      continue;
    }
    // A folder named on the command line is checked even when an enclosing .gitignore leaves it
    // out (`oomlint check build/generated`); the rest of that .gitignore still applies inside it.
    walk({ folder: path, rawFolder: Buffer.from(path), layers: enclosingGitignores(path, options).map((layer) => withoutRulesIgnoring(layer, path)) }, options, found);
  }
  return [...found].sort();
}


/**
 * Whether a walk of `folder` would find the file `path` below it: no folder on the way is skipped, a
 * virtualenv, a link, left out by a .gitignore or excluded, and neither is the file. For files that
 * appear after the walk (the editor's file watcher reports them).
 */
export function isDiscoverable(folder: string, path: string, options: DiscoveryOptions): boolean {
  const rel = relative(folder, path);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return false;
  const parts = rel.split(sep);
  let layers = enclosingGitignores(folder, options).map((layer) => withoutRulesIgnoring(layer, folder));
  let current = folder;
  for (const [i, name] of parts.entries()) {
    const own = readGitignore(current, options);
    if (own) layers = [...layers, own];
    const next = join(current, name);
    if (i === parts.length - 1) {
      return (CHECKED_EXTENSIONS.some((ext) => name.endsWith(ext)) || options.isIncluded?.(next) === true) && !isGitignored(layers, next, false) && !options.isExcluded(next);
    }
    if (SKIPPED_FOLDERS.has(name) || !isRealFolder(next) || isVirtualenv(next) || isGitignored(layers, next, true) || options.isExcluded(next)) return false;
    current = next;
  }
  return false;
}

/** A folder itself, not a link to one (walks do not follow linked folders). */
function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
