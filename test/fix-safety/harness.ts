// The differential harness for oomlint's fixes: copies each program of the corpus three times,
// lets the built CLI apply the safe fixes to one copy and all fixes to another, and hands the
// copies to run_programs.py, which runs them and judges each fix level against the copy as written.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/paths';

const run = promisify(execFile);

export const HARNESS_DIR = join(REPO_ROOT, 'test', 'fix-safety');
export const PROGRAMS_DIR = join(HARNESS_DIR, 'programs');
export const EXPECTED_PATH = join(HARNESS_DIR, 'expected.json');
export const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const RUNNER = join(HARNESS_DIR, 'run_programs.py');

/** The fix levels, as the runner and its report name them. */
export const LEVELS = ['safe fixes', 'all fixes'] as const;
export type Level = (typeof LEVELS)[number];
const LEVEL_FOLDERS: Record<'as written' | Level, string> = { 'as written': 'as-written', 'safe fixes': 'safe-fixes', 'all fixes': 'all-fixes' };
const LEVEL_FLAGS: Record<Level, string[]> = { 'safe fixes': ['--fix'], 'all fixes': ['--fix', '--unsafe-fixes'] };

export interface Program {
  /** The file or folder name under programs/. */
  name: string;
  /** A single file (`.py` or `.ipynb`), or a folder whose `main.py` is run. */
  kind: 'file' | 'project';
  /** The file that is run, relative to the program's own folder. */
  entry: string;
}

/** The programs of the corpus, by name. */
export function listPrograms(dir = PROGRAMS_DIR): Program[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name): Program[] => {
      if (statSync(join(dir, name)).isDirectory()) {
        if (!existsSync(join(dir, name, 'main.py'))) throw new Error(`fix-safety program ${name}/ has no main.py to run`);
        return [{ name, kind: 'project', entry: 'main.py' }];
      }
      return /\.(py|ipynb)$/.test(name) ? [{ name, kind: 'file', entry: name }] : [];
    });
}

/** The folder one program's copy lives in under a level's folder: its own, also for a single file. */
function copyFolder(root: string, level: 'as written' | Level, program: Program): string {
  return join(root, LEVEL_FOLDERS[level], program.name.replace(/\.(py|ipynb)$/, ''));
}

function copyProgram(program: Program, to: string): void {
  const from = join(PROGRAMS_DIR, program.name);
  if (program.kind === 'project') cpSync(from, to, { recursive: true, filter: (path) => !path.split(sep).includes('__pycache__') });
  else {
    mkdirSync(to, { recursive: true });
    cpSync(from, join(to, program.name));
  }
}

/** Every file's text under a folder, by relative path. */
function folderTexts(dir: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else texts.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return texts;
}

function sameTexts(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([path, text]) => b.get(path) === text);
}

async function oomlint(args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [CLI, ...args], { maxBuffer: 64 * 2 ** 20, timeout: 300_000 });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`oomlint ${args.join(' ')} failed: ${failed.stderr || failed.message}`, { cause: error });
  }
}

/** One finding of the CLI's JSON report, as far as the harness reads it. */
interface JsonFinding {
  code: string;
  filename: string;
  fix: { applicability: 'safe' | 'unsafe' | 'display-only' } | null;
}

export interface Finding {
  code: string;
  applicability: 'safe' | 'unsafe' | 'display-only' | 'none';
}

export interface PreparedProgram {
  name: string;
  /** The entry file of each copy, relative to the prepared folder; null where the level changed nothing. */
  variants: Record<'as written' | Level, string | null>;
  /** The rules whose fixes each level applied (their claims of saved memory are checked). */
  claims: Record<Level, string[]>;
  findings: Finding[];
}

export interface Manifest {
  programs: PreparedProgram[];
}

/**
 * Copies every program into `root` as written, with safe fixes and with all fixes, the latter two
 * fixed by the built CLI (one `check --fix` per level over all the copies: each file is fixed on
 * its own, and the programs' module names are distinct, so copies cannot interact). Writes and
 * returns root/manifest.json.
 */
