// An open document's answers about names (is `block` a module?) are kept from one version to the
// next, each with the names it read. An edit must forget exactly the answers that read something it
// changed: a definition, a module-only method call, a function's name, or the imports and classes.
// After each edit here, a statement the edit did not touch asks again, and its findings must be those
// of an analysis from scratch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../server/src/analysis/analyze';
import { OpenDocument } from '../server/src/lsp/open-document';
import { VersionMemory } from '../server/src/semantic/facts';
import { MODULE_ANSWERS, ModuleAnswers } from '../server/src/semantic/module-answers';
import { sharedAnalyzer } from './support/analyzer';

/** `evaluate` runs `block` in evaluation code; whether that is a forward pass depends on the rest of the file. */
const DEFINED_ELSEWHERE = `import torch
import torch.nn as nn


def setup():
    block = nn.Linear(4, 4)
    return block


def helper():
    return 1


class Head(nn.Module):
    pass


def evaluate(loader, net):
    scores = []
    for x in loader:
        out = block(x) + net(x)
        scores.append(out.mean().item())
    return scores


evaluate([torch.randn(2, 4)], Head())
`;

interface Step {
  /** What the step does to the file. */
  what: string;
  from: string;
  to: string;
  /** The findings' texts after it, from scratch. */
  finds: readonly string[];
  /** Whether the answers of the version before are kept (only the imports and the classes start afresh). */
  kept: boolean;
}

/** Applies the steps one after the other to one open document, analysing each version with the one memory. */
async function replay(text: string, steps: readonly Step[]): Promise<void> {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:answers', 'python', 1, text);
  let reference = TextDocument.create('untitled:answers', 'python', 1, text);
  const memory = new VersionMemory();
  const found = (root: ReturnType<typeof parser.parseToSyntax>, source: string, withMemory: boolean) =>
    analyze(root, source, withMemory ? { keepsStatementFacts: true, memory } : {}).map((d) => `${d.code} ${source.slice(d.start, d.end)}`);
  try {
    found(document.syntax(parser), document.text, true);
    let version = 1;
    for (const step of steps) {
      const before = memory.get(MODULE_ANSWERS)?.answers;
      assert.ok(before && before.size > 0, `answers recorded before "${step.what}"`);
      const at = reference.getText().indexOf(step.from);
      assert.ok(at >= 0, `"${step.from}" is in the file`);
      const change = { range: { start: reference.positionAt(at), end: reference.positionAt(at + step.from.length) }, text: step.to };
      version++;
      reference = TextDocument.update(reference, [change], version);
      document.applyChanges([change], version);
      const scratch = found(parser.parseToSyntax(document.text), document.text, false);
      assert.deepEqual(scratch, step.finds, `from scratch, after "${step.what}"`);
      assert.deepEqual(found(document.syntax(parser), document.text, true), scratch, `kept answers, after "${step.what}"`);
      assert.equal(memory.get(MODULE_ANSWERS)?.answers === before, step.kept, `answers ${step.kept ? '' : 'not '}kept after "${step.what}"`);
    }
  } finally {
    document.freeTree();
  }
}

test('an edit to a definition in another function changes whether an untouched call runs a module', async () => {
  await replay(DEFINED_ELSEWHERE, [
    { what: 'block bound to a function', from: 'block = nn.Linear(4, 4)', to: 'block = len', finds: ['OOM001 net(x)'], kept: true },
    { what: 'block bound to a layer again', from: 'block = len', to: 'block = nn.Linear(4, 4)', finds: ['OOM001 block(x)'], kept: true },
  ]);
});

test('an edit that calls a module-only method on a name elsewhere makes it a module', async () => {
  const text = DEFINED_ELSEWHERE.replace('block = nn.Linear(4, 4)\n    return block', 'return None').replace('return 1', 'other.size()');
  await replay(text, [
    { what: 'other.eval() in helper', from: 'other.size()', to: 'other.eval()', finds: ['OOM001 net(x)'], kept: true },
    { what: 'block.eval() in helper', from: 'other.eval()', to: 'block.eval()', finds: ['OOM001 block(x)'], kept: true },
    { what: 'back to a plain method', from: 'block.eval()', to: 'block.size()', finds: ['OOM001 net(x)'], kept: true },
  ]);
});

test('an edit that names a function like the name a call uses makes it no module', async () => {
  const text = DEFINED_ELSEWHERE.replace('block = nn.Linear(4, 4)', 'block = len');
  await replay(text, [
    { what: 'def helper renamed net', from: 'def helper', to: 'def net', finds: [], kept: true },
    { what: 'def net renamed helper', from: 'def net', to: 'def helper', finds: ['OOM001 net(x)'], kept: true },
  ]);
});

