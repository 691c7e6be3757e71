// Which names an open document's edits have changed the meaning of, version after version: an answer
// worked out at one version from what some names meant still holds at a later one when none of those
// names changed since (see NameHistory.unchangedSince).
import type { SyntaxNode } from '../parser/syntax';
import { forEachStatementChange, MemorySlot, type StatementValues, type VersionMemory } from './facts';
import { topLevelStatementOf } from './scopes';

/** Counts the versions that changed some name's meaning, and remembers the last that changed each. */
export class NameHistory {
  private count = 0;
  private readonly changedAt = new Map<string, number>();

  /** Grows with every version that changed a name. */
  get epoch(): number {
    return this.count;
  }

  /** A version changed `names` (none: the epoch stays). */
  advance(names: ReadonlySet<string>): void {
    if (!names.size) return;
    this.count++;
    for (const name of names) this.changedAt.set(name, this.count);
  }

  /** None of `names` changed after `epoch`. */
  unchangedSince(names: readonly string[], epoch: number): boolean {
    for (const name of names) if ((this.changedAt.get(name) ?? 0) > epoch) return false;
    return true;
  }
}

/** What a history keeps of the last version: its top-level statements' parts, from which the names changed are told. */
interface KeptNames<P> {
  readonly history: NameHistory;
  readonly parts: StatementValues<P>;
}

/**
 * The history of the names that `namesOf` reads from each top-level statement's part, brought to the
 * version whose parts are `now`: the names of the parts an edit took away or brought have changed.
 */
export function advancedHistory<P>(memory: VersionMemory, slot: NameHistorySlot<P>, now: StatementValues<P>, namesOf: (part: P) => Iterable<string>): NameHistory {
  const kept = memory.get(slot);
  const history = kept?.history ?? new NameHistory();
  if (kept) {
    const changed = new Set<string>();
    const note = (_: unknown, part: P) => {
      for (const name of namesOf(part)) changed.add(name);
    };
    forEachStatementChange(kept.parts, now, note, note);
    history.advance(changed);
  }
  memory.set(slot, { history, parts: now });
  return history;
}

/** Where an open document keeps a history of names (see advancedHistory). */
export type NameHistorySlot<P> = MemorySlot<KeptNames<P>>;

export function nameHistorySlot<P>(name: string): NameHistorySlot<P> {
  return new MemorySlot<KeptNames<P>>(name);
}

/** What working out an answer read by name: the names, and whether it also read what no name stands for. */
export interface NameReads {
  readonly names: Set<string>;
  /** Cleared by an answer that read something the history does not follow (module-level definitions, say). */
  keep: boolean;
}

interface KeptAnswer<T> {
  readonly answer: T;
  readonly statement: SyntaxNode;
  readonly names: readonly string[];
  readonly history: NameHistory;
  readonly epoch: number;
}

/**
 * Answers about nodes that read, besides the subtree of the node's top-level statement (and of the
 * statements the names lead to), only what some names stand for. An open document keeps each answer
 * with its node: it holds while the node's top-level statement is the same node (its subtree
 * unchanged) and the history tells that none of those names changed since.
 */
export class AnswersKeptByName<T> {
  private readonly kept = new WeakMap<SyntaxNode, KeptAnswer<T>>();

  /**
   * `node`'s answer: the kept one where it still holds, else `workOut`'s, kept when `history` is given.
   * An answer that also asked questions the history does not follow carries them, and `holds` asks
   * them again of this version before the kept answer is used.
   */
  answer(node: SyntaxNode, history: NameHistory | undefined, workOut: (reads: NameReads) => T, holds?: (kept: T) => boolean): T {
    const statement = topLevelStatementOf(node);
    const kept = history && this.kept.get(node);
    if (kept && kept.history === history && kept.statement === statement && history.unchangedSince(kept.names, kept.epoch) && (!holds || holds(kept.answer))) return kept.answer;
    const reads: NameReads = { names: new Set(), keep: true };
    const answer = workOut(reads);
    if (history && reads.keep) this.kept.set(node, { answer, statement, names: [...reads.names], history, epoch: history.epoch });
    return answer;
  }
}
