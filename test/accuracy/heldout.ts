// The held-out set (accuracy/heldout/): reading its manifests, and analysing each labelled file the
// way `oomlint check <snapshot>` would, inside its repository snapshot as the project root. Only
// `npm run accuracy -- --heldout`, the closing measurement of issue 34, analyses the real held-out
// files; tests read their labels and analyse synthetic snapshots only.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import type { Analyzer } from '../../server/src/analysis/analyzer';
import type { CheckOptions } from '../../server/src/cli/args';
import { planCheck } from '../../server/src/cli/check-files';
import { checkFile, type CheckProjects, type FileTask } from '../../server/src/cli/file-check';
import { projectRootsOf } from '../../server/src/cli/project-plan';
import { summarizeMember, summarizeProjects } from '../../server/src/cli/project-summaries';
import { SourceText } from '../../server/src/core/source';
import { readNotebook } from '../../server/src/notebooks/notebook-json';
import {
  LabelError,
  Reader,
  readJson,
  readLabelledRules,
  uniqueIds,
  type FixedFilePair,
  type Json,
  type LabelledCommit,
  type LabelledFile,
  type LabelSet,
  type SnapshotPlace,
} from './manifest';
import type { Finding } from './matching';
import type { FileAnalysis } from './measure';

const SHOWN_DIR = 'accuracy/heldout';

/** The code cells' row counts of a stored notebook, by 1-based cell position among all cells. */
function notebookRows(path: string, reader: Reader, field: string): Map<number, number> {
  const read = readNotebook(readFileSync(path, 'utf8'));
  if (!read.ok) reader.fail(field, read.message);
  return new Map(read.notebook.codeCells.map((c) => [c.index + 1, c.source.split('\n').length]));
}

/** A folder inside the held-out directory that holds a repository snapshot. */
function snapshotRoot(value: Json, field: string, reader: Reader, heldoutDir: string): string {
  const root = reader.text(value, field);
  const path = join(heldoutDir, root);
  if (relative(heldoutDir, path).startsWith('..')) reader.fail(field, `"${root}" leaves ${SHOWN_DIR}/`);
  if (!existsSync(path) || !statSync(path).isDirectory()) reader.fail(field, `no such folder ${SHOWN_DIR}/${root}`);
  return path;
}

/** The file's path inside the snapshot, which it must lie in. */
function inside(root: string, path: string, reader: Reader, field: string): string {
  const rel = relative(root, path);
  if (rel.startsWith('..') || rel === '') reader.fail(field, `the file is not inside its snapshot ${relative(dirname(root), root)}`);
  return rel.split(sep).join('/');
}

/** Reads one labelled file: its positives (with cells for a notebook) and its place in the snapshot. */
function labelledFile(
  reader: Reader,
  id: string,
  file: Json,
  positives: Json,
  at: string,
  place: Omit<SnapshotPlace, 'relativePath'> & { relativePath?: string },
): LabelledFile {
  const stored = reader.storedFile(file, `${at}.file`);
  const rows = stored.path.endsWith('.ipynb') ? notebookRows(stored.path, reader, `${at}.file`) : undefined;
  const relativePath = place.relativePath ?? inside(place.root, stored.path, reader, `${at}.file`);
  return {
    id,
    path: stored.path,
    positives: reader.positives(positives, `${at}.positives`, stored.lineCount, rows && ((cell) => rows.get(cell))),
    project: { ...place, relativePath },
  };
}

/** `files/manifest.json`: labelled files, each inside the snapshot named by its `root`. */
export function readHeldoutFilesManifest(heldoutDir: string, name: string): LabelSet {
  const reader = new Reader(`heldout/${name}`, heldoutDir, SHOWN_DIR);
  const root = reader.object(readJson(join(heldoutDir, name), `${SHOWN_DIR}/${name}`), '(top level)');
  const labelledRules = readLabelledRules(reader, root);
  const files = reader.array(root.samples, 'samples').map((entry, i): LabelledFile => {
    const at = `samples[${i}]`;
    const sample = reader.object(entry, at);
    const id = reader.text(sample.id, `${at}.id`);
    reader.source(sample.source, `${at}.source`, ['commit']);
    const snapshot = snapshotRoot(sample.root, `${at}.root`, reader, heldoutDir);
    const file = labelledFile(reader, id, sample.file, sample.positives, at, { root: snapshot, overlay: false });
    const sourcePath = reader.object(sample.source, `${at}.source`).path;
    if (sourcePath !== file.project!.relativePath) reader.fail(`${at}.source.path`, `"${String(sourcePath)}" is not the file's path in its snapshot (${file.project!.relativePath})`);
    return file;
  });
  uniqueIds(files.map((f) => f.id), reader, 'samples');
  return { name: `heldout/${name}`, labelledRules, files, commits: [] };
}

