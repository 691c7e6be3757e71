// The semantic model on small, named cases: what each rule stands on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import type { SyntaxNode } from '../server/src/parser/syntax';
import { SemanticModel } from '../server/src/semantic/model';
import { sharedAnalyzer } from './support/analyzer';

async function modelOf(text: string): Promise<SemanticModel> {
  const { parser } = await sharedAnalyzer();
  return new SemanticModel(parser.parseToSyntax(text), new SourceText(text), resolveSettings({}), 'train.py');
}

/** The first node of `kind` whose text is `snippet`. */
function find(model: SemanticModel, kind: string, snippet: string): SyntaxNode {
  const node = model.nodesOfKind(kind).find((n) => model.text.slice(n.start, n.end) === snippet);
  assert.ok(node, `no ${kind} \`${snippet}\``);
  return node;
}

describe('imports', () => {
  test('aliases and from-imports resolve to qualified names', async () => {
    const model = await modelOf('import torch as T\nimport torch.nn as nn\nfrom torch.utils import data\nfrom torch import no_grad as ng\nimport torch.utils.data\n');
    assert.equal(model.imports.qualify('T.no_grad'), 'torch.no_grad');
    assert.equal(model.imports.qualify('nn.Linear'), 'torch.nn.Linear');
    assert.equal(model.imports.qualify('data.DataLoader'), 'torch.utils.data.DataLoader');
    assert.equal(model.imports.qualify('ng'), 'torch.no_grad');
    assert.equal(model.imports.qualify('numpy.array'), null);
    assert.deepEqual(model.torchMember('no_grad'), { expression: 'ng', needsImport: false });
  });

  test('spelling torch members when torch is missing or aliased', async () => {
    assert.deepEqual((await modelOf('import numpy as np\n')).torchMember('no_grad'), { expression: 'torch.no_grad', needsImport: true });
    assert.deepEqual((await modelOf('import torch as T\n')).torchMember('no_grad'), { expression: 'T.no_grad', needsImport: false });
  });
});

