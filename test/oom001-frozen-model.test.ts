// OOM001 claims a saving only where a forward pass records a graph: a model whose parameters were
// frozen before it runs records none, so evaluating an EMA or teacher copy is not reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedAnalyzer } from './support/analyzer';

function program(freeze: string[]): string {
  return [
    'import torch',
    'import torch.nn.functional as F',
    '',
    'def evaluate(model, loader):',
    '    model.eval()',
    '    correct = 0',
    '    for x, y in loader:',
    '        correct += (model(x).argmax(1) == y).sum().item()',
    '    return correct',
    '',
    'def train(model, ema, loader, val_loader, optimizer):',
    ...freeze,
    '    for x, y in loader:',
    '        loss = F.cross_entropy(model(x), y)',
    '        optimizer.zero_grad()',
    '        loss.backward()',
    '        optimizer.step()',
    '    return evaluate(ema, val_loader)',
    '',
  ].join('\n');
}

test('evaluation of a copy every caller froze is not reported; of one left trainable it is', async () => {
  const analyzer = await sharedAnalyzer();
  const codes = (text: string) => analyzer.analyzeText(text, {}).map((d) => d.code).filter((c) => c === 'OOM001');
  assert.deepEqual(codes(program(['    for p in ema.parameters():', '        p.requires_grad_(False)'])), []);
  assert.deepEqual(codes(program(['    ema.requires_grad_(False)'])), []);
  assert.deepEqual(codes(program([])), ['OOM001']);
  // Turned back on somewhere, the freezing is not taken as lasting.
  assert.deepEqual(codes(program(['    ema.requires_grad_(False)', '    model.requires_grad_(True)'])), ['OOM001']);
});
