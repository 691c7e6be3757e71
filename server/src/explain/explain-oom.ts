// From a log to explanations: each out-of-memory message, its diagnosis and the user's frames.
// Pure; the CLI adds oomlint's findings in those frames' files.
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/messages';
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

/** What the program was doing when it ran out: read from the traceback's functions and lines. */
export type ProgramPhase = 'backward' | 'evaluation' | 'training';

export interface OomExplanation {
  message: OomMessage;
  diagnosis: OomDiagnosis;
  /** Frames in the user's files, outermost first. */
  userFrames: ExplainedFrame[];
  /** The innermost user frame: the user's line that led to the failing allocation. */
  failingFrame?: ExplainedFrame;
  phase?: ProgramPhase;
  /** The frame that shows the phase. */
  phaseFrame?: TracebackFrame;
}

const EVALUATION_FUNCTION = /(?:^|_)(?:eval|evaluate|evaluation|valid|validate|validation|val|test|predict|prediction|inference|infer|generate|sample)(?:_|$|\d)/i;
const TRAINING_FUNCTION = /(?:^|_)(?:train|training|fit|train_step|training_step)(?:_|$|\d)/i;

/**
 * The backward pass shows in any frame (the user's `loss.backward()` or autograd's own); evaluation and
 * training show in the names of the user's functions, innermost first.
 */
export function programPhase(frames: readonly TracebackFrame[], user: readonly TracebackFrame[]): { phase: ProgramPhase; frame: TracebackFrame } | undefined {
  const backward = frames.find((f) => /\.backward\(|run_backward\(|torch\.autograd\.backward\(/.test(f.code ?? ''));
  if (backward) return { phase: 'backward', frame: backward };
  for (const frame of [...user].reverse()) {
    if (EVALUATION_FUNCTION.test(frame.function)) return { phase: 'evaluation', frame };
    if (TRAINING_FUNCTION.test(frame.function)) return { phase: 'training', frame };
  }
  return undefined;
}

/** `words`: the language of the diagnoses (English when absent). */
export function explainLog(log: string, words: ExplainMessages = explainEn): OomExplanation[] {
  return parseOomMessages(log).map((message) => {
    const frames = userFrames(message.frames).map((frame) => ({ ...frame }));
    const failing = frames.at(-1);
    const phase = programPhase(message.frames, frames);
    return {
      message,
      diagnosis: diagnoseOom(message, phase ? { phase: phase.phase } : {}, words),
      userFrames: frames,
      ...(failing ? { failingFrame: failing } : {}),
      ...(phase ? { phase: phase.phase, phaseFrame: phase.frame } : {}),
    };
  });
}
