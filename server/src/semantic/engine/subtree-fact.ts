// A fact read from a syntax node's own subtree alone (its dotted name, a call's arguments): a query
// whose key is all it reads. A node outlives an edit only with its subtree unchanged, so no revision
// of any database can change the answer while the node lives: it is memoised with the node, once for
// every database, and goes with the node.

export class SubtreeFact<K extends object, V> {
  private readonly answers = new WeakMap<K, V>();

  constructor(
    /** For debugging. */
    readonly name: string,
    /** Reads `key`'s subtree through `text`, the text of any version in which the key lives. */
    private readonly compute: (key: K, text: string) => V,
    /** Which answers are worth their memory (those that take work to find again); all by default. */
    private readonly remembers: (answer: V) => boolean = () => true,
  ) {}

  of(key: K, text: string): V {
    let answer = this.answers.get(key);
    if (answer === undefined && !this.answers.has(key)) {
      answer = this.compute(key, text);
      if (this.remembers(answer)) this.answers.set(key, answer);
    }
    return answer as V;
  }
}
