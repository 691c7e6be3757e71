// The editor analyses the tree that incremental reparsing leaves, whose unchanged subtrees are the
// very node objects of earlier versions. Anything cached against those nodes must still be right for
// the new text: after every edit of a random sequence over real files, the analysis of the
// incremental tree must equal the analysis of a tree parsed from scratch.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { analyze } from '../server/src/analysis/analyze';
import type { Diagnostic } from '../server/src/core/types';
import { OpenDocument } from '../server/src/lsp/open-document';
import { resolveSettings, type Settings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { usesCuda } from '../server/src/rules/device/distributed';
import { checkpointLoads, savesCpuCheckpoints } from '../server/src/rules/device/checkpoints';
import { listAdditions } from '../server/src/rules/autograd/kept-lists';
import { gpuModelOutput } from '../server/src/rules/autograd/gpu-outputs';
import { enclosingLoops } from '../server/src/semantic/scopes';
import { SemanticModel } from '../server/src/semantic/model';
import type { Definition } from '../server/src/semantic/definitions';
import { AnalysisSession } from '../server/src/analysis/session';
import { dataLoadersOf } from '../server/src/rules/data/dataloaders';
import { isTrainingLoop, persistingTrainingLoop } from '../server/src/rules/autograd/accumulators';
import { walksData } from '../server/src/rules/autograd/kept-lists';
import { walk, type SyntaxNode } from '../server/src/parser/syntax';
import { hasSyntaxErrors, indentationErrorRow } from '../server/src/parser/indentation';
import { hasErrors } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

/** Real files with findings of several rules (labelled third-party test data, see accuracy/README.md). */
const FILES = new Map<string, string>([
  ...[
    'accuracy/files/ShusenTang__Dive-into-DL-PyTorch/code__d2lzh_pytorch__utils.py',
    'accuracy/files/rasbt__machine-learning-book/ch12__ch12_part2.py',
    'accuracy/files/sgrvinod__a-PyTorch-Tutorial-to-Object-Detection/eval.py',
    'accuracy/files/Diego999__pyGAT/train.py',
    'accuracy/files/MorvanZhou__PyTorch-Tutorial/tutorial-contents__402_RNN_classifier.py',
  ].map((path): [string, string] => [path, readFileSync(join(REPO_ROOT, path), 'utf8')]),
  ...['OOM001.py', 'OOM002.py', 'OOM003.py', 'OOM004.py', 'OOM005.py', 'OOM007.py', 'OOM009.py'].map((name): [string, string] => [name, readFileSync(join(FIXTURES_DIR, 'rules', name), 'utf8')]),
]);

/** The model of a document's version: analysed in `session` (whose answers earlier versions worked out), or from scratch. */
function modelIn(session: AnalysisSession | undefined, root: SyntaxNode, source: SourceText, settings: Settings): SemanticModel {
  return session ? session.modelOf(root, source, settings, undefined) : new SemanticModel(root, source, settings, undefined);
}

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code} ${d.start}-${d.end} ${d.message} fixes=${JSON.stringify(d.fixes)}`);
}

/** What people do to code: type into a line, delete part of it, delete lines, paste lines from elsewhere. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), at: fc.nat(), text: fc.constantFrom('q', 'x', '.detach()', '.item()', ' ', '(', ')', ':', '\n', '\n    ', 'loss.backward()\n', 'with torch.no_grad():\n    ', '#') }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('delete-lines' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('paste-lines' as const), from: fc.nat(), count: fc.integer({ min: 1, max: 6 }), at: fc.nat() }),
  // One name replaced by another name of the file: an import alias, a function's name, a constant, a
  // local variable. What other statements mean changes while they stay the same nodes.
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), to: fc.nat() }),
);

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** The change an edit makes to `document`, as an LSP ranged change. */
function changeFor(document: TextDocument, e: Edit): TextDocumentContentChangeEvent {
  const text = document.getText();
  const lines = text.split('\n');
  const lineStart = (line: number) => document.offsetAt({ line, character: 0 });
  const range = (start: number, end: number) => ({ start: document.positionAt(start), end: document.positionAt(end) });
  switch (e.kind) {
    case 'type': {
      const at = e.at % (text.length + 1);
      return { range: range(at, at), text: e.text };
    }
    case 'delete': {
      const at = e.at % (text.length + 1);
      return { range: range(at, Math.min(text.length, at + e.length)), text: '' };
    }
    case 'delete-lines': {
      const first = e.at % lines.length;
      return { range: range(lineStart(first), lineStart(Math.min(lines.length, first + e.count))), text: '' };
    }
    case 'rename': {
      const names = [...text.matchAll(/\b[A-Za-z_]\w*\b/g)];
      if (!names.length) return { range: range(0, 0), text: '' };
      const target = names[e.at % names.length]!;
      const replacement = names[e.to % names.length]![0];
      return { range: range(target.index!, target.index! + target[0].length), text: replacement };
    }
    case 'paste-lines': {
      const from = e.from % lines.length;
      const pasted = lines.slice(from, from + e.count).join('\n') + '\n';
      const at = lineStart(e.at % lines.length);
      return { range: range(at, at), text: pasted };
    }
  }
}

/**
 * For random sequences of edits to the files: opens the file as an edited document with a fresh session,
 * calls `first` on it, then applies the edits one by one and calls `each` after every one (with the
 * edits so far, for messages).
 */
function forRandomEdits(
  numRuns: number,
  first: (document: OpenDocument, session: AnalysisSession) => void,
  each: (document: OpenDocument, session: AnalysisSession, done: string) => void,
  files: ReadonlyMap<string, string> = FILES,
): void {
  fc.assert(
    fc.property(fc.constantFrom(...files.keys()), fc.array(edit, { minLength: 1, maxLength: 10 }), (file, edits) => replayEdits(files.get(file)!, edits, first, each)),
    { numRuns, seed: 20261126 },
  );
}

function replayEdits(
  original: string,
  edits: readonly Edit[],
  first: (document: OpenDocument, session: AnalysisSession) => void,
  each: (document: OpenDocument, session: AnalysisSession, done: string) => void,
): void {
  const document = new OpenDocument('untitled:incremental', 'python', 1, original);
  let reference = TextDocument.create('untitled:incremental', 'python', 1, original);
  // What each version's analysis leaves for the next, as the server keeps it for an edited document.
  const session = new AnalysisSession();
  try {
    first(document, session);
    for (const [index, e] of edits.entries()) {
      const change = changeFor(reference, e);
      reference = TextDocument.update(reference, [change], index + 2);
      document.applyChanges([change], index + 2);
      each(document, session, `after ${JSON.stringify(edits.slice(0, index + 1))}`);
    }
  } finally {
    document.freeTree();
  }
}

test('the analysis of incrementally reparsed trees equals the analysis from scratch after every edit', async () => {
  const { parser } = await sharedAnalyzer();
  let compared = 0;
  forRandomEdits(
    120,
    // The first analysis fills whatever is cached against the first version's nodes.
    (document, session) => void analyze(document.syntax(parser), document.text, { session, source: document.source }),
    (document, session, done) => {
      const text = document.text;
      // The line table the document carries over its edits is that of its text.
      assert.deepEqual(document.source.starts, new SourceText(text).starts, done);
      const incremental = document.syntax(parser);
      const scratch = parser.parseToSyntax(text);
      // Where the parser recovers from errors, an incremental tree may differ from a fresh one
      // (tree-sitter's documented behaviour); the comparison is for trees that must be equal.
      if (hasErrors(scratch)) return;
      // Syntax errors are judged per top-level statement and kept across edits: the verdict must
      // be that of a walk over the fresh tree (it decides whether fixes are offered).
      assert.equal(hasSyntaxErrors(incremental, text), indentationErrorRow(scratch, text) !== null, 'syntax errors judged as from scratch');
      assert.deepEqual(summary(analyze(incremental, text, { session, source: document.source })), summary(analyze(scratch, text)), done);
      compared++;
    },
  );
  assert.ok(compared > 200, `only ${compared} edited versions parsed cleanly enough to compare`);
});

test('the definitions index brought from version to version equals one built afresh from the same statements', async () => {
  const { parser } = await sharedAnalyzer();
  const settings = resolveSettings({});
  const modelOf = (document: OpenDocument, session: AnalysisSession | undefined) =>
    modelIn(session, document.syntax(parser), new SourceText(document.text), settings);
  let compared = 0;
  forRandomEdits(
    60,
    (document, session) => void modelOf(document, session).definitions,
    (document, session, done) => {
      const patched = modelOf(document, session);
      const fresh = modelOf(document, undefined);
      // Every scope of the file and every dotted name in its text, through the index's two
      // questions: definitions of the very same nodes, in the same order.
      const scopes = [patched.root, ...patched.nodesOfKind('function_definition'), ...patched.nodesOfKind('lambda')];
      for (const name of dottedNamesIn(document.text)) {
        const all = fresh.definitions.allDefinitionsOf(name);
        assert.ok(sameDefinitions(patched.definitions.allDefinitionsOf(name), all), `"${name}" ${done}`);
        if (!all.length) continue;
        for (const scope of scopes) assert.ok(sameDefinitions(patched.definitions.definitionsOf(scope, name), fresh.definitions.definitionsOf(scope, name)), `"${name}" ${done}`);
      }
      compared++;
    },
  );
  assert.ok(compared > 200, `only ${compared} versions compared`);
});

test('whether a call runs a forward pass is, for an edited document, read from the kept classification of its statement: the same as working it out', async () => {
  const { parser } = await sharedAnalyzer();
  const settings = resolveSettings({});
  let compared = 0;
  forRandomEdits(
    60,
    (document, session) => void modelIn(session, document.syntax(parser), new SourceText(document.text), settings).forwardCalls,
    (document, session, done) => {
      const root = document.syntax(parser);
      const kept = modelIn(session, root, new SourceText(document.text), settings);
      // Nothing kept between versions, nor with the statements: each call is classified on its own.
      const worked = new SemanticModel(root, new SourceText(document.text), settings, undefined);
      for (const call of worked.nodesOfKind('call')) {
        assert.equal(kept.modules.isForwardCall(call), worked.modules.isForwardCall(call), `${document.text.slice(call.start, call.end)} ${done}`);
      }
      compared++;
    },
  );
  assert.ok(compared > 200, `only ${compared} versions compared`);
});

/**
 * Calls that run in cycles (methods of one name, mutual recursion, a method and its helper calling each
 * other), functions that their decorator settles, and functions called from both: grad modes that
 * depend on where a cycle was entered, next to modes that do not.
 */
const CYCLES = `import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)

    def forward(self, x):
        return self.net(x)

    def step(self, x):
        out = self.forward(x)
        return self.refine(out)

    def refine(self, out):
        if out.sum() > 0:
            return self.step(out)
        return out


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)

    def forward(self, x):
        return self.net(x)


