// The server reuses the unchanged subtrees of a document's tree after an edit. Whatever the analysis
// learned about those nodes in an earlier version must not outlive the version: issue 9 saw a file
// where `evaluate -> middle -> inner` kept its finding after `inner` started to backpropagate, because
// whether a function needs gradients was cached against the reused function nodes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LspTestClient } from './lsp-client';

let client: LspTestClient;

before(async () => {
  client = await LspTestClient.start();
});

after(() => client.stop());

/** The diagnostics of `text` opened as the first version of `uri`. */
async function opened(uri: string, text: string): ReturnType<LspTestClient['diagnosticsAt']> {
  await client.open(uri, text, 1);
  return client.diagnosticsAt(uri, 1);
}

const BEFORE = [
  'import torch',
  '',
  '',
  'def inner(y):',
  '    return y.sum().item()',
  '',
  '',
  'def middle(y):',
  '    return inner(y)',
  '',
  '',
  'def evaluate(model, loader):',
  '    total = 0.0',
  '    for x in loader:',
  '        out = model(x.cuda())',
  '        total += middle(out)',
  '    return total',
  '',
].join('\n');

test('a helper that starts to backpropagate through an edit is judged as a fresh open judges it', async () => {
  const uri = 'untitled:edit-reuse';
  const first = await opened(uri, BEFORE);
  assert.ok(first.diagnostics.some((d) => d.code === 'OOM001'), 'the unguarded evaluation is reported before the edit');

  // `y.sum().backward()` typed into `inner`, as an editor sends it: one ranged change. `middle` and
  // `evaluate` are untouched, so the new tree reuses their nodes.
  const line = BEFORE.split('\n').indexOf('    return y.sum().item()');
  await client.change(uri, 2, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '    y.sum().backward()\n' }]);
  const edited = await client.diagnosticsAt(uri, 2);

  const text = BEFORE.replace('    return y.sum().item()', '    y.sum().backward()\n    return y.sum().item()');
  const scratch = await opened('untitled:edit-reuse-fresh', text);
  const shape = (ds: typeof scratch.diagnostics) => ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
  assert.deepEqual(shape(edited.diagnostics), shape(scratch.diagnostics));
  assert.ok(!edited.diagnostics.some((d) => d.code === 'OOM001'), 'outputs handed to a chain that now backpropagates are training, not evaluation');
});

const DEFINED_ELSEWHERE = [
  'import torch',
  'import torch.nn as nn',
  '',
  '',
  'def setup():',
  '    block = nn.Linear(4, 4)',
  '    return block',
  '',
  '',
  'def evaluate(loader, net):',
  '    scores = []',
  '    for x in loader:',
  '        out = block(x) + net(x)',
  '        scores.append(out.mean().item())',
  '    return scores',
  '',
  '',
  'evaluate(torch.utils.data.DataLoader(torch.load("val.pt"), batch_size=32), None)',
  '',
].join('\n');

test('an edit to a definition in another function changes an untouched finding as a fresh open judges it (the answers kept per name)', async () => {
  const uri = 'untitled:answers-reuse';
  const first = await opened(uri, DEFINED_ELSEWHERE);
  const forwards = (ds: typeof first.diagnostics) => ds.filter((d) => d.code === 'OOM001').map((d) => `${d.range.start.line}:${d.range.start.character}`);
  const row = DEFINED_ELSEWHERE.split('\n').indexOf('        out = block(x) + net(x)');
  assert.deepEqual(forwards(first.diagnostics), [`${row}:14`], 'block(x) runs a layer');

  // A first edit elsewhere: from the second version on, the server keeps the answers from one version
  // to the next.
  const scoresLine = DEFINED_ELSEWHERE.split('\n').indexOf('    scores = []');
  await client.change(uri, 2, [{ range: { start: { line: scoresLine, character: 4 }, end: { line: scoresLine, character: 10 } }, text: 'kept' }]);
  await client.change(uri, 3, [{ range: { start: { line: scoresLine, character: 4 }, end: { line: scoresLine, character: 8 } }, text: 'scores' }]);
  assert.deepEqual(forwards((await client.diagnosticsAt(uri, 3)).diagnostics), [`${row}:14`], 'still block(x)');
  // `nn.Linear(4, 4)` becomes `len` in `setup`: `block` no longer holds a module, and `evaluate`'s
  // statement, untouched, must ask again what it holds.
  const line = DEFINED_ELSEWHERE.split('\n').indexOf('    block = nn.Linear(4, 4)');
  await client.change(uri, 4, [{ range: { start: { line, character: 12 }, end: { line, character: 27 } }, text: 'len' }]);
  const edited = await client.diagnosticsAt(uri, 4);
  const scratch = await opened('untitled:answers-reuse-fresh', DEFINED_ELSEWHERE.replace('nn.Linear(4, 4)', 'len'));
  assert.deepEqual(forwards(edited.diagnostics), forwards(scratch.diagnostics));
  assert.deepEqual(forwards(edited.diagnostics), [`${row}:25`], 'net(x) is the forward pass left');
});
