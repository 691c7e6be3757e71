// The query engine on its own: what it reuses, what it works out again, and when.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Database, Input, Query, QueryProfile } from '../server/src/semantic/engine/database';
import { EachItem, ItemIndex, Sequence } from '../server/src/semantic/engine/sequence';

/** A context for the tests: inputs by name, and a list of items. */
interface World {
  db: Database<World>;
  inputs: Map<string, Input<number>>;
  items: readonly Item[];
}

interface Item {
  readonly name: string;
  readonly at: number;
  readonly keys: readonly string[];
}

function world(records = true): World {
  const w = { inputs: new Map<string, Input<number>>(), items: [] } as unknown as World;
  w.db = new Database<World>(w, records);
  return w;
}

function setInput(w: World, name: string, value: number): void {
  let input = w.inputs.get(name);
  if (!input) w.inputs.set(name, (input = new Input(value)));
  input.set(w.db, value);
}

function readInput(w: World, name: string): number {
  return w.inputs.get(name)!.get(w.db);
}

/** A query that counts its computations. */
function counted<K, V>(name: string, compute: (w: World, key: K) => V, options = {}): Query<World, K, V> & { runs: K[] } {
  const runs: K[] = [];
  const query = new Query<World, K, V>(name, (w, key) => {
    runs.push(key);
    return compute(w, key);
  }, options) as Query<World, K, V> & { runs: K[] };
  query.runs = runs;
  return query;
}

describe('queries', () => {
  test('an answer is worked out once per revision and reused while what it read is unchanged', () => {
    const w = world();
    setInput(w, 'a', 1);
    setInput(w, 'b', 10);
    const double = counted('double a', (ctx, _: void) => readInput(ctx, 'a') * 2, { reads: 'key' });
    assert.equal(double.get(w.db, undefined), 2);
    assert.equal(double.get(w.db, undefined), 2);
    w.db.advance(w);
    setInput(w, 'b', 11);
    assert.equal(double.get(w.db, undefined), 2);
    assert.equal(double.runs.length, 1, 'b was not read');
    w.db.advance(w);
    setInput(w, 'a', 3);
    assert.equal(double.get(w.db, undefined), 6);
    assert.equal(double.runs.length, 2);
  });

  test('an answer worked out again that comes out equal leaves what read it valid (early cutoff)', () => {
    const w = world();
    setInput(w, 'a', 4);
    const parity = counted('parity', (ctx, _: void) => readInput(ctx, 'a') % 2, { reads: 'key' });
    const label = counted('label', (ctx, _: void) => (parity.get(ctx.db, undefined) ? 'odd' : 'even'), { reads: 'key' });
    assert.equal(label.get(w.db, undefined), 'even');
    w.db.advance(w);
    setInput(w, 'a', 6);
    assert.equal(label.get(w.db, undefined), 'even');
    assert.deepEqual([parity.runs.length, label.runs.length], [2, 1]);
    w.db.advance(w);
    setInput(w, 'a', 7);
    assert.equal(label.get(w.db, undefined), 'odd');
    assert.deepEqual([parity.runs.length, label.runs.length], [3, 2]);
  });

  test('equals keeps the old answer object when the new one is equal', () => {
    const w = world();
    setInput(w, 'a', 1);
    const list = counted('list', (ctx, _: void) => [readInput(ctx, 'a') > 0], { reads: 'key', equals: (x: boolean[], y: boolean[]) => x[0] === y[0] });
    const first = list.get(w.db, undefined);
    w.db.advance(w);
    setInput(w, 'a', 2);
    assert.equal(list.get(w.db, undefined), first);
    assert.equal(list.runs.length, 2);
  });

  test('a query that reads the version is worked out again in each revision that asks for it', () => {
    const w = world();
    const each = counted('per version', (_ctx, _: void) => 1);
    each.get(w.db, undefined);
    each.get(w.db, undefined);
    w.db.advance(w);
    each.get(w.db, undefined);
    assert.equal(each.runs.length, 2);
  });

  test('a query that read a per-version answer is reused when that answer comes out the same', () => {
    const w = world();
    setInput(w, 'a', 1);
    const key = counted('key', (ctx, _: void) => `k${readInput(ctx, 'a') > 0}`);
    const reader = counted('reader', (ctx, _: void) => key.get(ctx.db, undefined).length, { reads: 'key' });
    reader.get(w.db, undefined);
    w.db.advance(w);
    setInput(w, 'a', 5);
    reader.get(w.db, undefined);
    assert.deepEqual([key.runs.length, reader.runs.length], [2, 1]);
  });

  test('keys of any kind: objects and values', () => {
    const w = world();
    const node = { id: 1 };
    const size = counted('size', (_ctx, key: object | string) => (typeof key === 'string' ? key.length : 1));
    assert.equal(size.get(w.db, node), 1);
    assert.equal(size.get(w.db, 'abc'), 3);
    assert.equal(size.get(w.db, node), 1);
    assert.equal(size.runs.length, 2);
  });

  test('a cycle without a declared answer is an error', () => {
    const w = world();
    const loop: Query<World, number, number> = new Query('loop', (ctx, n) => loop.get(ctx.db, n) + 1);
    assert.throws(() => loop.get(w.db, 1), /cycle in the query 'loop'/);
  });

  test("a cycle's answers are reused within the revision only", () => {
    const w = world();
    setInput(w, 'a', 1);
    const reach: Query<World, string, boolean> & { runs: string[] } = counted('reach', (ctx, name: string): boolean => {
      readInput(ctx, 'a');
      if (name === 'x') return reach.get(ctx.db, 'y');
      if (name === 'y') return reach.get(ctx.db, 'x') || false;
      return true;
    }, { reads: 'key', onCycle: () => false });
    const outside = counted('outside', (ctx, _: void) => reach.get(ctx.db, 'z'), { reads: 'key' });
    assert.equal(reach.get(w.db, 'x'), false);
    assert.equal(outside.get(w.db, undefined), true);
    assert.deepEqual(reach.runs, ['x', 'y', 'z']);
    w.db.advance(w);
    assert.equal(reach.get(w.db, 'y'), false);
    assert.equal(outside.get(w.db, undefined), true);
    // x and y met the cycle and are worked out again; z did not, and serves as it is.
    assert.deepEqual(reach.runs, ['x', 'y', 'z', 'y', 'x']);
  });

  test('an answer that failed is worked out again next time it is asked', () => {
    const w = world();
    let fail = true;
    const fragile = counted('fragile', (_ctx, _: void): number => {
      if (fail) throw new Error('boom');
      return 1;
    });
    assert.throws(() => fragile.get(w.db, undefined), /boom/);
    fail = false;
    assert.equal(fragile.get(w.db, undefined), 1);
    assert.equal(fragile.runs.length, 2);
  });

  test('a database that records nothing memoises but cannot move to another revision', () => {
    const w = world(false);
    setInput(w, 'a', 2);
    const square = counted('square', (ctx, _: void) => readInput(ctx, 'a') ** 2);
    assert.equal(square.get(w.db, undefined), 4);
    assert.equal(square.get(w.db, undefined), 4);
    assert.equal(square.runs.length, 1);
    assert.throws(() => w.db.advance(w), /records nothing/);
  });
});

