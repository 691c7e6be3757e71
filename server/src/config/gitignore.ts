// `.gitignore` files, read as git reads them (gitignore(5), and git's own wildmatch for the patterns),
// and matched with the automata of path-automaton.ts: a cloned repository's `.gitignore` line such as
// `a/**/**/**/x` costs at most its length times the path's length, where a translation into a
// backtracking regular expression took minutes on a deep folder. Lines are tried from the last (the
// last that matches decides), skipping those whose plain characters the path lacks; lines with
// wildcards count against MAX_WILDCARD_CHARACTERS, beyond which they are left out and reported.
import { PatternList, type PatternNode } from './path-automaton';

interface GitignoreLine {
  nodes: PatternNode[];
  /** `!pattern`: includes again what an earlier line left out. */
  negated: boolean;
  /** `pattern/`: only folders. */
  folderOnly: boolean;
}

/** Characters of lines with wildcards (`*`, `?`, `[`) that a `.gitignore` may have; literal lines are not counted. */
export const MAX_WILDCARD_CHARACTERS = 64 * 1024;

/** What the lines of one `.gitignore` say about a path. */
export type GitignoreVerdict = 'ignored' | 'included' | undefined;

/** git drops trailing spaces unless a backslash escapes the last one. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (lastSpace < 0) lastSpace = i;
    } else {
      if (c === '\\') {
        i++;
        if (i >= line.length) return line;
      }
      lastSpace = -1;
    }
  }
  return lastSpace < 0 ? line : line.slice(0, lastSpace);
}

/** ASCII code ranges of the POSIX classes git's wildmatch knows (`[[:digit:]]`). */
const POSIX_CLASSES: Record<string, readonly number[]> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  blank: [0x20, 0x20, 0x09, 0x09],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

/** A bracket expression starting at `open` (`[`): the class and the index after its `]`, or null when git would give up on the pattern. */
function parseBracket(pattern: string, open: number): { node: PatternNode; end: number } | null {
  let p = open + 1;
  let negated = false;
  if (pattern[p] === '!' || pattern[p] === '^') {
    negated = true;
    p++;
  }
  const ranges: number[] = [];
  let previous = -1;
  // As wildmatch: the first character is a member even when it is `]`.
  for (let first = true; first || pattern[p] !== ']'; first = false) {
    if (p >= pattern.length) return null;
    const c = pattern[p]!;
    if (c === '\\') {
      if (++p >= pattern.length) return null;
      const code = pattern.charCodeAt(p);
      ranges.push(code, code);
      previous = code;
    } else if (c === '-' && previous >= 0 && p + 1 < pattern.length && pattern[p + 1] !== ']') {
      p++;
      if (pattern[p] === '\\' && ++p >= pattern.length) return null;
      const high = pattern.charCodeAt(p);
      // The previous character is a member of its own already; a reversed range adds nothing.
      if (high >= previous) ranges[ranges.length - 1] = high;
      previous = -1;
    } else if (c === '[' && pattern[p + 1] === ':') {
      const close = pattern.indexOf(']', p + 2);
      if (close < 0) return null;
      if (pattern[close - 1] !== ':' || close - 1 < p + 2) {
        // No `:]`: an ordinary `[` member.
        ranges.push(0x5b, 0x5b);
        previous = 0x5b;
      } else {
        const named = POSIX_CLASSES[pattern.slice(p + 2, close - 1)];
        if (!named) return null;
        ranges.push(...named);
        previous = -1;
        p = close;
      }
    } else {
      const code = pattern.charCodeAt(p);
      ranges.push(code, code);
      previous = code;
    }
    p++;
  }
  return { node: { kind: 'class', negated, ranges }, end: p + 1 };
}

