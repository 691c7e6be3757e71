// Answers over an ordered list of items that each version of the context has (a file's top-level
// statements). Between two versions the list keeps its items at both ends and replaces a run in
// between (an edit), so the answers for the items at the ends are taken over without a lookup where
// they read nothing that can change. `EachItem` gives a query's answers for every item; `ItemIndex`
// merges what each item's answer holds under keys (the calls of each callee name, say) and tracks
// changes key by key, so that a computation that read one key is reused until that key changes.
import { Dependency, stateKey, type Database, type Memo, type Query, type Revisions, type StateKey } from './database';

/** Where each version of a context keeps its list of items, and where an item stands. */
export class Sequence<C, T extends object> {
  constructor(
    /** For debugging. */
    readonly name: string,
    readonly itemsOf: (context: C) => readonly T[],
    /** An item's position in the version it belongs to (its offset), which orders what an index merges. */
    readonly positionOf: (item: T) => number,
  ) {}
}

interface EachState<T, V> {
  revision: number;
  items: readonly T[];
  memos: readonly Memo[];
  values: readonly V[];
  /**
   * What the items' answers read besides their items, all of them: unchanged since `revision`, every
   * answer of that revision still holds. Null when an answer reads the version (it is worked out again).
   */
  reads: Set<Dependency> | null;
}

/** `query`'s answer for each item of the context's sequence, in order. */
export class EachItem<C, T extends object, V> {
  private readonly stateKey: StateKey<EachState<T, V>> = stateKey(() => ({ revision: 0, items: [], memos: [], values: [], reads: null }));

  constructor(
    readonly sequence: Sequence<C, T>,
    readonly query: Query<C, T, V>,
  ) {}

  /** The answers for this revision's items. A computation that reads them reads the version's list of items. */
  values(db: Database<C>): readonly V[] {
    db.readVersion();
    return this.current(db).values;
  }

  /** This revision's items with their answers, without noting a read. */
  current(db: Database<C>): { readonly items: readonly T[]; readonly values: readonly V[] } {
    const state = db.state(this.stateKey);
    if (state.revision === db.revision) return state;
    const items = this.sequence.itemsOf(db.context);
    if (!db.records) {
      // One version only: nothing to take over from an earlier one.
      state.revision = db.revision;
      state.items = items;
      state.values = items.map((item) => db.fetch(this.query, item));
      return state;
    }
    const [prefix, suffix] = state.revision ? commonEnds(state.items, items) : [0, 0];
    const shift = state.items.length - items.length;
    const middle = (memo: Memo, reads: Set<Dependency> | null): Set<Dependency> | null => {
      if (!reads || memo.perVersion) return null;
      if (memo.deps) for (const dep of memo.deps) reads.add(dep);
      return reads;
    };
    let memos: Memo[];
    let values: V[];
    let reads: Set<Dependency> | null;
    if (state.reads && unchangedSince(state.reads, state.revision, db)) {
      // Every answer of the last revision holds: those of the items at both ends are taken over as they are.
      reads = state.reads;
      const midMemos: Memo[] = [];
      const midValues: V[] = [];
      for (let i = prefix; i < items.length - suffix; i++) {
        const memo = db.memoOf(this.query, items[i]!) as Memo;
        midMemos.push(memo);
        midValues.push(memo.value as V);
        reads = middle(memo, reads);
      }
      const end = state.items.length - suffix;
      memos = state.memos.slice(0, prefix).concat(midMemos, state.memos.slice(end));
      values = state.values.slice(0, prefix).concat(midValues, state.values.slice(end));
      // The reads of answers the edits replaced stay until the items are checked one by one again.
      if (reads && reads.size > 4 * (items.length + 64)) reads = null;
    } else {
      memos = new Array(items.length);
      values = new Array(items.length);
      reads = new Set();
      const take = (i: number, memo: Memo) => {
        if (!memo.isConstant) memo.refresh(db);
        memos[i] = memo;
        values[i] = memo.value as V;
        reads = middle(memo, reads);
      };
      for (let i = 0; i < prefix; i++) take(i, state.memos[i]!);
      for (let i = prefix; i < items.length - suffix; i++) take(i, db.memoOf(this.query, items[i]!) as Memo);
      for (let i = items.length - suffix; i < items.length; i++) take(i, state.memos[i + shift]!);
    }
    state.reads = reads;
    state.revision = db.revision;
    state.items = items;
    state.memos = memos;
    state.values = values;
    return state;
  }
}

