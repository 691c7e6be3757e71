// `oomlint explain [FILE|-]`: read a log, explain its out-of-memory messages, and add oomlint's
// findings in the user's files that the tracebacks name.
import { isAbsolute, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import { SourceText } from '../core/source';
import { explainLog, type ExplainedFrame, type FrameFinding } from '../explain/explain-oom';
import { readRegularFile } from '../files/read-regular-file';
import { explainMessagesFor, type Locale } from '../l10n';
import type { ExplainOptions } from './args';
import { EXIT_CLEAN, EXIT_ERROR, EXIT_PROBLEMS } from './exit-codes';
import { formatExplanationsJson, formatExplanationsText } from './format-explain';
import type { OutputStreams } from './output';
import { readSource } from './read-source';

/** Logs are larger than source files; a day of training output still fits. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

export interface ExplainEnvironment {
  cwd: string;
  analyzer: () => Promise<Analyzer>;
  out: OutputStreams;
  /** Standard input, read to its end. */
  readStdin: () => Buffer;
}

function readLog(input: string, env: ExplainEnvironment): { ok: true; text: string } | { ok: false; message: string } {
  if (input === '-') {
    try {
      return { ok: true, text: env.readStdin().toString('utf8') };
    } catch (error) {
      return { ok: false, message: `could not read standard input: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  const read = readRegularFile(resolve(env.cwd, input), MAX_LOG_BYTES);
  if (!read.ok) return { ok: false, message: `${input}: could not read: ${read.message}${read.code ? ` (${read.code})` : ''}` };
  // A log may hold any bytes (progress bars, other encodings): decode leniently.
  return { ok: true, text: read.bytes.toString('utf8') };
}

function findingsIn(analyzer: Analyzer, path: string, nearLine: number, locale: Locale | undefined): { findings: FrameFinding[] } | { unread: string } {
  const source = readSource(path);
  if (!source.ok) return { unread: source.message };
  const text = new SourceText(source.text);
  const findings = analyzer
    .analyzeText(source.text, { path, ...(locale && locale !== 'en' ? { locale } : {}) })
    .map((d) => ({ code: d.code, message: d.message, line: text.position(d.start).line + 1 }))
    .sort((a, b) => Math.abs(a.line - nearLine) - Math.abs(b.line - nearLine) || a.line - b.line);
  return { findings };
}

async function addFindings(frames: ExplainedFrame[], env: ExplainEnvironment, locale: Locale | undefined): Promise<void> {
  const pythonFrames = frames.filter((frame) => frame.file.endsWith('.py'));
  if (!pythonFrames.length) return;
  const analyzer = await env.analyzer();
  for (const frame of pythonFrames) {
    // Tracebacks from another machine name paths that are not here: those are simply not read.
    const path = isAbsolute(frame.file) ? frame.file : resolve(env.cwd, frame.file.replace(/\\/g, '/'));
    const result = findingsIn(analyzer, path, frame.line, locale);
    if ('findings' in result) frame.findings = result.findings;
    else if (!/ENOENT/.test(result.unread)) frame.unread = result.unread;
  }
}

export async function runExplainCommand(options: ExplainOptions, env: ExplainEnvironment): Promise<number> {
  const log = readLog(options.input, env);
  if (!log.ok) {
    env.out.stderr(`oomlint: ${log.message}\n`);
    return EXIT_ERROR;
  }
  const words = explainMessagesFor(options.lang);
  const explanations = explainLog(log.text, words);
  const inputName = options.input === '-' ? '<stdin>' : options.input;
  if (!explanations.length) {
    if (options.format === 'json') env.out.stdout(formatExplanationsJson([]));
    env.out.stderr(`oomlint: no out-of-memory message found in ${inputName}\n`);
    return EXIT_PROBLEMS;
  }
  for (const explanation of explanations) await addFindings(explanation.userFrames, env, options.lang);
  env.out.stdout(options.format === 'json' ? formatExplanationsJson(explanations) : formatExplanationsText(explanations, inputName, words));
  return EXIT_CLEAN;
}
