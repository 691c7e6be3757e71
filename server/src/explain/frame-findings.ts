// Which of oomlint's findings in a frame's file belong under that frame: those near its line, each
// under the nearest frame of its file, a few per frame. Pure; shared by the CLI and the editor.

/** Findings further than this from every frame of their file are left to `oomlint check`. */
export const NEAR_FRAME_LINES = 30;
export const MAX_FINDINGS_PER_FRAME = 3;

export interface PlacedFindings<F> {
  /** For each frame (in the order given), its findings, nearest its line first. */
  shown: F[][];
  /** For each frame, the file's findings shown at none of its frames, counted at the file's innermost frame. */
  more: number[];
}

/** `frames`: each frame's file (any key that names it) and line; `findingsOf`: a file's findings. */
export function placeFindings<F extends { line: number }>(frames: readonly { file: string; line: number }[], findingsOf: (file: string) => readonly F[] | undefined): PlacedFindings<F> {
  const shown: F[][] = frames.map(() => []);
  const more: number[] = frames.map(() => 0);
  const files = new Map<string, number[]>();
  frames.forEach((frame, index) => files.set(frame.file, [...(files.get(frame.file) ?? []), index]));
  for (const [file, indexes] of files) {
    const findings = findingsOf(file);
    if (!findings?.length) continue;
    const candidates: { finding: F; frame: number; distance: number }[] = [];
    for (const finding of findings) {
      let best: { frame: number; distance: number } | undefined;
      for (const index of indexes) {
        const distance = Math.abs(finding.line - frames[index]!.line);
        if (!best || distance < best.distance) best = { frame: index, distance };
      }
      if (best && best.distance <= NEAR_FRAME_LINES) candidates.push({ finding, ...best });
    }
    candidates.sort((a, b) => a.distance - b.distance || a.finding.line - b.finding.line);
    let placed = 0;
    for (const candidate of candidates) {
      const list = shown[candidate.frame]!;
      if (list.length >= MAX_FINDINGS_PER_FRAME) continue;
      list.push(candidate.finding);
      placed++;
    }
    more[indexes.at(-1)!] = findings.length - placed;
  }
  return { shown, more };
}
