import type { Applicability, Diagnostic, Fix, RuleCode, TextEdit } from './types';

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

/**
 * Applies edits (any order, non-overlapping) to `text`, in one pass: the pieces between edits are
 * joined once (splicing each edit into the whole text cost its length per edit: seconds for the
 * 10,000 re-indented lines of one wrapped loop).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  // Insertions at one offset land in reverse order of the list, as splicing them one by one did.
  const sorted = edits.map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || b.index - a.index);
  const pieces: string[] = [];
  let at = 0;
  for (const { edit: e } of sorted) {
    pieces.push(text.slice(at, e.start), e.newText);
    at = e.end;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
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
  /**
   * Fixes that were not applied because they did not remove their own diagnostic, or rules whose
   * fixes were still applicable after the last pass. Either is a bug in a rule, never in the user's code.
   */
  failures: FixFailure[];
}

export interface FixFailure {
  code: RuleCode;
  /** The fix's title, or the reason when it names no single fix. */
  title: string;
  reason: 'not-removed' | 'not-converged';
}

function countByCode(diagnostics: readonly Diagnostic[]): Map<RuleCode, number> {
  const counts = new Map<RuleCode, number>();
  for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

/** Identifies a diagnostic's fix across passes, where positions move. */
function fixKey(d: Diagnostic, fix: Fix): string {
  return `${d.code}\u0000${d.message}\u0000${fix.title}`;
}

/**
 * Fixes until nothing applicable is left, re-analysing after each pass (as `ruff --fix` does),
 * so fixes that overlapped in one pass land in the next. Stops after `maxPasses`.
 *
 * Every fix must remove its own diagnostic: after each pass, a rule whose count of diagnostics fell
 * by less than the number of its fixes applied has a fix that did not. Then that rule's fixes of the
 * pass are tried one at a time on the text before it; those that leave the count unchanged are
 * withheld from then on (reported as failures) and the pass is redone without them. This is what
 * keeps a broken fix from piling the same edit up pass after pass.
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
  const withheld = new Set<string>();
  const failures: FixFailure[] = [];
  const usable = (ds: readonly Diagnostic[]) =>
    ds.filter((d) => {
      const fix = applicableFix(d, selection);
      return fix !== undefined && !withheld.has(fixKey(d, fix));
    });
  let pass = 0;
  while (pass < maxPasses) {
    const candidates = usable(diagnostics);
    const fixes = selectNonOverlapping(candidates, selection);
    if (!fixes.length) break;
    const next = applyFixes(current, fixes);
    if (next === current) break;
    const nextDiagnostics = analyse(next);
    const suspects = rulesNotRemovingTheirDiagnostics(candidates, fixes, diagnostics, nextDiagnostics);
    if (suspects.size) {
      let found = false;
      for (const d of candidates) {
        const fix = applicableFix(d, selection)!;
        if (!suspects.has(d.code) || !fixes.includes(fix)) continue;
        const before = countByCode(diagnostics).get(d.code) ?? 0;
        const after = countByCode(analyse(applyFixes(current, [fix]))).get(d.code) ?? 0;
        if (after < before) continue;
        withheld.add(fixKey(d, fix));
        failures.push({ code: d.code, title: fix.title, reason: 'not-removed' });
        found = true;
      }
      // A fix that works alone but not together with others: keep the pass, it still made progress.
      if (found) continue;
    }
    applied += fixes.length;
    current = next;
    diagnostics = nextDiagnostics;
    pass++;
  }
  if (pass === maxPasses) {
    const left = new Set(usable(diagnostics).map((d) => d.code));
    for (const code of left) failures.push({ code, title: `fixes still applicable after ${maxPasses} passes`, reason: 'not-converged' });
  }
  return { text: current, applied, remaining: diagnostics, failures };
}

function rulesNotRemovingTheirDiagnostics(
  candidates: readonly Diagnostic[],
  fixes: readonly Fix[],
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
): Set<RuleCode> {
  const appliedByCode = new Map<RuleCode, number>();
  for (const d of candidates) {
    if (d.fixes.some((f) => fixes.includes(f))) appliedByCode.set(d.code, (appliedByCode.get(d.code) ?? 0) + 1);
  }
  const countBefore = countByCode(before);
  const countAfter = countByCode(after);
  const suspects = new Set<RuleCode>();
  for (const [code, count] of appliedByCode) {
    if ((countAfter.get(code) ?? 0) > (countBefore.get(code) ?? 0) - count) suspects.add(code);
  }
  return suspects;
}
