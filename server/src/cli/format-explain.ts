// The explanations of `oomlint explain` as text for a terminal, or as JSON for tools. Pure.
import type { MemoryBreakdown } from '../explain/diagnose-oom';
import { formatSize } from '../explain/format-size';
import type { ExplainedFrame, OomExplanation } from '../explain/explain-oom';
import { explainEn } from '../l10n/explain-en';
import type { ExplainMessages } from '../l10n/messages';

const BAR_WIDTH = 50;

/** One bar for the device: # allocated, ~ reserved but unallocated, x outside PyTorch, . free. */
export function memoryBar(b: MemoryBreakdown, words: ExplainMessages = explainEn): string | undefined {
  if (b.capacity === undefined || b.capacity <= 0) return undefined;
  const parts: [string, number | undefined][] = [
    ['#', b.allocatedByPyTorch],
    ['~', b.reservedUnallocated],
    ['x', b.outsidePyTorch],
    ['.', b.free],
  ];
  if (parts.some(([, bytes]) => bytes === undefined)) return undefined;
  let bar = '';
  for (const [mark, bytes] of parts) bar += mark.repeat(Math.round((BAR_WIDTH * Math.min(bytes!, b.capacity)) / b.capacity));
  return `[${bar.slice(0, BAR_WIDTH).padEnd(BAR_WIDTH, ' ')}]  ${words.oomBarLegend}`;
}

function frameLines(frame: ExplainedFrame, failing: boolean, words: ExplainMessages): string[] {
  const lines = [`    ${words.oomFrame({ where: `${frame.file}:${frame.line}`, fn: frame.function })}${failing ? `   ${words.oomFailingLine}` : ''}`];
  if (frame.code) lines.push(`      > ${frame.code}`);
  if (frame.unread) lines.push(`      (${frame.unread})`);
  for (const finding of (frame.findings ?? []).slice(0, 5)) lines.push(`      ${words.oomFindingAt(finding)}`);
  const more = (frame.findings?.length ?? 0) - 5;
  if (more > 0) lines.push(`      ${words.oomMoreFindings({ more, file: frame.file })}`);
  return lines;
}

/** `words`: the report's language (English when absent); numbers, code and paths read the same in all. */
export function formatExplanationsText(explanations: readonly OomExplanation[], inputName: string, words: ExplainMessages = explainEn): string {
  const blocks = explanations.map(({ message, diagnosis, userFrames, failingFrame, phase, phaseFrame }) => {
    const what = words.oomWhat({ backend: message.backend, gpu: String(message.gpu ?? '?') });
    const form = words.oomForm({ form: message.form, truncated: message.truncated });
    const lines = [`${inputName}:${message.line}: ${message.exception ? `${message.exception}: ` : ''}${what} (${form})`];
    lines.push(`  ${words.oomCauseLine({ cause: words.oomCauseName({ cause: diagnosis.cause }), headline: diagnosis.headline })}`);
    for (const evidence of diagnosis.evidence) lines.push(`    ${evidence}`);
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
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

/** Sizes in bytes. `version` changes when a field changes meaning. */
export function formatExplanationsJson(explanations: readonly OomExplanation[]): string {
  const body = explanations.map(({ message, diagnosis, userFrames, failingFrame, phase, phaseFrame }) => {
    const { frames: _frames, ...rest } = message;
    return {
      message: rest,
      cause: diagnosis.cause,
      headline: diagnosis.headline,
      evidence: diagnosis.evidence,
      breakdown: diagnosis.breakdown,
      remedies: diagnosis.remedies,
      userFrames,
      failingFrame: failingFrame ?? null,
      phase: phase ?? null,
      phaseFrame: phaseFrame ?? null,
    };
  });
  return `${JSON.stringify({ version: 1, explanations: body }, null, 2)}\n`;
}

export { formatSize };
