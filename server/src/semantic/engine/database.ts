// The one mechanism by which the analysis memoises and reuses what it derives. Every derived fact is a query: a
// function of a context and a key, whose answer a database memoises together with what computing it
// read (inputs, and other queries' answers). When an input changes, the database moves to a new
// revision; an answer is then reused when it is next asked for exactly when nothing it read changed
// since it was last checked, and worked out again otherwise. An answer worked out again that comes
// out equal to the old one leaves the old one in place and counts as unchanged, so what read it stays valid.
// The engine knows nothing of Python or of syntax trees: keys are any values, and objects are held
// weakly (an answer about a node goes when the node does).

export type Revision = number;

/** What dependencies and inputs see of a database. */
export interface Revisions {
  readonly revision: Revision;
  /** Notes that the computation under way read `dependency`. */
  read(dependency: Dependency): void;
}

/** Something a computation reads: an input, a memoised answer, a key of an index. */
export abstract class Dependency {
  /** The revision in which its value last changed. */
  changedAt: Revision = 0;

  /** Brings it to `db`'s current revision (an answer worked out again, an index brought up to date). */
  abstract refresh(db: Revisions): void;
}

/** A value set from outside the analysis (a setting, a document's text), read by computations. */
export class Input<T> extends Dependency {
  constructor(
    private value: T,
    private readonly equals: (a: T, b: T) => boolean = Object.is,
  ) {
    super();
  }

  get(db: Revisions): T {
    db.read(this);
    return this.value;
  }

  /** Changes the value for `db`'s current revision, unless it is equal to the one it holds. */
  set(db: Revisions, value: T): void {
    if (this.equals(this.value, value)) return;
    this.value = value;
    this.changedAt = db.revision;
  }

  refresh(): void {}
}

export interface QueryOptions<C, K, V> {
  /**
   * What the computation reads besides what it asks the database (inputs, other queries, indexes),
   * which the database notes as it goes. `'version'` (the default): anything of the version being
   * analysed (the list of statements, the text of any of them, the settings); such an answer is worked
   * out again in each revision that asks for it. `'key'`: only its key, where a syntax node's key means
   * its subtree (a node outlives an edit only with its subtree unchanged); such an answer is reused in
   * later revisions while its key lives and nothing it asked the database changed.
   */
  readonly reads?: 'version' | 'key';
  /** Whether an answer worked out again is the same as the last one (default `Object.is`). */
  readonly equals?: (a: V, b: V) => boolean;
  /**
   * The answer given for a key asked again while its own answer is being worked out (a cycle). Every
   * answer being worked out from that one down to the question that closed the cycle then depends on
   * where the cycle was entered, and is reused within this revision only. Without it a cycle is an error.
   */
  readonly onCycle?: (context: C, key: K) => V;
}

let queriesDeclared = 0;

/** A derived fact, declared once at module level: `compute(context, key)` with its options. */
export class Query<C, K, V> {
  /** Where a database holds this query's answers. */
  readonly slot = queriesDeclared++;

  constructor(
    /** For error messages and debugging. */
    readonly name: string,
    readonly compute: (context: C, key: K) => V,
    readonly options: QueryOptions<C, K, V> = {},
  ) {}

  /** The answer for `key` in `db`'s current revision. */
  get(db: Database<C>, key: K): V {
    return db.fetch(this, key);
  }

  /** The answer for `key` in the revision `context` (the version being analysed) belongs to. */
  of(context: { readonly db: Database<C> }, key: K): V {
    return context.db.fetch(this, key);
  }
}

/** A query's answer for one key, with what computing it read. */
export class Memo<C = unknown, K = unknown, V = unknown> extends Dependency {
  value!: V;
  /** The last revision in which it was worked out, or in which everything it read was found unchanged. */
  verifiedAt: Revision = 0;
  /** What working it out read, in order; null when it read nothing that can change. */
  deps: Dependency[] | null = null;
  /** It read the version as a whole, or passed a cycle: never reused in a later revision. */
  perVersion = false;
  computing = false;
  /** What it read is being checked (see `Database.refreshMemo`). */
  checking = false;

  constructor(
    readonly query: Query<C, K, V>,
    readonly key: K,
  ) {
    super();
  }

  /** Neither what it read nor the version can change it: a reader need not note that it read it. */
  get isConstant(): boolean {
    return this.deps === null && !this.perVersion;
  }

  refresh(db: Revisions): void {
    (db as Database<C>).refreshMemo(this);
  }
}

