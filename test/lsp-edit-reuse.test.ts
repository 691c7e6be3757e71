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
  await client.open(uri, BEFORE, 1);
  const first = await client.diagnosticsAt(uri, 1);
  assert.ok(first.diagnostics.some((d) => d.code === 'OOM001'), 'the unguarded evaluation is reported before the edit');

  // `y.sum().backward()` typed into `inner`, as an editor sends it: one ranged change. `middle` and
  // `evaluate` are untouched, so the new tree reuses their nodes.
  const line = BEFORE.split('\n').indexOf('    return y.sum().item()');
  await client.change(uri, 2, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '    y.sum().backward()\n' }]);
  const edited = await client.diagnosticsAt(uri, 2);

  const text = BEFORE.replace('    return y.sum().item()', '    y.sum().backward()\n    return y.sum().item()');
  const fresh = 'untitled:edit-reuse-fresh';
  await client.open(fresh, text, 1);
  const scratch = await client.diagnosticsAt(fresh, 1);
  const shape = (ds: typeof scratch.diagnostics) => ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
  assert.deepEqual(shape(edited.diagnostics), shape(scratch.diagnostics));
  assert.ok(!edited.diagnostics.some((d) => d.code === 'OOM001'), 'outputs handed to a chain that now backpropagates are training, not evaluation');
});
