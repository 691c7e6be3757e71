// The work behind `oomlint check`: find the files, read each one's configuration, analyse, and fix
// or compute diffs when asked. Output belongs to the formats; this only gathers the report.
import { writeFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import { SourceText } from '../analysis/source';
import type { ConfigProblem, Diagnostic } from '../analysis/types';
import { findProjectConfig, loadProjectConfigFile } from '../config/discover';
import { isExcluded, settingsForFile, type ProjectConfig } from '../config/pyproject';
import type { CheckOptions } from './args';
import type { CheckReport } from './check-report';
import { discoverPythonFiles } from './discover-files';
import { fixText } from './fix-file';
import { readSource } from './read-source';

export interface CheckRun {
  options: CheckOptions;
  cwd: string;
  analyzer: Analyzer;
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

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function checkFiles({ options, cwd, analyzer }: CheckRun): CheckReport {
  const mode = options.diff ? 'diff' : options.fix ? 'fix' : 'check';
  const report: CheckReport = {
    mode,
    selection: { unsafe: options.unsafeFixes },
    files: [],
    failures: [],
    rejectedFixes: [],
    changes: [],
    configProblems: [],
  };
  const explicitConfig = options.configFile === undefined ? undefined : loadProjectConfigFile(resolve(cwd, options.configFile));
  const configFor = (path: string) => explicitConfig ?? findProjectConfig(path);

  const problems = new Map<string, ConfigProblem>();
  const noteProblems = (config: ProjectConfig) => {
    for (const problem of config.problems) problems.set(`${problem.file}\0${problem.line}\0${problem.message}`, problem);
  };
  if (explicitConfig) noteProblems(explicitConfig);

  const files = discoverPythonFiles(options.paths, cwd, { isExcluded: (path) => isExcluded(configFor(path), path) });
  for (const path of files) {
    const displayPath = relative(cwd, path) || basename(path);
    const read = readSource(path);
    if (!read.ok) {
      report.failures.push({ path, displayPath, message: read.message, line: read.line, column: read.column });
      continue;
    }
    const config = configFor(path);
    noteProblems(config);
    const settings = settingsForFile(withCommandLineOverrides(config, options), path);
    const analyse = (text: string): Diagnostic[] => analyzer.analyzeText(text, { settings, path });

    try {
      let text = read.text;
      let diagnostics: Diagnostic[];
      let fixesApplied = 0;
      if (mode === 'check') {
        diagnostics = analyse(text);
      } else {
        const outcome = fixText({ text, analyse, parse: (t) => analyzer.parser.parseToSyntax(t), selection: report.selection });
        diagnostics = outcome.diagnostics;
        if (outcome.kind === 'rejected') {
          report.rejectedFixes.push({ path, displayPath, message: outcome.reason });
        } else if (outcome.kind === 'fixed') {
          if (mode === 'diff') {
            report.changes.push({ displayPath, before: text, after: outcome.text });
          } else {
            // The same bytes as read, BOM included, with only the fixed spans changed.
            writeFileSync(path, (read.hasBom ? '\ufeff' : '') + outcome.text);
          }
          text = outcome.text;
          fixesApplied = outcome.applied;
        }
      }
      report.files.push({ path, displayPath, source: new SourceText(text), diagnostics, fixesApplied });
    } catch (error) {
      const during = mode === 'fix' ? 'fixing or writing' : 'checking';
      report.failures.push({ path, displayPath, message: `failed while ${during}: ${describeError(error)}` });
    }
  }
  report.configProblems = [...problems.values()];
  return report;
}