/**
 * A read that is cheap to make again (whose statement a node is in): a later revision makes it again
 * and compares, instead of tracking what it depends on. `read` must hold nothing of the version it
 * was made in.
 */
class Observation<T> extends Dependency {
  private verifiedAt: Revision;

  constructor(
    private readonly read: () => T,
    private value: T,
    revision: Revision,
  ) {
    super();
    this.verifiedAt = revision;
  }

  refresh(db: Revisions): void {
    if (this.verifiedAt === db.revision) return;
    this.verifiedAt = db.revision;
    const now = this.read();
    if (Object.is(now, this.value)) return;
    this.value = now;
    this.changedAt = db.revision;
  }
}

/**
 * Where the answers worked out go, per query name: how many, and the time they took less the time of
 * the answers they asked for meanwhile. For measurements (bench/query-profile.ts); see `Database.profile`.
 */
export class QueryProfile {
  readonly byQuery = new Map<string, { count: number; ms: number }>();
  /** Per answer being worked out, the time its own questions took so far. */
  private readonly nested: number[] = [];

  constructor(
    /** The clock, in milliseconds. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  run<V>(name: string, compute: () => V): V {
    const started = this.now();
    this.nested.push(0);
    try {
      return compute();
    } finally {
      const took = this.now() - started;
      const own = took - this.nested.pop()!;
      if (this.nested.length) this.nested[this.nested.length - 1]! += took;
      const entry = this.byQuery.get(name);
      if (entry) {
        entry.count++;
        entry.ms += own;
      } else {
        this.byQuery.set(name, { count: 1, ms: own });
      }
    }
  }
}

/** A key made of two (a node and a name, see `Database.keyPair`). */
export interface KeyPair<A, B> {
  readonly first: A;
  readonly second: B;
}

/**
 * The memos of one query in a database that lives from version to version: those of object keys
 * (nodes) are held weakly, so that they go with the nodes.
 */
class Table {
  private readonly objects = new WeakMap<object, Memo>();
  private readonly values = new Map<unknown, Memo>();

  get(key: unknown): Memo | undefined {
    return typeof key === 'object' && key !== null ? this.objects.get(key) : this.values.get(key);
  }

  set(key: unknown, memo: Memo): void {
    if (typeof key === 'object' && key !== null) this.objects.set(key, memo);
    else this.values.set(key, memo);
  }

  delete(key: unknown): void {
    if (typeof key === 'object' && key !== null) this.objects.delete(key);
    else this.values.delete(key);
  }
}

/**
 * Puts `value` at `index`, filling the places before it: an array written far past its end turns
 * into a dictionary, and every later read of it into a hash lookup.
 */
function placeAt<T>(array: (T | undefined)[], index: number, value: T): void {
  while (array.length < index) array.push(undefined);
  array[index] = value;
}

/** How many answers are worked out between two calls of a database's checkpoint. */
const CHECKPOINT_EVERY = 64;

/** Marks a key whose answer is being worked out, in a database that sees one version. */
const WORKING_OUT: unique symbol = Symbol('working out');

/** An answer that is `undefined`, as a map of answers keeps it (an empty place means "not worked out"). */
export const UNDEFINED_ANSWER: unique symbol = Symbol('undefined');

/** The computation under way: what it has read so far. */
interface Frame {
  readonly memo: Memo;
  readonly deps: Dependency[];
  perVersion: boolean;
}

/** Engine parts held per database beside the memo tables (see `Database.state`). */
export type StateKey<S> = { readonly id: number; readonly create: () => S };

let stateKeysDeclared = 0;

/** Declares a kind of per-database state (the bookkeeping of an index, say). */
export function stateKey<S>(create: () => S): StateKey<S> {
  return { id: stateKeysDeclared++, create };
}

/**
 * The answers of one analysed unit (an open document) across its versions. A database that `records`
 * notes what every computation reads, so that a later revision can reuse answers; one that does not
 * (a file analysed once) only memoises, and cannot move to another revision.
 */
export class Database<C> implements Revisions {
  /** Set by a measurement, every database's answers are timed into it while it is set. */
  static profile: QueryProfile | undefined;
  revision: Revision = 1;
  private readonly tables: (Table | undefined)[] = [];
  /** A database that sees one version: each query's answers by key (see `fetchOnce`). */
  private readonly once: (Map<unknown, unknown> | undefined)[] = [];
  private readonly states: unknown[] = [];
  private readonly frames: Frame[] = [];
  /** Per query name, how many answers a recording database worked out (see `workedOut`). */
  private readonly executions = new Map<string, number>();
  /**
   * Called every CHECKPOINT_EVERY answers worked out, where a caller bounds the work (it throws to stop
   * it); what was worked out before stays memoised and consistent.
   */
  checkpoint: (() => void) | undefined;
  private sinceCheckpoint = 0;

  private workingOut(): void {
    if (this.checkpoint && ++this.sinceCheckpoint >= CHECKPOINT_EVERY) {
      this.sinceCheckpoint = 0;
      this.checkpoint();
    }
  }

  constructor(
    /** What computations receive: the version being analysed (given by `advance` where it comes later). */
    private current: C | undefined,
    readonly records: boolean,
  ) {
    this.pairs = records ? new WeakMap() : new Map();
  }

  get context(): C {
    return this.current!;
  }

  /** A new version: inputs may be set for it; an answer of earlier ones serves it only if nothing it read changed. */
  advance(context: C): void {
    if (!this.records) throw new Error('a database that records nothing cannot move to another revision');
    if (this.frames.length) throw new Error('a database cannot move to another revision while an answer is worked out');
    this.revision++;
    this.current = context;
  }

  /**
   * Lets every answer go, for a database that sees one version once its analysis is done. The
   * garbage collector would free them anyway, but a database that lived long enough to be moved to the
   * old generation keeps what it points to alive through the young generation's collections until the
   * next full one, and each of those collections copies it.
   */
  release(): void {
    if (this.records) throw new Error('a database that records holds its answers for the next revision');
    this.once.length = 0;
    this.states.length = 0;
    this.pairs = new Map();
  }

  /** The state `key` declares for this database, made on first use. */
  state<S>(key: StateKey<S>): S {
    let state = this.states[key.id] as S | undefined;
    if (state === undefined) placeAt(this.states, key.id, (state = key.create()));
    return state;
  }

  /** `query`'s answer for `key` in this revision, reused or worked out now. */
  fetch<K, V>(query: Query<C, K, V>, key: K): V {
    if (!this.records) return this.fetchOnce(query, key);
    const memo = this.memoOf(query, key);
    if (memo.computing) return this.cycle(memo);
    if (this.records && this.frames.length && !memo.isConstant) this.read(memo);
    return memo.value;
  }

  /** Whether `query`'s answer for `key` is already worked out and checked in this revision (nothing is worked out to tell). */
  known<K, V>(query: Query<C, K, V>, key: K): boolean {
    if (!this.records) {
      const answers = this.once[query.slot];
      const answer = answers?.get(key);
      return answer !== undefined && answer !== WORKING_OUT;
    }
    const memo = this.tables[query.slot]?.get(key);
    return memo !== undefined && memo.verifiedAt === this.revision && !memo.computing;
  }

  /**
   * `fetch` for a database that sees one version: the answers themselves are stored (a memo would only
   * cost memory), with a mark on a key while its answer is worked out.
   */
  private fetchOnce<K, V>(query: Query<C, K, V>, key: K): V {
    let answers = this.once[query.slot];
    if (!answers) placeAt(this.once, query.slot, (answers = new Map()));
    // One lookup for a kept answer: `undefined` is kept as UNDEFINED_ANSWER.
    const known = answers.get(key);
    if (known !== undefined) {
      if (known === UNDEFINED_ANSWER) return undefined as V;
      if (known !== WORKING_OUT) return known as V;
      const onCycle = query.options.onCycle;
      if (!onCycle) throw new Error(`oomlint: a cycle in the query '${query.name}'`);
      return onCycle(this.current!, key);
    }
    answers.set(key, WORKING_OUT);
    let value: V;
    try {
      this.workingOut();
      value = this.compute(query, key);
    } catch (error) {
      answers.delete(key);
      throw error;
    }
    answers.set(key, value === undefined ? UNDEFINED_ANSWER : value);
    return value;
  }

  /**
   * The memo of `query`'s answer for `key`, brought to this revision, without noting a read; one still
   * being worked out (a cycle) is returned as it is.
   */
  memoOf<K, V>(query: Query<C, K, V>, key: K): Memo<C, K, V> {
    let table = this.tables[query.slot];
    if (!table) placeAt(this.tables, query.slot, (table = new Table()));
    let memo = table.get(key) as Memo<C, K, V> | undefined;
    if (memo === undefined) {
      memo = new Memo(query, key);
      table.set(key, memo as Memo);
      this.execute(memo);
    } else if (this.records && memo.verifiedAt !== this.revision && !memo.computing) {
      this.refreshMemo(memo);
    }
    return memo;
  }

  /** Notes that the computation under way read `dependency`. */
  read(dependency: Dependency): void {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) return;
    const deps = frame.deps;
    if (deps[deps.length - 1] !== dependency) deps.push(dependency);
  }

  /** Keys made of two: held weakly by their first part in a database that lives from version to version. */
  private pairs: WeakMap<object, Map<unknown, object>> | Map<object, Map<unknown, object>>;

  /** One key made of two (a node and a name): the same object for the same two in this database. */
  keyPair<A extends object, B>(first: A, second: B): KeyPair<A, B> {
    let bySecond = this.pairs.get(first);
    if (!bySecond) this.pairs.set(first, (bySecond = new Map()));
    let pair = bySecond.get(second) as KeyPair<A, B> | undefined;
    if (!pair) bySecond.set(second, (pair = { first, second }));
    return pair;
  }

  /** `read()`, noted as a read that a later revision makes again and compares (see Observation). */
  observe<T>(read: () => T): T {
    const value = read();
    if (this.records && this.frames.length) this.read(new Observation(read, value, this.revision));
    return value;
  }

  /** Notes that the computation under way read the version as a whole (see `QueryOptions.reads`). */
  readVersion(): void {
    const frame = this.frames[this.frames.length - 1];
    if (frame) frame.perVersion = true;
  }

  /** Whether a computation is under way (whose reads are then noted). */
  get computing(): boolean {
    return this.frames.length > 0;
  }

  /** Brings `memo` to this revision: reused when nothing it read changed, else worked out again. */
  refreshMemo(memo: Memo<C>): void {
    if (memo.verifiedAt === this.revision || memo.computing) return;
    // Asked for again while what it read is checked (through a cycle): worked out now.
    if (memo.checking) return this.execute(memo);
    memo.checking = true;
    let holds: boolean;
    try {
      holds = this.stillHolds(memo);
    } finally {
      memo.checking = false;
    }
    if (memo.verifiedAt === this.revision) return;
    if (holds) memo.verifiedAt = this.revision;
    else this.execute(memo);
  }

  private stillHolds(memo: Memo<C>): boolean {
    if (memo.perVersion) return false;
    const deps = memo.deps;
    if (deps === null) return true;
    const since = memo.verifiedAt;
    for (let i = 0; i < deps.length; i++) {
      const dep = deps[i]!;
      dep.refresh(this);
      if (dep.changedAt > since) return false;
    }
    return true;
  }

  private execute<K, V>(memo: Memo<C, K, V>): void {
    const { query } = memo;
    const frame: Frame | undefined = this.records ? { memo: memo as Memo, deps: [], perVersion: query.options.reads !== 'key' } : undefined;
    memo.computing = true;
    memo.verifiedAt = this.revision;
    if (frame) {
      this.frames.push(frame);
      this.executions.set(query.name, (this.executions.get(query.name) ?? 0) + 1);
    }
    let value: V;
    try {
      this.workingOut();
      value = this.compute(query, memo.key);
    } catch (error) {
      // A failed answer must not serve later: whoever holds the memo finds it changed and works it out again.
      memo.computing = false;
      memo.verifiedAt = 0;
      memo.changedAt = this.revision;
      this.tables[query.slot]?.delete(memo.key);
      throw error;
    } finally {
      if (frame) this.frames.pop();
    }
    memo.computing = false;
    const known = memo.changedAt !== 0;
    if (!known || !(query.options.equals ?? Object.is)(memo.value, value)) {
      memo.value = value;
      memo.changedAt = this.revision;
    }
    if (frame) {
      memo.deps = frame.deps.length ? frame.deps : null;
      memo.perVersion = frame.perVersion;
    }
  }

  private compute<K, V>(query: Query<C, K, V>, key: K): V {
    const profile = Database.profile;
    return profile ? profile.run(query.name, () => query.compute(this.current!, key)) : query.compute(this.current!, key);
  }

  /** A key asked again while its answer is worked out: the declared answer for cycles, and every answer from there up depends on it. */
  private cycle<K, V>(memo: Memo<C, K, V>): V {
    const onCycle = memo.query.options.onCycle;
    if (!onCycle) throw new Error(`oomlint: a cycle in the query '${memo.query.name}'`);
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i]!;
      frame.perVersion = true;
      if (frame.memo === memo) break;
    }
    return onCycle(this.current!, memo.key);
  }

  /** How many answers of the queries named `name` a recording database has worked out so far, reused ones not counted (tests, measurements). */
  workedOut(name: string): number {
    return this.executions.get(name) ?? 0;
  }
}