/**
 * Calls `visit` with each key and list of `entries`: through `forEach` for a Map, whose iteration with
 * `for...of` makes a pair per entry (most parts are Maps, and a command-line run visits every entry).
 */
function forEachEntry<K, I>(entries: Iterable<readonly [K, readonly I[]]>, visit: (key: K, list: readonly I[]) => void): void {
  if (entries instanceof Map) (entries as ReadonlyMap<K, readonly I[]>).forEach((list, key) => visit(key, list));
  else for (const [key, list] of entries) visit(key, list);
}

function appendTo<K, I>(map: Map<K, I[]>, key: K, list: readonly I[]): void {
  const entries = map.get(key);
  if (entries) for (const item of list) entries.push(item);
  else map.set(key, [...list]);
}

/** Whether none of `reads` changed after `revision`, each brought to `db`'s revision first. */
function unchangedSince(reads: ReadonlySet<Dependency>, revision: number, db: Revisions): boolean {
  for (const dep of reads) {
    dep.refresh(db);
    if (dep.changedAt > revision) return false;
  }
  return true;
}

/** A key's dependency in an index: changed when an item with an entry under the key comes, goes or changes. */
class KeyCell extends Dependency {
  constructor(private readonly bringUp: (db: Revisions) => void) {
    super();
  }

  refresh(db: Revisions): void {
    this.bringUp(db);
  }
}

interface IndexState<T, P, K, I> {
  revision: number;
  items: readonly T[];
  parts: readonly P[];
  /** Per key, each item's entries (eager indexes only). */
  byKey: Map<K, Map<T, readonly I[]>>;
  /** Per key asked since it last changed, its entries in document order. */
  ordered: Map<K, readonly I[]>;
  /** Per key asked, what changes when its entries do. */
  cells: Map<K, KeyCell>;
  /** Changes when any key does. */
  anyKey: KeyCell;
}

export interface ItemIndexOptions<P, K, I> {
  /**
   * A part's entries under one key. Given, a key's entries are merged only when it is first asked
   * for, looking it up in every item's part (for indexes of which an analysis asks few keys, as names
   * of identifiers); otherwise every key is merged as items come and go.
   */
  readonly lazyLookup?: (part: P, key: K) => readonly I[] | undefined;
}

/** Each item's answer of `each`, read as entries under keys (`entriesOf`), merged key by key. */
export class ItemIndex<C, T extends object, P, K, I> {
  private readonly stateKey: StateKey<IndexState<T, P, K, I>>;

  constructor(
    /** For debugging. */
    readonly name: string,
    readonly each: EachItem<C, T, P>,
    readonly entriesOf: (part: P) => Iterable<readonly [K, readonly I[]]>,
    private readonly options: ItemIndexOptions<P, K, I> = {},
  ) {
    this.stateKey = stateKey(() => {
      const state: IndexState<T, P, K, I> = {
        revision: 0,
        items: [],
        parts: [],
        byKey: new Map(),
        ordered: new Map(),
        cells: new Map(),
        anyKey: new KeyCell((db) => this.bringUp(db as Database<C>, state)),
      };
      return state;
    });
  }

  /** The entries under `key` of every item, those of earlier items first: the same array until the key changes. */
  lookup(db: Database<C>, key: K): readonly I[] {
    const state = this.up(db);
    if (db.records && db.computing) db.read(this.cellOf(state, key));
    let entries = state.ordered.get(key);
    if (entries === undefined) state.ordered.set(key, (entries = this.merge(state, key)));
    return entries;
  }

  /** Some item has entries under `key`. */
  has(db: Database<C>, key: K): boolean {
    return this.lookup(db, key).length > 0;
  }

  /** The keys some item has entries under, in no particular order (reads every key). */
  keys(db: Database<C>): Iterable<K> {
    const state = this.up(db);
    if (db.records && db.computing) db.read(state.anyKey);
    if (!this.options.lazyLookup) return db.records ? state.byKey.keys() : state.ordered.keys();
    const keys = new Set<K>();
    for (const part of state.parts) forEachEntry(this.entriesOf(part), (key) => keys.add(key));
    return keys;
  }

  private up(db: Database<C>): IndexState<T, P, K, I> {
    const state = db.state(this.stateKey);
    if (state.revision !== db.revision) this.bringUp(db, state);
    return state;
  }

  private cellOf(state: IndexState<T, P, K, I>, key: K): KeyCell {
    let cell = state.cells.get(key);
    if (!cell) state.cells.set(key, (cell = new KeyCell((db) => this.bringUp(db as Database<C>, state))));
    return cell;
  }

