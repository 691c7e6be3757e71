// A fact read from a syntax node's own subtree alone (its dotted name, a call's arguments): a query
// whose key is all it reads. A node outlives an edit only with its subtree unchanged, so no revision
// of any database can change the answer while the node lives: it is memoised on the node itself, once
// for every database, and goes with the node.
import { UNDEFINED_ANSWER } from './database';

/** A key that keeps the answers of subtree facts about itself, one place per fact (a syntax node). */
export interface HoldsFacts {
  facts: unknown[] | undefined;
}

let factsDeclared = 0;

export class SubtreeFact<K extends HoldsFacts, V> {
  /** Where a key keeps this fact's answer. */
  private readonly place = factsDeclared++;

  constructor(
    /** For debugging. */
    readonly name: string,
    /** Reads `key`'s subtree through `text`, the text of any version in which the key lives. */
    private readonly compute: (key: K, text: string) => V,
    /** Which answers are worth their memory (those that take work to find again); all by default. */
    private readonly remembers: (answer: V) => boolean = () => true,
  ) {}

  of(key: K, text: string): V {
    const kept = key.facts?.[this.place];
    if (kept !== undefined) return (kept === UNDEFINED_ANSWER ? undefined : kept) as V;
    const answer = this.compute(key, text);
    if (this.remembers(answer)) {
      const facts = (key.facts ??= new Array<unknown>(factsDeclared));
      facts[this.place] = answer === undefined ? UNDEFINED_ANSWER : answer;
    }
    return answer;
  }
}