def ping(model, x):
    y = model(x)
    return pong(model, y)


def pong(model, y):
    if y.mean() > 1:
        return ping(model, y)
    return model(y)


@torch.no_grad()
def evaluate(model, x):
    return ping(model, x) + helper(model, x)


def helper(model, x):
    return model(x)


def train(model, x, opt):
    loss = ping(model, x).sum() + helper(model, x).sum()
    loss.backward()
    opt.step()
    with torch.no_grad():
        report(model, x)


def report(model, x):
    print(helper(model, x))


def main():
    enc = Encoder()
    dec = Decoder()
    opt = torch.optim.SGD(enc.parameters(), lr=0.1)
    for x in range(3):
        train(enc, x, opt)
    evaluate(dec, x)
    enc.step(x)


if __name__ == "__main__":
    main()
`;

test('grad modes kept from version to version equal those worked out afresh, cycles of calls included', async () => {
  const { parser } = await sharedAnalyzer();
  const settings = resolveSettings({});
  const modelOf = (document: OpenDocument, session: AnalysisSession | undefined) =>
    modelIn(session, document.syntax(parser), new SourceText(document.text), settings);
  // Every function's mode and every call's, asked in document order: functions first, or calls first
  // on every other version, since the order questions come in must not matter either.
  const modes = (model: SemanticModel, callsFirst: boolean) => {
    const functions = () => model.nodesOfKind('function_definition').map((fn) => model.gradMode.functionMode(fn));
    const calls = () => model.nodesOfKind('call').map((call) => model.gradMode.at(call));
    return callsFirst ? [calls(), functions()] : [functions(), calls()];
  };
  let round = 0;
  let compared = 0;
  const check = (numRuns: number, files: ReadonlyMap<string, string>) =>
    forRandomEdits(
      numRuns,
      (document, session) => void modes(modelOf(document, session), false),
      (document, session, done) => {
        const callsFirst = round++ % 2 === 1;
        const kept = modes(modelOf(document, session), callsFirst);
        // Where the parser recovers from errors, the incremental tree may differ from a fresh one.
        if (hasErrors(parser.parseToSyntax(document.text))) return;
        assert.deepEqual(kept, modes(modelOf(document, undefined), callsFirst), done);
        compared++;
      },
      files,
    );
  check(40, FILES);
  check(80, new Map([['cycles.py', CYCLES]]));
  assert.ok(compared > 200, `only ${compared} versions compared`);
});

/** Edits that change grad modes far from where they are made; each changes the mode of `changes`. */
const GRAD_MODE_EDITS: { name: string; text: string; line: number; from: string; to: string; changes: string }[] = [
  {
    name: 'a module-level switch before the call of a function (no name of it changes)',
    text: 'import torch\n\n\ndef main(model, x):\n    return model(x)\n\n\ntorch.set_grad_enabled(True)\nmain(net, batch)\n',
    line: 7,
    from: 'True',
    to: 'False',
    changes: 'main',
  },
  {
    name: 'the body of a decorator of this file',
    text: 'import torch\n\n\ndef quiet(fn):\n    def wrapper(*args):\n        with torch.no_grad():\n            return fn(*args)\n    return wrapper\n\n\n@quiet\ndef evaluate(model, x):\n    return model(x)\n\n\ndef main(model, x):\n    evaluate(model, x)\n',
    line: 5,
    from: 'no_grad',
    to: 'enable_grad',
    changes: 'evaluate',
  },
  {
    name: 'the code around a call, two calls up',
    text: 'import torch\n\n\ndef step(model, x):\n    return model(x)\n\n\ndef epoch(model, x):\n    return step(model, x)\n\n\ndef main(model, x):\n    with torch.enable_grad():\n        epoch(model, x)\n',
    line: 12,
    from: 'enable_grad',
    to: 'no_grad',
    changes: 'step',
  },
  {
    name: 'a module-level assignment of a name that a context manager elsewhere is',
    text: 'import torch\n\nctx = torch.no_grad()\n\n\ndef evaluate(model, x):\n    return model(x)\n\n\nwith ctx:\n    evaluate(net, batch)\n',
    line: 2,
    from: 'no_grad',
    to: 'enable_grad',
    changes: 'evaluate',
  },
  {
    name: 'the import that a context manager of an untouched function is',
    text: 'from torch import no_grad as ng\n\n\ndef main(model, x):\n    with ng():\n        step(model, x)\n\n\ndef step(model, x):\n    return model(x)\n',
    line: 0,
    from: 'no_grad',
    to: 'enable_grad',
    changes: 'step',
  },
];

for (const { name, text, line, from, to, changes } of GRAD_MODE_EDITS) {
  test(`a kept grad mode is worked out again after an edit to ${name}`, async () => {
    const { parser } = await sharedAnalyzer();
    const settings = resolveSettings({});
    const document = new OpenDocument('untitled:modes', 'python', 1, text);
    const session = new AnalysisSession();
    const modeOf = (model: SemanticModel) => {
      const fn = model.nodesOfKind('function_definition').find((f) => model.text.startsWith(`def ${changes}(`, f.start))!;
      return model.gradMode.functionMode(fn);
    };
    const modelOf = (kept: AnalysisSession | undefined) => modelIn(kept, document.syntax(parser), new SourceText(document.text), settings);
    try {
      const before = modeOf(modelOf(session));
      const character = document.text.split('\n')[line]!.indexOf(from);
      assert.ok(character >= 0);
      document.applyChanges([{ range: { start: { line, character }, end: { line, character: character + from.length } }, text: to }], 2);
      const fresh = modeOf(modelOf(undefined));
      assert.notEqual(fresh, before, 'the edit changes the mode');
      assert.equal(modeOf(modelOf(session)), fresh);
    } finally {
      document.freeTree();
    }
  });
}

/** The same definitions (of the same nodes, names and values, visible from the same place) in the same order. */
function sameDefinitions(a: readonly Definition[], b: readonly Definition[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.node === y.node && x.name === y.name && x.kind === y.kind && x.value === y.value && x.unpackIndex === y.unpackIndex && x.visibleFrom === y.visibleFrom;
  });
}

/** Every dotted name in `text` (`self.model.fc`), and each of its heads (`self.model`, `self`). */
function dottedNamesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const [dotted] of text.matchAll(/[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/g)) {
    const parts = dotted.split('.');
    for (let n = 1; n <= parts.length; n++) names.add(parts.slice(0, n).join('.'));
  }
  return names;
}

/**
 * `fact` of `text` before and after `from` becomes `to` on line `line`, with the statement `untouched`
 * (its index among the module's statements) checked to be the same node object after the edit. The
 * two versions share a session, as an open document's do.
 */
async function aroundEdit<T>(text: string, edit: { line: number; from: string; to: string }, untouched: number, fact: (model: SemanticModel, source: string) => T): Promise<{ before: T; after: T }> {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:edited', 'python', 1, text);
  try {
    const session = new AnalysisSession();
    const factOf = (root: ReturnType<typeof parser.parseToSyntax>, source: string) => fact(modelIn(session, root, new SourceText(source), resolveSettings({})), source);
    const first = document.syntax(parser);
    const before = factOf(first, document.text);
    const statement = first.children[untouched]!;
    const character = text.split('\n')[edit.line]!.indexOf(edit.from);
    assert.ok(character >= 0, `${edit.from} on line ${edit.line}`);
    document.applyChanges([{ range: { start: { line: edit.line, character }, end: { line: edit.line, character: character + edit.from.length } }, text: edit.to }], 2);
    const second = document.syntax(parser);
    assert.equal(second.children[untouched], statement, 'the statement is the same node object after the edit');
    return { before, after: factOf(second, document.text) };
  } finally {
    document.freeTree();
  }
}

test('an edit to the imports changes what a statement the edit did not touch calls (its backward calls are judged again)', async () => {
  const text = 'from torch.autograd import grad as g\n\n\ndef step(loss, params):\n    return g(loss, params)\n';
  const backwardCallsOf = (model: SemanticModel, source: string) => model.backwardCalls.map((c) => source.slice(c.start, c.end));
  // Rename the import: `g` no longer stands for autograd.grad.
  const { before, after } = await aroundEdit(text, { line: 0, from: 'as g', to: 'as h' }, 1, backwardCallsOf);
  assert.deepEqual(before, ['g(loss, params)']);
  assert.deepEqual(after, []);
});

test('an edit to a class elsewhere changes which calls of an untouched function are forward passes (their answers are asked again)', async () => {
  const text = 'import torch.nn as nn\n\n\nclass Helper(object):\n    pass\n\n\ndef run(x):\n    helper = Helper()\n    return helper(x)\n';
  const forwardCallsOf = (model: SemanticModel, source: string) => model.forwardCalls.map((c) => source.slice(c.start, c.end));
  // The class becomes a module: calling an instance of it now runs a forward pass.
  const { before, after } = await aroundEdit(text, { line: 3, from: 'object', to: 'nn.Module' }, 2, forwardCallsOf);
  assert.deepEqual(before, []);
  assert.deepEqual(after, ['helper(x)']);
});

test('an edit to the imports changes whether an untouched function puts the model on a GPU (its calls are judged again)', async () => {
  const text = 'from torch.nn import DataParallel as DP\n\n\ndef wrap(model):\n    return DP(model)\n';
  // Rename the import: `DP` is no longer DataParallel.
  const { before, after } = await aroundEdit(text, { line: 0, from: 'as DP', to: 'as DQ' }, 1, (model) => usesCuda.of(model));
  assert.equal(before, true);
  assert.equal(after, false);
});


/** Each `torch.load` call with where it sends tensors and whether its value feeds `load_state_dict`. */
function loadsOf(model: SemanticModel, source: string): string[] {
  return checkpointLoads.of(model).map((l) => `${source.slice(l.call.start, l.call.end)} ${l.target}${l.feedsStateDict ? ' feeds' : ''}`);
}

test('an edit to the imports changes which assignments of an untouched function join onto a tensor (their list additions are judged again)', async () => {
  const text = 'from torch import cat\n\n\ndef collect(loader, model):\n    preds = None\n    for x in loader:\n        preds = cat((preds, model(x)), 0)\n    return preds\n';
  const additionsOf = (model: SemanticModel, source: string) => listAdditions(model).map((a) => source.slice(a.site.start, a.site.end));
  // `cat` now comes from NumPy: the assignment no longer joins tensors with torch.cat.
  const { before, after } = await aroundEdit(text, { line: 0, from: 'torch', to: 'numpy' }, 1, additionsOf);
  assert.deepEqual(before, ['preds = cat((preds, model(x)), 0)']);
  assert.deepEqual(after, []);
});

test('an edit to the imports changes which calls of an untouched function load checkpoints (its loads are described again)', async () => {
  const text = 'from torch import load as read\n\n\ndef resume(path, model):\n    model.load_state_dict(read(path))\n';
  const { before, after } = await aroundEdit(text, { line: 0, from: 'torch', to: 'numpy' }, 1, loadsOf);
  assert.deepEqual(before, ['read(path) absent feeds']);
  assert.deepEqual(after, []);
});

test('an edit to a module-level device changes where an untouched function loads to (the device of the name it reads is asked again)', async () => {
  const text = 'import torch\n\nDEVICE = "cuda"\n\n\ndef resume(path, model):\n    model.load_state_dict(torch.load(path, map_location=DEVICE))\n';
  const { before, after } = await aroundEdit(text, { line: 2, from: '"cuda"', to: '"cpu"' }, 2, loadsOf);
  assert.deepEqual(before, ['torch.load(path, map_location=DEVICE) gpu feeds']);
  assert.deepEqual(after, ['torch.load(path, map_location=DEVICE) cpu feeds']);
});

test('an edit to a module-level model changes whether an untouched function loads a state dict (what the name holds is asked again)', async () => {
  const text = 'import torch\nfrom torch2trt import TRTModule\n\nengine = TRTModule()\n\n\ndef resume(path):\n    engine.load_state_dict(torch.load(path))\n';
  const { before, after } = await aroundEdit(text, { line: 3, from: 'TRTModule', to: 'Net' }, 3, loadsOf);
  assert.deepEqual(before, ['torch.load(path) absent']);
  assert.deepEqual(after, ['torch.load(path) absent feeds']);
});

test('an edit to a later statement changes how an untouched module-level load is read (module code is described again after any edit)', async () => {
  const text = 'import torch\n\ncheckpoint = torch.load("model.pt")\nddp.module.load_state_dict(checkpoint)\n';
  const { before, after } = await aroundEdit(text, { line: 3, from: 'ddp.module.load_state_dict', to: 'print' }, 1, loadsOf);
  assert.deepEqual(before, ['torch.load("model.pt") absent feeds']);
  assert.deepEqual(after, ['torch.load("model.pt") absent']);
});

test('an edit to an earlier statement changes where an untouched module-level load sends tensors (module code is described again after any edit)', async () => {
  const text = 'import torch\n\nDEVICE = "cuda"\nnet.load_state_dict(torch.load("model.pt", map_location=DEVICE))\n';
  const { before, after } = await aroundEdit(text, { line: 2, from: '"cuda"', to: '"cpu"' }, 2, loadsOf);
  assert.deepEqual(before, ['torch.load("model.pt", map_location=DEVICE) gpu feeds']);
  assert.deepEqual(after, ['torch.load("model.pt", map_location=DEVICE) cpu feeds']);
});

test('an edit to the imports changes whether an untouched function saves checkpoints (its saves are judged again)', async () => {
  const text = 'from torch import save as write\n\n\ndef export(model, path):\n    model.cpu()\n    write(model.state_dict(), path)\n';
  const { before, after } = await aroundEdit(text, { line: 0, from: 'torch', to: 'numpy' }, 1, (model) => savesCpuCheckpoints.of(model));
  assert.equal(before, true);
  assert.equal(after, false);
});

test('an edit to an earlier top-level statement changes whether an untouched top-level save is from the CPU (the file merges the moves before it)', async () => {
  const text = 'import torch\n\nnet.cpu()\ntorch.save(net.state_dict(), "net.pt")\n';
  const { before, after } = await aroundEdit(text, { line: 2, from: 'cpu', to: 'cuda' }, 2, (model) => savesCpuCheckpoints.of(model));
  assert.equal(before, true);
  assert.equal(after, false);
});

test('an edit to a function elsewhere makes a name that an untouched statement binds hold parsed arguments (the file merges what each statement binds, by callee)', async () => {
  const text = 'import argparse\n\n\ndef get_args():\n    parser = argparse.ArgumentParser()\n    return parser\n\n\nargs = get_args()\n';
  const { before, after } = await aroundEdit(text, { line: 5, from: 'parser', to: 'parser.parse_args()' }, 2, (model) => model.ints.isArgumentNamespace('args'));
  assert.equal(before, false);
  assert.equal(after, true);
});

/** Whether each `for` loop of the file trains, in document order. */
const trainingLoopsOf = (model: SemanticModel) => model.nodesOfKind('for_statement').map((loop) => isTrainingLoop(model, loop));

test('an edit to a helper elsewhere changes whether an untouched loop trains (the calls it resolved are resolved again)', async () => {
  const text = 'def step(model, batch):\n    loss = model(batch).sum()\n    loss.backward()\n\n\ndef train(model, loader):\n    for batch in loader:\n        step(model, batch)\n';
  // Renamed, the helper is no longer what `step(...)` calls: the loop trains no more.
  const renamed = await aroundEdit(text, { line: 0, from: 'def step', to: 'def stop' }, 1, trainingLoopsOf);
  assert.deepEqual(renamed, { before: [true], after: [false] });
  // Its backward pass gone, the helper it still calls no longer trains.
  const untrained = await aroundEdit(text, { line: 2, from: 'loss.backward()', to: 'print(loss)' }, 1, trainingLoopsOf);
  assert.deepEqual(untrained, { before: [true], after: [false] });
  // A method reached through `self` (the only one of its name, in a base class elsewhere), renamed.
  const method = 'class Base:\n    def train_step(self, batch):\n        loss = self.model(batch).sum()\n        loss.backward()\n\n\nclass Trainer(Base):\n    def train(self, loader):\n        for batch in loader:\n            self.train_step(batch)\n';
  const renamedMethod = await aroundEdit(method, { line: 1, from: 'def train_step', to: 'def train_stop' }, 1, trainingLoopsOf);
  assert.deepEqual(renamedMethod, { before: [true], after: [false] });
});

test('an edit to a function elsewhere that sets parsed arguments again stops an untouched read of their default (the statements that may do so are read again)', async () => {
  const text = 'import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument("--batch-size", type=int, default=4096)\nargs = parser.parse_args()\n\n\ndef show(argz):\n    print(vars(argz))\n\n\ndef run():\n    return args.batch_size\n';
  const optionRead = (model: SemanticModel) => {
    let read: string | null = null;
    walk(model.root, (node) => {
      if (node.type === 'attribute' && model.text.slice(node.start, node.end) === 'args.batch_size') read = model.ints.argumentOption(node)?.option ?? null;
    });
    return read;
  };
  const { before, after } = await aroundEdit(text, { line: 8, from: 'vars(argz)', to: 'vars(args)' }, 5, optionRead);
  assert.equal(before, '--batch-size');
  assert.equal(after, null);
});

/** Whether each `for` loop of the file walks data, in document order. */
const dataLoopsOf = (model: SemanticModel) => model.nodesOfKind('for_statement').map((loop) => walksData(model, loop));

test('an edit to a caller elsewhere changes whether an untouched loop over a parameter walks data (the callers are asked again)', async () => {
  const text = 'def collect(model, items):\n    outs = []\n    for x in items:\n        outs.append(model(x))\n    return outs\n\n\ndef run(model, val_loader, vectors):\n    return collect(model, val_loader)\n';
  const { before, after } = await aroundEdit(text, { line: 8, from: 'val_loader)', to: 'vectors)' }, 0, dataLoopsOf);
  assert.deepEqual(before, [true]);
  assert.deepEqual(after, [false]);
});

test('an edit to a module-level name changes whether an untouched module-level loop walks data (module definitions are read again)', async () => {
  const text = 'import torch\n\nitems = torch.utils.data.DataLoader(dataset)\nouts = []\nfor x in items:\n    outs.append(x)\n';
  // `items` is named for no data: what it is assigned decides, and the assignment is another statement.
  const { before, after } = await aroundEdit(text, { line: 2, from: 'torch.utils.data.DataLoader(dataset)', to: 'range(3)' }, 3, dataLoopsOf);
  assert.notDeepEqual(before, after);
});

test('the last add_argument of a dest in the file gives its default, before and after an edit to it (the statements\' options are merged in document order)', async () => {
  const text = 'import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument("--batch-size", type=int, default=64)\nparser.add_argument("--batch-size", type=int, default=4096)\nargs = parser.parse_args()\n\n\ndef run():\n    return args.batch_size\n';
  const defaultRead = (model: SemanticModel) => {
    let read: string | null = null;
    walk(model.root, (node) => {
      if (node.type === 'attribute' && model.text.slice(node.start, node.end) === 'args.batch_size') {
        const option = model.ints.argumentOption(node);
        read = option?.default ? model.text.slice(option.default.start, option.default.end) : null;
      }
    });
    return read;
  };
  const { before, after } = await aroundEdit(text, { line: 4, from: '"--batch-size"', to: '"--workers"' }, 5, defaultRead);
  assert.equal(before, '4096');
  assert.equal(after, '64');
});

const loadersOf = (model: SemanticModel) => dataLoadersOf(model).calls.map((loader) => model.text.slice(loader.call.start, loader.call.end));

test('an edit to the imports changes which calls of an untouched function construct DataLoaders (the imports are asked again)', async () => {
  const text = 'from torch.utils.data import DataLoader as DL\n\n\ndef make(ds):\n    return DL(ds, batch_size=8)\n';
  const { before, after } = await aroundEdit(text, { line: 0, from: 'DL', to: 'XL' }, 1, loadersOf);
  assert.deepEqual(before, ['DL(ds, batch_size=8)']);
  assert.deepEqual(after, []);
});

test('an edit to a star import changes which calls of an untouched function construct DataLoaders (the star import is asked again)', async () => {
  const text = 'from torch.utils.data import *\n\n\ndef make(ds):\n    return DataLoader(ds, batch_size=8)\n';
  const { before, after } = await aroundEdit(text, { line: 0, from: 'data', to: 'dota' }, 1, loadersOf);
  assert.deepEqual(before, ['DataLoader(ds, batch_size=8)']);
  assert.deepEqual(after, []);
});

test('an edit to a module-level alias changes which calls of an untouched function construct DataLoaders (the alias is asked again)', async () => {
  const text = 'from torch.utils.data import DataLoader\n\nLoader = DataLoader\n\n\ndef make(ds):\n    return Loader(ds, batch_size=8)\n';
  const { before, after } = await aroundEdit(text, { line: 2, from: 'DataLoader', to: 'dict' }, 2, loadersOf);
  assert.deepEqual(before, ['Loader(ds, batch_size=8)']);
  assert.deepEqual(after, []);
});

test('an edit to a dictionary elsewhere changes what an untouched DataLoader call passes through it (calls given `**kwargs` are described again)', async () => {
  const text = 'from torch.utils.data import DataLoader\n\nkwargs = {"batch_size": 8}\n\n\ndef make(ds):\n    return DataLoader(ds, **kwargs)\n';
  const batchSizeOf = (model: SemanticModel) => dataLoadersOf(model).calls.map((loader) => {
    const argument = loader.argument('batch_size');
    return argument.kind === 'given' ? model.text.slice(argument.value.start, argument.value.end) : argument.kind;
  });
  const { before, after } = await aroundEdit(text, { line: 2, from: '8', to: '16' }, 2, batchSizeOf);
  assert.deepEqual(before, ['8']);
  assert.deepEqual(after, ['16']);
});

test('an edit to a helper elsewhere changes where an untouched function sends a forward output (its kept def-use graph is asked again)', async () => {
  const { parser } = await sharedAnalyzer();
  const text = [
    'import torch',
    '',
    '',
    'def record(values):',
    '    print(values)',
    '',
    '',
    'def step(model, batch, optimizer):',
    '    optimizer.zero_grad()',
    '    loss = model(batch).sum()',
    '    loss.backward()',
    '    optimizer.step()',
    '    preview = model(batch[:1])',
    '    record(preview)',
    '',
  ].join('\n');
  const document = new OpenDocument('untitled:helper', 'python', 1, text);
  const session = new AnalysisSession();
  try {
    const first = analyze(document.syntax(parser), document.text, { session, source: document.source });
    // `record` only prints: the preview's graph is built for nothing.
    assert.deepEqual(first.map((d) => `${d.code} ${text.slice(d.start, d.end)}`), ['OOM001 model(batch[:1])']);
    const step = document.syntax(parser).children[2]!;
    // Now `record` stores what it is given on an object: the output leaves what the file shows.
    document.applyChanges([{ range: { start: { line: 4, character: 4 }, end: { line: 4, character: 17 } }, text: 'LOG.items = values' }], 2);
    const root = document.syntax(parser);
    assert.equal(root.children[2], step, 'step is the same node after the edit');
    const after = analyze(root, document.text, { session, source: document.source });
    assert.deepEqual(summary(after), summary(analyze(parser.parseToSyntax(document.text), document.text)));
    assert.deepEqual(after, []);
  } finally {
    document.freeTree();
  }
});

/** The fate of the forward call written `callText`, as a fact of a version (see aroundEdit). */
const fateOfForward = (callText: string) => (model: SemanticModel, source: string) => {
  const call = model.forwardCalls.find((c) => source.slice(c.start, c.end) === callText)!;
  return model.forwardFlow.fateOf(call);
};

/** The same fate in `text` analysed from scratch, with nothing kept. */
async function freshFate(text: string, callText: string) {
  const { parser } = await sharedAnalyzer();
  return fateOfForward(callText)(new SemanticModel(parser.parseToSyntax(text), new SourceText(text), resolveSettings({}), undefined), text);
}

test('an edit to a helper elsewhere changes where an untouched function sends a forward output (what the helper returns is read from its new node)', async () => {
  // `metric` returns a plain number, so the output handed to it goes no further; returning the tensor
  // itself sends the output on, out of `evaluate`. The helper's facts are kept per function node.
  const text = 'import torch\n\n\ndef metric(x):\n    return x.item()\n\n\ndef evaluate(model, x):\n    out = model(x)\n    return metric(out)\n';
  const { before, after } = await aroundEdit(text, { line: 4, from: 'x.item()', to: 'x' }, 2, fateOfForward('model(x)'));
  assert.notEqual(after, before, 'the edit changes the fate');
  assert.equal(after, await freshFate(text.replace('x.item()', 'x'), 'model(x)'));
});

test('an edit to a helper elsewhere changes the kept fate of a forward output handed straight to it (the way from the call into its function\'s graph asks its questions again)', async () => {
  // The graph of `evaluate` reads no name on the way from `model(1)` to `record`: only the fate asks
  // what `record` does with its argument. It trains, then it only prints.
  const text = 'import torch\n\n\ndef record(values):\n    values.sum().backward()\n\n\ndef evaluate(model):\n    record(model(1))\n';
  const { before, after } = await aroundEdit(text, { line: 4, from: 'values.sum().backward()', to: 'print(values)' }, 2, fateOfForward('model(1)'));
  assert.equal(before, 'backward');
  const fresh = await freshFate(text.replace('values.sum().backward()', 'print(values)'), 'model(1)');
  assert.notEqual(fresh, before, 'the edit changes the fate');
  assert.equal(after, fresh);
});

test('an edit to a caller elsewhere changes the fate of a forward output an untouched function returns (a fate that follows returns is not kept)', async () => {
  const text = 'import torch\n\n\ndef train(model, x):\n    predict(model, x).sum().backward()\n\n\ndef predict(model, x):\n    return model(x)\n';
  const { before, after } = await aroundEdit(text, { line: 4, from: 'backward()', to: 'item()' }, 2, fateOfForward('model(x)'));
  assert.equal(before, 'backward');
  assert.equal(after, 'unused');
});

/** For each value added to a list inside a loop, in document order: the forward call whose GPU output it is, or null. */
const gpuOutputsOf = (model: SemanticModel, source: string) =>
  listAdditions(model).flatMap((addition) => {
    const loop = enclosingLoops(addition.site)[0];
    return loop ? addition.values.map((value) => {
      const origin = gpuModelOutput(model, value, loop);
      return origin && source.slice(origin.start, origin.end);
    }) : [];
  });

test('an edit elsewhere changes which forward pass an untouched value added in a loop is the output of (the kept trace asks its questions and names again)', async () => {
  const { parser } = await sharedAnalyzer();
  const cases: { name: string; text: string; edit: { line: number; from: string; to: string }; untouched: number; before: string | null; after: string | null }[] = [
    {
      // An imported `encoder` is not a model here; once the import names something else, it is one.
      name: 'whether a call runs a forward pass',
      text: 'import torch\nfrom models import encoder\n\n\ndef evaluate(loader):\n    outs = []\n    for x in loader:\n        outs.append(encoder(x))\n    return outs\n',
      edit: { line: 1, from: 'import encoder', to: 'import decoder' },
      untouched: 2,
      before: null,
      after: 'encoder(x)',
    },
    {
      name: 'what a name is imported as',
      text: 'import torch\nimport torch.nn.functional as F\n\n\ndef evaluate(model, loader):\n    outs = []\n    for x in loader:\n        outs.append(F.softmax(model(x), dim=1))\n    return outs\n',
      edit: { line: 1, from: 'torch.nn.functional', to: 'mylib' },
      untouched: 2,
      before: 'model(x)',
      after: null,
    },
    {
      // (Before the edit the trace asked nothing about the helper: only its name tells it changed.)
      name: 'what a helper returns',
      text: 'import torch\n\n\ndef predict(model, x):\n    return x\n\n\ndef evaluate(model, loader):\n    outs = []\n    for x in loader:\n        outs.append(predict(model, x))\n    return outs\n',
      edit: { line: 4, from: 'return x', to: 'return model(x)' },
      untouched: 2,
      before: null,
      after: 'predict(model, x)',
    },
    {
      name: 'the name of a helper',
      text: 'import torch\n\n\ndef predicted(model, x):\n    return model(x)\n\n\ndef evaluate(model, loader):\n    outs = []\n    for x in loader:\n        outs.append(predict(model, x))\n    return outs\n',
      edit: { line: 3, from: 'def predicted', to: 'def predict' },
      untouched: 2,
      before: null,
      after: 'predict(model, x)',
    },
    {
      // At module level a name's definitions come from every statement: `base` is first a number, so
      // the trace goes on to the loop's own forward pass; then it is the output of one before the loop.
      name: 'a module-level definition',
      text: 'import torch\n\nbase = 3\npreds = []\nfor x in loader:\n    preds.append(base + model(x))\n',
      edit: { line: 2, from: '3', to: 'model(z)' },
      untouched: 4,
      before: 'model(x)',
      after: null,
    },
  ];
  for (const { name, text, edit, untouched, before, after } of cases) {
    const result = await aroundEdit(text, edit, untouched, gpuOutputsOf);
    assert.deepEqual(result, { before: [before], after: [after] }, name);
    const edited = text.split('\n').map((line, i) => (i === edit.line ? line.replace(edit.from, edit.to) : line)).join('\n');
    const fresh = gpuOutputsOf(new SemanticModel(parser.parseToSyntax(edited), new SourceText(edited), resolveSettings({}), undefined), edited);
    assert.deepEqual(result.after, fresh, `${name}: as worked out afresh`);
  }
});

test('the loops kept with an addition are kept for the name they were asked about: the same node asked about another name is answered for that name', async () => {
  const text = 'import torch\n\n\ndef train(model, loader, optimizer):\n    losses = []\n    for batch in loader:\n        loss = model(batch).sum()\n        losses.append(loss)\n        loss.backward()\n        optimizer.step()\n';
  // `losses` lives across the training loop's iterations; `loss` is made again in each.
  const loopsFor = (model: SemanticModel, source: string) => {
    const append = model.nodesOfKind('call').find((call) => source.slice(call.start, call.end) === 'losses.append(loss)')!;
    return ['losses', 'loss', 'losses'].map((name) => {
      const loop = persistingTrainingLoop(model, append, name);
      return loop && source.slice(loop.start, loop.end).split('\n')[0];
    });
  };
  const { before, after } = await aroundEdit(text, { line: 0, from: 'import torch', to: 'import torch as t' }, 1, loopsFor);
  assert.deepEqual(before, ['for batch in loader:', null, 'for batch in loader:']);
  assert.deepEqual(after, before);
});

test('after an edit that leaves half-typed code the parser recovers as an error, grad modes are those worked out afresh', async () => {
  const { parser } = await sharedAnalyzer();
  const settings = resolveSettings({});
  // `summarize` is called from `report` alone, and `step` from `main`; the edit breaks the `def` line of `main`.
  const text = 'import torch\n\n\ndef summarize(x):\n    return x.mean()\n\n\ndef report(x):\n    with torch.no_grad():\n        return summarize(x)\n\n\ndef step(model, x):\n    return model(x).sum()\n\n\ndef main(model, x):\n    loss = step(model, x)\n    loss.backward()\n';
  const document = new OpenDocument('untitled:modes', 'python', 1, text);
  const session = new AnalysisSession();
  const modelOf = (kept: AnalysisSession | undefined) => modelIn(kept, document.syntax(parser), new SourceText(document.text), settings);
  const modes = (model: SemanticModel) => model.nodesOfKind('function_definition').map((fn) => model.gradMode.functionMode(fn));
  try {
    modes(modelOf(session));
    const summarize = modelOf(session).functionsNamed('summarize')[0]!;
    document.applyChanges([{ range: { start: { line: 16, character: 3 }, end: { line: 16, character: 3 } }, text: 'q' }], 2);
    const second = modelOf(session);
    assert.equal(second.root.children.find((s) => s.start <= document.text.indexOf('defq') && document.text.indexOf('defq') < s.end)?.type, 'ERROR', 'the edited statement is recovered as an error');
    assert.equal(second.functionsNamed('summarize')[0], summarize, 'the function is the same node after the edit');
    assert.deepEqual(modes(second), modes(modelOf(undefined)), 'as worked out afresh');
  } finally {
    document.freeTree();
  }
});

test('an edit to the imports changes whether an untouched call puts a tensor on the current device (the sites kept with a statement are kept under the imports)', async () => {
  const { parser } = await sharedAnalyzer();
  const text = 'import os\nimport torch.distributed as dist\nfrom torch import empty\n\ndist.init_process_group("nccl")\nlocal_rank = int(os.environ["LOCAL_RANK"])\nx = empty(1, device="cuda")\n';
  const document = new OpenDocument('untitled:cuda', 'python', 1, text);
  const session = new AnalysisSession();
  const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code} ${document.text.slice(d.start, d.end)}`);
  try {
    const first = analyze(document.syntax(parser), document.text, { session, source: document.source });
    assert.deepEqual(codes(first), ['OOM010 empty(1, device="cuda")']);
    const allocation = document.syntax(parser).children[5]!;
    // `empty` is now NumPy's, which puts nothing on a GPU.
    document.applyChanges([{ range: { start: { line: 2, character: 5 }, end: { line: 2, character: 10 } }, text: 'numpy' }], 2);
    const root = document.syntax(parser);
    assert.equal(root.children[5], allocation, 'the allocation is the same node after the edit');
    const after = analyze(root, document.text, { session, source: document.source });
    assert.deepEqual(after, analyze(parser.parseToSyntax(document.text), document.text));
    assert.deepEqual(codes(after), []);
  } finally {
    document.freeTree();
  }
});

