// `oomlint/explainOutOfMemory`: explains the out-of-memory messages in a text the client sends, links
// the traceback's frames to the workspace's files (a traceback from a cluster names paths that are not
// here; the workspace holds the same files under another root) and adds oomlint's findings near them.
import { statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCodes, ResponseError, type Connection, type WorkspaceFolder } from 'vscode-languageserver';
import { analyze } from '../analysis/analyze';
import { SourceText } from '../core/source';
import type { Diagnostic } from '../core/types';
import type { EvidenceKind } from '../explain/diagnose-oom';
import { explainLogReport, type OomExplanation } from '../explain/explain-oom';
import { formatSize } from '../explain/format-size';
import { placeFindings } from '../explain/frame-findings';
import { isNotebookCell } from '../explain/user-frames';
import { readRegularTextFile } from '../files/read-regular-file';
import { explainMessagesFor } from '../l10n';
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/explain-messages';
import { documentPath } from './document-path';
import type { DocumentLinter } from './document-linter';
import type { DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';
import {
  ExplainOutOfMemoryRequest,
  MAX_EXPLAIN_TEXT_CHARS,
  type DocumentLineStart,
  type ExplainedOutOfMemory,
  type ExplainFinding,
  type ExplainFrame,
  type ExplainOutOfMemoryResult,
} from './explain-protocol';

export type FileFindings = { findings: ExplainFinding[] } | { unread: string };

/** Files larger than this are not analysed for an explanation, and this much in all per request. */
export const MAX_EXPLAIN_FILE_BYTES = 1024 * 1024;
export const MAX_EXPLAIN_TOTAL_BYTES = 2 * 1024 * 1024;

/** What the request needs from its surroundings; the tests give stand-ins. */
export interface ExplainEnvironment {
  /** Local paths of the workspace folders. */
  workspaceFolders(): readonly string[];
  isFile(path: string): boolean;
  /** The file's size in bytes (undefined: unknown, or an open document whose text counts). */
  sizeOf?(path: string): number | undefined;
  /** oomlint's findings in a file the traceback names, or why they could not be had. */
  findingsIn(path: string): Promise<FileFindings>;
}

/** The evidence a memory bar's legend shows already. */
const LEGEND_KINDS: ReadonlySet<EvidenceKind> = new Set(['requested', 'free', 'allocated', 'reserved-unallocated', 'outside']);

/**
 * The local file a traceback's path names: the path itself when it exists, a relative path under a
 * workspace folder, or else the longest tail of the path that exists under a workspace folder
 * (`/home/me/project/src/train.py` -> `<folder>/src/train.py`, then `<folder>/train.py`).
 */
export function locateFrameFile(file: string, env: Pick<ExplainEnvironment, 'workspaceFolders' | 'isFile'>): string | undefined {
  const folders = env.workspaceFolders();
  // On Linux a Windows path (`C:\\work\\train.py`) is not absolute: only its tails are tried.
  if (isAbsolute(file) && env.isFile(file)) return file;
  const parts = file.split(/[\\/]+/).filter((part) => part && part !== '.' && !/^[A-Za-z]:$/.test(part));
  if (!parts.length || parts.includes('..')) return undefined;
  for (let start = 0; start < parts.length; start++) {
    for (const folder of folders) {
      const candidate = join(folder, ...parts.slice(start));
      if (env.isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Reads and analyses each file once per request, within the size limits. */
class RequestFindings {
  private readonly files = new Map<string, Promise<FileFindings>>();
  private analysedBytes = 0;

  constructor(
    private readonly env: ExplainEnvironment,
    private readonly words: ExplainMessages,
  ) {}

  get(path: string): Promise<FileFindings> {
    let result = this.files.get(path);
    if (!result) {
      result = this.read(path);
      this.files.set(path, result);
    }
    return result;
  }

  private read(path: string): Promise<FileFindings> {
    const size = this.env.sizeOf?.(path);
    if (size !== undefined && size > MAX_EXPLAIN_FILE_BYTES) {
      return Promise.resolve({ unread: this.words.oomFileTooLarge({ size: formatSize(size), limit: formatSize(MAX_EXPLAIN_FILE_BYTES) }) });
    }
    if (size !== undefined && this.analysedBytes + size > MAX_EXPLAIN_TOTAL_BYTES) {
      return Promise.resolve({ unread: this.words.oomFileTooLarge({ size: formatSize(this.analysedBytes + size), limit: formatSize(MAX_EXPLAIN_TOTAL_BYTES) }) });
    }
    this.analysedBytes += size ?? 0;
    return this.env.findingsIn(path);
  }
}

async function explainedFrames(explanation: OomExplanation, env: ExplainEnvironment, files: RequestFindings): Promise<ExplainFrame[]> {
  const located = explanation.userFrames.map((frame) => (isNotebookCell(frame) ? undefined : locateFrameFile(frame.file, env)));
  const results = new Map<string, FileFindings>();
  for (const path of located) if (path?.endsWith('.py') && !results.has(path)) results.set(path, await files.get(path));
  const placed = placeFindings(
    explanation.userFrames.map((frame, index) => ({ file: located[index] ?? `\u0000${index}`, line: frame.line })),
    (path) => {
      const result = results.get(path);
      return result && 'findings' in result ? result.findings : undefined;
    },
  );
  const saidUnread = new Set<string>();
  const frames = explanation.userFrames.map((frame): ExplainFrame => ({
    file: frame.file,
    line: frame.line,
    function: frame.function,
    ...(frame.code !== undefined ? { code: frame.code } : {}),
    failing: frame === explanation.failingFrame,
  }));
  // Innermost first: a file that could not be read is said so once, at its innermost frame.
  for (let index = frames.length - 1; index >= 0; index--) {
    const path = located[index];
    if (!path) continue;
    const shown = frames[index]!;
    shown.uri = pathToFileURL(path).href;
    const result = results.get(path);
    if (!result) continue;
    if ('findings' in result) {
      shown.findings = placed.shown[index]!;
      if (placed.more[index]) shown.moreFindings = placed.more[index];
    } else if (!saidUnread.has(path)) {
      shown.unread = result.unread;
      saidUnread.add(path);
    }
  }
  return frames;
}

function phaseShownBy(explanation: OomExplanation, words: ExplainMessages): string | undefined {
  const { phase, phaseFrame } = explanation;
  if (!phase || !phaseFrame) return undefined;
  const where = `${phaseFrame.file}:${phaseFrame.line}`;
  return phase === 'backward' ? `${phaseFrame.code ?? 'backward()'} (${where})` : `${words.oomFunction({ name: phaseFrame.function, quoted: false })} (${where})`;
}

/** A line of the text, as the document the text came from counts it. */
function documentLineOf(starts: readonly DocumentLineStart[], line: number): number {
  let mapped = line;
  for (const start of starts) if (start.textLine <= line) mapped = start.documentLine + (line - start.textLine);
  return mapped;
}

function readLineStarts(value: unknown): DocumentLineStart[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((s): s is DocumentLineStart => typeof s === 'object' && s !== null && Number.isInteger(s.textLine) && Number.isInteger(s.documentLine) && s.textLine >= 1 && s.documentLine >= 1)
    .sort((a, b) => a.textLine - b.textLine);
}

/** `words`: the language of the headline, evidence and remedies (the server's, from `initialize`). */
export async function explainOutOfMemory(params: unknown, env: ExplainEnvironment, words: ExplainMessages = explainEn): Promise<ExplainOutOfMemoryResult> {
  const text = (params as { text?: unknown } | null | undefined)?.text;
  if (typeof text !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'oomlint/explainOutOfMemory expects { text: string }');
  if (text.length > MAX_EXPLAIN_TEXT_CHARS) {
    throw new ResponseError(ErrorCodes.InvalidParams, `the text has ${text.length} characters, more than the ${MAX_EXPLAIN_TEXT_CHARS} explained at once`);
  }
  const starts = readLineStarts((params as { documentLines?: unknown }).documentLines);
  const report = explainLogReport(text, words);
  const files = new RequestFindings(env, words);
  const explanations: ExplainedOutOfMemory[] = [];
  for (const explanation of report.explanations) {
    const { message, diagnosis, phase } = explanation;
    const shownBy = phaseShownBy(explanation, words);
    const frames = await explainedFrames(explanation, env, files);
    explanations.push({
      framework: message.framework,
      backend: message.backend,
      form: message.form,
      ...(message.exception !== undefined ? { exception: message.exception } : {}),
      ...(message.gpu !== undefined ? { gpu: message.gpu } : {}),
      truncated: message.truncated,
      messageText: message.text,
      messageLine: documentLineOf(starts, message.line),
      ...(message.source ? { source: message.source } : {}),
      occurrences: explanation.occurrences,
      lines: explanation.lines.map((line) => documentLineOf(starts, line)),
      cause: diagnosis.cause,
      headline: diagnosis.headline,
      evidence: diagnosis.evidence.map((e) => e.text),
      notes: diagnosis.evidence.filter((e) => !LEGEND_KINDS.has(e.kind)).map((e) => e.text),
      remedies: diagnosis.remedies,
      breakdown: diagnosis.breakdown,
      ...(phase ? { phase } : {}),
      ...(shownBy ? { phaseShownBy: shownBy } : {}),
      frames,
      // A frame's absolute path names an existing file here: the log was written on this machine.
      fromThisMachine: explanation.userFrames.some((frame) => isAbsolute(frame.file) && env.isFile(frame.file)),
    });
  }
  return { explanations, ...(report.omitted ? { omitted: report.omitted } : {}) };
}

function toFindings(source: SourceText, diagnostics: readonly Diagnostic[]): ExplainFinding[] {
  return diagnostics.map((d) => ({ code: d.code, message: d.message, line: source.position(d.start).line + 1 }));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
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

/** Local paths of the folders the client opened with; `rootUri` for clients without folders. */
export function workspaceFolderPaths(folders: readonly WorkspaceFolder[] | null | undefined, rootUri: string | null | undefined): string[] {
  const uris = folders?.length ? folders.map((f) => f.uri) : rootUri ? [rootUri] : [];
  return uris.flatMap((uri) => {
    try {
      return uri.startsWith('file:') ? [fileURLToPath(uri)] : [];
    } catch {
      return [];
    }
  });
}

export function registerExplainOutOfMemory(
  connection: Connection,
  documents: DocumentStore,
  linter: DocumentLinter,
  settings: DocumentSettingsProvider,
  workspaceFolders: readonly string[],
): void {
  const openDocument = (path: string) => documents.all().find((d) => documentPath(d.uri) === path);
  const env: ExplainEnvironment = {
    workspaceFolders: () => workspaceFolders,
    isFile,
    // An open document is analysed as the editor has it, whatever the file on disk holds.
    sizeOf: (path) => (openDocument(path) ? undefined : sizeOf(path)),
    async findingsIn(path) {
      const open = openDocument(path);
      if (open) {
        const result = await linter.current(open.uri);
        if (result) return { findings: toFindings(result.source, result.diagnostics) };
      }
      const read = readRegularTextFile(path, MAX_EXPLAIN_FILE_BYTES);
      if (!read.ok) return { unread: `could not read: ${read.message}` };
      const fileSettings = await settings.forDocument(pathToFileURL(path).href);
      if (!fileSettings.enable || fileSettings.excluded) return { findings: [] };
      try {
        const diagnostics = analyze(documents.parseDetached(read.text), read.text, { settings: fileSettings.analysis, path, locale: linter.locale });
        return { findings: toFindings(new SourceText(read.text), diagnostics) };
      } catch (error) {
        return { unread: `could not analyse: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
  const words = explainMessagesFor(linter.locale);
  connection.onRequest(ExplainOutOfMemoryRequest, (params) => explainOutOfMemory(params, env, words));
}
