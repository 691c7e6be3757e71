// The work behind `oomlint check`: find the files, read each one's configuration, analyse, and fix
// or compute diffs when asked. Output belongs to the formats; this only gathers the report.
// Planning and assembling happen here; the per-file work (file-check.ts) runs in this thread or
// in worker threads (check-workers.ts).
import { basename, relative, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import type { FixSelection } from '../core/fixes';
import { SourceText } from '../core/source';
import type { ConfigProblem } from '../core/types';
import { findProjectConfig, loadProjectConfigFile } from '../config/discover';
import { isExcluded, isExtraIncluded, settingsForFile, type ProjectConfig } from '../config/pyproject';
import type { CheckOptions } from './args';
import type { CheckReport, FileFailure } from './check-report';
import { discoverPythonFiles } from '../project/discover-files';
import { checkFile, type CheckMode, type FileOutcome, type FileTask } from './file-check';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read-regular-file';
import { MAX_WILDCARD_CHARACTERS } from '../config/gitignore';

export interface CheckRun {
  options: CheckOptions;
  cwd: string;
  analyzer: Analyzer;
}

/** The files to check, each with its settings, and the configurations they came from. */
export interface CheckPlan {
  mode: CheckMode;
  selection: FixSelection;
  tasks: FileTask[];
  /** The configuration of each task's file, by index. */
  configs: ProjectConfig[];
  /** `--config FILE`, when given. */
  explicitConfig: ProjectConfig | undefined;
  /** Folders the walk could not list: their files are not checked, and the report says so. */
  unlistedFolders: FileFailure[];
  /** `.gitignore` files some of whose lines were not applied. */
  gitignoreWarnings: ConfigProblem[];
  /** --max-file-size was given: what the configuration files say of the limit does not matter. */
  maxFileSizeGiven: boolean;
}

/**
 * The command line comes after the configuration, as in ruff: --select starts a fresh selection
 * (the configuration's select and ignore no longer apply), --ignore adds to the ignored codes.
 * per-file-ignores still apply on top.
 */
function withCommandLineOverrides(config: ProjectConfig, options: CheckOptions): ProjectConfig {
  if (!options.select && !options.ignore) return config;
  const settings = { ...config.settings };
  if (options.select) {
    settings.select = options.select;
    settings.ignore = options.ignore ?? [];
  } else if (options.ignore) {
    settings.ignore = [...(settings.ignore ?? []), ...options.ignore];
  }
  return { ...config, settings };
}

/**
 * The size limit for a file: --max-file-size, else the configuration's. A repository's own file may
 * lower the limit but not raise it (a cloned repository must not make the checker read gigabytes);
 * a file the user names with --config may.
 */
function maxFileSizeFor(config: ProjectConfig, options: CheckOptions, explicitConfig: ProjectConfig | undefined): { maxFileSize?: number } {
  if (options.maxFileSize !== undefined) return { maxFileSize: options.maxFileSize };
  if (config.maxFileSize === undefined) return {};
  return { maxFileSize: config === explicitConfig ? config.maxFileSize : Math.min(config.maxFileSize, DEFAULT_MAX_FILE_BYTES) };
}

export function planCheck(options: CheckOptions, cwd: string): CheckPlan {
  const mode: CheckMode = options.diff ? 'diff' : options.fix ? 'fix' : 'check';
  const selection = { unsafe: options.unsafeFixes };
  const explicitConfig = options.configFile === undefined ? undefined : loadProjectConfigFile(resolve(cwd, options.configFile));
  const configFor = (path: string) => explicitConfig ?? findProjectConfig(path);
  const rawPaths = new Map<string, string>();
  const unlisted = new Map<string, string>();
  const partlyApplied = new Map<string, { firstLine: number; count: number }>();
  const files = discoverPythonFiles(options.paths, cwd, {
    isExcluded: (path) => isExcluded(configFor(path), path),
    isIncluded: (path) => isExtraIncluded(configFor(path), path),
    rawPaths,
    unlistedFolders: unlisted,
    partlyAppliedGitignores: partlyApplied,
  });
  const gitignoreWarnings: ConfigProblem[] = [...partlyApplied].map(([file, { firstLine, count }]) => ({
    file,
    line: firstLine,
    severity: 'warning',
    detail: { kind: 'gitignore-wildcards-too-long', limit: MAX_WILDCARD_CHARACTERS, count },
  }));
  const unlistedFolders = [...unlisted].map(([path, message]) => ({ path, displayPath: relative(cwd, path) || basename(path), message }));
  const tasks: FileTask[] = [];
  const configs: ProjectConfig[] = [];
  const roots = options.paths.map((p) => resolve(cwd, p));
  for (const path of files) {
    const config = configFor(path);
    configs.push(config);
    tasks.push({
      path,
      displayPath: relative(cwd, path) || basename(path),
      settings: settingsForFile(withCommandLineOverrides(config, options), path),
      mode,
      selection,
      ...maxFileSizeFor(config, options, explicitConfig),
      ...(rawPaths.has(path) ? { rawPath: rawPaths.get(path)! } : {}),
      ...(options.lang && options.lang !== 'en' ? { locale: options.lang } : {}),
      roots,
    });
  }
  return { mode, selection, tasks, configs, explicitConfig, unlistedFolders, gitignoreWarnings, maxFileSizeGiven: options.maxFileSize !== undefined };
}

/** The report from each task's outcome, in the plan's order. */
export function assembleReport(plan: CheckPlan, outcomes: readonly FileOutcome[]): CheckReport {
  const report: CheckReport = {
    mode: plan.mode,
    selection: plan.selection,
    files: [],
    failures: [],
    rejectedFixes: [],
    changes: [],
    configProblems: [],
  };
  report.failures.push(...plan.unlistedFolders);
  const problems = new Map<string, ConfigProblem>();
  const note = (list: readonly ConfigProblem[]) => {
    for (const problem of list) problems.set(`${problem.file}\0${problem.line}\0${problem.column ?? ''}\0${JSON.stringify(problem.detail)}`, problem);
  };
  // A repository's own file that asked to raise a limit hears that it did not (the limit applied
  // when its files were read), unless the command line set the limit.
  const noteLimitWarnings = (config: ProjectConfig) => {
    if (config !== plan.explicitConfig && !plan.maxFileSizeGiven) note(config.limitWarnings);
  };
  if (plan.explicitConfig) note(plan.explicitConfig.problems);
  note(plan.gitignoreWarnings);
  outcomes.forEach((outcome, index) => {
    noteLimitWarnings(plan.configs[index]!);
    // A file that could not be read never had the rest of its configuration looked at.
    if (outcome.kind === 'failed' && outcome.stage === 'read') {
      report.failures.push(outcome.failure);
      return;
    }
    note(plan.configs[index]!.problems);
    if (outcome.kind === 'failed') {
      report.failures.push(outcome.failure);
      return;
    }
    if (outcome.rejected) report.rejectedFixes.push(outcome.rejected);
    if (outcome.change) report.changes.push(outcome.change);
    const { path, displayPath, text, diagnostics, fixesApplied, notebook } = outcome;
    report.files.push({ path, displayPath, source: new SourceText(text), diagnostics, fixesApplied, ...(notebook ? { notebook } : {}) });
  });
  report.configProblems = [...problems.values()];
  return report;
}

export function checkFiles({ options, cwd, analyzer }: CheckRun): CheckReport {
  const plan = planCheck(options, cwd);
  return assembleReport(plan, plan.tasks.map((task) => checkFile(task, analyzer)));
}
