// Glob matching for `per-file-ignores`, `exclude` and `extend-include`: patterns are relative to the
// folder holding the configuration and always use `/`, whatever the platform.
//
// Patterns come from a cloned repository's pyproject.toml: the matcher must stay fast whatever they
// are. Each pattern is parsed in one pass (matching braces found with a stack, not by a scan per
// brace) into an automaton of path-automaton.ts, so that a path costs at most pattern length times
// path length steps, and braces are alternatives inside the automaton rather than expanded copies.
// The patterns of a configuration are at most MAX_GLOB_CHARACTERS in all.
import { isAbsolute, relative, sep } from 'node:path';
import { PathAutomaton, PatternList, type PatternNode } from './path-automaton';

/** Longer patterns are refused with a problem (no path on any platform is this long). */
export const MAX_GLOB_LENGTH = 4096;

/** All the patterns of one configuration together, in characters: beyond this the rest are refused. */
export const MAX_GLOB_CHARACTERS = 64 * 1024;

const SLASH_CODE = 0x2f;

/** Braces nested deeper than this are taken literally (the parser recurses once per level). */
const MAX_BRACE_DEPTH = 32;

/** Compiled pattern lists, by the configuration's list itself (a walk asks for every file and folder). */
const compiled = new WeakMap<readonly string[], PatternList>();

function listFor(patterns: readonly string[]): PatternList {
  let list = compiled.get(patterns);
  if (!list) {
    list = new PatternList(patterns.map(parseGlob));
    compiled.set(patterns, list);
  }
  return list;
}

/** A matcher for one pattern; it answers whether the whole path matches. */
export function compileGlob(pattern: string): (path: string) => boolean {
  const automaton = new PathAutomaton([parseGlob(pattern)]);
  return (path: string) => automaton.matchAll(path).length > 0;
}

/** Indices of the patterns that match `relativePath` or a folder it lies in (`build` covers `build/lib/x.py`). */
export function matchingGlobs(patterns: readonly string[], relativePath: string): number[] {
  if (!patterns.length) return [];
  return listFor(patterns).matching(relativePath, true);
}

/** Whether any of the patterns matches `relativePath` or a folder it lies in. */
export function anyGlobMatches(patterns: readonly string[], relativePath: string): boolean {
  return patterns.length > 0 && listFor(patterns).some(relativePath, true);
}

/** True when the path itself or one of the folders it sits in matches (excluding `build` excludes its files). */
export function matchesGlobOrParent(pattern: string, relativePath: string): boolean {
  return matchingGlobs([pattern], relativePath).length > 0;
}

/** Why a pattern cannot be used, or undefined when it can. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_GLOB_LENGTH) return `is ${pattern.length.toLocaleString('en')} characters long, more than the ${MAX_GLOB_LENGTH.toLocaleString('en')} a pattern may have`;
  return undefined;
}

/** Where each `{` closes and which commas separate its alternatives; -1 for a brace left open. */
function braceStructure(pattern: string): { close: Int32Array; commas: Map<number, number[]> } {
  const close = new Int32Array(pattern.length).fill(-1);
  const commas = new Map<number, number[]>();
  const open: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '{') open.push(i);
    else if (c === '}' && open.length) close[open.pop()!] = i;
    else if (c === ',' && open.length) {
      const owner = open[open.length - 1]!;
      const list = commas.get(owner);
      if (list) list.push(i);
      else commas.set(owner, [i]);
    }
  }
  return { close, commas };
}

/** For each index, the first `]` and the first `/` at or after it (the pattern's length when none). */
function nextIndexOf(pattern: string, char: string): Int32Array {
  const next = new Int32Array(pattern.length + 1);
  next[pattern.length] = pattern.length;
  for (let i = pattern.length - 1; i >= 0; i--) next[i] = pattern[i] === char ? i : next[i + 1]!;
  return next;
}

/**
 * The pattern as automaton pieces: `*`, `?`, `[abc]`, `[!a-z]`, `{a,b}` (nested too), `**` as a whole
 * segment for any number of folders, `\` escaping the next character. A pattern without a slash names
 * a file or folder anywhere below the root, as in .gitignore.
 */
