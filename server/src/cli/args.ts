// Turns argv into a typed command. Knows nothing about files or rules.
import { byteSize } from '../files/read-regular-file';
import { parseArgs } from 'node:util';
import { isLocale, LOCALES, type Locale } from '../l10n/locale';

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface CheckOptions {
  paths: string[];
  format: OutputFormat;
  /** Write safe fixes (and unsafe ones with `unsafeFixes`) back to the files. */
  fix: boolean;
  unsafeFixes: boolean;
  /** Print what fixing would change instead of writing. */
  diff: boolean;
  /** A fresh selection replacing the configuration's select and ignore. */
  select: string[] | undefined;
  /** Added to the ignored codes. */
  ignore: string[] | undefined;
  configFile: string | undefined;
  exitZero: boolean;
  quiet: boolean;
  statistics: boolean;
  noColor: boolean;
  /** Worker threads for the per-file work; undefined lets the command choose (one per core). */
  jobs?: number;
  /** Files larger than this many bytes are skipped and reported; undefined: the default (10 MiB). */
  maxFileSize?: number;
  /** The language of messages and fix titles; undefined: from the environment (text and github output). */
  lang?: Locale;
}

export type HelpTopic = 'main' | 'check' | 'rule' | 'explain' | 'estimate';

export const EXPLAIN_FORMATS = ['text', 'json'] as const;
export type ExplainFormat = (typeof EXPLAIN_FORMATS)[number];

export interface ExplainOptions {
  /** A log file, or `-` for standard input. */
  input: string;
  format: ExplainFormat;
  /** The language of the explanation; undefined: from the environment (text output). */
  lang?: Locale;
}

export interface EstimateOptions {
  paths: string[];
  format: 'text' | 'json';
  targetGpuMemory: string | undefined;
  device: 'cuda' | 'cpu';
}

export type CliCommand =
  | { kind: 'help'; topic: HelpTopic }
  | { kind: 'explain'; options: ExplainOptions }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'estimate'; options: EstimateOptions }
  | { kind: 'rule'; code: string | undefined; all: boolean; lang?: Locale };

/** Bad command line: the entry prints the message and the usage, and exits with 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly topic: HelpTopic = 'main',
  ) {
    super(message);
  }
}

const SELECTOR = /^(ALL|OOM[0-9]{0,3})$/;

function splitSelectors(values: string[] | undefined, option: string): string[] | undefined {
  if (values === undefined) return undefined;
  const selectors = values
    .flatMap((v) => v.split(','))
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const invalid = selectors.find((s) => !SELECTOR.test(s));
  if (invalid) throw new UsageError(`${option}: \`${invalid}\` is not a rule code or prefix (such as OOM003, OOM or ALL)`, 'check');
  return selectors;
}

/** parseArgs reports unknown options and missing values as TypeErrors with an ERR_PARSE_ARGS code. */
function parseOrThrow<T>(parse: () => T, topic: Exclude<HelpTopic, 'main'>): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw error;
    // Node's message for an unknown option goes on about positionals; the option is what matters.
    const unknown = /^Unknown option '([^']+)'/.exec((error as Error).message);
    throw new UsageError(unknown ? `unknown option '${unknown[1]}'` : (error as Error).message, topic);
  }
}

function parseCheck(argv: string[]): CliCommand {
  const { values, positionals } = parseOrThrow(
    () =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: {
          format: { type: 'string' },
          fix: { type: 'boolean' },
          'unsafe-fixes': { type: 'boolean' },
          diff: { type: 'boolean' },
          select: { type: 'string', multiple: true },
          ignore: { type: 'string', multiple: true },
          config: { type: 'string' },
          'exit-zero': { type: 'boolean' },
          quiet: { type: 'boolean', short: 'q' },
          statistics: { type: 'boolean' },
          'no-color': { type: 'boolean' },
          jobs: { type: 'string', short: 'j' },
          'max-file-size': { type: 'string' },
          lang: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      }),
    'check',
  );
  if (values.help) return { kind: 'help', topic: 'check' };
  const format = values.format ?? 'text';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')} (got \`${format}\`)`, 'check');
  }
  if (values.statistics && format !== 'text' && format !== 'json') {
    throw new UsageError('--statistics works with --format text or json', 'check');
  }
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) {
    throw new UsageError(`--jobs must be a whole number of at least 1 (got \`${values.jobs}\`)`, 'check');
  }
  const maxFileSize = values['max-file-size'] === undefined ? undefined : parseByteSize(values['max-file-size']);
  const lang = parseLang(values.lang, 'check');
  const diff = values.diff ?? false;
  const unsafeFixes = values['unsafe-fixes'] ?? false;
  return {
    kind: 'check',
    options: {
      paths: positionals.length ? positionals : ['.'],
      format: format as OutputFormat,
      // Asking for unsafe fixes means asking for fixes; with --diff they are only shown.
      fix: !diff && ((values.fix ?? false) || unsafeFixes),
      unsafeFixes,
      diff,
      select: splitSelectors(values.select, '--select'),
      ignore: splitSelectors(values.ignore, '--ignore'),
      configFile: values.config,
      exitZero: values['exit-zero'] ?? false,
      quiet: values.quiet ?? false,
      statistics: values.statistics ?? false,
      noColor: values['no-color'] ?? false,
      ...(jobs === undefined ? {} : { jobs }),
      ...(maxFileSize === undefined ? {} : { maxFileSize }),
      ...(lang === undefined ? {} : { lang }),
    },
  };
}

