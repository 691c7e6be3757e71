// `oomlint explain [FILE|-]`: read a log, explain its out-of-memory messages, and add oomlint's
// findings near the lines of the user's files that the tracebacks name.
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import { SourceText } from '../core/source';
import { explainLogReport, type ExplainedFrame, type FrameFinding, type OomExplanation } from '../explain/explain-oom';
import { formatSize } from '../explain/format-size';
import { placeFindings } from '../explain/frame-findings';
import { isNotebookCell } from '../explain/user-frames';
import { explainMessagesFor, type Locale } from '../l10n';
import type { ExplainMessages } from '../l10n/explain-messages';
import type { ExplainOptions } from './args';
import { EXIT_CLEAN, EXIT_ERROR, EXIT_PROBLEMS } from './exit-codes';
import { readLogFile, readLogStream, type LogInputLimits } from './explain-input';
import { formatExplanationsJson, formatExplanationsText } from './format-explain';
import type { OutputStreams } from './output';
import { printable } from './printable';
import { readSource } from '../files/read-source';

/** Source files larger than this are not analysed for an explanation: `oomlint check` does that. */
export const MAX_ANALYSED_SOURCE_BYTES = 1024 * 1024;
/** All the files analysed for one run together: the analysis of the frames' files stays within seconds. */
export const MAX_ANALYSED_TOTAL_BYTES = 2 * 1024 * 1024;

export interface ExplainEnvironment {
  cwd: string;
  analyzer: () => Promise<Analyzer>;
  out: OutputStreams;
  /** Standard input, as a stream. */
  stdin: () => AsyncIterable<Buffer | string>;
  /** The reading limits; the defaults unless a test asks for smaller ones. */
  limits?: LogInputLimits;
}

type FileFindings = { findings: FrameFinding[] } | { unread: string };

/** Each file is read and analysed once, however many frames name it. */
class FindingsCache {
  private readonly files = new Map<string, FileFindings>();
  private analysedBytes = 0;

  constructor(
    private readonly analyzer: Analyzer,
    private readonly locale: Locale | undefined,
    private readonly words: ExplainMessages,
  ) {}

  get(path: string): FileFindings {
    const cached = this.files.get(path);
    if (cached) return cached;
    const result = this.analyse(path);
    this.files.set(path, result);
    return result;
  }

  private analyse(path: string): FileFindings {
    const size = sizeOf(path);
    if (size !== undefined && size > MAX_ANALYSED_SOURCE_BYTES) {
      return { unread: this.words.oomFileTooLarge({ size: formatSize(size), limit: formatSize(MAX_ANALYSED_SOURCE_BYTES) }) };
    }
    if (size !== undefined && this.analysedBytes + size > MAX_ANALYSED_TOTAL_BYTES) {
      return { unread: this.words.oomFileTooLarge({ size: formatSize(this.analysedBytes + size), limit: formatSize(MAX_ANALYSED_TOTAL_BYTES) }) };
    }
    this.analysedBytes += size ?? 0;
    const source = readSource(path, MAX_ANALYSED_SOURCE_BYTES);
    if (!source.ok) return { unread: source.message };
    const text = new SourceText(source.text);
    const findings = this.analyzer
      .analyzeText(source.text, { path, ...(this.locale && this.locale !== 'en' ? { locale: this.locale } : {}) })
      .map((d) => ({ code: d.code, message: d.message, line: text.position(d.start).line + 1 }));
    return { findings };
  }
}

function sizeOf(path: string): number | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

function localPath(file: string, cwd: string): string {
  return isAbsolute(file) ? file : resolve(cwd, file.replace(/\\/g, '/'));
}

async function addFindings(explanation: OomExplanation, cache: () => Promise<FindingsCache>, cwd: string): Promise<void> {
  const frames: ExplainedFrame[] = explanation.userFrames.filter((frame) => frame.file.endsWith('.py') && !isNotebookCell(frame));
  if (!frames.length) return;
  const files = await cache();
  const results = new Map<string, FileFindings>();
  for (const frame of frames) {
    const path = localPath(frame.file, cwd);
    if (!results.has(path)) results.set(path, files.get(path));
  }
  const placed = placeFindings(
    frames.map((frame) => ({ file: localPath(frame.file, cwd), line: frame.line })),
    (path) => {
      const result = results.get(path);
      return result && 'findings' in result ? result.findings : undefined;
    },
  );
  const saidUnread = new Set<string>();
  // Innermost first, so a file that could not be read is said so once, at its innermost frame.
  [...frames.entries()].reverse().forEach(([index, frame]) => {
    const path = localPath(frame.file, cwd);
    const result = results.get(path);
    if (!result) return;
    if ('findings' in result) {
      frame.findings = placed.shown[index]!;
      if (placed.more[index]) frame.moreFindings = placed.more[index];
    } else if (!/ENOENT/.test(result.unread) && !saidUnread.has(path)) {
      // Tracebacks from another machine name paths that are not here: those are simply not read.
      frame.unread = result.unread;
      saidUnread.add(path);
    }
  });
}

export async function runExplainCommand(options: ExplainOptions, env: ExplainEnvironment): Promise<number> {
  const inputName = options.input === '-' ? '<stdin>' : printable(options.input);
  const log = options.input === '-' ? await readLogStream(env.stdin(), inputName, env.limits) : await readLogFile(resolve(env.cwd, options.input), inputName, env.limits);
  if (!log.ok) {
    env.out.stderr(`oomlint: ${log.message}\n`);
    return EXIT_ERROR;
  }
  for (const note of log.notes) env.out.stderr(`oomlint: ${note}\n`);
  const words = explainMessagesFor(options.lang);
  const report = explainLogReport(log.text, words);
  if (!report.explanations.length) {
    if (options.format === 'json') env.out.stdout(formatExplanationsJson(report));
    env.out.stderr(`oomlint: no out-of-memory message found in ${inputName}\n`);
    return EXIT_PROBLEMS;
  }
  let cache: Promise<FindingsCache> | undefined;
  const findings = () => (cache ??= env.analyzer().then((analyzer) => new FindingsCache(analyzer, options.lang, words)));
  for (const explanation of report.explanations) await addFindings(explanation, findings, env.cwd);
  env.out.stdout(options.format === 'json' ? formatExplanationsJson(report) : formatExplanationsText(report, inputName, words));
  return EXIT_CLEAN;
}