/** A pattern as automaton pieces, as git's wildmatch reads it with WM_PATHNAME; null when it can never match. */
function parseWildmatch(pattern: string): PatternNode[] | null {
  const nodes: PatternNode[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      // A trailing backslash compares with the end of the text: nothing matches it.
      if (i + 1 >= pattern.length) return null;
      nodes.push({ kind: 'char', code: pattern.charCodeAt(i + 1) });
      i += 2;
    } else if (c === '?') {
      nodes.push({ kind: 'any' });
      i++;
    } else if (c === '[') {
      const bracket = parseBracket(pattern, i);
      if (!bracket) return null;
      nodes.push(bracket.node);
      i = bracket.end;
    } else if (c === '*') {
      let run = 1;
      while (pattern[i + run] === '*') run++;
      const after = i + run;
      const segmentBefore = i === 0 || pattern[i - 1] === '/';
      const slashAfter = pattern[after] === '/' ? 1 : pattern[after] === '\\' && pattern[after + 1] === '/' ? 2 : 0;
      if (run >= 2 && segmentBefore && after === pattern.length) {
        nodes.push({ kind: 'anything' });
        i = after;
      } else if (run >= 2 && segmentBefore && slashAfter) {
        nodes.push({ kind: 'globstarSlash' });
        i = after + slashAfter;
      } else {
        nodes.push({ kind: 'star' });
        i = after;
      }
    } else {
      nodes.push({ kind: 'char', code: pattern.charCodeAt(i) });
      i++;
    }
  }
  return nodes;
}

/** One line of a `.gitignore`, or null for blank lines, comments and patterns that can never match. */
function parseLine(raw: string): GitignoreLine | null {
  if (raw.startsWith('#')) return null;
  let pattern = trimTrailingSpaces(raw);
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  const folderOnly = pattern.endsWith('/');
  if (folderOnly) pattern = pattern.slice(0, -1);
  // Without a slash the pattern names a file or folder at any depth; with one, a path from this folder.
  const anyDepth = !pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  if (!pattern) return null;
  const nodes = parseWildmatch(pattern);
  if (!nodes) return null;
  return { nodes: anyDepth ? [{ kind: 'globstarSlash' }, ...nodes] : nodes, negated, folderOnly };
}

/** The lines of one `.gitignore` file. */
export class Gitignore {
  private readonly lines: (GitignoreLine | null)[];
  private readonly active: number[];
  private readonly patterns: PatternList;
  /** The first line left out for the wildcard budget (1-based), and how many were. */
  readonly leftOut: { firstLine: number; count: number } | undefined;

  /** `text`: the file's content; `dropped`: indices of lines to leave out. */
  constructor(
    readonly text: string,
    private readonly dropped: ReadonlySet<number> = new Set(),
  ) {
    const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    let wildcardCharacters = 0;
    let leftOut: { firstLine: number; count: number } | undefined;
    this.lines = text
      .slice(start)
      .split(/\r?\n/)
      .map((raw, index) => {
        if (dropped.has(index)) return null;
        const line = parseLine(raw);
        if (line && /[*?[]/.test(raw)) {
          wildcardCharacters += raw.length;
          if (wildcardCharacters > MAX_WILDCARD_CHARACTERS) {
            leftOut = leftOut ? { ...leftOut, count: leftOut.count + 1 } : { firstLine: index + 1, count: 1 };
            return null;
          }
        }
        return line;
      });
    this.leftOut = leftOut;
    this.active = this.lines.flatMap((line, index) => (line ? [index] : []));
    this.patterns = new PatternList(this.active.map((index) => this.lines[index]!.nodes));
  }

  /** What the last line that matches `relativePath` (from the file's folder, `/` separators) says. */
  verdict(relativePath: string, isFolder: boolean): GitignoreVerdict {
    const position = this.patterns.lastMatching(relativePath, (p) => isFolder || !this.lines[this.active[p]!]!.folderOnly);
    if (position < 0) return undefined;
    return this.lines[this.active[position]!]!.negated ? 'included' : 'ignored';
  }

  /** This file without the lines that leave out `relativeFolder` or a folder above it (the lines that include are kept). */
  withoutLinesIgnoring(relativeFolder: string): Gitignore {
    const ignoring = this.patterns
      .matching(relativeFolder, true)
      .map((position) => this.active[position]!)
      .filter((index) => !this.lines[index]!.negated);
    if (!ignoring.length) return this;
    return new Gitignore(this.text, new Set([...this.dropped, ...ignoring]));
  }
}
