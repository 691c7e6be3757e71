// The explanations of `oomlint explain` as text for a terminal, or as JSON for tools. Pure.
import { formatSize, type MemoryBreakdown } from '../explain/diagnose-oom';
import type { ExplainedFrame, OomExplanation } from '../explain/explain-oom';
import type { OomMessage } from '../explain/parse-oom';

const FORM_NAMES: Record<OomMessage['form'], string> = {
  '2018-cached': 'PyTorch 1.0-1.4 form',
  '2020-reserved': 'PyTorch 1.5-2.0 form',
  '2023-process': 'PyTorch 2.1+ form',
  mps: 'Apple MPS',
};

const BAR_WIDTH = 50;

/** One bar for the device: # allocated, ~ reserved but unallocated, x outside PyTorch, . free. */
export function memoryBar(b: MemoryBreakdown): string | undefined {
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
  return `[${bar.slice(0, BAR_WIDTH).padEnd(BAR_WIDTH, ' ')}]  # allocated  ~ reserved, unallocated  x outside PyTorch  . free`;
}

function frameLines(frame: ExplainedFrame, failing: boolean): string[] {
  const lines = [`    ${frame.file}:${frame.line} in ${frame.function}${failing ? '   <- the line that led to the allocation' : ''}`];
  if (frame.code) lines.push(`      > ${frame.code}`);
  if (frame.unread) lines.push(`      (${frame.unread})`);
  for (const finding of (frame.findings ?? []).slice(0, 5)) lines.push(`      ${finding.code} at line ${finding.line}: ${finding.message}`);
  const more = (frame.findings?.length ?? 0) - 5;
  if (more > 0) lines.push(`      ... and ${more} more (oomlint check ${frame.file})`);
  return lines;
}

export function formatExplanationsText(explanations: readonly OomExplanation[], inputName: string): string {
  const blocks = explanations.map(({ message, diagnosis, userFrames, failingFrame, phase, phaseFrame }) => {
    const what = message.backend === 'mps' ? 'MPS backend out of memory' : `${message.backend === 'hip' ? 'HIP' : 'CUDA'} out of memory on GPU ${message.gpu ?? '?'}`;
    const lines = [`${inputName}:${message.line}: ${message.exception ? `${message.exception}: ` : ''}${what} (${FORM_NAMES[message.form]}${message.truncated ? ', cut off' : ''})`];
    lines.push(`  Cause: ${diagnosis.cause} - ${diagnosis.headline}`);
    for (const evidence of diagnosis.evidence) lines.push(`    ${evidence}`);
    const bar = memoryBar(diagnosis.breakdown);
    if (bar) lines.push(`    ${bar}`);
    if (phase && phaseFrame) {
      const shown = phase === 'backward' ? `${phaseFrame.code ?? 'backward()'}` : `function \`${phaseFrame.function}\``;
      lines.push(`  It ran out in ${phase === 'backward' ? 'the backward pass' : `${phase} code`} (${shown}, ${phaseFrame.file}:${phaseFrame.line}).`);
    }
    if (userFrames.length) {
      lines.push('  In your code (outermost first):');
      for (const frame of userFrames) lines.push(...frameLines(frame, frame === failingFrame));
    }
    lines.push('  What to do, most likely to help first:');
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
