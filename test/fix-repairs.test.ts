// Where fixes put what they add and which repair they offer first: OOM008's helper beside its use,
// once per file.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixUntilStable } from '../server/src/core/fixes';
import type { Diagnostic } from '../server/src/core/types';
import { sharedAnalyzer } from './support/analyzer';

async function analyse(select: string[]): Promise<(t: string) => Diagnostic[]> {
  const analyzer = await sharedAnalyzer();
  return (t) => analyzer.analyzeText(t, { settings: { select }, path: 'repairs.py' });
}

/** The 0-based rows of lines equal to `line` (trimmed). */
function rowsOf(text: string, line: string): number[] {
  return text.split('\n').flatMap((l, row) => (l.trim() === line ? [row] : []));
}

describe("OOM008's detach_state helper", () => {
  const text = `import torch
import torch.nn as nn


def build(width):
    return nn.LSTM(width, width)


def unrelated(x):
    return x * 2


# Trains the first model.
def train_first(model, batches, optimizer):
    hidden = None
    for x, y in batches:
        out, hidden = model(x, hidden)
        loss = (out - y).pow(2).mean()
        loss.backward()
        optimizer.step()


def train_second(model, batches, optimizer):
    state = None
    for x, y in batches:
        out, state = model(x, state)
        loss = (out - y).pow(2).mean()
        loss.backward()
        optimizer.step()
`;

  test('goes right above the first top-level statement that uses it, above its comments, and only once in fix-all', async () => {
    const check = await analyse(['OOM008']);
    assert.equal(check(text).length, 2);
    const fixed = fixUntilStable(text, check, { unsafe: false });
    assert.deepEqual(fixed.failures, []);
    assert.equal(rowsOf(fixed.text, 'def detach_state(state):').length, 1, fixed.text);
    const lines = fixed.text.split('\n');
    const helperRow = rowsOf(fixed.text, 'def detach_state(state):')[0]!;
    // Below the imports and the functions that do not use it, above the comment that leads into its first user.
    assert.ok(helperRow > rowsOf(fixed.text, 'return x * 2')[0]!);
    assert.equal(lines.slice(helperRow).findIndex((l) => l.startsWith('# Trains the first model.')), 12);
    assert.deepEqual(rowsOf(fixed.text, 'hidden = detach_state(hidden)').length, 1);
    assert.deepEqual(rowsOf(fixed.text, 'state = detach_state(state)').length, 1);
    assert.deepEqual(check(fixed.text), []);
  });

  test('one fix alone adds it above the statement it fixes, at module level even for a method', async () => {
    const method = `import torch


def build(width):
    return torch.nn.GRU(width, width)


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.state = None

    def fit(self, batches):
        for x, y in batches:
            out, self.state = self.model(x, self.state)
            loss = (out - y).pow(2).mean()
            loss.backward()
            self.optimizer.step()
`;
    const check = await analyse(['OOM008']);
    const [diagnostic] = check(method);
    assert.ok(diagnostic);
    const fix = diagnostic.fixes[0]!;
    const fixed = fixUntilStable(method, check, { unsafe: false }).text;
    assert.equal(fix.applicability, 'safe');
    assert.match(fixed, /\n {4}return torch\.nn\.GRU\(width, width\)\n\n\ndef detach_state\(state\):\n[\s\S]*\n {4}return state\n\n\nclass Trainer:\n/);
  });
});
