// `oomlint/explainOutOfMemory`: explains the out-of-memory messages in a text the client sends, links
// the traceback's frames to the workspace's files (a traceback from a cluster names paths that are not
// here; the workspace holds the same files under another root) and adds oomlint's findings in them.
import { statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCodes, ResponseError, type Connection, type WorkspaceFolder } from 'vscode-languageserver';
import { analyze } from '../analysis/analyze';
import { SourceText } from '../core/source';
import type { Diagnostic } from '../core/types';
import { explainLog, type OomExplanation } from '../explain/explain-oom';
import { readRegularTextFile } from '../files/read-regular-file';
import { explainMessagesFor } from '../l10n';
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/messages';
import { documentPath } from './document-path';
import type { DocumentLinter } from './document-linter';
import type { DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';
import {
  ExplainOutOfMemoryRequest,
  MAX_EXPLAIN_TEXT_CHARS,
  type ExplainedOutOfMemory,
  type ExplainFinding,
  type ExplainFrame,
  type ExplainOutOfMemoryResult,
} from './explain-protocol';

export type FileFindings = { findings: ExplainFinding[] } | { unread: string };

/** What the request needs from its surroundings; the tests give stand-ins. */
export interface ExplainEnvironment {
  /** Local paths of the workspace folders. */
  workspaceFolders(): readonly string[];
  isFile(path: string): boolean;
  /** oomlint's findings in a file the traceback names, or why they could not be had. */
  findingsIn(path: string): Promise<FileFindings>;
}

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

async function explainedFrames(explanation: OomExplanation, env: ExplainEnvironment): Promise<ExplainFrame[]> {
  const frames: ExplainFrame[] = [];
  for (const frame of explanation.userFrames) {
    const shown: ExplainFrame = {
      file: frame.file,
      line: frame.line,
      function: frame.function,
      ...(frame.code !== undefined ? { code: frame.code } : {}),
      failing: frame === explanation.failingFrame,
    };
    const path = locateFrameFile(frame.file, env);
    if (path) {
      shown.uri = pathToFileURL(path).href;
      if (path.endsWith('.py')) {
        const result = await env.findingsIn(path);
        if ('findings' in result) {
          shown.findings = [...result.findings].sort((a, b) => Math.abs(a.line - frame.line) - Math.abs(b.line - frame.line) || a.line - b.line);
        } else {
          shown.unread = result.unread;
        }
      }
    }
    frames.push(shown);
  }
  return frames;
}

function phaseShownBy(explanation: OomExplanation, words: ExplainMessages): string | undefined {
  const { phase, phaseFrame } = explanation;
  if (!phase || !phaseFrame) return undefined;
  const where = `${phaseFrame.file}:${phaseFrame.line}`;
  return phase === 'backward' ? `${phaseFrame.code ?? 'backward()'} (${where})` : `${words.oomFunction({ name: phaseFrame.function, quoted: false })} (${where})`;
}

/** `words`: the language of the headline, evidence and remedies (the server's, from `initialize`). */
export async function explainOutOfMemory(params: unknown, env: ExplainEnvironment, words: ExplainMessages = explainEn): Promise<ExplainOutOfMemoryResult> {
  const text = (params as { text?: unknown } | null | undefined)?.text;
  if (typeof text !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'oomlint/explainOutOfMemory expects { text: string }');
  if (text.length > MAX_EXPLAIN_TEXT_CHARS) {
    throw new ResponseError(ErrorCodes.InvalidParams, `the text has ${text.length} characters, more than the ${MAX_EXPLAIN_TEXT_CHARS} explained at once`);
  }
  const explanations: ExplainedOutOfMemory[] = [];
  for (const explanation of explainLog(text, words)) {
    const { message, diagnosis, phase } = explanation;
    const shownBy = phaseShownBy(explanation, words);
    explanations.push({
      backend: message.backend,
      form: message.form,
      ...(message.exception !== undefined ? { exception: message.exception } : {}),
      ...(message.gpu !== undefined ? { gpu: message.gpu } : {}),
      truncated: message.truncated,
      messageText: message.text,
      messageLine: message.line,
      cause: diagnosis.cause,
      headline: diagnosis.headline,
      evidence: diagnosis.evidence,
      remedies: diagnosis.remedies,
      breakdown: diagnosis.breakdown,
      ...(phase ? { phase } : {}),
      ...(shownBy ? { phaseShownBy: shownBy } : {}),
      frames: await explainedFrames(explanation, env),
    });
  }
  return { explanations };
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
  const env: ExplainEnvironment = {
    workspaceFolders: () => workspaceFolders,
    isFile,
    async findingsIn(path) {
      // An open document is analysed as the editor shows it, unsaved edits included.
      const open = documents.all().find((d) => documentPath(d.uri) === path);
      if (open) {
        const result = await linter.current(open.uri);
        if (result) return { findings: toFindings(result.source, result.diagnostics) };
      }
      const read = readRegularTextFile(path);
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
