// Fixing one file's text: apply fixes pass by pass until nothing applicable is left, then refuse
// the result if it parses worse than the original (a broken fix must never reach the disk).
import { fixUntilStable, type FixFailure, type FixSelection } from '../core/fixes';
import type { Diagnostic } from '../core/types';
import { indentationErrorRow } from '../parser/indentation';
import { walk, type SyntaxNode } from '../parser/syntax';

/** ERROR and missing nodes, plus one when `text` is given and has indentation Python refuses. */
export function countSyntaxErrors(root: SyntaxNode, text?: string): number {
  let count = text !== undefined && indentationErrorRow(root, text) !== null ? 1 : 0;
  walk(root, (node) => {
    if (node.isError || node.isMissing) count++;
  });
  return count;
}

export type FixOutcome =
  | { kind: 'unchanged'; diagnostics: Diagnostic[]; failures: FixFailure[] }
  | { kind: 'fixed'; text: string; applied: number; diagnostics: Diagnostic[]; failures: FixFailure[] }
  /** `diagnostics` are those of the original text, which stays as it was. */
  | { kind: 'rejected'; reason: string; diagnostics: Diagnostic[] };

export interface FixInput {
  text: string;
  analyse: (text: string) => Diagnostic[];
  parse: (text: string) => SyntaxNode;
  selection: FixSelection;
}

export function fixText({ text, analyse, parse, selection }: FixInput): FixOutcome {
  let original: Diagnostic[] | undefined;
  const analyseOnce = (current: string) => {
    const diagnostics = analyse(current);
    // fixUntilStable analyses the original first; keep that for the rejected case.
    original ??= diagnostics;
    return diagnostics;
  };
  const result = fixUntilStable(text, analyseOnce, selection);
  if (result.text === text) return { kind: 'unchanged', diagnostics: result.remaining, failures: result.failures };
  const before = countSyntaxErrors(parse(text), text);
  const after = countSyntaxErrors(parse(result.text), result.text);
  if (after > before) {
    const reason = `the fixed code would have ${after} syntax error${after === 1 ? '' : 's'} where the original has ${before}; please report this`;
    return { kind: 'rejected', reason, diagnostics: original ?? [] };
  }
  return { kind: 'fixed', text: result.text, applied: result.applied, diagnostics: result.remaining, failures: result.failures };
}

/** One line for the user: which rule's fix misbehaved, and that it is oomlint's bug, not theirs. */
export function describeFixFailures(failures: readonly FixFailure[]): string | undefined {
  if (!failures.length) return undefined;
  const parts = failures.map((f) =>
    f.reason === 'not-removed'
      ? `${f.code} fix "${f.title}" did not remove its own diagnostic, so it was not applied`
      : `${f.code} failed to converge: ${f.title}, so fixing stopped there`,
  );
  return `${parts.join('; ')}. This is a bug in oomlint; please report it with the file`;
}
