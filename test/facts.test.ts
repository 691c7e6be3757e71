// The fact store: each fact is computed once per semantic model, per-function facts once per
// function node, and a new model (a new version of the file) starts from nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { FunctionFact, LazilyMergedParts, MergedParts, ModuleFact } from '../server/src/semantic/facts';
import type { SyntaxNode } from '../server/src/parser/syntax';
import { SemanticModel } from '../server/src/semantic/model';
import { listAdditions } from '../server/src/semantic/kept-lists';
import { joined } from '../server/src/semantic/group-by';
import { dataLoadersOf } from '../server/src/semantic/dataloaders';
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

test('a module fact is computed once per model, and again for a new model', async () => {
  let computed = 0;
  const callCount = new ModuleFact('calls', (model) => {
    computed++;
    return model.nodesOfKind('call').length;
  });
  const model = await modelOf(SOURCE);
  assert.equal(model.facts.module(callCount), 2);
  assert.equal(model.facts.module(callCount), 2);
  assert.equal(computed, 1);
  const edited = await modelOf(`${SOURCE}print(1)\n`);
  assert.equal(edited.facts.module(callCount), 3);
  assert.equal(computed, 2);
});

test('a function fact is computed once per function, from that function', async () => {
  const computedFor: string[] = [];
  const loops = new FunctionFact('loops', (model, scope) => {
    computedFor.push(model.text.slice(scope.start, scope.start + 10));
    return model.nodesOfKind('for_statement').filter((f) => f.start > scope.start && f.end <= scope.end).length;
  });
  const model = await modelOf(SOURCE);
  const [firstLoop, secondLoop] = model.nodesOfKind('for_statement');
  assert.equal(model.facts.around(loops, firstLoop!), 1);
  assert.equal(model.facts.around(loops, secondLoop!), 1);
  assert.equal(model.facts.around(loops, firstLoop!), 1);
  assert.deepEqual(computedFor, ['def first(', 'def second']);
  assert.equal(model.facts.function(loops, model.root), 2, 'module-level facts see the whole file');
});

test('the analyses keep their results on the model they describe', async () => {
  const model = await modelOf(SOURCE);
  assert.equal(listAdditions(model), listAdditions(model));
  assert.equal(listAdditions(model).length, 1);
  assert.equal(dataLoadersOf(model), dataLoadersOf(model));
  const other = await modelOf(SOURCE);
  assert.notEqual(listAdditions(other), listAdditions(model));
});

test('merged parts kept from version to version (merged whole or key by key) equal a merge made afresh, whatever statements come and go', () => {
  // Statements stand for nodes: only their identity and start count. Their parts map names to lists.
  type Part = ReadonlyMap<string, readonly number[]>;
  const entries = (part: Part) => part;
  const statements = Array.from({ length: 12 }, (_, i) => ({ i, start: 10 * i }) as unknown as SyntaxNode);
  const EMPTY: Part = new Map();
  // One part object may serve several statements (an empty part, say).
  const parts = new Map<SyntaxNode, Part>(statements.map((s, i) => [s, i % 4 === 0 ? EMPTY : new Map([[`n${i % 3}`, [i]], [`m${i % 5}`, [-i, -i - 100]]])]));
  const kept = new MergedParts<Part, string, readonly number[]>(entries);
  const lazy = new LazilyMergedParts<string, number>();
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 300; round++) {
    const now = statements.filter(() => random() < 0.6);
    // A statement kept may be given another part (its fact's key changed).
    const changed = statements[Math.floor(random() * statements.length)]!;
    if (random() < 0.3) parts.set(changed, new Map([[`n${round % 3}`, [round]]]));
    const nowParts = new Map(now.map((s) => [s, parts.get(s)!]));
    const values = { statements: now, values: now.map((s) => nowParts.get(s)!) };
    kept.update(values);
    lazy.update(values);
    const fresh = new MergedParts<Part, string, readonly number[]>(entries);
    fresh.update(values);
    for (const key of ['n0', 'n1', 'n2', 'm0', 'm1', 'm2', 'm3', 'm4', 'x']) {
      assert.equal(kept.has(key), fresh.has(key), key);
      assert.deepEqual([...kept.valuesOf(key)].sort(), [...fresh.valuesOf(key)].sort(), key);
      // In the order of the statements, which a kept merge may have met in another order; asked every
      // round, so a list kept from a round before that should have been made again would show.
      const inOrder = now.flatMap((s) => nowParts.get(s)!.get(key) ?? []);
      assert.deepEqual(kept.itemsInDocumentOrder(key), inOrder, key);
      // Key by key, some keys asked in some rounds only: a group merged rounds ago must still hold.
      if (random() < 0.5) assert.deepEqual(lazy.get(key), inOrder, `${key}, merged key by key`);
    }
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
