// The accuracy set's labels: reading and validating the manifests under accuracy/. A malformed
// label is reported with its file and field, never silently skipped (the figures would lie).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ALL_RULES } from '../../server/src/rules';

export interface Positive {
  rule: string;
  /** In a notebook: the code cell (1-based among all cells, as oomlint reports it); `lines` are rows in it. */
  cell?: number;
  /** 1-based, inclusive. */
  lines: [number, number];
  why: string;
  /** Why no analysis of this file alone could find it; such misses are reported apart. */
  outOfReach?: string;
}

/** One stored file with its labels, from a files manifest or one side of a commit. */
export interface LabelledFile {
  /** Names the file in reports: `<manifest id>` or `<commit id>:before`. */
  id: string;
  /** Absolute path of the stored file. */
  path: string;
  positives: Positive[];
  /** Held-out files: the repository snapshot the file belongs to (see heldout.ts). */
  project?: SnapshotPlace;
}

/** Where a held-out file sits in its repository snapshot, which is its project root. */
export interface SnapshotPlace {
  /** Absolute path of the snapshot's folder. */
  root: string;
  /** The file's path inside the snapshot. */
  relativePath: string;
  /**
   * True for a file after a fix: it is stored apart from the snapshot (which is the parent commit),
   * and is analysed as if it replaced the file at `relativePath`.
   */
  overlay: boolean;
}

/** A fixed file of a commit, labelled as it was before and after the fix. */
export interface FixedFilePair {
  before: LabelledFile;
  after: LabelledFile;
}

export interface LabelledCommit {
  id: string;
  fixedRules: string[];
  /** Every fixed file the commit is labelled for (one in the tuned set). */
  pairs: FixedFilePair[];
}

/** A manifest's labelled files; commits only for the commits manifest. */
export interface LabelSet {
  /** Relative to accuracy/, e.g. `files/manifest.en.json`. */
  name: string;
  /**
   * The rules its files were labelled for (`labelledRules`): a rule added after the labels were
   * written has no labels there, so its findings are counted apart, never as false positives.
   */
  labelledRules: string[];
  files: LabelledFile[];
  commits: LabelledCommit[];
}

export class LabelError extends Error {}

const KNOWN_RULES = new Set<string>(ALL_RULES.map((r) => r.meta.code));
const HEX40 = /^[0-9a-f]{40}$/;

export type Json = unknown;

export class Reader {
  /** Labels read that are marked `oneOff` (see `positives`). */
  oneOffs = 0;

  constructor(
    private readonly manifest: string,
    private readonly accuracyDir: string,
    /** How messages name accuracyDir. */
    private readonly shownDir = 'accuracy',
  ) {}

  fail(field: string, problem: string): never {
    throw new LabelError(`${this.manifest}: ${field}: ${problem}`);
  }

  object(value: Json, field: string): Record<string, Json> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(field, 'expected an object');
    return value as Record<string, Json>;
  }

  array(value: Json, field: string): Json[] {
    if (!Array.isArray(value)) this.fail(field, 'expected an array');
    return value;
  }

  text(value: Json, field: string): string {
    if (typeof value !== 'string' || value.trim() === '') this.fail(field, 'expected a non-empty string');
    return value;
  }

  sha(value: Json, field: string): string {
    const sha = this.text(value, field);
    if (!HEX40.test(sha)) this.fail(field, `expected a 40-hex commit, got "${sha}"`);
    return sha;
  }

  rule(value: Json, field: string): string {
    const rule = this.text(value, field);
    if (!KNOWN_RULES.has(rule)) this.fail(field, `unknown rule "${rule}"`);
    return rule;
  }

  /** Reads the stored file a label points at and returns its absolute path and line count. */
  storedFile(value: Json, field: string): { path: string; lineCount: number } {
    const file = this.text(value, field);
    const path = join(this.accuracyDir, file);
    if (relative(this.accuracyDir, path).startsWith('..')) this.fail(field, `"${file}" leaves ${this.shownDir}/`);
    if (!existsSync(path)) this.fail(field, `no such file ${this.shownDir}/${file}`);
    const text = readFileSync(path, 'utf8');
    const lineCount = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    return { path, lineCount };
  }

  /**
   * `lineCount` is the stored file's; for a notebook, `rowsOf` gives each code cell's row count
   * (undefined for a cell that is not code), and every positive must name its cell.
   */
  positives(value: Json, field: string, lineCount: number, rowsOf?: (cell: number) => number | undefined): Positive[] {
    // A label marked `oneOff` was a positive before one-off forwards stopped being warnings (issue
    // 34): a forward that runs once, on a few inputs. It is kept for the record and counts as none.
    return this.array(value, field).flatMap((entry, i) => {
      const at = `${field}[${i}]`;
      const positive = this.object(entry, at);
      if (positive.oneOff !== undefined) {
        this.text(positive.oneOff, `${at}.oneOff`);
        this.oneOffs++;
        return [];
      }
      const rule = this.rule(positive.rule, `${at}.rule`);
      let rows = lineCount;
      let cell: number | undefined;
      if (rowsOf) {
        if (!Number.isInteger(positive.cell) || (positive.cell as number) < 1) this.fail(`${at}.cell`, 'a notebook positive needs its code cell (a 1-based integer)');
        cell = positive.cell as number;
        const cellRows = rowsOf(cell);
        if (cellRows === undefined) this.fail(`${at}.cell`, `cell ${cell} is not a code cell of the notebook`);
        rows = cellRows;
      } else if (positive.cell !== undefined) {
        this.fail(`${at}.cell`, 'only a notebook positive names a cell');
      }
      const lines = this.array(positive.lines, `${at}.lines`);
      const [first, last] = lines;
      if (lines.length !== 2 || !Number.isInteger(first) || !Number.isInteger(last)) {
        this.fail(`${at}.lines`, 'expected [first, last] as two integers');
      }
      const range: [number, number] = [first as number, last as number];
      const where = cell === undefined ? `the file's ${rows} lines` : `cell ${cell}'s ${rows} rows`;
      if (range[0] < 1 || range[0] > range[1] || range[1] > rows) {
        this.fail(`${at}.lines`, `[${range[0]}, ${range[1]}] is not a range inside ${where}`);
      }
      const why = this.text(positive.why, `${at}.why`);
      const outOfReach = positive.outOfReach === undefined ? undefined : this.text(positive.outOfReach, `${at}.outOfReach`);
      return [{ rule, ...(cell === undefined ? {} : { cell }), lines: range, why, ...(outOfReach === undefined ? {} : { outOfReach }) }];
    });
  }

  source(value: Json, field: string, shaFields: string[]): void {
    const source = this.object(value, field);
    this.text(source.repo, `${field}.repo`);
    this.text(source.path, `${field}.path`);
    const url = this.text(source.url, `${field}.url`);
    if (!url.startsWith('https://github.com/')) this.fail(`${field}.url`, 'expected a https://github.com/ address');
    this.text(source.licence, `${field}.licence`);
    for (const name of shaFields) this.sha(source[name], `${field}.${name}`);
  }
}

