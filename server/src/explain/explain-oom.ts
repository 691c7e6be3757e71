// From a log to explanations: each out-of-memory message (repeats of one message grouped), its
// diagnosis and the user's frames. Pure; the CLI and the server add oomlint's findings in those frames.
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/explain-messages';
import { diagnoseOom, type OomDiagnosis } from './diagnose-oom';
import type { TracebackFrame } from './frames';
import { epochBefore, logFacts, messageFacts, type LogFacts } from './log-context';
import type { OomMessage } from './oom-message';
import { messageOffset, readOomLog } from './parse-oom';
import { userFrames } from './user-frames';

export interface FrameFinding {
  code: string;
  message: string;
  /** 1-based. */
  line: number;
}

export interface ExplainedFrame extends TracebackFrame {
  /** oomlint's findings near the frame's line, when the file could be read; nearest first. */
  findings?: FrameFinding[];
  /** Findings of the file beyond those shown at its frames. */
  moreFindings?: number;
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
  /** How many times this message appears in the log (1 when once), and on which lines (the first ones). */
  occurrences: number;
  lines: number[];
  /** What the log says about the program around the message. */
  facts: LogFacts;
}

export interface ExplainedLog {
  explanations: OomExplanation[];
  /** Distinct messages beyond the ones explained. */
  omitted: number;
}

/** A log with more distinct messages explains the first ones and counts the rest. */
export const MAX_EXPLANATIONS = 50;
/** The lines listed for a repeated message. */
const MAX_LISTED_LINES = 20;

const EVALUATION_FUNCTION = /(?:^|_)(?:eval|evaluate|evaluation|valid|validate|validation|val|test|predict|prediction|inference|infer|generate|sample)(?:_|$|\d)/i;
const TRAINING_FUNCTION = /(?:^|_)(?:train|training|fit|train_step|training_step)(?:_|$|\d)/i;
const BACKWARD_CODE = /\.backward\(|run_backward\(|torch\.autograd\.backward\(|scaler\.scale\([^)]*\)\.backward|accelerator\.backward\(/;

/**
 * The backward pass shows in any frame (the user's `loss.backward()` or autograd's own); evaluation and
 * training show in the names of the user's functions, innermost first.
 */
export function programPhase(frames: readonly TracebackFrame[], user: readonly TracebackFrame[]): { phase: ProgramPhase; frame: TracebackFrame } | undefined {
  const backward = frames.find((f) => BACKWARD_CODE.test(f.code ?? ''));
  if (backward) return { phase: 'backward', frame: backward };
  for (const frame of [...user].reverse()) {
    if (EVALUATION_FUNCTION.test(frame.function)) return { phase: 'evaluation', frame };
    if (TRAINING_FUNCTION.test(frame.function)) return { phase: 'training', frame };
  }
  return undefined;
}

/** Messages that are one failure printed again (a retry loop, a logger and the exception): same source, form, device and request. */
function repeatKey(message: OomMessage): string {
  return [message.source, message.framework, message.form, message.backend, message.gpu ?? '', message.requested ?? '', message.vllmKind ?? '', message.exception ?? '', message.requested === undefined ? message.text.slice(0, 200) : ''].join('\u0000');
}

function explainMessage(message: OomMessage, facts: LogFacts, epoch: number | undefined, words: ExplainMessages): Omit<OomExplanation, 'occurrences' | 'lines'> {
  const frames = userFrames(message.frames).map((frame) => ({ ...frame }));
  const failing = frames.at(-1);
  const phase = programPhase(message.frames, frames);
  const own = messageFacts(facts, message);
  return {
    message,
    diagnosis: diagnoseOom(message, { ...(phase ? { phase: phase.phase } : {}), facts: own, ...(epoch !== undefined ? { epoch } : {}) }, words),
    userFrames: frames,
    ...(failing ? { failingFrame: failing } : {}),
    ...(phase ? { phase: phase.phase, phaseFrame: phase.frame } : {}),
    facts: own,
  };
}

/** The explanations of a log, repeats grouped, at most MAX_EXPLANATIONS of them. */
export function explainLogReport(log: string, words: ExplainMessages = explainEn): ExplainedLog {
  const { text, messages } = readOomLog(log);
  if (!messages.length) return { explanations: [], omitted: 0 };
  const facts = logFacts(text);
  const groups = new Map<string, OomMessage[]>();
  for (const message of messages) {
    const key = repeatKey(message);
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  const explanations: OomExplanation[] = [];
  for (const group of [...groups.values()].slice(0, MAX_EXPLANATIONS)) {
    // The occurrence that says the most: whole, with a traceback, the latest.
    const shown = [...group].reverse().sort((a, b) => Number(a.truncated) - Number(b.truncated) || Number(b.frames.length > 0) - Number(a.frames.length > 0))[0]!;
    const epoch = epochBefore(text, messageOffset(shown) ?? 0);
    explanations.push({ ...explainMessage(shown, facts, epoch, words), occurrences: group.length, lines: group.slice(0, MAX_LISTED_LINES).map((m) => m.line) });
  }
  return { explanations, omitted: Math.max(0, groups.size - MAX_EXPLANATIONS) };
}

/** `words`: the language of the diagnoses (English when absent). */
export function explainLog(log: string, words: ExplainMessages = explainEn): OomExplanation[] {
  return explainLogReport(log, words).explanations;
}
