// A file that imports only the standard library and libraries that make no PyTorch values (a course's
// NumPy notebook with a `backward()` of its own) holds no tensor that records a graph: no finding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedAnalyzer } from './support/analyzer';

/** A hand-written NumPy network with its own forward and backward, under `imports`. */
function numpyNetwork(imports: string[]): string {
  return [
    ...imports,
    '',
    'class Linear:',
    '    def __init__(self, n):',
    '        self.w = np.random.randn(n)',
    '',
    '    def forward(self, x):',
    '        return x @ self.w',
    '',
    '    def backward(self, grad):',
    '        self.w -= 0.1 * grad',
    '',
    'model = Linear(3)',
    'losses = []',
    'for x, y in zip(np.random.randn(100, 3), np.random.randn(100)):',
    '    loss = (model(x) - y) ** 2',
    '    loss.backward()',
    '    losses.append(loss)',
    '',
  ].join('\n');
}

test('a NumPy-only file holds no PyTorch value, whatever its methods are called', async () => {
  const analyzer = await sharedAnalyzer();
  const codes = (text: string) => analyzer.analyzeText(text, {}).map((d) => d.code);
  assert.deepEqual(codes(numpyNetwork(['import numpy as np', 'import matplotlib.pyplot as plt', 'from collections import defaultdict'])), []);
  // The same code beside an import that may bring tensors is judged as usual.
  assert.deepEqual(codes(numpyNetwork(['import numpy as np', 'import torch'])), ['OOM002']);
  assert.deepEqual(codes(numpyNetwork(['import numpy as np', 'from helpers import *'])), ['OOM002']);
  assert.deepEqual(codes(numpyNetwork(['import numpy as np', 'from .layers import Linear as Base'])), ['OOM002']);
});

/** An evaluation loop over a loader, under `imports`. */
function evaluation(imports: string[]): string {
  return [...imports, '', 'def evaluate(model, loader):', '    model.eval()', '    correct = 0', '    for x, y in loader:', '        correct += int((model(x).argmax(1) == y).sum())', '    return correct', ''].join('\n');
}

test('code of another framework with autograd of its own is not PyTorch code', async () => {
  const analyzer = await sharedAnalyzer();
  const codes = (text: string) => analyzer.analyzeText(text, {}).map((d) => d.code);
  assert.deepEqual(codes(evaluation(['import paddle', 'from ppdet.core import workspace'])), []);
  assert.deepEqual(codes(evaluation(['import mxnet as mx', 'from .utils import batches'])), []);
  // Beside PyTorch (a TensorFlow import for TensorBoard's summaries), the file is judged as usual.
  assert.deepEqual(codes(evaluation(['import tensorflow as tf', 'import torch'])), ['OOM001']);
  assert.deepEqual(codes(evaluation(['from models import Net'])), ['OOM001']);
});