/**
 * `commits/manifest.json`: each commit's snapshot at the fix's parent (`root`) and every fixed file,
 * labelled before (the file in the snapshot) and after (stored apart, analysed in its place).
 */
export function readHeldoutCommitsManifest(heldoutDir: string, name: string): LabelSet {
  const reader = new Reader(`heldout/${name}`, heldoutDir, SHOWN_DIR);
  const root = reader.object(readJson(join(heldoutDir, name), `${SHOWN_DIR}/${name}`), '(top level)');
  const labelledRules = readLabelledRules(reader, root);
  const commits = reader.array(root.commits, 'commits').map((entry, i): LabelledCommit => {
    const at = `commits[${i}]`;
    const commit = reader.object(entry, at);
    const id = reader.text(commit.id, `${at}.id`);
    reader.source(commit.source, `${at}.source`, ['fixCommit', 'parentCommit']);
    reader.text(commit.summary, `${at}.summary`);
    const fixedRules = reader.array(commit.fixedRules, `${at}.fixedRules`).map((r, k) => reader.rule(r, `${at}.fixedRules[${k}]`));
    if (fixedRules.length === 0) reader.fail(`${at}.fixedRules`, 'names no rule');
    const snapshot = snapshotRoot(commit.root, `${at}.root`, reader, heldoutDir);
    const entries = reader.array(commit.files, `${at}.files`);
    if (entries.length === 0) reader.fail(`${at}.files`, 'names no fixed file');
    const pairs = entries.map((fileEntry, k): FixedFilePair => {
      const fat = `${at}.files[${k}]`;
      const fixed = reader.object(fileEntry, fat);
      const path = reader.text(fixed.path, `${fat}.path`);
      const side = (key: 'before' | 'after'): LabelledFile => {
        const part = reader.object(fixed[key], `${fat}.${key}`);
        const overlay = key === 'after';
        const file = labelledFile(reader, `${id}:${path}:${key}`, part.file, part.positives, `${fat}.${key}`, {
          root: snapshot,
          overlay,
          ...(overlay ? { relativePath: path } : {}),
        });
        if (!overlay && file.project!.relativePath !== path) reader.fail(`${fat}.before.file`, `is not ${path} of the snapshot`);
        return file;
      };
      return { before: side('before'), after: side('after') };
    });
    return { id, fixedRules, pairs };
  });
  uniqueIds(commits.map((c) => c.id), reader, 'commits');
  return { name: `heldout/${name}`, labelledRules, files: commits.flatMap((c) => c.pairs.flatMap((p) => [p.before, p.after])), commits };
}

/** Both held-out manifests, those present. A malformed label throws LabelError. */
export function readHeldoutSets(heldoutDir: string): LabelSet[] {
  const sets: LabelSet[] = [];
  if (existsSync(join(heldoutDir, 'files', 'manifest.json'))) sets.push(readHeldoutFilesManifest(heldoutDir, 'files/manifest.json'));
  if (existsSync(join(heldoutDir, 'commits', 'manifest.json'))) sets.push(readHeldoutCommitsManifest(heldoutDir, 'commits/manifest.json'));
  if (sets.length === 0) throw new LabelError('heldout: no manifest found');
  return sets;
}

/** The after-files of every commit, by snapshot root: they replace their paths together. */
function overlaysByRoot(sets: LabelSet[]): Map<string, LabelledFile[]> {
  const byRoot = new Map<string, LabelledFile[]>();
  for (const file of sets.flatMap((s) => s.files)) {
    if (!file.project?.overlay) continue;
    byRoot.set(file.project.root, [...(byRoot.get(file.project.root) ?? []), file]);
  }
  return byRoot;
}

