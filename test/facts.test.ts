// The fact store: each fact is computed once per semantic model, per-function facts once per
// function node, and a new model (a new version of the file) starts from nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { FunctionFact, ModuleFact } from '../server/src/semantic/facts';
import { SemanticModel } from '../server/src/semantic/model';
import { listAdditions } from '../server/src/semantic/kept-lists';
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