export async function prepare(folder: string, programs = listPrograms()): Promise<Manifest> {
  if (!existsSync(CLI)) throw new Error(`${relative(REPO_ROOT, CLI)} is missing: run \`node scripts/build.mjs\` first`);
  // The CLI reports real paths; the copies are matched to its findings by them.
  const root = realpathSync(folder);
  for (const level of ['as written', ...LEVELS] as const) {
    for (const program of programs) copyProgram(program, copyFolder(root, level, program));
  }
  const asWritten = join(root, LEVEL_FOLDERS['as written']);
  const report = JSON.parse(await oomlint(['check', '--format', 'json', '--exit-zero', asWritten])) as JsonFinding[];
  await Promise.all(LEVELS.map((level) => oomlint(['check', ...LEVEL_FLAGS[level], '--exit-zero', '--quiet', '--no-color', join(root, LEVEL_FOLDERS[level])])));
  const manifest: Manifest = { programs: [] };
  for (const program of programs) {
    const folders = { 'as written': copyFolder(root, 'as written', program), 'safe fixes': copyFolder(root, 'safe fixes', program), 'all fixes': copyFolder(root, 'all fixes', program) };
    const texts = { 'as written': folderTexts(folders['as written']), 'safe fixes': folderTexts(folders['safe fixes']), 'all fixes': folderTexts(folders['all fixes']) };
    const entry = (level: 'as written' | Level) => relative(root, join(folders[level], program.entry));
    const findings = report
      .filter((f) => f.filename.startsWith(folders['as written'] + sep))
      .map((f): Finding => ({ code: f.code, applicability: f.fix?.applicability ?? 'none' }));
    const codes = (applicabilities: string[]) => [...new Set(findings.filter((f) => applicabilities.includes(f.applicability)).map((f) => f.code))].sort();
    manifest.programs.push({
      name: program.name,
      variants: {
        'as written': entry('as written'),
        'safe fixes': sameTexts(texts['safe fixes'], texts['as written']) ? null : entry('safe fixes'),
        // All fixes are judged only where they wrote more than the safe fixes did.
        'all fixes': sameTexts(texts['all fixes'], texts['safe fixes']) ? null : entry('all fixes'),
      },
      claims: { 'safe fixes': codes(['safe']), 'all fixes': codes(['safe', 'unsafe']) },
      findings,
    });
  }
  writeFileSync(join(root, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

export interface LevelOutcome {
  outcome: string;
  detail: string;
}

export interface Measure {
  graph_nodes: number;
  saved_bytes: number;
  cuda_bytes?: number;
}

export interface ProgramRun {
  records: [string, unknown][];
  measures: Measure[];
  error: string | null;
  seconds: number;
  output_tail: string;
}

export interface RunReport {
  device: string;
  torch: string;
  seconds: number;
  programs: Record<
    string,
    {
      runs: Record<string, ProgramRun>;
      safe: LevelOutcome;
      unsafe: LevelOutcome;
      /** "same" when the program as written records the same results without the census. */
      control: string;
      'failed as written'?: string;
    }
  >;
}

/** Runs the prepared copies with run_programs.py and returns its report (also left at `out`). */
export async function runPrepared(python: { command: string; pathEnv: string }, root: string, out: string, device = 'cpu'): Promise<RunReport> {
  try {
    await run(python.command, [RUNNER, join(root, 'manifest.json'), '--out', out, '--device', device], {
      env: { ...process.env, PATH: python.pathEnv, PYTHONDONTWRITEBYTECODE: '1' },
      maxBuffer: 64 * 2 ** 20,
      timeout: 900_000,
    });
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`run_programs.py failed: ${failed.stderr || failed.stdout || failed.message}`, { cause: error });
  }
  return JSON.parse(readFileSync(out, 'utf8')) as RunReport;
}

/** What expected.json holds per program: the outcome of each level, the harness's detail, and why. */
export interface Expectation {
  safe: string;
  safeDetail?: string;
  unsafe: string;
  unsafeDetail?: string;
  why: string;
}

export function readExpected(): Record<string, Expectation> {
  return JSON.parse(readFileSync(EXPECTED_PATH, 'utf8')) as Record<string, Expectation>;
}

/** The expectation a report gives for a program, keeping the `why` already written for it. */
export function observedExpectation(report: RunReport['programs'][string], why: string): Expectation {
  return {
    safe: report.safe.outcome,
    ...(report.safe.detail ? { safeDetail: report.safe.detail } : {}),
    unsafe: report.unsafe.outcome,
    ...(report.unsafe.detail ? { unsafeDetail: report.unsafe.detail } : {}),
    why,
  };
}