function parseLang(value: string | undefined, topic: Exclude<HelpTopic, 'main'>): Locale | undefined {
  if (value === undefined) return undefined;
  const lang = value.trim().toLowerCase();
  if (!isLocale(lang)) throw new UsageError(`--lang must be one of ${LOCALES.join(', ')} (got \`${value}\`)`, topic);
  return lang;
}

/** `10MB`, `512k`, `1048576`: a size in bytes (units are powers of 1024). */
export function parseByteSize(value: string): number {
  const bytes = byteSize(value);
  if (bytes === undefined) throw new UsageError(`--max-file-size must be a size such as 10MB, 512KB or 1048576 (got \`${value}\`)`, 'check');
  return bytes;
}

function parseRule(argv: string[]): CliCommand {
  const { values, positionals } = parseOrThrow(
    () =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: { all: { type: 'boolean' }, lang: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }),
    'rule',
  );
  if (values.help) return { kind: 'help', topic: 'rule' };
  const all = values.all ?? false;
  if (positionals.length > 1) throw new UsageError('`rule` takes one rule code', 'rule');
  if (all === (positionals.length === 1)) throw new UsageError('give a rule code (such as OOM003) or --all', 'rule');
  const lang = parseLang(values.lang, 'rule');
  return { kind: 'rule', code: positionals[0], all, ...(lang === undefined ? {} : { lang }) };
}

function parseExplain(argv: string[]): CliCommand {
  const { values, positionals } = parseOrThrow(
    () =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: { format: { type: 'string' }, lang: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }),
    'explain',
  );
  if (values.help) return { kind: 'help', topic: 'explain' };
  const format = values.format ?? 'text';
  if (!(EXPLAIN_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${EXPLAIN_FORMATS.join(', ')} (got \`${format}\`)`, 'explain');
  }
  if (positionals.length > 1) throw new UsageError('`explain` reads one log (a file, or - for standard input)', 'explain');
  const lang = parseLang(values.lang, 'explain');
  return { kind: 'explain', options: { input: positionals[0] ?? '-', format: format as ExplainFormat, ...(lang === undefined ? {} : { lang }) } };
}

function parseEstimate(argv: string[]): CliCommand {
  const { values, positionals } = parseOrThrow(
    () =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: { format: { type: 'string' }, 'gpu-memory': { type: 'string' }, device: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      }),
    'estimate',
  );
  if (values.help) return { kind: 'help', topic: 'estimate' };
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be one of text, json (got \`${format}\`)`, 'estimate');
  const device = values.device ?? 'cuda';
  if (device !== 'cuda' && device !== 'cpu') throw new UsageError(`--device must be cuda or cpu (got \`${device}\`)`, 'estimate');
  return { kind: 'estimate', options: { paths: positionals.length ? positionals : ['.'], format, targetGpuMemory: values['gpu-memory'], device } };
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  switch (first) {
    case undefined:
      throw new UsageError('missing command');
    case '--help':
    case '-h':
    case 'help':
      return { kind: 'help', topic: 'main' };
    case '--version':
    case '-V':
      return { kind: 'version' };
    case 'check':
      return parseCheck(rest);
    case 'rule':
      return parseRule(rest);
    case 'explain':
      return parseExplain(rest);
    case 'estimate':
      return parseEstimate(rest);
    default:
      throw new UsageError(first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${first}'`);
  }
}
