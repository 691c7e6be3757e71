// The `oomlint` command: parse the arguments, hand over to the command, set the exit status.
import { join } from 'node:path';
import packageJson from '../../package.json';
import { Analyzer } from './analysis/analyzer';
import { shouldUseColor } from './cli/ansi';
import { parseCliArgs, UsageError } from './cli/args';
import { runCheckCommand } from './cli/check-command';
import { EXIT_CLEAN, EXIT_ERROR } from './cli/exit-codes';
import type { OutputStreams } from './cli/output';
import { runRuleCommand } from './cli/rule-command';
import { toolInfoFromPackageJson } from './cli/tool-info';
import { usageText } from './cli/usage';

/** The bundle lives in dist/, next to grammars/. */
const GRAMMAR_DIR = join(__dirname, '..', 'grammars');
/** Inlined by the bundler: the version and links are those of the build. */
const TOOL = toolInfoFromPackageJson(packageJson);

const out: OutputStreams = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

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
      return runRuleCommand(command.code, command.all, out);
    case 'check': {
      const color = shouldUseColor({ noColorFlag: command.options.noColor, isTTY: process.stdout.isTTY === true, env: process.env });
      const analyzer = await Analyzer.create({ grammarDir: GRAMMAR_DIR });
      try {
        return runCheckCommand(command.options, { cwd: process.cwd(), analyzer, out, color, tool: TOOL });
      } finally {
        analyzer.dispose();
      }
    }
  }
}

main(process.argv.slice(2)).then(
  (status) => {
    // Let pending writes to a pipe finish instead of calling process.exit().
    process.exitCode = status;
  },
  (error: unknown) => {
    out.stderr(`${TOOL.name}: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = EXIT_ERROR;
  },
);
