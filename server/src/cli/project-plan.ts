// The projects of an `oomlint check` run: each checked file's project root, and which of the
// project's Python files its analysis reads: the checked files themselves and, from their imports
// on, every project module they lead to (read, never written, under the checked files' limits). A
// folder named on the command line bounds the projects inside it; a file named alone belongs to the
// project above it.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { importedModule, modulePlaceOf, projectRootOf } from '../project/layout';
import type { CheckPlan } from './check-files';

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The project root of each of `plan`'s tasks, by index; `paths` are the command line's. */
export function projectRootsOf(plan: CheckPlan, paths: readonly string[], cwd: string, exists?: (path: string) => boolean): string[] {
  const folders = paths.map((p) => resolve(cwd, p)).filter(isFolder);
  const ceilingOf = (path: string): string | undefined => {
    let best: string | undefined;
    for (const folder of folders) {
      if (path.startsWith(folder.endsWith(sep) ? folder : folder + sep) && (!best || folder.length > best.length)) best = folder;
    }
    return best;
  };
  return plan.tasks.map((task) => projectRootOf(dirname(task.path), ceilingOf(task.path), exists));
}

/**
 * The project files that the imports of a summarised file lead to: for each imported name, the
 * module file (`a/b.py`) or package (`a/b/__init__.py`) that the longest part of it names, and the
 * packages above it, which run first and may re-export the name. `exists` tells whether a file
 * is there (a check passes one that remembers its answers).
 */
export function importedFiles(root: string, path: string, imports: Iterable<string>, exists: (path: string) => boolean = existsSync): string[] {
  const place = modulePlaceOf(root, path);
  if (!place) return [];
  const found = new Set<string>();
  for (const qualified of imports) {
    const files = (parts: readonly string[]) => {
      const base = join(root, ...parts);
      const present = [`${base}.py`, join(base, '__init__.py')].filter(exists);
      return present.length ? present : undefined;
    };
    const hit = importedModule(place, qualified, files);
    if (!hit) continue;
    for (const file of hit.module) found.add(file);
    // The packages a module is in run before it, and their `__init__` may hold the name.
    for (let j = hit.parts.length - 1; j >= 1; j--) {
      const init = join(root, ...hit.parts.slice(0, j), '__init__.py');
      if (exists(init)) found.add(init);
    }
  }
  found.delete(path);
  return [...found];
}