test('an edit inside one function works out again only that function\'s def-use graph; the others serve as they are', async () => {
  const { parser } = await sharedAnalyzer();
  // Two training steps, each with a preview whose graph is built for nothing: the fates of their
  // forward outputs are read from each function's graph.
  const step = (name: string, preview: string) => [
    `def ${name}(model, batch, optimizer):`,
    '    optimizer.zero_grad()',
    '    loss = model(batch).sum()',
    '    loss.backward()',
    '    optimizer.step()',
    `    ${preview} = model(batch[:1])`,
    `    print(${preview})`,
    '',
    '',
  ];
  const text = ['import torch', '', '', ...step('step_a', 'preview'), ...step('step_b', 'preview')].join('\n');
  const document = new OpenDocument('untitled:graphs', 'python', 1, text);
  const session = new AnalysisSession();
  try {
    analyze(document.syntax(parser), document.text, { session, source: document.source });
    const first = session.workedOut('def-use graph');
    assert.equal(first, 2, 'each function has a graph');
    // Inside `step_b`: `step_a`'s graph asked nothing the edit changed.
    document.applyChanges([{ range: { start: { line: 18, character: 4 }, end: { line: 18, character: 9 } }, text: 'print(preview.shape)\n    print' }], 2);
    const after = analyze(document.syntax(parser), document.text, { session, source: document.source });
    assert.deepEqual(summary(after), summary(analyze(parser.parseToSyntax(document.text), document.text)));
    assert.equal(after.length, 2, 'both forward passes are still reported');
    assert.equal(session.workedOut('def-use graph') - first, 1, 'only the edited function\'s graph is built again');
  } finally {
    document.freeTree();
  }
});

