// Facts as queries of a file's database: each is worked out once per version (a model), per node for
// facts keyed by a node, and a file analysed once starts from nothing with each new model. An index
// over the statements, brought from revision to revision, equals a merge made afresh.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { Database, Query } from '../server/src/semantic/engine/database';
import { EachItem, ItemIndex, Sequence } from '../server/src/semantic/engine/sequence';
import { modelQuery, SemanticModel } from '../server/src/semantic/model';
import { enclosingFunction } from '../server/src/semantic/scopes';
import { listAdditions } from '../server/src/rules/autograd/kept-lists';
import { joined } from '../server/src/semantic/group-by';
import { dataLoadersOf } from '../server/src/rules/data/dataloaders';
import type { SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';

const SOURCE = [
  'def first(loader):',
  '    out = []',
  '    for x in loader:',
  '        out.append(x)',
  '',
  'def second(items):',
  '    for item in items:',
  '        print(item)',
  '',
].join('\n');

async function modelOf(text: string): Promise<SemanticModel> {
  const { parser } = await sharedAnalyzer();
  return new SemanticModel(parser.parseToSyntax(text), new SourceText(text), resolveSettings({}), 'train.py');
}

test('a fact of the file is worked out once per model, and again for a new model', async () => {
  let computed = 0;
  const callCount = modelQuery('calls', (model, _: void) => {
    computed++;
    return model.nodesOfKind('call').length;
  });
  const model = await modelOf(SOURCE);
  assert.equal(callCount.of(model), 2);
  assert.equal(callCount.of(model), 2);
  assert.equal(computed, 1);
  const edited = await modelOf(`${SOURCE}print(1)\n`);
  assert.equal(callCount.of(edited), 3);
  assert.equal(computed, 2);
});

test('a fact keyed by a function is worked out once per function, from that function', async () => {
  const computedFor: string[] = [];
  const loops = modelQuery('loops', (model, scope: SyntaxNode) => {
    computedFor.push(model.text.slice(scope.start, scope.start + 10));
    return model.nodesOfKind('for_statement').filter((f) => f.start > scope.start && f.end <= scope.end).length;
  });
  const model = await modelOf(SOURCE);
  const [firstLoop, secondLoop] = model.nodesOfKind('for_statement');
  assert.equal(loops.of(model, enclosingFunction(firstLoop!)!), 1);
  assert.equal(loops.of(model, enclosingFunction(secondLoop!)!), 1);
  assert.equal(loops.of(model, enclosingFunction(firstLoop!)!), 1);
  assert.deepEqual(computedFor, ['def first(', 'def second']);
  assert.equal(loops.of(model, model.root), 2, 'module-level facts see the whole file');
});

test('the analyses keep their results on the model they describe', async () => {
  const model = await modelOf(SOURCE);
  assert.equal(listAdditions(model), listAdditions(model));
  assert.equal(listAdditions(model).length, 1);
  assert.equal(dataLoadersOf(model), dataLoadersOf(model));
  const other = await modelOf(SOURCE);
  assert.notEqual(listAdditions(other), listAdditions(model));
});

test('an index brought from revision to revision (merged eagerly or key by key) equals a merge made afresh, whatever statements come and go', () => {
  // Statements stand for nodes: only their identity and start count. Their parts map names to lists.
  type Part = ReadonlyMap<string, readonly number[]>;
  type Statement = { readonly i: number; readonly start: number };
  const statements: Statement[] = Array.from({ length: 12 }, (_, i) => ({ i, start: 10 * i }));
  const EMPTY: Part = new Map();
  // One part object may serve several statements (an empty part, say).
  const parts = new Map<Statement, Part>(statements.map((s, i) => [s, i % 4 === 0 ? EMPTY : new Map([[`n${i % 3}`, [i]], [`m${i % 5}`, [-i, -i - 100]]])]));
  interface Version { statements: readonly Statement[]; parts: ReadonlyMap<Statement, Part> }
  const sequence = new Sequence<Version, Statement>('statements', (v) => v.statements, (s) => s.start);
  // A statement's part depends on the version (its fact's key changed): read as a fact of the version.
  const partOf = new Query<Version, Statement, Part>('part', (v, s) => v.parts.get(s)!);
  const each = new EachItem(sequence, partOf);
  const eager = new ItemIndex('eager', each, (part: Part) => part);
  const lazy = new ItemIndex('lazy', each, (part: Part) => part, { lazyLookup: (part, key) => part.get(key) });
  const db = new Database<Version>(undefined, true);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 300; round++) {
    const now = statements.filter(() => random() < 0.6);
    const changed = statements[Math.floor(random() * statements.length)]!;
    if (random() < 0.3) parts.set(changed, new Map([[`n${round % 3}`, [round]]]));
    const version: Version = { statements: now, parts: new Map(now.map((s) => [s, parts.get(s)!])) };
    db.advance(version);
    const fresh = new Database<Version>(version, false);
    for (const key of ['n0', 'n1', 'n2', 'm0', 'm1', 'm2', 'm3', 'm4', 'x']) {
      const inOrder = now.flatMap((s) => version.parts.get(s)!.get(key) ?? []);
      assert.deepEqual(eager.lookup(db, key), inOrder, key);
      assert.deepEqual(eager.lookup(fresh, key), inOrder, `${key}, afresh`);
      assert.equal(eager.has(db, key), inOrder.length > 0, key);
      // Key by key, some keys asked in some rounds only: a group merged rounds ago must still hold.
      if (random() < 0.5) assert.deepEqual(lazy.lookup(db, key), inOrder, `${key}, merged key by key`);
    }
    assert.deepEqual([...eager.keys(db)].sort(), [...new Set(now.flatMap((s) => [...version.parts.get(s)!.keys()]))].sort());
  }
});

test('joined lists are the lists one after another, as flat() gives them, in a new list', () => {
  const lists = [[1, 2], [], [3], [], [], [4, 5, 6]];
  const all = joined(lists);
  assert.deepEqual(all, lists.flat());
  assert.deepEqual(joined([]), []);
  all.push(7);
  assert.deepEqual(lists, [[1, 2], [], [3], [], [], [4, 5, 6]], 'the lists are not changed');
});