describe('answers per item of a sequence', () => {
  const items = new Sequence<World, Item>('items', (w) => w.items, (item) => item.at);
  const item = (name: string, at: number, keys: string[] = []): Item => ({ name, at, keys });

  test('the items an edit left at both ends keep their answers without working them out again', () => {
    const w = world();
    const length = counted('length', (_ctx, it: Item) => it.name.length, { reads: 'key' });
    const each = new EachItem(items, length);
    const [a, b, c, d] = [item('a', 0), item('bb', 1), item('ccc', 2), item('dddd', 3)];
    w.items = [a, b, c, d];
    assert.deepEqual(each.values(w.db), [1, 2, 3, 4]);
    w.db.advance(w);
    const b2 = item('bbbbb', 1);
    w.items = [a, b2, c, d];
    assert.deepEqual(each.values(w.db), [1, 5, 3, 4]);
    assert.deepEqual(length.runs.map((it) => it.name), ['a', 'bb', 'ccc', 'dddd', 'bbbbb']);
  });

  test('answers that read an input are taken over while it is unchanged, and worked out again after it changes', () => {
    const w = world();
    setInput(w, 'scale', 1);
    const scaled = counted('scaled', (ctx, it: Item) => it.name.length * readInput(ctx, 'scale'), { reads: 'key' });
    const each = new EachItem(items, scaled);
    const all = Array.from({ length: 6 }, (_, i) => item('x'.repeat(i + 1), i));
    w.items = all;
    assert.deepEqual(each.values(w.db), [1, 2, 3, 4, 5, 6]);
    // An edit in the middle, the input unchanged: only the new item is worked out.
    w.db.advance(w);
    w.items = [...all.slice(0, 3), item('yy', 3), ...all.slice(4)];
    assert.deepEqual(each.values(w.db), [1, 2, 3, 2, 5, 6]);
    assert.equal(scaled.runs.length, 7);
    // The input changes: every answer is worked out again.
    w.db.advance(w);
    setInput(w, 'scale', 10);
    assert.deepEqual(each.values(w.db), [10, 20, 30, 20, 50, 60]);
    assert.equal(scaled.runs.length, 13);
    // Unchanged again, with another edit: the answers of the revision before serve.
    w.db.advance(w);
    w.items = w.items.slice(1);
    assert.deepEqual(each.values(w.db), [20, 30, 20, 50, 60]);
    assert.equal(scaled.runs.length, 13);
  });

  test('an index merges entries key by key and reports changes per key', () => {
    for (const lazy of [false, true]) {
      const w = world();
      const keysOf = new Query<World, Item, ReadonlyMap<string, readonly string[]>>('keys', (_ctx, it) => new Map(it.keys.map((k) => [k, [it.name]])), { reads: 'key' });
      const index = new ItemIndex('by key', new EachItem(items, keysOf), (part) => part, lazy ? { lazyLookup: (part, key) => part.get(key) } : {});
      const readerOf = (key: string) => counted(`reader of ${key}`, (ctx, _: void) => index.lookup(ctx.db, key).join(','), { reads: 'key' });
      const [readX, readY] = [readerOf('x'), readerOf('y')];
      const allKeys = counted('all keys', (ctx, _: void) => [...index.keys(ctx.db)].sort().join(','), { reads: 'key' });
      const [a, b, c] = [item('a', 0, ['x']), item('b', 5, ['y']), item('c', 9, ['x', 'y'])];
      w.items = [a, b, c];
      assert.equal(readX.get(w.db, undefined), 'a,c');
      assert.equal(readY.get(w.db, undefined), 'b,c');
      assert.equal(allKeys.get(w.db, undefined), 'x,y');
      const before = index.lookup(w.db, 'x');
      w.db.advance(w);
      w.items = [a, item('b2', 5, ['y']), c];
      assert.equal(readX.get(w.db, undefined), 'a,c');
      assert.equal(readY.get(w.db, undefined), 'b2,c');
      assert.equal(index.lookup(w.db, 'x'), before, 'an untouched key keeps its array');
      assert.deepEqual([readX.runs.length, readY.runs.length], [1, 2], `lazy ${lazy}`);
      assert.equal(allKeys.get(w.db, undefined), 'x,y');
      assert.equal(allKeys.runs.length, 2);
      w.db.advance(w);
      w.items = [item('z', 0, ['z', 'x']), c];
      assert.equal(readX.get(w.db, undefined), 'z,c');
      assert.equal(allKeys.get(w.db, undefined), 'x,y,z');
    }
  });
});

