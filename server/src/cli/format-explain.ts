// The explanations of `oomlint explain` as text for a terminal, or as JSON for tools. Pure. Every
// text that came from the log passes through `printable`: a log cannot send the terminal escapes.
import type { MemoryBreakdown } from '../explain/diagnose-oom';
import type { ExplainedFrame, ExplainedLog, OomExplanation } from '../explain/explain-oom';
import { formatSize } from '../explain/format-size';
import { SIZE_FIELDS } from '../explain/oom-message';
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/explain-messages';
import { printable } from './printable';

const BAR_WIDTH = 50;

/** One bar for the device: # allocated, ~ reserved but unallocated, x outside PyTorch, . free. */
export function memoryBar(b: MemoryBreakdown, words: ExplainMessages = explainEn): string | undefined {
  if (b.capacity === undefined || !(b.capacity > 0)) return undefined;
  const parts: [string, number | undefined][] = [
    ['#', b.allocatedByPyTorch],
    ['~', b.reservedUnallocated],
    ['x', b.outsidePyTorch],
    ['.', b.free],
  ];
  if (parts.some(([, bytes]) => bytes === undefined)) return undefined;
  let bar = '';
  for (const [mark, bytes] of parts) bar += mark.repeat(Math.max(0, Math.round((BAR_WIDTH * Math.min(bytes!, b.capacity)) / b.capacity)));
  return `[${bar.slice(0, BAR_WIDTH).padEnd(BAR_WIDTH, ' ')}]  ${words.oomBarLegend}`;
}

function frameLines(frame: ExplainedFrame, failing: boolean, words: ExplainMessages): string[] {
  const lines = [`    ${words.oomFrame({ where: `${frame.file}:${frame.line}`, fn: frame.function })}${failing ? `   ${words.oomFailingLine}` : ''}`];
  if (frame.code) lines.push(`      > ${frame.code}`);
  if (frame.unread) lines.push(`      (${frame.unread})`);
  for (const finding of frame.findings ?? []) lines.push(`      ${words.oomFindingAt(finding)}`);
  if (frame.moreFindings) lines.push(`      ${words.oomMoreFindings({ more: frame.moreFindings, file: frame.file })}`);
  return lines;
}

/** Where the message is, and where its repeats are. */
function repeatNote(explanation: OomExplanation, words: ExplainMessages): string | undefined {
  if (explanation.occurrences < 2) return undefined;
  const listed = explanation.lines.join(', ') + (explanation.occurrences > explanation.lines.length ? ', ...' : '');
  return words.oomNote({ kind: 'repeated', count: explanation.occurrences, lines: listed });
}

function explanationLines(explanation: OomExplanation, inputName: string, words: ExplainMessages): string[] {
  const { message, diagnosis, userFrames, failingFrame, phase, phaseFrame } = explanation;
  const what = words.oomWhat({ backend: message.backend, gpu: String(message.gpu ?? '?'), form: message.form });
  const form = words.oomForm({ form: message.form, truncated: message.truncated });
  const source = message.source ? `[${message.source}] ` : '';
  const lines = [`${inputName}:${message.line}: ${source}${message.exception ? `${message.exception}: ` : ''}${what} (${form})`];
  lines.push(`  ${words.oomCauseLine({ cause: words.oomCauseName({ cause: diagnosis.cause }), headline: diagnosis.headline })}`);
  for (const evidence of diagnosis.evidence) lines.push(`    ${evidence.text}`);
  const repeated = repeatNote(explanation, words);
  if (repeated) lines.push(`    ${repeated}`);
  const bar = memoryBar(diagnosis.breakdown, words);
  if (bar) lines.push(`    ${bar}`);
  if (phase && phaseFrame) {
    const shown = phase === 'backward' ? `${phaseFrame.code ?? 'backward()'}` : words.oomFunction({ name: phaseFrame.function, quoted: true });
    lines.push(`  ${words.oomRanOut({ phase, shown, where: `${phaseFrame.file}:${phaseFrame.line}` })}`);
  }
  if (userFrames.length) {
    lines.push(`  ${words.oomYourCode}`);
    for (const frame of userFrames) lines.push(...frameLines(frame, frame === failingFrame, words));
  }
  lines.push(`  ${words.oomRemediesHeading}`);
  diagnosis.remedies.forEach((remedy, index) => lines.push(`    ${index + 1}. ${remedy}`));
  return lines;
}

/** `words`: the report's language (English when absent); numbers, code and paths read the same in all. */
export function formatExplanationsText(report: ExplainedLog, inputName: string, words: ExplainMessages = explainEn): string {
  const blocks = report.explanations.map((explanation) => explanationLines(explanation, inputName, words).map(printable).join('\n'));
  if (report.omitted) blocks.push(words.oomMoreMessages({ more: report.omitted }));
  return `${blocks.join('\n\n')}\n`;
}

/** A size beyond 2^53 bytes is written with every digit, which a JSON number can hold and a double cannot. */
const EXACT = '\u0000exact:';

/** Sizes in bytes, exact. `version` changes when a field changes meaning. */
export function formatExplanationsJson(report: ExplainedLog): string {
  const body = report.explanations.map(({ message, diagnosis, userFrames, failingFrame, phase, phaseFrame, occurrences, lines }) => {
    const { frames: _frames, exactSizes, ...rest } = message;
    const written: Record<string, unknown> = { ...rest };
    for (const field of SIZE_FIELDS) {
      const exact = exactSizes?.[field];
      if (exact !== undefined) written[field] = `${EXACT}${exact}`;
    }
    return {
      message: written,
      cause: diagnosis.cause,
      headline: diagnosis.headline,
      evidence: diagnosis.evidence.map((e) => e.text),
      breakdown: diagnosis.breakdown,
      remedies: diagnosis.remedies,
      occurrences,
      lines,
      userFrames,
      failingFrame: failingFrame ?? null,
      phase: phase ?? null,
      phaseFrame: phaseFrame ?? null,
    };
  });
  const json = JSON.stringify({ version: 2, explanations: body, omitted: report.omitted }, null, 2);
  return `${json.replace(/"\\u0000exact:(\d+)"/g, '$1')}\n`;
}

export { formatSize };
