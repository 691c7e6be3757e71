// Where fixes put what they add and which repair they offer first: OOM001's guard together with
// the move to the CPU of the outputs it reveals (OOM007), OOM008's helper beside its use, once per
// file, and `.item()` before `.detach()` where the file's own idiom is `.item()`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyFixes, fixUntilStable } from '../server/src/core/fixes';
import type { Diagnostic } from '../server/src/core/types';
import { sharedAnalyzer } from './support/analyzer';

async function analyse(select: string[], ignore: string[] = []): Promise<(t: string) => Diagnostic[]> {
  const analyzer = await sharedAnalyzer();
  return (t) => analyzer.analyzeText(t, { settings: { select, ignore }, path: 'repairs.py' });
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

describe("OOM001's guard with the outputs it reveals kept on the GPU", () => {
  const validation = (read: string) => `import torch
import torch.nn.functional as F


def train(model, train_loader, val_loader, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            loss = F.cross_entropy(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        outputs, labels = [], []
        for x, y in val_loader:
            logits = model(x.cuda())
            outputs.append(logits.softmax(1))
            labels.append(y.cuda())
        ${read}
`;
  const onCpu = validation('print(epoch, torch.cat(outputs).cpu().numpy().mean())');
  const withDeviceLabels = validation('print(epoch, (torch.cat(outputs).argmax(1) == torch.cat(labels)).float().mean().item())');

  test('the guard alone reveals OOM007; the whole repair leaves nothing to report', async () => {
    const check = await analyse(['OOM001', 'OOM007']);
    const [guardFinding, ...rest] = check(onCpu);
    assert.equal(guardFinding?.code, 'OOM001');
    assert.deepEqual(rest, []);
    const [repair, guard] = guardFinding.fixes;
    assert.equal(repair?.title, 'Wrap the loop in torch.no_grad() and keep outputs on the CPU');
    assert.equal(repair.applicability, 'safe');
    assert.equal(guard?.title, 'Wrap the loop in torch.no_grad()');
    // What the guard alone leaves: OOM007, now judging the loop.
    const guarded = applyFixes(onCpu, [guard]);
    assert.deepEqual(check(guarded).map((d) => d.code), ['OOM007']);
    assert.deepEqual(check(applyFixes(onCpu, [repair])), []);
    assert.match(applyFixes(onCpu, [repair]), /\n {16}outputs\.append\(logits\.softmax\(1\)\.cpu\(\)\)\n/);
    // Fix-all applies the whole repair in one pass.
    assert.equal(fixUntilStable(onCpu, check, { unsafe: false }).applied, 1);
  });

  test("is the guard followed by OOM007's own fix, from the same facts", async () => {
    const check = await analyse(['OOM001', 'OOM007']);
    for (const text of [onCpu, withDeviceLabels]) {
      const finding = check(text)[0]!;
      const repair = finding.fixes.find((f) => f.title.includes('CPU'))!;
      const guard = finding.fixes.find((f) => f !== repair)!;
      const guarded = applyFixes(text, [guard]);
      const revealed = check(guarded).filter((d) => d.code === 'OOM007');
      assert.equal(revealed.length, 1);
      assert.equal(applyFixes(guarded, revealed.map((d) => d.fixes[0]!)), applyFixes(text, [repair]));
      // As safe as the guard and OOM007's fix together.
      const bothSafe = guard.applicability === 'safe' && revealed.every((d) => d.fixes[0]!.applicability === 'safe');
      assert.equal(repair.applicability, bothSafe ? 'safe' : 'unsafe');
    }
  });

  test('is unsafe where moving the outputs is, and then comes after the safe guard alone', async () => {
    const check = await analyse(['OOM001', 'OOM007']);
    const [finding] = check(withDeviceLabels);
    assert.deepEqual(finding?.fixes.map((f) => `${f.applicability}: ${f.title}`), [
      'safe: Wrap the loop in torch.no_grad()',
      'unsafe: Wrap the loop in torch.no_grad() and keep outputs on the CPU',
    ]);
  });

  test('moves outputs OOM007 already reports with their graph by .cpu() alone', async () => {
    const text = `import torch


def predict(model, loader):
    model.eval()
    preds = []
    for x, _ in loader:
        out = model(x.cuda())
        preds.append(out)
    return torch.cat(preds).argmax(1).tolist()
`;
    const check = await analyse(['OOM001', 'OOM007']);
    assert.deepEqual(check(text).map((d) => d.code), ['OOM001', 'OOM007']);
    const fixed = fixUntilStable(text, check, { unsafe: false });
    assert.deepEqual(fixed.remaining, []);
    assert.match(fixed.text, /^@torch\.no_grad\(\)\ndef predict/m);
    assert.match(fixed.text, /preds\.append\(out\.cpu\(\)\)\n/);
  });

  test('is not offered where OOM007 is turned off', async () => {
    const check = await analyse(['OOM001', 'OOM007'], ['OOM007']);
    const [finding] = check(onCpu);
    assert.deepEqual(finding?.fixes.map((f) => f.title), ['Wrap the loop in torch.no_grad()']);
  });
});

describe("OOM002's and OOM003's .item() where the file keeps numbers with .item()", () => {
  const validation = (options: { idiom?: boolean; loss?: string; after?: string } = {}) => `import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    running = 0.0
    for x, y in loader:
        loss = F.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        running ${options.idiom === false ? '= loss.detach()' : '+= loss.item()'}
    print(running)


def validate(model, loader, helper):
    total = 0.0
    losses = []
    for x, y in loader:
        loss = ${options.loss ?? 'F.cross_entropy(model(x), y)'}
        total += loss
        losses.append(loss)
    ${options.after ?? 'print(f"{total / len(loader):.4f}", sum(losses) / len(losses))'}
`;
  const firstFixes = async (text: string) => {
    const check = await analyse(['OOM002', 'OOM003']);
    return check(text).filter((d) => d.start > text.indexOf('def validate')).map((d) => `${d.code} ${d.fixes[0]!.applicability}: ${d.fixes[0]!.title}`);
  };

  test('comes first, safe, where the value is one number and the total and list are only shown', async () => {
    assert.deepEqual(await firstFixes(validation()), ['OOM003 safe: Add .item()', 'OOM002 safe: Add .item()']);
    const check = await analyse(['OOM002', 'OOM003']);
    const fixed = fixUntilStable(validation(), check, { unsafe: false }).text;
    assert.match(fixed, /total \+= loss\.item\(\)\n {8}losses\.append\(loss\.item\(\)\)\n/);
  });

  test('counts a keyword argument of a progress bar or logger as shown', async () => {
    const text = validation({ after: 'pbar.set_postfix(loss=round(total / len(loader), 3), count=len(losses))' }).replace('def validate(model, loader, helper)', 'def validate(model, loader, pbar)');
    assert.deepEqual(await firstFixes(text), ['OOM003 safe: Add .item()', 'OOM002 safe: Add .item()']);
  });

  test('takes as proof of one number a .item() the code calls on the same value', async () => {
    const text = validation({ loss: '(model(x) - y).abs().max()\n        print(loss.item())' });
    assert.deepEqual(await firstFixes(text), ['OOM003 safe: Add .item()', 'OOM002 safe: Add .item()']);
  });

  test('leaves .detach() first without the idiom, without proof of one number, or where a tensor is read', async () => {
    const detachFirst = ['OOM003 safe: Add .detach()', 'OOM002 safe: Add .detach()'];
    // The file keeps nothing with `.item()`.
    assert.deepEqual(await firstFixes(validation({ idiom: false })), detachFirst);
    // Per-sample losses, or a helper's value the code never shows to be one number.
    assert.deepEqual(await firstFixes(validation({ loss: 'F.cross_entropy(model(x), y, reduction="none")' })), detachFirst);
    assert.deepEqual(await firstFixes(validation({ loss: '(model(x) - y).abs().max()' })), detachFirst);
    // Read as a tensor, returned, or deciding something.
    for (const after of ['print(total.item(), torch.stack(losses).mean())', 'return total, losses', 'if total > len(losses):\n        print("high")']) {
      const fixes = await firstFixes(validation({ after }));
      assert.ok(fixes.every((f) => f.endsWith('Add .detach()')), `${after}: ${fixes.join(', ')}`);
    }
  });
});