export interface SnapshotAnalysis {
  /**
   * Plans the check of every snapshot as `oomlint check <snapshot>` does and summarises the project
   * files the checked files read; `analyse` needs it done first.
   */
  prepare(analyzer: Analyzer): Promise<void>;
  analyse: FileAnalysis;
  /** The project root a file is analysed in, and the file's path there. */
  place(file: LabelledFile): { root: string; path: string };
  /** Removes the temporary copies made for after-files. */
  dispose(): void;
}

/**
 * Analyses a held-out file as `oomlint check <snapshot>` does (the file's own configuration, the
 * snapshot as the path given), so that an analysis which reads the project finds the other files.
 * An after-file is analysed in a temporary copy of its snapshot where every after-file of the commit
 * replaces the file it fixed: the project as it was right after the commit, in the files it touched.
 */
export function snapshotAnalysis(sets: LabelSet[]): SnapshotAnalysis {
  const overlays = overlaysByRoot(sets);
  const copies = new Map<string, string>();
  let scratch: string | undefined;

  const projectAfterFix = (root: string): string => {
    const known = copies.get(root);
    if (known) return known;
    scratch ??= mkdtempSync(join(tmpdir(), 'oomlint-heldout-'));
    const copy = join(scratch, String(copies.size));
    cpSync(root, copy, { recursive: true });
    for (const after of overlays.get(root) ?? []) {
      const target = join(copy, after.project!.relativePath);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(after.path));
    }
    copies.set(root, copy);
    return copy;
  };

  const place = (file: LabelledFile) => {
    const snapshot = file.project;
    if (!snapshot) throw new Error(`${file.id}: a held-out file needs its snapshot`);
    const root = snapshot.overlay ? projectAfterFix(snapshot.root) : snapshot.root;
    return { root, path: join(root, snapshot.relativePath) };
  };

  const checks = new Map<string, SnapshotCheck>();
  return {
    prepare: async (analyzer) => {
      for (const set of sets) {
        for (const file of set.files) {
          const { root } = place(file);
          if (!checks.has(root)) checks.set(root, await planSnapshotCheck(root, analyzer));
        }
      }
    },
    analyse: (file, analyzer) => {
      const { root, path } = place(file);
      const check = checks.get(root);
      if (!check) throw new Error(`${file.id}: the snapshot's check is not prepared`);
      return findingsInSnapshot(file.id, path, check, analyzer);
    },
    place,
    dispose: () => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      scratch = undefined;
      copies.clear();
    },
  };
}

/** The CLI's plan for checking a snapshot, and the summaries of its project files. */
interface SnapshotCheck {
  tasks: ReadonlyMap<string, FileTask>;
  projects: CheckProjects;
}

/** Plans `oomlint check <root>` as the command does: its files, their project roots and the project summaries. */
async function planSnapshotCheck(root: string, analyzer: Analyzer): Promise<SnapshotCheck> {
  const options: CheckOptions = { paths: [root], format: 'text', fix: false, unsafeFixes: false, diff: false, select: undefined, ignore: undefined, configFile: undefined, exitZero: false, quiet: true, statistics: false, noColor: true };
  const plan = planCheck(options, root);
  const roots = projectRootsOf(plan, options.paths, root);
  plan.tasks.forEach((task, i) => (task.projectRoot = roots[i]));
  const projects = await summarizeProjects(plan, roots, async (requests) => requests.map((request) => summarizeMember(request, analyzer)));
  return { tasks: new Map(plan.tasks.map((task) => [task.path, task])), projects };
}

/** One file checked the way the CLI checks it with its snapshot as the path given; notebook findings carry their cell. */
export function findingsInSnapshot(id: string, path: string, check: SnapshotCheck, analyzer: Analyzer): Finding[] {
  const task = check.tasks.get(path);
  if (!task) throw new Error(`${id}: \`oomlint check\` of its snapshot does not check ${path} (excluded or not Python)`);
  const outcome = checkFile(task, analyzer, check.projects);
  if (outcome.kind === 'failed') throw new Error(`${id}: ${outcome.failure.message}`);
  const source = new SourceText(outcome.text);
  return outcome.diagnostics.map((d) => {
    const line = source.lineOf(d.start);
    if (!outcome.notebook) return { rule: d.code, line: line + 1, message: d.message };
    return { rule: d.code, cell: outcome.notebook.lineCells[line]!, line: outcome.notebook.lineRows[line]! + 1, message: d.message };
  });
}
