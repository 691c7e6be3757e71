// Glob matching for `per-file-ignores` and `exclude`: patterns are relative to the folder holding
// the configuration and always use `/`, whatever the platform.
import { isAbsolute, relative, sep } from 'node:path';

// Patterns come from a cloned repository's pyproject.toml: the matcher must stay fast whatever they
// are. Each path segment is matched by the two-pointer wildcard algorithm (time proportional to
// pattern length times name length, never exponential), and `**` across segments by a table over
// (pattern segment, path segment). A regular expression with nested stars would backtrack instead.

type Token = { kind: 'char'; char: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'class'; negated: boolean; ranges: [string, string][] };

/** More alternatives than this from `{a,b}` braces and the braces are taken literally. */
const MAX_ALTERNATIVES = 256;

const compiled = new Map<string, (path: string) => boolean>();

function matcher(pattern: string): (path: string) => boolean {
  let match = compiled.get(pattern);
  if (!match) {
    match = compileGlob(pattern);
    compiled.set(pattern, match);
  }
  return match;
}

export function compileGlob(pattern: string): (path: string) => boolean {
  // A pattern without a slash names a file or folder anywhere below the root, as in .gitignore.
  const basenameOnly = !pattern.includes('/');
  const alternatives = expandBraces(pattern).map((alternative) => alternative.split('/').map((segment) => (segment === '**' ? null : tokenize(segment))));
  return (path: string) => {
    const segments = basenameOnly ? [path.slice(path.lastIndexOf('/') + 1)] : path.split('/');
    return alternatives.some((alternative) => matchSegments(alternative, segments));
  };
}

/** `{a,b}c` -> `ac`, `bc` (nested braces too), up to MAX_ALTERNATIVES. */
function expandBraces(pattern: string): string[] {
  let results = [''];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      results = results.map((r) => r + c + pattern[i + 1]);
      i += 2;
      continue;
    }
    if (c === '{') {
      const close = matchingBrace(pattern, i);
      if (close > 0) {
        const options = splitTopLevel(pattern.slice(i + 1, close)).flatMap(expandBraces);
        const next = results.flatMap((r) => options.map((o) => r + o));
        if (options.length > 1 && next.length <= MAX_ALTERNATIVES) {
          results = next;
          i = close + 1;
          continue;
        }
      }
    }
    results = results.map((r) => r + c);
    i++;
  }
  return results;
}

function matchingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) tokens.push({ kind: 'char', char: segment[++i]! });
    else if (c === '?') tokens.push({ kind: 'any' });
    else if (c === '*') {
      // `**` inside a segment is a plain star; consecutive stars are one.
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) {
        tokens.push({ kind: 'char', char: c });
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body[0] === '!' || body[0] === '^';
      if (negated) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          ranges.push([body[k]!, body[k + 2]!]);
          k += 2;
        } else ranges.push([body[k]!, body[k]!]);
      }
      tokens.push({ kind: 'class', negated, ranges });
      i = close;
    } else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

function tokenMatches(token: Token, char: string): boolean {
  switch (token.kind) {
    case 'char':
      return token.char === char;
    case 'any':
      return true;
    case 'class':
      return token.ranges.some(([lo, hi]) => char >= lo && char <= hi) !== token.negated;
    case 'star':
      return false;
  }
}

/** One segment: the classic wildcard walk, resuming after the last star on a mismatch. */
function matchSegment(tokens: readonly Token[], name: string): boolean {
  let t = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const token = tokens[t];
    if (token && token.kind === 'star') {
      star = t++;
      resume = n;
    } else if (token && tokenMatches(token, name[n]!)) {
      t++;
      n++;
    } else if (star >= 0) {
      t = star + 1;
      n = ++resume;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/** Segments, where null is `**` (any number of segments): a table of which suffixes match. */
function matchSegments(pattern: readonly (Token[] | null)[], segments: readonly string[]): boolean {
  // reach[j]: pattern[0..i) can match segments[0..j).
  let reach = new Array<boolean>(segments.length + 1).fill(false);
  reach[0] = true;
  for (const part of pattern) {
    const next = new Array<boolean>(segments.length + 1).fill(false);
    for (let j = 0; j <= segments.length; j++) {
      if (part === null) next[j] = reach[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && reach[j - 1]! && matchSegment(part, segments[j - 1]!);
    }
    reach = next;
  }
  return reach[segments.length]!;
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