export function parseGlob(pattern: string): PatternNode[] {
  const { close, commas } = braceStructure(pattern);
  const nextBracket = nextIndexOf(pattern, ']');
  const nextSlash = nextIndexOf(pattern, '/');

  const parseRange = (from: number, to: number, depth: number): PatternNode[] => {
    const nodes: PatternNode[] = [];
    let i = from;
    while (i < to) {
      const c = pattern[i]!;
      if (c === '\\' && i + 1 < to) {
        nodes.push({ kind: 'char', code: pattern.charCodeAt(i + 1) });
        i += 2;
      } else if (c === '*') {
        let run = 1;
        while (i + run < to && pattern[i + run] === '*') run++;
        const after = i + run;
        // `**` is a whole segment when a slash or the pattern's start comes before it; after `{` or `,`
        // the automaton checks at run time whether a segment starts there.
        const before = i === 0 ? '/' : pattern[i - 1];
        const segmentBefore = run >= 2 && (before === '/' || before === '{' || before === ',');
        if (segmentBefore && after < to && pattern[after] === '/') {
          nodes.push({ kind: 'globstarSlash' });
          i = after + 1;
        } else if (segmentBefore && after === pattern.length) {
          // A trailing `/**` (or `/**/**`) covers the folder itself too, and everything below it.
          while (nodes[nodes.length - 1]?.kind === 'globstarSlash') nodes.pop();
          const last = nodes[nodes.length - 1];
          if (before === '/' && last?.kind === 'char' && last.code === SLASH_CODE) {
            nodes[nodes.length - 1] = { kind: 'alternatives', options: [[], [last, { kind: 'anything' }]] };
          } else nodes.push({ kind: 'globstarEnd' });
          i = after;
        } else {
          nodes.push({ kind: 'star' });
          i = after;
        }
      } else if (c === '?') {
        nodes.push({ kind: 'any' });
        i++;
      } else if (c === '[' && i + 2 < to && nextBracket[i + 2]! < Math.min(to, nextSlash[i]!)) {
        const end = nextBracket[i + 2]!;
        let body = pattern.slice(i + 1, end);
        const negated = body[0] === '!' || body[0] === '^';
        if (negated) body = body.slice(1);
        const ranges: number[] = [];
        for (let k = 0; k < body.length; k++) {
          if (body[k + 1] === '-' && k + 2 < body.length) {
            ranges.push(body.charCodeAt(k), body.charCodeAt(k + 2));
            k += 2;
          } else ranges.push(body.charCodeAt(k), body.charCodeAt(k));
        }
        nodes.push({ kind: 'class', negated, ranges });
        i = end + 1;
      } else if (c === '{' && depth < MAX_BRACE_DEPTH && close[i]! > i && close[i]! < to && commas.has(i)) {
        const bounds = [i, ...commas.get(i)!, close[i]!];
        const options = bounds.slice(1).map((end, k) => parseRange(bounds[k]! + 1, end, depth + 1));
        nodes.push({ kind: 'alternatives', options });
        i = close[i]! + 1;
      } else {
        nodes.push({ kind: 'char', code: pattern.charCodeAt(i) });
        i++;
      }
    }
    return nodes;
  };

  const nodes = parseRange(0, pattern.length, 0);
  return pattern.includes('/') ? nodes : [{ kind: 'globstarSlash' }, ...nodes];
}

/** `./tests/` and `tests` mean the same folder. */
export function normalizePattern(pattern: string): string {
  let normalized = pattern.trim();
  if (normalized.startsWith('./')) normalized = normalized.slice(2);
  // A loop, not /\/+$/: that expression is quadratic on a long run of slashes followed by a letter.
  let end = normalized.length;
  while (end > 0 && normalized[end - 1] === '/') end--;
  return normalized.slice(0, end);
}

/** `filePath` relative to `root` with `/` separators, or null when it lies outside `root`. */
export function relativeToRoot(root: string, filePath: string): string | null {
  const rel = relative(root, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}
