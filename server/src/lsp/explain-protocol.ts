// The custom request `oomlint/explainOutOfMemory`: the client sends the text of a log or a pasted
// traceback, the server answers with each out-of-memory message explained, its frames linked to the
// workspace's files and oomlint's findings there. Shared by the server, the VS Code client and the
// tests, so the two ends cannot disagree; it holds types and names only, so the client bundle gets
// none of the explain engine.
import { RequestType } from 'vscode-languageserver-protocol';
import type { MemoryBreakdown, OomCause } from '../explain/diagnose-oom';
import type { ProgramPhase } from '../explain/explain-oom';
import type { OomBackend, OomForm, OomFramework } from '../explain/parse-oom';

/** Where a part of the text starts in its document: text line `textLine` is the document's `documentLine` (both 1-based). */
export interface DocumentLineStart {
  textLine: number;
  documentLine: number;
}

export interface ExplainOutOfMemoryParams {
  /** A log, a traceback or a single message line; every out-of-memory message in it is explained. */
  text: string;
  /**
   * Where the text's lines are in the document it was selected from, so that the answer's line numbers
   * are the document's: several starts for several selections. Absent: the text is counted from 1.
   */
  documentLines?: DocumentLineStart[];
}

export interface ExplainFinding {
  code: string;
  message: string;
  /** 1-based. */
  line: number;
}

export interface ExplainFrame {
  /** The path as the traceback prints it. */
  file: string;
  /** 1-based. */
  line: number;
  function: string;
  /** The source line the traceback prints under the frame. */
  code?: string;
  /** The workspace file the frame names (`file:` URI), when one was found. */
  uri?: string;
  /** oomlint's findings in that file, nearest the frame's line first. */
  findings?: ExplainFinding[];
  /** Why the file was found but not read. */
  unread?: string;
  /** The innermost frame in the user's code: the line that led to the allocation. */
  failing: boolean;
  /** The file's findings not shown at its frames (counted at its innermost frame). */
  moreFindings?: number;
}

export interface ExplainedOutOfMemory {
  framework: OomFramework;
  backend: OomBackend;
  form: OomForm;
  /** The exception name as printed (`torch.OutOfMemoryError`), when it is. */
  exception?: string;
  gpu?: number;
  /** The message is cut off: only the numbers before the cut are known. */
  truncated: boolean;
  /** The message as read, and where it is: in the document when `documentLines` says, else in the text (1-based). */
  messageText: string;
  messageLine: number;
  /** Who printed it (`rank 1`), from the log's prefixes; absent when the log does not say. */
  source?: string;
  /** How many times the message appears, and the (first) lines where, counted as `messageLine` is. */
  occurrences: number;
  lines: number[];
  cause: OomCause;
  headline: string;
  /** Every sentence of evidence: the figures, then the observations. */
  evidence: string[];
  /** The evidence a memory bar's legend does not already show (processes, the cap, observations). */
  notes: string[];
  remedies: string[];
  /** Bytes. */
  breakdown: MemoryBreakdown;
  phase?: ProgramPhase;
  /** The traceback line that shows the phase, e.g. `loss.backward()` or the function's name. */
  phaseShownBy?: string;
  /** Frames in the user's files, outermost first. */
  frames: ExplainFrame[];
  /** A frame names a file by the path it has on this machine: the log is from here. */
  fromThisMachine: boolean;
}

export interface ExplainOutOfMemoryResult {
  explanations: ExplainedOutOfMemory[];
  /** Distinct messages beyond the ones explained. */
  omitted?: number;
}

export const EXPLAIN_OUT_OF_MEMORY_METHOD = 'oomlint/explainOutOfMemory';

export const ExplainOutOfMemoryRequest = new RequestType<ExplainOutOfMemoryParams, ExplainOutOfMemoryResult, void>(EXPLAIN_OUT_OF_MEMORY_METHOD);

/** Texts longer than this are refused: a selection or a terminal's scrollback fits; a whole day of training output goes to `oomlint explain`, which reads a log's end. */
export const MAX_EXPLAIN_TEXT_CHARS = 16 * 1024 * 1024;
