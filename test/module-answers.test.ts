// An open document's answers about names (is `block` a module?) serve its later versions while what
// they read is unchanged: a definition, a module-only method call, a function's name, the imports and
// the classes. After each edit here, a statement the edit did not touch asks again, and its findings
// must be those of an analysis from scratch; an edit that changes nothing an answer read leaves it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../server/src/analysis/analyze';
import { OpenDocument } from '../server/src/lsp/open-document';
import { AnalysisSession } from '../server/src/analysis/session';
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


# The whole validation set: an evaluation whose waste grows with the data.
evaluate(torch.utils.data.DataLoader(torch.load("val.pt"), batch_size=32), Head())
`;

interface Step {
  /** What the step does to the file. */
  what: string;
  from: string;
  to: string;
  /** The findings' texts after it, from scratch. */
  finds: readonly string[];
}

/** Applies the steps one after the other to one open document, analysing each version with the one memory. */
async function replay(text: string, steps: readonly Step[]): Promise<void> {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:answers', 'python', 1, text);
  let reference = TextDocument.create('untitled:answers', 'python', 1, text);
  const session = new AnalysisSession();
  const found = (root: ReturnType<typeof parser.parseToSyntax>, source: string, inSession: boolean) =>
    analyze(root, source, inSession ? { session } : {}).map((d) => `${d.code} ${source.slice(d.start, d.end)}`);
  const answersWorkedOut = () => ['module', 'loaded', 'layer', 'class'].reduce((sum, question) => sum + session.workedOut(`module answer: ${question}`), 0);
  try {
    found(document.syntax(parser), document.text, true);
    const first = answersWorkedOut();
    assert.ok(first > 0, 'answers worked out at the first version');
    let version = 1;
    for (const step of steps) {
      const before = answersWorkedOut();
      const at = reference.getText().indexOf(step.from);
      assert.ok(at >= 0, `"${step.from}" is in the file`);
      const change = { range: { start: reference.positionAt(at), end: reference.positionAt(at + step.from.length) }, text: step.to };
      version++;
      reference = TextDocument.update(reference, [change], version);
      document.applyChanges([change], version);
      const scratch = found(parser.parseToSyntax(document.text), document.text, false);
      assert.deepEqual(scratch, step.finds, `from scratch, after "${step.what}"`);
      assert.deepEqual(found(document.syntax(parser), document.text, true), scratch, `reused answers, after "${step.what}"`);
      // The answers that read what the edit changed are worked out again, the others serve as they are.
      const again = answersWorkedOut() - before;
      assert.ok(again > 0 && again < first, `${again} of ${first} answers worked out again after "${step.what}"`);
    }
  } finally {
    document.freeTree();
  }
}

test('an edit to a definition in another function changes whether an untouched call runs a module', async () => {
  await replay(DEFINED_ELSEWHERE, [
    { what: 'block bound to a function', from: 'block = nn.Linear(4, 4)', to: 'block = len', finds: ['OOM001 net(x)'] },
    { what: 'block bound to a layer again', from: 'block = len', to: 'block = nn.Linear(4, 4)', finds: ['OOM001 block(x)'] },
  ]);
});

test('an edit that calls a module-only method on a name elsewhere makes it a module', async () => {
  const text = DEFINED_ELSEWHERE.replace('block = nn.Linear(4, 4)\n    return block', 'return None').replace('return 1', 'other.size()');
  await replay(text, [
    { what: 'other.eval() in helper', from: 'other.size()', to: 'other.eval()', finds: ['OOM001 net(x)'] },
    { what: 'block.eval() in helper', from: 'other.eval()', to: 'block.eval()', finds: ['OOM001 block(x)'] },
    { what: 'back to a plain method', from: 'block.eval()', to: 'block.size()', finds: ['OOM001 net(x)'] },
  ]);
});

test('an edit that names a function like the name a call uses makes it no module', async () => {
  const text = DEFINED_ELSEWHERE.replace('block = nn.Linear(4, 4)', 'block = len');
  await replay(text, [
    { what: 'def helper renamed net', from: 'def helper', to: 'def net', finds: [] },
    { what: 'def net renamed helper', from: 'def net', to: 'def helper', finds: ['OOM001 net(x)'] },
  ]);
});

test('an edit to the imports or to a class changes the answers that read them', async () => {
  await replay(DEFINED_ELSEWHERE, [
    { what: 'torch.nn imported under another name', from: 'import torch.nn as nn', to: 'import torch.nn as tnn', finds: ['OOM001 net(x)'] },
    { what: 'torch.nn imported as nn again', from: 'import torch.nn as tnn', to: 'import torch.nn as nn', finds: ['OOM001 block(x)'] },
    { what: 'block an instance of a class', from: 'block = nn.Linear(4, 4)', to: 'block = Head()', finds: ['OOM001 block(x)'] },
    { what: 'the class no module', from: 'class Head(nn.Module)', to: 'class Head(object)', finds: ['OOM001 net(x)'] },
  ]);
});

test('an edit to one definition of a name classifies again only the forward calls of its own statement', async () => {
  // `evaluate` calls `network`, which `build` also binds: what `network` is made by is asked for that
  // call, and it stays the same through an edit of `build`, so `evaluate`'s calls are not read again.
  const text = `import torch
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        return x


def build(width):
    network = Net()
    return network


def evaluate(network, loader):
    return [network(x).sum().item() for x in loader]
`;
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:made-by', 'python', 1, text);
  const session = new AnalysisSession();
  try {
    analyze(document.syntax(parser), document.text, { session });
    const before = session.workedOut('forward calls');
    const original = TextDocument.create('untitled:made-by', 'python', 1, text);
    const at = text.indexOf('width):');
    document.applyChanges([{ range: { start: original.positionAt(at), end: original.positionAt(at + 'width'.length) }, text: 'size' }], 2);
    assert.ok(document.text.includes('def build(size):'));
    const reused = analyze(document.syntax(parser), document.text, { session }).map((d) => d.code);
    assert.deepEqual(reused, analyze(parser.parseToSyntax(document.text), document.text).map((d) => d.code));
    assert.equal(session.workedOut('forward calls') - before, 1, 'only the edited statement\'s forward calls are classified again');
  } finally {
    document.freeTree();
  }
});
