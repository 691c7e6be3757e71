import type { Applicability, Diagnostic, Fix, TextEdit } from './types';

export interface FixSelection {
  /** Also apply unsafe fixes. */
  unsafe: boolean;
}

export function isApplicable(applicability: Applicability, selection: FixSelection): boolean {
  return applicability === 'safe' || (applicability === 'unsafe' && selection.unsafe);
}

/** The fix that fix-all and `--fix` would apply for this diagnostic, if any. */
export function applicableFix(diagnostic: Diagnostic, selection: FixSelection): Fix | undefined {
  return diagnostic.fixes.find((f) => isApplicable(f.applicability, selection));
}

/** Edits clash when they overlap, insert at the same place, or one inserts inside the other. */
function clash(a: TextEdit, b: { start: number; end: number }): boolean {
  if (a.start === b.start) return true;
  return a.start < b.end && b.start < a.end;
}

function spanOf(fix: Fix): { start: number; end: number } {
  return { start: Math.min(...fix.edits.map((e) => e.start)), end: Math.max(...fix.edits.map((e) => e.end)) };
}

/**
 * Picks one applicable fix per diagnostic such that no two chosen fixes touch overlapping text
 * (two insertions at the same offset also conflict). Later conflicting fixes wait for the next pass.
 */
export function selectNonOverlapping(diagnostics: readonly Diagnostic[], selection: FixSelection): Fix[] {
  const candidates = diagnostics
    .map((d) => applicableFix(d, selection))
    .filter((f): f is Fix => f !== undefined && f.edits.length > 0)
    .sort((a, b) => spanOf(a).start - spanOf(b).start);
  const chosen: Fix[] = [];
  const taken: { start: number; end: number }[] = [];
  for (const fix of candidates) {
    const clashes = fix.edits.some((e) => taken.some((t) => clash(e, t)));
    if (clashes) continue;
    chosen.push(fix);
    taken.push(...fix.edits.map((e) => ({ start: e.start, end: e.end })));
  }
  return chosen;
}

/** Applies edits (any order, non-overlapping) to `text`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

export function applyFixes(text: string, fixes: readonly Fix[]): string {
  return applyEdits(text, fixes.flatMap((f) => f.edits));
}

export interface FixLoopResult {
  text: string;
  /** Number of fixes applied over all passes. */
  applied: number;
  /** Diagnostics of the final text. */
  remaining: Diagnostic[];
}

/**
 * Fixes until nothing applicable is left, re-analysing after each pass (as `ruff --fix` does),
 * so fixes that overlapped in one pass land in the next. Stops after `maxPasses`.
 */
export function fixUntilStable(
  text: string,
  analyse: (text: string) => Diagnostic[],
  selection: FixSelection,
  maxPasses = 10,
): FixLoopResult {
  let current = text;
  let applied = 0;
  let diagnostics = analyse(current);
  for (let pass = 0; pass < maxPasses; pass++) {
    const fixes = selectNonOverlapping(diagnostics, selection);
    if (!fixes.length) break;
    const next = applyFixes(current, fixes);
    if (next === current) break;
    applied += fixes.length;
    current = next;
    diagnostics = analyse(current);
  }
  return { text: current, applied, remaining: diagnostics };
}
