// Glob matching for `per-file-ignores` and `exclude`: patterns are relative to the folder holding
// the configuration and always use `/`, whatever the platform.
import { isAbsolute, relative, sep } from 'node:path';
import picomatch from 'picomatch';

const compiled = new Map<string, (path: string) => boolean>();

function matcher(pattern: string): (path: string) => boolean {
  let match = compiled.get(pattern);
  if (!match) {
    // A pattern without a slash names a file or folder anywhere below the root, as in .gitignore.
    match = picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
    compiled.set(pattern, match);
  }
  return match;
}

/** `./tests/` and `tests` mean the same folder. */
export function normalizePattern(pattern: string): string {
  return pattern.trim().replace(/^\.\//, '').replace(/\/+$/, '');
}

/** `filePath` relative to `root` with `/` separators, or null when it lies outside `root`. */
export function relativeToRoot(root: string, filePath: string): string | null {
  const rel = relative(root, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

function matchesGlob(pattern: string, relativePath: string): boolean {
  return matcher(pattern)(relativePath);
}

/** True when the path itself or one of the folders it sits in matches (excluding `build` excludes its files). */
export function matchesGlobOrParent(pattern: string, relativePath: string): boolean {
  const segments = relativePath.split('/');
  for (let length = segments.length; length > 0; length--) {
    if (matchesGlob(pattern, segments.slice(0, length).join('/'))) return true;
  }
  return false;
}
