// The custom request `oomlint/explainOutOfMemory`: the client sends the text of a log or a pasted
// traceback, the server answers with each out-of-memory message explained, its frames linked to the
// workspace's files and oomlint's findings there. Shared by the server, the VS Code client and the
// tests, so the two ends cannot disagree; it holds types and names only, so the client bundle gets
// none of the explain engine.
import { RequestType } from 'vscode-languageserver-protocol';
import type { MemoryBreakdown, OomCause } from '../explain/diagnose-oom';
import type { ProgramPhase } from '../explain/explain-oom';
import type { OomBackend, OomForm } from '../explain/parse-oom';

export interface ExplainOutOfMemoryParams {
  /** A log, a traceback or a single message line; every out-of-memory message in it is explained. */
  text: string;
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
}

export interface ExplainedOutOfMemory {
  backend: OomBackend;
  form: OomForm;
  /** The exception name as printed (`torch.OutOfMemoryError`), when it is. */
  exception?: string;
  gpu?: number;
  /** The message is cut off: only the numbers before the cut are known. */
  truncated: boolean;
  /** The message line itself, and where it is in the text that was sent (1-based). */
  messageText: string;
  messageLine: number;
  cause: OomCause;
  headline: string;
  evidence: string[];
  remedies: string[];
  /** Bytes. */
  breakdown: MemoryBreakdown;
  phase?: ProgramPhase;
  /** The traceback line that shows the phase, e.g. `loss.backward()` or the function's name. */
  phaseShownBy?: string;
  /** Frames in the user's files, outermost first. */
  frames: ExplainFrame[];
}

export interface ExplainOutOfMemoryResult {
  explanations: ExplainedOutOfMemory[];
}

export const EXPLAIN_OUT_OF_MEMORY_METHOD = 'oomlint/explainOutOfMemory';

export const ExplainOutOfMemoryRequest = new RequestType<ExplainOutOfMemoryParams, ExplainOutOfMemoryResult, void>(EXPLAIN_OUT_OF_MEMORY_METHOD);

/** Texts longer than this are refused: a day of training output fits, a runaway paste does not. */
export const MAX_EXPLAIN_TEXT_CHARS = 64 * 1024 * 1024;