export function readJson(path: string, name: string): Json {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Json;
  } catch (error) {
    throw new LabelError(`${name}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function uniqueIds(ids: string[], reader: Reader, field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) reader.fail(`${field}[${i}].id`, `duplicate id "${id}"`);
    seen.add(id);
  });
}

export function readFilesManifest(accuracyDir: string, name: string): LabelSet {
  const reader = new Reader(name, accuracyDir);
  const root = reader.object(readJson(join(accuracyDir, name), name), '(top level)');
  const labelledRules = readLabelledRules(reader, root);
  const samples = reader.array(root.samples, 'samples');
  const files = samples.map((entry, i): LabelledFile => {
    const at = `samples[${i}]`;
    const sample = reader.object(entry, at);
    const id = reader.text(sample.id, `${at}.id`);
    reader.source(sample.source, `${at}.source`, ['commit']);
    const stored = reader.storedFile(sample.file, `${at}.file`);
    return { id, path: stored.path, positives: reader.positives(sample.positives, `${at}.positives`, stored.lineCount) };
  });
  uniqueIds(files.map((f) => f.id), reader, 'samples');
  return { name, labelledRules, files, commits: [] };
}

export function readCommitsManifest(accuracyDir: string, name: string): LabelSet {
  const reader = new Reader(name, accuracyDir);
  const root = reader.object(readJson(join(accuracyDir, name), name), '(top level)');
  const labelledRules = readLabelledRules(reader, root);
  const entries = reader.array(root.commits, 'commits');
  const commits = entries.map((entry, i): LabelledCommit => {
    const at = `commits[${i}]`;
    const commit = reader.object(entry, at);
    const id = reader.text(commit.id, `${at}.id`);
    reader.source(commit.source, `${at}.source`, ['fixCommit', 'parentCommit']);
    reader.text(commit.summary, `${at}.summary`);
    const fixedRules = reader.array(commit.fixedRules, `${at}.fixedRules`).map((r, k) => reader.rule(r, `${at}.fixedRules[${k}]`));
    if (fixedRules.length === 0) reader.fail(`${at}.fixedRules`, 'names no rule');
    const side = (key: 'before' | 'after'): LabelledFile => {
      const part = reader.object(commit[key], `${at}.${key}`);
      const stored = reader.storedFile(part.file, `${at}.${key}.file`);
      return { id: `${id}:${key}`, path: stored.path, positives: reader.positives(part.positives, `${at}.${key}.positives`, stored.lineCount) };
    };
    return { id, fixedRules, pairs: [{ before: side('before'), after: side('after') }] };
  });
  uniqueIds(commits.map((c) => c.id), reader, 'commits');
  return { name, labelledRules, files: commits.flatMap((c) => c.pairs.flatMap((p) => [p.before, p.after])), commits };
}

/** The manifest's `labelledRules`: known rule codes, at least one, every positive's rule among them. */
export function readLabelledRules(reader: Reader, root: Record<string, Json>): string[] {
  const rules = reader.array(root.labelledRules, 'labelledRules').map((r, i) => reader.rule(r, `labelledRules[${i}]`));
  if (rules.length === 0) reader.fail('labelledRules', 'names no rule');
  return rules;
}

/** Every manifest present: `files/manifest*.json`, then `commits/manifest.json`. */
export function readAllLabelSets(accuracyDir: string): LabelSet[] {
  const filesDir = join(accuracyDir, 'files');
  const names = existsSync(filesDir)
    ? readdirSync(filesDir).filter((f) => /^manifest.*\.json$/.test(f)).sort().map((f) => `files/${f}`)
    : [];
  const sets = names.map((name) => readFilesManifest(accuracyDir, name));
  if (existsSync(join(accuracyDir, 'commits', 'manifest.json'))) sets.push(readCommitsManifest(accuracyDir, 'commits/manifest.json'));
  return sets;
}