describe('grad mode', () => {
  const cases: [string, string, string][] = [
    ['with', 'import torch\nwith torch.no_grad():\n    y = model(x)\n', 'disabled'],
    ['combined with', 'import torch\nwith torch.autocast("cuda"), torch.inference_mode():\n    y = model(x)\n', 'disabled'],
    ['inference_mode(False)', 'import torch\nwith torch.inference_mode(False):\n    y = model(x)\n', 'explicit'],
    ['set_grad_enabled(var)', 'import torch\nwith torch.set_grad_enabled(train):\n    y = model(x)\n', 'conditional'],
    ['statement', 'import torch\ntorch.set_grad_enabled(False)\ny = model(x)\n', 'disabled'],
    ['statement re-enabled', 'import torch\ntorch.set_grad_enabled(False)\ntorch.set_grad_enabled(True)\ny = model(x)\n', 'explicit'],
    ['decorator call', 'import torch\n@torch.no_grad()\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['bare decorator', 'from torch import inference_mode\n@inference_mode\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['project decorator', '@smart_inference_mode()\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['every caller guarded', 'import torch\ndef f(model, x):\n    y = model(x)\nwith torch.no_grad():\n    f(m, 1)\n    f(m, 2)\n', 'disabled'],
    ['one caller unguarded', 'import torch\ndef f(model, x):\n    y = model(x)\nwith torch.no_grad():\n    f(m, 1)\nf(m, 2)\n', 'enabled'],
    ['escaping helper', 'import torch\ndef f(model, x):\n    y = model(x)\nwith torch.no_grad():\n    f(m, 1)\nhooks = [f]\n', 'enabled'],
    ['volatile Variable does nothing', 'from torch.autograd import Variable\nx = Variable(t, volatile=True)\ny = model(x)\n', 'enabled'],
    ['lightning hook', 'import pytorch_lightning as pl\nclass M(pl.LightningModule):\n    def validation_step(self, batch, i):\n        y = model(batch)\n', 'disabled'],
  ];
  for (const [name, code, expected] of cases) {
    test(name, async () => {
      const model = await modelOf(code);
      assert.equal(model.gradMode.at(find(model, 'call', code.includes('model(batch)') ? 'model(batch)' : 'model(x)')), expected);
    });
  }
});

describe('modules and forward calls', () => {
  test('models by class, constructor, evidence and name; losses and activations are not models', async () => {
    const model = await modelOf([
      'import torch.nn as nn', 'import torchvision',
      'class Net(nn.Module):', '    pass',
      'class Deeper(Net):', '    pass',
      'a = Deeper()', 'b = torchvision.models.resnet18()', 'c.eval()', 'criterion = nn.CrossEntropyLoss()', 'act = nn.ReLU()',
      'a(x)', 'b(x)', 'c(x)', 'criterion(x)', 'act(x)', 'model(x)', 'helper(x)', 'model.forward(x)', 'model.encode(x)', 'model.generate(x)',
    ].join('\n'));
    const forward = (snippet: string) => model.modules.isForwardCall(find(model, 'call', snippet));
    assert.deepEqual(
      ['a(x)', 'b(x)', 'c(x)', 'criterion(x)', 'act(x)', 'model(x)', 'helper(x)', 'model.forward(x)', 'model.encode(x)', 'model.generate(x)'].map(forward),
      [true, true, true, false, false, true, false, true, true, false],
    );
  });

  test('instances of plain classes of the file are not models, whatever methods they have', async () => {
    const model = await modelOf([
      'import torch.nn as nn', 'from abc import ABC', 'from elsewhere import Base',
      'class Scorer:', '    def load_state_dict(self, s): pass',
      'class Ranker(Scorer, ABC):', '    pass',
      'class Wrapped(Base):', '    pass',
      'class Net(nn.Module):', '    pass',
      'scorer = Scorer()', 'scorer.load_state_dict({})', 'model = Ranker()', 'model.eval()',
      'w = Wrapped()', 'w.load_state_dict({})', 'n = Net()', 'n.load_state_dict({})', 'both = Scorer()', 'both = Net()',
      'scorer(x)', 'model(x)', 'w(x)', 'n(x)', 'both(x)',
    ].join('\n'));
    const forward = (snippet: string) => model.modules.isForwardCall(find(model, 'call', snippet));
    // A base imported from elsewhere may be a module: `w` keeps what its methods say.
    assert.deepEqual(['scorer(x)', 'model(x)', 'w(x)', 'n(x)', 'both(x)'].map(forward), [false, false, true, true, true]);
  });

  test('a name bound to instances of different classes, each of whose method turns gradients off, runs no graph', async () => {
    const lines = [
      'import torch', 'import torch.nn as nn',
      'class Base(nn.Module):', '    pass',
      'class Images(Base):', '    @torch.no_grad()', '    def predict(self, x):', '        return self.net(x)',
      'class Labels(Base):', '    @torch.no_grad()', '    def predict(self, x):', '        return self.net(x)',
      'class Plain(Base):', '    def predict(self, x):', '        return self.net(x)',
      'def by_image(x):', '    clf = Images()', '    return clf.predict(x)',
      'def by_label(x):', '    clf = Labels()', '    return clf.predict(x)',
    ];
    const both = await modelOf(lines.join('\n'));
    assert.equal(both.modules.isForwardCall(find(both, 'call', 'clf.predict(x)')), false);
    // One of the classes records a graph: the call may run it.
    const mixed = await modelOf([...lines, 'def plain(x):', '    clf = Plain()', '    return clf.predict(x)'].join('\n'));
    assert.equal(mixed.modules.isForwardCall(find(mixed, 'call', 'clf.predict(x)')), true);
  });

  test("an attribute named like a model that holds a tokenizer library's object is not one", async () => {
    const model = await modelOf([
      'import tiktoken', 'import torch',
      'class Tokenizer:', '    def __init__(self, ranks):', '        self.model = tiktoken.Encoding(name="bpe", mergeable_ranks=ranks)',
      '    def decode(self, ids):', '        return self.model.decode(ids)',
      'tokenizer = Tokenizer({})', 'text = tokenizer.decode([1, 2])',
    ].join('\n'));
    assert.equal(model.modules.isModuleName('self.model'), false);
    assert.equal(model.modules.isForwardCall(find(model, 'call', 'tokenizer.decode([1, 2])')), false);
  });
});

describe('definitions', () => {
  test('names in nested targets are defined, each a part of the element holding it', async () => {
    const model = await modelOf([
      'def f(loader):',
      '    for step, (x, (y, z)) in enumerate(loader):',
      '        a, (b, c) = x, (y, z)',
      '',
    ].join('\n'));
    const of = (name: string) => model.definitions.allDefinitionsOf(name).map((d) => [d.kind, d.unpackIndex, d.value ? model.text.slice(d.value.start, d.value.end) : null]);
    assert.deepEqual(of('x'), [['for', 1, 'enumerate(loader)']]);
    assert.deepEqual(of('z'), [['for', 1, 'enumerate(loader)']]);
    assert.deepEqual(of('step'), [['for', 0, 'enumerate(loader)']]);
    assert.deepEqual(of('b'), [['assign', -1, 'y']]);
    assert.deepEqual(of('c'), [['assign', -1, 'z']]);
  });
});

describe('argparse and constants', () => {
  test('defaults through parse_args helpers, constants and arithmetic', async () => {
    const model = await modelOf([
      'import argparse',
      'BATCH = 2 ** 10',
      'def parse_args():',
      '    parser = argparse.ArgumentParser()',
      '    parser.add_argument("-b", "--batch-size", type=int, default=BATCH)',
      '    parser.add_argument("--workers", dest="num_workers", default=16)',
      '    args = parser.parse_args()',
      '    return args',
      'args = parse_args()',
      'use(args.batch_size, args.num_workers, args.missing, other.batch_size)',
    ].join('\n'));
    const value = (snippet: string) => model.ints.resolve(find(model, 'attribute', snippet))?.value ?? null;
    assert.equal(value('args.batch_size'), 1024);
    assert.equal(value('args.num_workers'), 16);
    assert.equal(value('args.missing'), null);
    assert.equal(value('other.batch_size'), null);
  });
});

describe('graph tensors', () => {
  test('what carries a graph and what ends it', async () => {
    const model = await modelOf([
      'import torch', 'import torch.nn.functional as F',
      'out = model(x)', 'loss = F.cross_entropy(out, y)', 'scaled = loss * 2',
      'a = loss.item()', 'b = loss.detach()', 'c = out.argmax(1)', 'd = float(loss)', 'e = loss.data', '_, pred = out.max(1)',
      'with torch.no_grad():', '    g = model(x)',
      'use(out, loss, scaled, a, b, c, d, e, pred, g)',
    ].join('\n'));
    const use = model.nodesOfKind('call').find((c) => model.text.slice(c.start, c.end).startsWith('use('))!;
    const args = use.children.find((c) => c.fieldName === 'arguments')!.children.filter((c) => c.type === 'identifier');
    assert.deepEqual(args.map((a) => [model.text.slice(a.start, a.end), model.graph.carriesGraph(a)]), [
      ['out', true], ['loss', true], ['scaled', true], ['a', false], ['b', false], ['c', false], ['d', false], ['e', false], ['pred', false], ['g', false],
    ]);
  });
});

describe('grad mode through decorators of the file', () => {
  const cases: [string, string, string][] = [
    ['applies inference_mode by hand', 'import torch\ndef inference(fn):\n    return torch.inference_mode()(fn)\n@inference\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['wraps the call in no_grad', 'import functools\nimport torch\ndef no_grad_eval(fn):\n    @functools.wraps(fn)\n    def inner(*a, **k):\n        with torch.no_grad():\n            return fn(*a, **k)\n    return inner\n@no_grad_eval\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['factory with a guarded wrapper', 'import torch\ndef evaluation():\n    def deco(fn):\n        @torch.no_grad()\n        def inner(*a):\n            return fn(*a)\n        return inner\n    return deco\n@evaluation()\ndef f(model, x):\n    y = model(x)\n', 'disabled'],
    ['decorator that also enables grad', 'import torch\ndef toggled(fn):\n    def inner(*a):\n        with torch.no_grad():\n            log(a)\n        with torch.enable_grad():\n            return fn(*a)\n    return inner\n@toggled\ndef f(model, x):\n    y = model(x)\n', 'enabled'],
    ['decorator of the file without grad modes', 'def timed(fn):\n    return fn\n@timed\ndef f(model, x):\n    y = model(x)\n', 'enabled'],
  ];
  for (const [name, code, expected] of cases) {
    test(name, async () => {
      const model = await modelOf(code);
      assert.equal(model.gradMode.at(find(model, 'call', 'model(x)')), expected);
    });
  }
});

describe('grad mode of methods that call each other through one name', () => {
  // Every `super().__init__()` is a call of every `__init__`: each constructor's mode is that of all
  // those calls, its own among them (a cycle, answered 'enabled' while it is worked out).
  const classes = (second: string, third: string) => [
    'import torch',
    'import torch.nn as nn',
    'class A(nn.Module):',
    '    def __init__(self):',
    '        super().__init__()',
    '        y = self.lin(x)',
    'class B(A):',
    second,
    'class C(A):',
    third,
  ].join('\n');
  const decorated = '    @torch.no_grad()\n    def __init__(self):\n        super().__init__()';
  const cases: [string, string, Record<string, string>][] = [
    ['one caller asks for grad on purpose', classes(decorated, '    def __init__(self):\n        with torch.enable_grad():\n            super().__init__()'), { A: 'explicit', B: 'disabled', C: 'explicit' }],
    ['the others turn it off', classes(decorated, '    def __init__(self):\n        with torch.no_grad():\n            super().__init__()'), { A: 'enabled', B: 'disabled', C: 'enabled' }],
    ['none says anything', classes('    def __init__(self):\n        super().__init__()', '    def __init__(self):\n        super().__init__()'), { A: 'enabled', B: 'enabled', C: 'enabled' }],
    // A call from another method, whose mode comes from its own callers: worked out through the calls.
    [
      'another method calls one again',
      classes('    def __init__(self):\n        super().__init__()', '    def __init__(self):\n        super().__init__()\n    def reset(self):\n        self.__init__()\nwith torch.no_grad():\n    C().reset()'),
      { A: 'enabled', B: 'enabled', C: 'enabled' },
    ],
  ];
  for (const [name, code, expected] of cases) {
    test(name, async () => {
      // Asked in both orders: the answers do not depend on which constructor is asked first.
      for (const reverse of [false, true]) {
        const model = await modelOf(code);
        const inits = model.nodesOfKind('function_definition');
        const owners = inits.map((fn) => {
          let owner = fn.parent;
          while (owner && owner.type !== 'class_definition') owner = owner.parent;
          const name = owner?.children.find((c) => c.fieldName === 'name');
          return name ? model.text.slice(name.start, name.end) : '';
        });
        const modes = new Map<string, string>();
        for (const index of reverse ? [2, 1, 0] : [0, 1, 2]) modes.set(owners[index]!, model.gradMode.functionMode(inits[index]!));
        assert.deepEqual(Object.fromEntries([...modes].sort()), expected, reverse ? 'asked last to first' : 'asked first to last');
      }
    });
  }
});

describe('backward calls', () => {
  test('backward(), autograd.grad and autograd.backward under any import name, and nothing else', async () => {
    const model = await modelOf([
      'import torch',
      'import torch.autograd as ag',
      'from torch.autograd import grad as g, backward',
      'loss.backward()',
      'torch.autograd.grad(loss, params)',
      'ag.grad(loss, params)',
      'ag.backward(loss)',
      'g(loss, params)',
      'backward(loss)',
      'manual.manual_backward(loss)',
      'grad(loss)',
      'x.grad(loss)',
      'model(x)',
      '',
    ].join('\n'));
    const text = (n: SyntaxNode) => model.text.slice(n.start, n.end);
    assert.deepEqual(model.backwardCalls.map(text), [
      'loss.backward()',
      'torch.autograd.grad(loss, params)',
      'ag.grad(loss, params)',
      'ag.backward(loss)',
      'g(loss, params)',
      'backward(loss)',
      'manual.manual_backward(loss)',
    ]);
  });
});

describe('value kinds narrowed by a test', () => {
  const source = [
    'import torch',
    'import torch.nn as nn',
    'model = nn.Linear(2, 2)',
    'def reduce_loss(loss):',
    '    return loss.detach().item()',
    'def step(x, y):',
    '    loss = ((model(x) - y) ** 2).mean()',
    '    a = loss if isinstance(loss, float) else loss.item()',
    '    b = loss.item() if torch.is_tensor(loss) else loss',
    '    c = loss if not isinstance(loss, torch.Tensor) else loss.item()',
    '    d = reduce_loss(loss)',
    '    e = loss if isinstance(loss, torch.Tensor) else 0.0',
    '    return a, b, c, d, e',
    '',
  ].join('\n');

  test('a branch the test proves a number or no tensor carries no graph', async () => {
    const model = await modelOf(source);
    const uses = (name: string) => model.nodesOfKind('identifier').filter((n) => model.text.slice(n.start, n.end) === name).at(-1)!;
    assert.equal(model.valueKind(uses('a')), 'number');
    assert.equal(model.graph.carriesGraph(uses('a')), false);
    // Not a tensor either way, though the analysis cannot say it is a number.
    assert.equal(model.graph.carriesGraph(uses('b')), false);
    assert.equal(model.valueKind(uses('b')), 'unknown');
    assert.equal(model.graph.carriesGraph(uses('c')), false);
    // A helper of this file named like a loss is judged by its return.
    assert.equal(model.valueKind(uses('d')), 'number');
    assert.equal(model.graph.carriesGraph(uses('d')), false);
    // The tensor branch of an is-a-tensor test still carries the graph.
    assert.equal(model.graph.carriesGraph(uses('e')), true);
  });
});
