// The matching engine under `exclude`, `per-file-ignores`, `extend-include` and `.gitignore`: a pattern
// list is compiled once into one nondeterministic automaton (Thompson's construction), and a path is
// run through it a character at a time with the set of live states (as RE2 does), never by
// backtracking. A path then costs at most (pattern characters) x (path characters) steps, whatever a
// cloned repository writes. Sets of states met before are cached as deterministic states, so the
// usual case costs one map look-up per character; the cache is bounded and dropped when full.

/** One piece of a parsed pattern. Every piece but `anyAll` and `globstar*` stays within one path segment. */
export type PatternNode =
  | { kind: 'char'; code: number }
  /** `?`: one character other than `/`. */
  | { kind: 'any' }
  /** `[a-z]`: one character other than `/`; `ranges` holds low, high pairs of UTF-16 code units. */
  | { kind: 'class'; negated: boolean; ranges: readonly number[] }
  /** `*`: any run of characters other than `/`. */
  | { kind: 'star' }
  /**
   * `**` followed by `/`: at the start of a segment, zero or more whole segments with their slashes;
   * elsewhere (`x**\/`), a `*` and then the slash.
   */
  | { kind: 'globstarSlash' }
  /** `**` ending the pattern: at the start of a segment, anything (slashes too); elsewhere a `*`. */
  | { kind: 'globstarEnd' }
  /** Any run of characters, slashes too. */
  | { kind: 'anything' }
  | { kind: 'alternatives'; options: readonly (readonly PatternNode[])[] };

const SLASH = 0x2f;

const OP_CHAR = 0;
const OP_ANY = 1;
const OP_CLASS = 2;
const OP_ANY_ALL = 3;
const OP_SPLIT = 4;
const OP_JUMP = 5;
const OP_AT_SEGMENT_START = 6;
const OP_NOT_AT_SEGMENT_START = 7;
const OP_MATCH = 8;

/** The instructions of the automaton, in parallel arrays. */
class ProgramBuilder {
  ops: number[] = [];
  first: number[] = [];
  second: number[] = [];
  classes: { negated: boolean; ranges: readonly number[] }[] = [];

  emit(op: number, first = 0, second = 0): number {
    this.ops.push(op);
    this.first.push(first);
    this.second.push(second);
    return this.ops.length - 1;
  }

  patch(at: number, first: number, second?: number): void {
    this.first[at] = first;
    if (second !== undefined) this.second[at] = second;
  }

  get next(): number {
    return this.ops.length;
  }

  sequence(nodes: readonly PatternNode[]): void {
    for (const node of nodes) this.node(node);
  }

  /** `op*` for a one-character op. */
  private loop(op: number, argument = 0): void {
    const split = this.emit(OP_SPLIT);
    this.emit(op, argument);
    this.emit(OP_JUMP, split);
    this.patch(split, split + 1, this.next);
  }

  /** `when(left) | otherwise(right)`. */
  private either(left: () => void, right: () => void): void {
    const split = this.emit(OP_SPLIT);
    left();
    const jump = this.emit(OP_JUMP);
    const rightStart = this.next;
    right();
    this.patch(split, split + 1, rightStart);
    this.patch(jump, this.next);
  }

  private node(node: PatternNode): void {
    switch (node.kind) {
      case 'char':
        this.emit(OP_CHAR, node.code);
        return;
      case 'any':
        this.emit(OP_ANY);
        return;
      case 'class':
        this.classes.push(node);
        this.emit(OP_CLASS, this.classes.length - 1);
        return;
      case 'star':
        this.loop(OP_ANY);
        return;
      case 'globstarSlash':
        this.either(
          () => {
            this.emit(OP_AT_SEGMENT_START);
            // Nothing, or anything that ends with a slash: zero or more whole segments.
            const skip = this.emit(OP_SPLIT);
            this.loop(OP_ANY_ALL);
            this.emit(OP_CHAR, SLASH);
            this.patch(skip, skip + 1, this.next);
          },
          () => {
            this.emit(OP_NOT_AT_SEGMENT_START);
            this.loop(OP_ANY);
            this.emit(OP_CHAR, SLASH);
          },
        );
        return;
      case 'anything':
        this.loop(OP_ANY_ALL);
        return;
      case 'globstarEnd':
        this.either(
          () => {
            this.emit(OP_AT_SEGMENT_START);
            this.loop(OP_ANY_ALL);
          },
          () => {
            this.emit(OP_NOT_AT_SEGMENT_START);
            this.loop(OP_ANY);
          },
        );
        return;
      case 'alternatives': {
        const jumps: number[] = [];
        node.options.forEach((option, index) => {
          if (index < node.options.length - 1) {
            const split = this.emit(OP_SPLIT);
            this.patch(split, split + 1);
            this.sequence(option);
            jumps.push(this.emit(OP_JUMP));
            this.patch(split, split + 1, this.next);
          } else this.sequence(option);
        });
        for (const jump of jumps) this.patch(jump, this.next);
        return;
      }
    }
  }
}