/**
 * A file whose functions read what is defined far from them: imports under aliases, module-level
 * devices, models and flags, classes with bases, helpers called from elsewhere, a context manager
 * bound to a name.
 */
const FAR_READS = `import torch
import torch.nn as nn
from torch import no_grad as ng
from torch.utils.data import DataLoader as DL
import numpy as np

DEVICE = "cuda"
ctx = torch.no_grad()
backbone = nn.Linear(8, 8)
losses = []


class Head(nn.Module):
    def forward(self, x):
        return x


class Meter(object):
    def update(self, value):
        self.total = value


def helper(model, x):
    return model(x)


def train(loader, optimizer):
    head = Head()
    for x in loader:
        loss = helper(backbone, x).sum() + head(x).sum()
        losses.append(loss)
        loss.backward()
        optimizer.step()


def evaluate(loader):
    outs = []
    with ctx:
        for x in loader:
            outs.append(backbone(x.to(DEVICE)))
    for x in loader:
        outs.append(helper(backbone, x))
    with ng():
        preds = [backbone(x) for x in loader]
    return outs, preds


def load(path):
    state = torch.load(path, map_location=DEVICE)
    backbone.load_state_dict(state)
    return DL(state, batch_size=1024, num_workers=16, pin_memory=True)
`;

/** What a model says of each call (forward pass, grad mode, graph) and of each module-level name (its values, a module or not). */
function modelFacts(model: SemanticModel): string[] {
  const { text } = model;
  const facts = model.nodesOfKind('call').map((call) => `${call.start} ${model.modules.isForwardCall(call)} ${model.gradMode.at(call)} ${model.graph.carriesGraph(call)} ${model.isBackwardCall(call)}`);
  const names = new Set(model.nodesOfKind('identifier').map((id) => text.slice(id.start, id.end)));
  for (const name of names) {
    const values = model.definitions.definitionsOf(model.root, name).map((d) => (d.value ? text.slice(d.value.start, d.value.end) : d.kind));
    facts.push(`${name}: ${values.join(' | ')} ${model.modules.isModuleName(name)}`);
  }
  return facts;
}