describe('query profile', () => {
  for (const records of [true, false]) {
    test(`counts each answer worked out and times it without the answers it asked for (${records ? 'recording' : 'one version'})`, () => {
      const w = world(records);
      // A clock that only the inner query moves: 20 ms each time it works an answer out.
      let clock = 0;
      const inner = new Query<World, number, number>('inner', (_ctx, key) => {
        clock += 20;
        return key;
      });
      const outer = new Query<World, void, number>('outer', (ctx) => inner.get(ctx.db, 1) + inner.get(ctx.db, 2) + inner.get(ctx.db, 1));
      const profile = new QueryProfile(() => clock);
      Database.profile = profile;
      try {
        assert.equal(outer.get(w.db, undefined), 4);
      } finally {
        Database.profile = undefined;
      }
      assert.deepEqual(Object.fromEntries(profile.byQuery), { inner: { count: 2, ms: 40 }, outer: { count: 1, ms: 0 } }, 'the third ask is answered from memory, and the inner time is not the outer\'s');
    });
  }

  test('answers worked out while no profile is set are not counted', () => {
    const w = world();
    const profile = new QueryProfile();
    new Query<World, void, number>('before', () => 1).get(w.db, undefined);
    Database.profile = profile;
    Database.profile = undefined;
    new Query<World, void, number>('after', () => 2).get(w.db, undefined);
    assert.equal(profile.byQuery.size, 0);
  });
});