/** A deterministic state: the automaton's live character-consuming states, and the patterns matched here. */
interface CachedState {
  readonly consuming: Int32Array;
  /** Indices of the patterns that match the text read so far. */
  readonly matched: readonly number[];
  readonly next: Map<number, CachedState>;
}

/** Deterministic states kept before the cache is dropped; each holds at most one entry per program instruction. */
const MAX_CACHED_STATES = 2_000;
/** And at most this many instructions in all of them together. */
const MAX_CACHED_INSTRUCTIONS = 1_000_000;

/** A list of patterns compiled together; each pattern is known by its index in the list. */
export class PathAutomaton {
  private readonly ops: Int32Array;
  private readonly first: Int32Array;
  private readonly second: Int32Array;
  private readonly classes: { negated: boolean; ranges: readonly number[] }[];
  private readonly start: number;
  /** Per instruction, the closure pass that last visited it. */
  private readonly visited: Int32Array;
  private pass = 0;
  private readonly stack: Int32Array;
  private cache = new Map<string, CachedState>();
  private cachedInstructions = 0;
  private initial: CachedState | undefined;

  constructor(patterns: readonly (readonly PatternNode[])[]) {
    const builder = new ProgramBuilder();
    // start: split to each pattern in turn; each pattern ends in a MATCH of its own index.
    const entries: number[] = [];
    const splits: number[] = [];
    patterns.forEach((pattern, index) => {
      if (index < patterns.length - 1) splits.push(builder.emit(OP_SPLIT));
      entries.push(builder.next);
      builder.sequence(pattern);
      builder.emit(OP_MATCH, index);
    });
    splits.forEach((split, index) => builder.patch(split, entries[index]!, splits[index + 1] ?? entries[index + 1]!));
    this.start = splits[0] ?? entries[0] ?? builder.emit(OP_SPLIT, 0, 0);
    if (!patterns.length) {
      // No patterns: an instruction that leads nowhere (a split to itself is visited once and dropped).
      builder.patch(this.start, this.start, this.start);
    }
    this.ops = Int32Array.from(builder.ops);
    this.first = Int32Array.from(builder.first);
    this.second = Int32Array.from(builder.second);
    this.classes = builder.classes;
    this.visited = new Int32Array(this.ops.length);
    // Each instruction is expanded once per closure and pushes at most two others.
    this.stack = new Int32Array(2 * this.ops.length + 2);
  }

  /** Instructions in the automaton: the work per character of a path is at most proportional to it. */
  get size(): number {
    return this.ops.length;
  }

  /** Indices of the patterns that match all of `path`. */
  matchAll(path: string): number[] {
    let state = this.initialState();
    for (let i = 0; i < path.length; i++) {
      if (!state.consuming.length) return [];
      state = this.step(state, path.charCodeAt(i));
    }
    return [...state.matched];
  }

  /**
   * Indices of the patterns that match `path` or one of the folders it lies in (a prefix of it that
   * ends before a slash).
   */
  matchPathOrParents(path: string): number[] {
    const found = new Set<number>();
    let state = this.initialState();
    for (let i = 0; i < path.length; i++) {
      const code = path.charCodeAt(i);
      if (code === SLASH && i > 0) for (const index of state.matched) found.add(index);
      if (!state.consuming.length) return [...found];
      state = this.step(state, code);
    }
    for (const index of state.matched) found.add(index);
    return [...found];
  }

  private initialState(): CachedState {
    this.initial ??= this.closure([this.start], true);
    return this.initial;
  }

  private step(state: CachedState, code: number): CachedState {
    const known = state.next.get(code);
    if (known) return known;
    const targets: number[] = [];
    for (const pc of state.consuming) if (this.accepts(pc, code)) targets.push(pc + 1);
    const next = this.closure(targets, code === SLASH);
    if (this.cache.size < MAX_CACHED_STATES) state.next.set(code, next);
    return next;
  }

  private accepts(pc: number, code: number): boolean {
    switch (this.ops[pc]) {
      case OP_CHAR:
        return this.first[pc] === code;
      case OP_ANY:
        return code !== SLASH;
      case OP_ANY_ALL:
        return true;
      case OP_CLASS: {
        if (code === SLASH) return false;
        const { negated, ranges } = this.classes[this.first[pc]!]!;
        let inside = false;
        for (let i = 0; i < ranges.length && !inside; i += 2) inside = code >= ranges[i]! && code <= ranges[i + 1]!;
        return inside !== negated;
      }
      default:
        return false;
    }
  }

