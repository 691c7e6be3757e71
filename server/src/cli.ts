// The `oomlint` command: parse the arguments, hand over to the command, set the exit status.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isatty } from 'node:tty';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import packageJson from '../../package.json';
import { Analyzer } from './analysis/analyzer';
import { shouldUseColor } from './cli/ansi';
import { parseCliArgs, UsageError } from './cli/args';
import { runCheckCommand } from './cli/check-command';
import { serveCheckWorker } from './cli/check-worker';
import { CHECK_WORKER_ROLE, isCheckWorkerData } from './cli/check-worker-messages';
import { EXIT_CLEAN, EXIT_ERROR } from './cli/exit-codes';
import { runEstimateCommand } from './cli/estimate-command';
import { runExplainCommand } from './cli/explain-command';
import type { OutputStreams } from './cli/output';
import { runRuleCommand } from './cli/rule-command';
import { localeFromEnvironment } from './l10n/locale';
import type { CheckOptions, ExplainOptions } from './cli/args';
import { toolInfoFromPackageJson } from './cli/tool-info';
import { usageText } from './cli/usage';

/** The bundle lives in dist/, next to grammars/. */
const GRAMMAR_DIR = join(__dirname, '..', 'grammars');
/** Inlined by the bundler: the version and links are those of the build. */
const TOOL = toolInfoFromPackageJson(packageJson);

// A reader that stops early (`oomlint check . | head`) closes the pipe: stop quietly, as other
// command-line tools do, instead of failing on the next write. Any other failure to write the report
// (`> /dev/full`, a disk that fills up) is said in one line, and the exit status says it failed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_CLEAN);
  try {
    process.stderr.write(`${TOOL.name}: could not write to standard output: ${describeWriteError(error)}\n`);
  } finally {
    process.exit(EXIT_ERROR);
  }
});
// Nowhere is left to say why: the exit status has to.
process.stderr.on('error', () => process.exit(EXIT_ERROR));

function describeWriteError(error: NodeJS.ErrnoException): string {
  const reason = error.code === 'ENOSPC' ? 'no space left on device' : error.code === 'EFBIG' ? 'file too large' : error.message.replace(/^\w+: /, '').replace(/, write$/, '');
  return error.code ? `${reason} (${error.code})` : reason;
}

const out: OutputStreams = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/**
 * Text and GitHub annotations, read by people, follow the environment's language; JSON and SARIF,
 * read by programs that may compare messages across machines, stay English unless --lang asks.
 */
function withLanguage(options: CheckOptions): CheckOptions {
  if (options.lang) return options;
  if (options.format === 'json' || options.format === 'sarif') return options;
  return { ...options, lang: localeFromEnvironment(process.env) };
}

/** As for check: the text explanation follows the environment, JSON stays English unless --lang asks. */
function explainWithLanguage(options: ExplainOptions): ExplainOptions {
  if (options.lang || options.format === 'json') return options;
  return { ...options, lang: localeFromEnvironment(process.env) };
}

async function main(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.stderr(`${TOOL.name}: ${error.message}\n\n${usageText(error.topic)}`);
    return EXIT_ERROR;
  }
  switch (command.kind) {
    case 'help':
      out.stdout(usageText(command.topic));
      return EXIT_CLEAN;
    case 'version':
      out.stdout(`${TOOL.name} ${TOOL.version}\n`);
      return EXIT_CLEAN;
    case 'rule':
      return runRuleCommand(command.code, command.all, out, command.lang ?? localeFromEnvironment(process.env));
    case 'explain': {
      let analyzer: Promise<Analyzer> | undefined;
      // isatty(0) rather than process.stdin.isTTY: the stream is made by the read, not before it.
      if (command.options.input === '-' && isatty(0)) out.stderr('oomlint: reading the log from standard input (paste it, then Ctrl-D)\n');
      try {
        return await runExplainCommand(explainWithLanguage(command.options), {
          cwd: process.cwd(),
          analyzer: () => (analyzer ??= Analyzer.create({ grammarDir: GRAMMAR_DIR })),
          out,
          stdin: () => process.stdin,
        });
      } finally {
        (await analyzer)?.dispose();
      }
    }
    case 'estimate': {
      let analyzer: Promise<Analyzer> | undefined;
      try {
        return await runEstimateCommand(command.options, { cwd: process.cwd(), analyzer: () => (analyzer ??= Analyzer.create({ grammarDir: GRAMMAR_DIR })), out });
      } finally {
        (await analyzer)?.dispose();
      }
    }
    case 'check': {
      const color = shouldUseColor({ noColorFlag: command.options.noColor, isTTY: process.stdout.isTTY === true, env: process.env });
      let analyzer: Promise<Analyzer> | undefined;
      try {
        return await runCheckCommand(withLanguage(command.options), {
          cwd: process.cwd(),
          analyzer: () => (analyzer ??= Analyzer.create({ grammarDir: GRAMMAR_DIR })),
          out,
          color,
          tool: TOOL,
          // A worker runs this same file; see the bottom.
          workers: { script: __filename, data: { role: CHECK_WORKER_ROLE, grammarDir: GRAMMAR_DIR }, cores: availableParallelism() },
        });
      } finally {
        (await analyzer)?.dispose();
      }
    }
  }
}

if (!isMainThread && parentPort && isCheckWorkerData(workerData)) {
  serveCheckWorker(parentPort, workerData);
} else {
  void runMain();
}

function runMain(): Promise<void> {
  return main(process.argv.slice(2)).then(
    (status) => {
      // Let pending writes to a pipe finish instead of calling process.exit().
      process.exitCode = status;
    },
    (error: unknown) => {
      out.stderr(`${TOOL.name}: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_ERROR;
    },
  );
}