  private merge(state: IndexState<T, P, K, I>, key: K): readonly I[] {
    const { lazyLookup } = this.options;
    if (lazyLookup) {
      const entries: I[] = [];
      for (const part of state.parts) {
        const list = lazyLookup(part, key);
        if (list) for (const item of list) entries.push(item);
      }
      return entries;
    }
    const byItem = state.byKey.get(key);
    if (!byItem) return [];
    if (byItem.size === 1) return [...byItem.values().next().value!];
    const { positionOf } = this.each.sequence;
    return [...byItem].sort(([a], [b]) => positionOf(a) - positionOf(b)).flatMap(([, list]) => list);
  }

  /** Brings the index to `db`'s revision: the keys of the items that came, went or changed their part change. */
  private bringUp(db: Database<C>, state: IndexState<T, P, K, I>): void {
    if (state.revision === db.revision) return;
    const { items, values: parts } = this.each.current(db);
    const lazy = this.options.lazyLookup !== undefined;
    if (!db.records) {
      // One version only: every key's entries are put together in document order at once.
      if (!lazy) for (const part of parts) forEachEntry(this.entriesOf(part), (key, list) => appendTo(state.ordered as Map<K, I[]>, key, list));
    } else if (state.revision === 0) {
      if (!lazy) for (let i = 0; i < items.length; i++) this.add(state, items[i]!, parts[i]!);
    } else {
      let changed = false;
      const touch = (key: K) => {
        changed = true;
        state.ordered.delete(key);
        const cell = state.cells.get(key);
        if (cell) cell.changedAt = db.revision;
      };
      forEachItemChange(
        state.items,
        state.parts,
        items,
        parts,
        (item, part) => {
          forEachEntry(this.entriesOf(part), (key) => {
            touch(key);
            if (lazy) return;
            const byItem = state.byKey.get(key);
            byItem?.delete(item);
            if (byItem?.size === 0) state.byKey.delete(key);
          });
        },
        (item, part) => {
          forEachEntry(this.entriesOf(part), touch);
          if (!lazy) this.add(state, item, part);
        },
      );
      if (changed) state.anyKey.changedAt = db.revision;
    }
    state.revision = db.revision;
    state.items = items;
    state.parts = parts;
  }

  private add(state: IndexState<T, P, K, I>, item: T, part: P): void {
    forEachEntry(this.entriesOf(part), (key, list) => {
      let byItem = state.byKey.get(key);
      if (!byItem) state.byKey.set(key, (byItem = new Map()));
      byItem.set(item, list);
    });
  }
}

/**
 * Calls `gone` for each item of `before` whose part is not its part in `now` (or that is not in `now`),
 * then `come` for each item of `now` whose part is not its part in `before`. The runs at both ends
 * where items and parts are the same are skipped without a lookup.
 */
export function forEachItemChange<T extends object, P>(
  beforeItems: readonly T[],
  beforeParts: readonly P[],
  nowItems: readonly T[],
  nowParts: readonly P[],
  gone: (item: T, part: P) => void,
  come: (item: T, part: P) => void,
): void {
  const [prefix, suffix] = commonEnds(beforeItems, nowItems, (i, j) => beforeParts[i] === nowParts[j]);
  const middle = (items: readonly T[], parts: readonly P[]) => {
    const byItem = new Map<T, P>();
    for (let i = prefix; i < items.length - suffix; i++) byItem.set(items[i]!, parts[i]!);
    return byItem;
  };
  const beforeMiddle = middle(beforeItems, beforeParts);
  const nowMiddle = middle(nowItems, nowParts);
  // In between, an item may still be the same with the same part (an edit at two places).
  for (const [item, part] of beforeMiddle) if (nowMiddle.get(item) !== part) gone(item, part);
  for (const [item, part] of nowMiddle) if (beforeMiddle.get(item) !== part) come(item, part);
}

/**
 * How many items at the start and at the end of `now` are those of `before` (and, with `same`, have
 * the same answer there).
 */
export function commonEnds<T>(before: readonly T[], now: readonly T[], same: (i: number, j: number) => boolean = () => true): [number, number] {
  let prefix = 0;
  while (prefix < before.length && prefix < now.length && before[prefix] === now[prefix] && same(prefix, prefix)) prefix++;
  let suffix = 0;
  for (let i = before.length - 1, j = now.length - 1; suffix < before.length - prefix && suffix < now.length - prefix; i--, j--, suffix++) {
    if (before[i] !== now[j] || !same(i, j)) break;
  }
  return [prefix, suffix];
}
