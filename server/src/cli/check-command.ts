// `oomlint check`: run the check, print the report in the format asked for, choose the exit status.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import type { ConfigProblem } from '../core/types';
import { createPaint, type Paint } from './ansi';
import type { CheckOptions } from './args';
import { assembleReport, planCheck } from './check-files';
import type { CheckReport } from './check-report';
import type { CheckWorkerData } from './check-worker-messages';
import { checkInWorkers } from './check-workers';
import { existenceFromListings } from '../project/layout';
import { projectRootsOf } from './project-plan';
import { serializeProjects } from './check-worker-messages';
import { summarizeMember, summarizeProjects } from './project-summaries';
import { checkFile, type FileOutcome } from './file-check';
import { defaultJobs, workerThreadsFor } from './jobs';
import { EXIT_CLEAN, EXIT_ERROR, EXIT_PROBLEMS } from './exit-codes';
import { writeFileProblems, writeRejectedFixes } from './file-problems';
import { formatGithub } from './format-github';
import { formatJson } from './format-json';
import { formatSarif } from './format-sarif';
import { formatStatisticsJson, formatStatisticsText, ruleStatistics } from './format-statistics';
import { writeTextReport } from './format-text';
import type { OutputStreams } from './output';
import { summaryLines } from './summary';
import { messagesFor, type Messages } from '../l10n';
import { printable, printableLines } from './printable';
import type { ToolInfo } from './tool-info';
import { unifiedDiff } from './unified-diff';

export interface CheckEnvironment {
  cwd: string;
  /** The analyzer for work on this thread; called only when some is done here. */
  analyzer: () => Promise<Analyzer>;
  out: OutputStreams;
  color: boolean;
  tool: ToolInfo;
  /** How to start worker threads; without it everything runs on this thread. */
  workers?: { script: string; data: CheckWorkerData; cores: number };
}

function configProblemLine(problem: ConfigProblem, cwd: string, paint: Paint, messages: Messages): string {
  const where = `${printable(relative(cwd, problem.file) || problem.file)}:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
  const label = problem.severity === 'warning' ? paint('yellow', messages.configWarningLabel) : paint('red', messages.configErrorLabel);
  return `${paint('bold', where)}: ${label} ${printable(messages.configProblem(problem.detail))}\n`;
}

function writeReport(report: CheckReport, options: CheckOptions, env: CheckEnvironment, paint: Paint): void {
  const { out, cwd } = env;
  if (report.mode === 'diff') {
    for (const change of report.changes) {
      const diffs = change.cells
        ? // A notebook's diff is shown cell by cell, on its code (ruff's form: `path:cell N`).
          change.cells.map((cell) => unifiedDiff(cell.before, cell.after, `${change.displayPath}:cell ${cell.cell}`))
        : [unifiedDiff(change.before, change.after, change.displayPath)];
      let escaped = false;
      for (const diff of diffs) {
        // Control characters of the code reach the terminal as escapes, never as instructions.
        const shown = printableLines(diff);
        escaped ||= shown !== diff;
        out.stdout(shown);
      }
      if (escaped) out.stderr(`${paint('bold', printable(change.displayPath))}: ${paint('yellow', 'warning:')} the diff shows the control characters of this file as escapes (\\x1b), so it does not apply as it is; --fix writes the fix\n`);
    }
    writeFileProblems(report, out, paint);
    if (!options.quiet) out.stderr(summaryLines(report, messagesFor(options.lang)).join('\n') + '\n');
    return;
  }
  if (options.statistics) {
    const statistics = ruleStatistics(report.files.flatMap((f) => f.diagnostics), report.selection);
    out.stdout(options.format === 'json' ? formatStatisticsJson(statistics) : formatStatisticsText(statistics));
    writeFileProblems(report, out, paint);
    return;
  }
  switch (options.format) {
    case 'text':
      writeTextReport(report, out, { paint, quiet: options.quiet, messages: messagesFor(options.lang) });
      return;
    case 'json':
      out.stdout(formatJson(report, env.tool.repositoryUrl));
      break;
    case 'sarif':
      out.stdout(formatSarif(report, cwd, env.tool, messagesFor(options.lang)));
      break;
    case 'github':
      out.stdout(formatGithub(report, cwd, messagesFor(options.lang)));
      break;
  }
  // Machine-readable formats carry the failures already; rejected fixes still deserve a human's eye.
  writeRejectedFixes(report, out, paint);
}

export function exitStatus(report: CheckReport, options: CheckOptions): number {
  if (report.failures.length || report.configProblems.some((p) => p.severity !== 'warning')) return EXIT_ERROR;
  if (options.exitZero) return EXIT_CLEAN;
  if (report.mode === 'diff') return report.changes.length ? EXIT_PROBLEMS : EXIT_CLEAN;
  return report.files.some((f) => f.diagnostics.length) ? EXIT_PROBLEMS : EXIT_CLEAN;
}

async function checkAll(options: CheckOptions, env: CheckEnvironment): Promise<CheckReport> {
  const plan = planCheck(options, env.cwd);
  // Project markers and import targets are looked up from one listing per folder.
  const exists = existenceFromListings();
  const roots = projectRootsOf(plan, options.paths, env.cwd, exists);
  plan.tasks.forEach((task, i) => (task.projectRoot = roots[i]));
  const threads = env.workers ? workerThreadsFor(plan.tasks, options.jobs ?? defaultJobs(env.workers.cores)) : 0;
  // First the summaries of the project files the checked files read, then the check itself; on
  // this thread, the trees parsed for the summaries are kept for the check.
  const projects = await summarizeProjects(plan, roots, async (requests) => {
    const analyzer = await env.analyzer();
    return requests.map((request) => summarizeMember(request, analyzer, threads === 0));
  }, exists);
  let outcomes: FileOutcome[];
  if (env.workers && threads > 0) {
    const workerData: CheckWorkerData = { ...env.workers.data, projects: serializeProjects(projects) };
    outcomes = await checkInWorkers(plan.tasks, { jobs: threads, workerScript: env.workers.script, workerData });
  } else {
    const analyzer = plan.tasks.length ? await env.analyzer() : undefined;
    outcomes = analyzer ? plan.tasks.map((task) => checkFile(task, analyzer, projects)) : [];
    analyzer?.forgetKept();
  }
  return assembleReport(plan, outcomes);
}

export async function runCheckCommand(options: CheckOptions, env: CheckEnvironment): Promise<number> {
  const paint = createPaint(env.color);
  if (options.configFile !== undefined && !existsSync(resolve(env.cwd, options.configFile))) {
    env.out.stderr(`oomlint: --config: no such file: ${options.configFile}\n`);
    return EXIT_ERROR;
  }
  const report = await checkAll(options, env);
  if (!report.files.length && !report.failures.length && !options.quiet) {
    // "All checks passed!" alone would suggest that something was checked.
    env.out.stderr(`${paint('yellow', 'warning:')} no Python files found under ${options.paths.join(', ')} (.gitignore, \`exclude\` and virtualenvs are skipped)\n`);
  }
  // The github format turns configuration problems into annotations; every other format leaves stdout to results.
  if (options.format !== 'github' || options.statistics || report.mode === 'diff') {
    for (const problem of report.configProblems) env.out.stderr(configProblemLine(problem, env.cwd, paint, messagesFor(options.lang)));
  }
  writeReport(report, options, env, paint);
  return exitStatus(report, options);
}