/** Replacements on lines that bind names other statements read: imports, module-level names, class bases, function names. */
const FAR_EDITS: readonly [RegExp, readonly string[]][] = [
  [/as nn\b|as tnn\b/, ['as nn', 'as tnn']],
  [/no_grad as ng|enable_grad as ng/, ['no_grad as ng', 'enable_grad as ng']],
  [/DataLoader as DL|Dataset as DL/, ['DataLoader as DL', 'Dataset as DL']],
  [/^import numpy as np$|^import torch as np$/m, ['import numpy as np', 'import torch as np']],
  [/DEVICE = "[a-z:0-9]+"/, ['DEVICE = "cuda"', 'DEVICE = "cpu"', 'DEVICE = "cuda:0"']],
  [/ctx = [a-z.]+\(\)/, ['ctx = torch.no_grad()', 'ctx = torch.enable_grad()', 'ctx = np.errstate()']],
  [/backbone = [A-Za-z.]+\(8, 8\)/, ['backbone = nn.Linear(8, 8)', 'backbone = np.zeros(8, 8)', 'backbone = Meter(8, 8)']],
  [/class Head\([A-Za-z.]+\)/, ['class Head(nn.Module)', 'class Head(object)', 'class Head(Meter)']],
  [/class Meter\([A-Za-z.]+\)/, ['class Meter(object)', 'class Meter(nn.Module)']],
  [/def (helper|assist)\(/, ['def helper(', 'def assist(']],
  [/losses = \[\]|losses = None/, ['losses = []', 'losses = None']],
];

test('after edits to imports and definitions that statements far away read, the analysis equals one from scratch', async () => {
  const { parser } = await sharedAnalyzer();
  const files = new Map([['far-reads.py', FAR_READS], ...[...FILES].slice(0, 3)]);
  let compared = 0;
  fc.assert(
    fc.property(fc.constantFrom(...files.keys()), fc.array(fc.tuple(fc.nat(FAR_EDITS.length - 1), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 12 }), (file, picks) => {
      const document = new OpenDocument('untitled:far', 'python', 1, files.get(file)!);
      const session = new AnalysisSession();
      try {
        analyze(document.syntax(parser), document.text, { session, source: document.source });
        for (const [index, [which, choice, alsoRename]] of picks.entries()) {
          const text = document.text;
          const [pattern, options] = FAR_EDITS[which]!;
          let match = pattern.exec(text);
          let replacement = options[choice % options.length]!;
          if (!match && alsoRename) {
            // In a real file: rename a module-level binding to another name the file uses.
            const bindings = [...text.matchAll(/^(?:def |class )?([A-Za-z_]\w*)/gm)].filter((m) => m[1] && !['import', 'from', 'if', 'for', 'with', 'return', 'try', 'while'].includes(m[1]));
            if (!bindings.length) continue;
            match = bindings[choice % bindings.length]!;
            const names = [...new Set(text.match(/\b[A-Za-z_]\w*\b/g) ?? [])];
            replacement = match[0].replace(match[1]!, names[(choice >> 3) % names.length]!);
          }
          if (!match) continue;
          const start = match.index;
          const at = (offset: number) => document.source.position(offset);
          document.applyChanges([{ range: { start: at(start), end: at(start + match[0].length) }, text: replacement }], index + 2);
          const incremental = document.syntax(parser);
          const scratch = parser.parseToSyntax(document.text);
          if (hasErrors(scratch)) continue;
          const where = `${file} after ${index + 1} edits`;
          assert.deepEqual(summary(analyze(incremental, document.text, { session, source: document.source })), summary(analyze(scratch, document.text)), where);
          // Beyond the findings, what the model says of every call and every module-level name.
          const settings = resolveSettings({});
          assert.deepEqual(modelFacts(session.modelOf(incremental, document.source, settings, undefined)), modelFacts(new SemanticModel(scratch, new SourceText(document.text), settings, undefined)), where);
          compared++;
        }
      } finally {
        document.freeTree();
      }
    }),
    { numRuns: 60, seed: 20261129 },
  );
  assert.ok(compared > 200, `only ${compared} versions compared`);
});
