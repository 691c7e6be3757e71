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

/** A feature extractor class whose `__init__` is `init` (body lines), used for features over a loader. */
function extractor(init: string[]): string {
  return [
    'import torch.nn as nn',
    '',
    'class Features(nn.Module):',
    ...init.map((line) => `    ${line}`),
    '',
    '    def forward(self, x):',
    '        return self.blocks(x)',
    '',
    'def evaluate_features(loader):',
    '    features = Features()',
    '    total = 0.0',
    '    for images in loader:',
    '        total += features(images).mean().item()',
    '    return total',
    '',
  ].join('\n');
}

test('an instance of a class that freezes itself when built records no graph; one that freezes only on request does', async () => {
  const analyzer = await sharedAnalyzer();
  const codes = (text: string) => analyzer.analyzeText(text, {}).map((d) => d.code).filter((c) => c === 'OOM001');
  const blocks = ['    super().__init__()', '    self.blocks = nn.Linear(4, 4)'];
  // FID's Inception: frozen by a parameter that defaults to off.
  assert.deepEqual(codes(extractor(['def __init__(self, requires_grad=False):', ...blocks, '    for param in self.parameters():', '        param.requires_grad = requires_grad'])), []);
  assert.deepEqual(codes(extractor(['def __init__(self):', ...blocks, '    self.requires_grad_(False)'])), []);
  assert.deepEqual(codes(extractor(['def __init__(self, requires_grad=False):', ...blocks, '    if not requires_grad:', '        for p in self.parameters():', '            p.requires_grad = False'])), []);
  // Frozen only when asked (`freeze=False` by default), or only in part: the forward records a graph.
  assert.deepEqual(codes(extractor(['def __init__(self, freeze=False):', ...blocks, '    if freeze:', '        for p in self.parameters():', '            p.requires_grad = False'])), ['OOM001']);
  assert.deepEqual(codes(extractor(['def __init__(self):', ...blocks, '    for p in self.blocks.parameters():', '        p.requires_grad = False'])), ['OOM001']);
  assert.deepEqual(codes(extractor(['def __init__(self):', ...blocks])), ['OOM001']);
});
