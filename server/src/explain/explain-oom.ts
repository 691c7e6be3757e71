// From a log to explanations: each out-of-memory message, its diagnosis and the user's frames.
// Pure; the CLI adds oomlint's findings in those frames' files.
import { diagnoseOom, type OomDiagnosis } from './diagnose-oom';
import { parseOomMessages, type OomMessage, type TracebackFrame } from './parse-oom';
import { userFrames } from './user-frames';

export interface FrameFinding {
  code: string;
  message: string;
  /** 1-based. */
  line: number;
}

export interface ExplainedFrame extends TracebackFrame {
  /** oomlint's findings in the frame's file, when the file could be read; nearest the frame's line first. */
  findings?: FrameFinding[];
  /** Why the file's findings are missing, when it was looked for and not read. */
  unread?: string;
}

export interface OomExplanation {
  message: OomMessage;
  diagnosis: OomDiagnosis;
  /** Frames in the user's files, outermost first. */
  userFrames: ExplainedFrame[];
  /** The innermost user frame: the user's line that led to the failing allocation. */
  failingFrame?: ExplainedFrame;
}

export function explainLog(log: string): OomExplanation[] {
  return parseOomMessages(log).map((message) => {
    const frames = userFrames(message.frames).map((frame) => ({ ...frame }));
    const failing = frames.at(-1);
    return { message, diagnosis: diagnoseOom(message), userFrames: frames, ...(failing ? { failingFrame: failing } : {}) };
  });
}