  /** Follows every jump, split and assertion from `targets`; `atSegmentStart`: the last character read was a slash, or none was. */
  private closure(targets: readonly number[], atSegmentStart: boolean): CachedState {
    const pass = ++this.pass;
    if (pass === 0x7fffffff) {
      this.visited.fill(0);
      this.pass = 1;
    }
    const mark = this.pass;
    const consuming: number[] = [];
    const matched: number[] = [];
    const stack = this.stack;
    for (let t = targets.length - 1; t >= 0; t--) {
      let top = 0;
      stack[top++] = targets[t]!;
      while (top > 0) {
        const pc = stack[--top]!;
        if (this.visited[pc] === mark) continue;
        this.visited[pc] = mark;
        switch (this.ops[pc]) {
          case OP_SPLIT:
            if (this.visited[this.second[pc]!] !== mark) stack[top++] = this.second[pc]!;
            if (this.visited[this.first[pc]!] !== mark) stack[top++] = this.first[pc]!;
            break;
          case OP_JUMP:
            stack[top++] = this.first[pc]!;
            break;
          case OP_AT_SEGMENT_START:
            if (atSegmentStart) stack[top++] = pc + 1;
            break;
          case OP_NOT_AT_SEGMENT_START:
            if (!atSegmentStart) stack[top++] = pc + 1;
            break;
          case OP_MATCH:
            matched.push(this.first[pc]!);
            break;
          default:
            consuming.push(pc);
        }
      }
    }
    consuming.sort((a, b) => a - b);
    matched.sort((a, b) => a - b);
    // What follows depends only on these two sets, however they were reached.
    const key = `${consuming.join(',')}|${matched.join(',')}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const state: CachedState = { consuming: Int32Array.from(consuming), matched, next: new Map() };
    if (this.cache.size >= MAX_CACHED_STATES || this.cachedInstructions + consuming.length > MAX_CACHED_INSTRUCTIONS) {
      // A pattern list whose paths keep meeting new state sets: start the cache afresh rather than grow.
      this.cache = new Map();
      this.cachedInstructions = 0;
      this.initial = undefined;
    }
    this.cache.set(key, state);
    this.cachedInstructions += consuming.length;
    return state;
  }
}

/**
 * The longest run of plain characters a path must contain for the pattern to match it (outside
 * alternatives), or '' when there is none: a pattern whose run is absent from a path is skipped
 * without running its automaton.
 */
export function requiredLiteral(nodes: readonly PatternNode[]): string {
  let best = '';
  let run = '';
  for (const node of nodes) {
    if (node.kind === 'char') {
      run += String.fromCharCode(node.code);
      if (run.length > best.length) best = run;
    } else run = '';
  }
  return best;
}

/**
 * Patterns matched one by one, each by an automaton of its own compiled when first needed: a
 * pattern's own deterministic states stay few and cached, where one automaton for thousands of
 * star-heavy patterns meets a new set of states at nearly every character. A pattern whose required
 * run of characters is not in the path is not run at all.
 */
export class PatternList {
  private readonly automata: (PathAutomaton | undefined)[];
  private readonly literals: string[];

  constructor(private readonly patterns: readonly (readonly PatternNode[])[]) {
    this.automata = new Array<PathAutomaton | undefined>(patterns.length);
    this.literals = patterns.map(requiredLiteral);
  }

  get length(): number {
    return this.patterns.length;
  }

  private automaton(index: number): PathAutomaton {
    let automaton = this.automata[index];
    if (!automaton) {
      automaton = new PathAutomaton([this.patterns[index]!]);
      this.automata[index] = automaton;
    }
    return automaton;
  }

  /** Whether pattern `index` matches `path` (or, with `orParents`, a folder it lies in). */
  matches(index: number, path: string, orParents: boolean): boolean {
    const literal = this.literals[index]!;
    if (literal && !path.includes(literal)) return false;
    const automaton = this.automaton(index);
    return (orParents ? automaton.matchPathOrParents(path) : automaton.matchAll(path)).length > 0;
  }

  /** Indices of the patterns that match, in order. */
  matching(path: string, orParents: boolean): number[] {
    const found: number[] = [];
    for (let index = 0; index < this.patterns.length; index++) if (this.matches(index, path, orParents)) found.push(index);
    return found;
  }

  /** Whether any pattern matches. */
  some(path: string, orParents: boolean): boolean {
    for (let index = 0; index < this.patterns.length; index++) if (this.matches(index, path, orParents)) return true;
    return false;
  }

  /** The last pattern that `accept` lets count and that matches all of `path`; -1 when none. */
  lastMatching(path: string, accept: (index: number) => boolean): number {
    for (let index = this.patterns.length - 1; index >= 0; index--) if (accept(index) && this.matches(index, path, false)) return index;
    return -1;
  }
}
