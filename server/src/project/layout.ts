// Where a project's modules are: its root, each file's dotted module name, and the names an import
// may mean. Python finds `import a.b` on its path: the folder of the script being run first, then
// the project's root (an installed or `PYTHONPATH` checkout) or its `src/` folder; a relative import
// counts from the importing module's package.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/** The most files of one project whose summaries are read (by `oomlint check` and by the editor's index). */
export const MAX_PROJECT_FILES = 5_000;

/** Files whose folder is the root of a Python project. */
const ROOT_MARKERS = ['pyproject.toml', 'setup.py', 'setup.cfg', '.git'];

/**
 * The root of the project `path` belongs to: the nearest folder above it (or it, for a folder) that
 * holds a project marker, never above `ceiling` when given (a folder named on the command line is a
 * project of its own); without a marker, the ceiling, or else the file's own folder.
 */
export function projectRootOf(path: string, ceiling?: string, exists: (path: string) => boolean = existsSync): string {
  const start = isFolder(path) ? path : dirname(path);
  for (let folder = start; ; folder = dirname(folder)) {
    if (ROOT_MARKERS.some((marker) => exists(join(folder, marker)))) return folder;
    if ((ceiling !== undefined && folder === ceiling) || dirname(folder) === folder) break;
  }
  return ceiling ?? start;
}

/**
 * `existsSync` for a run that asks about many files in few folders (every checked file's project
 * markers, every import's candidate modules): each folder is listed once, and a folder its parent's
 * listing does not show as a folder is not listed at all. A name listed as a symbolic link is still
 * asked of the file system (its target may be missing), and so is any path in a folder that cannot be
 * listed. Names compare exactly, as Python's imports do on every file system.
 */
export function existenceFromListings(): (path: string) => boolean {
  const listings = new Map<string, Listing | null>();
  const listingOf = (folder: string): Listing | null => {
    let listing = listings.get(folder);
    if (listing !== undefined) return listing;
    const parent = dirname(folder);
    const above = parent === folder ? null : listingOf(parent);
    const kind = above?.get(basename(folder));
    if (above && (kind === undefined || kind === 'file')) {
      listing = NOTHING_LISTED;
    } else {
      try {
        listing = new Map(readdirSync(folder, { withFileTypes: true }).map((entry) => [entry.name, entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : 'file']));
      } catch (error) {
        // No such folder: nothing is in it. Any other failure (no permission to list): ask each path.
        const code = (error as NodeJS.ErrnoException).code;
        listing = code === 'ENOENT' || code === 'ENOTDIR' ? NOTHING_LISTED : null;
      }
    }
    listings.set(folder, listing);
    return listing;
  };
  return (path) => {
    const listing = listingOf(dirname(path));
    if (listing === null) return existsSync(path);
    const kind = listing.get(basename(path));
    return kind === undefined ? false : kind !== 'link' || existsSync(path);
  };
}

/** A folder's entries by name, each a file, a folder or a symbolic link. */
type Listing = ReadonlyMap<string, 'file' | 'folder' | 'link'>;

const NOTHING_LISTED: Listing = new Map();

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A file's place in its project: its dotted module name from the root, and whether it is a package's `__init__`. */
export interface ModulePlace {
  /** `pkg.models.resnet`; for `pkg/__init__.py`, `pkg`. */
  readonly module: string;
  readonly isPackage: boolean;
}

/**
 * The module name of `path` (a .py file under `root`), or undefined when no module name fits it. A
 * folder or file whose name no import can spell (`00_burgers/`, `train-v2.py`) still gets one: a
 * script there imports its neighbours, which Python finds in the script's own folder. A notebook
 * (.ipynb) gets the place a script of its name would have: no import reaches it, but its kernel
 * starts in its folder, so its own imports find its neighbours as a script's do.
 */
export function modulePlaceOf(root: string, path: string): ModulePlace | undefined {
  const rel = relative(root, path);
  const extension = rel.endsWith('.py') ? '.py' : rel.endsWith('.ipynb') ? '.ipynb' : null;
  if (rel.startsWith('..') || !extension) return undefined;
  const parts = rel.slice(0, -extension.length).split(sep);
  const isPackage = parts[parts.length - 1] === '__init__';
  if (isPackage) parts.pop();
  if (!parts.length || !parts.every((p) => p.length > 0 && !p.includes('.'))) return undefined;
  return { module: parts.join('.'), isPackage };
}

/**
 * The absolute module names an import in `importer` may mean, most likely first. `qualified` is a
 * name as the importing file's imports qualify it: absolute (`pkg.models.Net`) or relative
 * (`.models.Net`, `..utils.f`).
 */
export function candidateNames(importer: ModulePlace, qualified: string): string[] {
  if (qualified.startsWith('.')) {
    const level = /^\.+/.exec(qualified)![0].length;
    const rest = qualified.slice(level);
    const packageParts = importer.module.split('.');
    // `from . import x` in `pkg/a.py` counts from `pkg`; in `pkg/__init__.py`, from `pkg` too.
    if (!importer.isPackage) packageParts.pop();
    const up = packageParts.length - (level - 1);
    if (up < 0) return [];
    const base = packageParts.slice(0, up);
    return [[...base, ...(rest ? [rest] : [])].join('.')].filter((name) => name.length > 0);
  }
  const names = [qualified];
  // The folder of a script run from it comes first on Python's path: `from model import Net` in
  // `scripts/train.py` finds `scripts/model.py`.
  const folder = importer.module.split('.').slice(0, importer.isPackage ? undefined : -1);
  if (folder.length) names.unshift(`${folder.join('.')}.${qualified}`);
  // A `src/` layout: `from pkg import x` finds `src/pkg`.
  names.push(`src.${qualified}`);
  return names;
}

/**
 * The module an import of `qualified` in `importer` reaches: for each name the import may mean
 * (most likely first, see candidateNames), the longest leading part of it that `moduleAt` finds a
 * module for, with that part; undefined when it finds none.
 */
export function importedModule<T>(importer: ModulePlace, qualified: string, moduleAt: (parts: readonly string[]) => T | undefined): { module: T; parts: readonly string[] } | undefined {
  for (const candidate of candidateNames(importer, qualified)) {
    const parts = candidate.split('.');
    for (let i = parts.length; i >= 1; i--) {
      const module = moduleAt(parts.slice(0, i));
      if (module !== undefined) return { module, parts: parts.slice(0, i) };
    }
  }
  return undefined;
}
