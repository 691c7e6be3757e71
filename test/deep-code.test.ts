// Depth that comes from user code never runs the analysis out of stack: chains of 1,500 functions
// each calling the next, in both directions the analysis follows them, and 1,500 methods that all call
// each other through one shared name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedAnalyzer } from './support/analyzer';

const HEADER = ['import torch', 'model = torch.nn.Linear(2, 2)'];

test('a chain of 1,500 callers is followed without running out of stack', async () => {
  const analyzer = await sharedAnalyzer();
  const lines = [...HEADER];
  for (let i = 0; i < 1499; i++) lines.push(`def f${i}(x):`, `    return f${i + 1}(x)`, '');
  lines.push('def f1499(x):', '    return model(x)', '', 'print(f0(torch.zeros(2)))', '');
  assert.doesNotThrow(() => analyzer.analyzeText(lines.join('\n'), {}));
});

test('a chain of 1,500 helpers that ends in backward() still counts as training', async () => {
  const analyzer = await sharedAnalyzer();
  const lines = [...HEADER];
  for (let i = 0; i < 1499; i++) lines.push(`def g${i}(x):`, `    g${i + 1}(x)`, '');
  lines.push('def g1499(x):', '    model(x).sum().backward()', '');
  lines.push('def evaluate(x):', '    out = model(x)', '    g0(out)', '    return out', '');
  const diagnostics = analyzer.analyzeText(lines.join('\n'), {});
  assert.deepEqual(diagnostics.filter((d) => d.code === 'OOM001'), [], 'evaluate trains through its helpers');
});

test('1,500 modules whose __init__ calls super().__init__() and runs a layer get their grad modes without running out of stack', async () => {
  // Every `super().__init__()` is a call of every `__init__`, so working out one constructor's mode
  // passes through all the others while each is still being worked out.
  const analyzer = await sharedAnalyzer();
  const lines = ['import torch', 'import torch.nn as nn', ''];
  for (let i = 0; i < 1500; i++) {
    lines.push(`class Block${i}(nn.Module):`, '    def __init__(self):', '        super().__init__()', '        self.lin = nn.Linear(4, 4)', '        self.out = self.lin(torch.zeros(4))', '');
  }
  assert.doesNotThrow(() => analyzer.analyzeText(lines.join('\n'), {}));
});