test('an edit to the imports or to a class forgets every answer', async () => {
  await replay(DEFINED_ELSEWHERE, [
    { what: 'torch.nn imported under another name', from: 'import torch.nn as nn', to: 'import torch.nn as tnn', finds: ['OOM001 net(x)'], kept: false },
    { what: 'torch.nn imported as nn again', from: 'import torch.nn as tnn', to: 'import torch.nn as nn', finds: ['OOM001 block(x)'], kept: false },
    { what: 'block an instance of a class', from: 'block = nn.Linear(4, 4)', to: 'block = Head()', finds: ['OOM001 block(x)'], kept: true },
    { what: 'the class no module', from: 'class Head(nn.Module)', to: 'class Head(object)', finds: ['OOM001 net(x)'], kept: false },
  ]);
});

test('the store forgets the readers of a changed name, and answers that met a cycle, at every edit', () => {
  const answers = new ModuleAnswers();
  answers.add('module:model', true, { names: new Set(['model', 'net']), fragile: false });
  answers.add('module:net', true, { names: new Set(['net']), fragile: false });
  answers.add('qualified:nn.Linear', 'torch.nn.Linear', { names: new Set(), fragile: false });
  answers.add('module:a', false, { names: new Set(['a', 'b']), fragile: true });
  answers.forget([]);
  assert.equal(answers.get('module:a'), undefined, 'an answer that met a cycle is worked out again');
  assert.equal(answers.size, 3);
  answers.forget(['net']);
  assert.deepEqual([answers.get('module:model'), answers.get('module:net')], [undefined, undefined]);
  assert.equal(answers.get('qualified:nn.Linear')?.answer, 'torch.nn.Linear');
  // Worked out again, an answer reads afresh: `model` no longer reads `net`, and `net` changing leaves it.
  answers.add('module:model', false, { names: new Set(['model']), fragile: false });
  answers.forget(['net']);
  assert.equal(answers.get('module:model')?.answer, false);
  answers.forget(['model']);
  assert.equal(answers.size, 1);
});

test('the store tells which questions it forgot since an epoch, so that a kept statement asks only those again', () => {
  const answers = new ModuleAnswers();
  answers.add('module:model', true, { names: new Set(['model']), fragile: false });
  answers.add('module:net', true, { names: new Set(['net']), fragile: false });
  const start = answers.epoch;
  answers.forget([]);
  assert.equal(answers.epoch, start, 'forgetting nothing keeps the epoch');
  answers.forget(['net']);
  assert.ok(answers.epoch > start);
  assert.equal(answers.forgottenSince('module:net', start), true);
  assert.equal(answers.forgottenSince('module:model', start), false);
  assert.equal(answers.forgottenSince('module:net', answers.epoch), false, 'not forgotten again since');
  // Answered again, then forgotten again: forgotten since any earlier epoch.
  const middle = answers.epoch;
  answers.add('module:net', false, { names: new Set(['net']), fragile: false });
  answers.forget(['net']);
  assert.equal(answers.forgottenSince('module:net', middle), true);
  assert.equal(answers.forgottenSince('module:model', middle), false);
});

test('the store lists the questions it forgot since an epoch, and says when it no longer knows', () => {
  const answers = new ModuleAnswers();
  const start = answers.epoch;
  answers.add('module:model', true, { names: new Set(['model']), fragile: false });
  answers.add('module:net', true, { names: new Set(['net']), fragile: false });
  assert.deepEqual(answers.forgottenAfter(start), [], 'answers added, none forgotten');
  answers.forget(['net']);
  const middle = answers.epoch;
  answers.forget(['model']);
  assert.deepEqual(answers.forgottenAfter(start), ['module:net', 'module:model']);
  assert.deepEqual(answers.forgottenAfter(middle), ['module:model']);
  assert.deepEqual(answers.forgottenAfter(answers.epoch), []);
  // Thousands of forgets later, the oldest are no longer listed: a reader from then must ask everything again.
  for (let i = 0; i < 10_000; i++) {
    answers.add(`module:m${i}`, true, { names: new Set([`m${i}`]), fragile: false });
    answers.forget([`m${i}`]);
  }
  assert.equal(answers.forgottenAfter(start), undefined);
  const recent = answers.epoch;
  answers.forget(['nothing']);
  answers.add('module:late', true, { names: new Set(['late']), fragile: false });
  answers.forget(['late']);
  assert.deepEqual(answers.forgottenAfter(recent), ['module:late']);
});
