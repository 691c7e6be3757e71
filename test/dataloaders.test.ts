// The DataLoader analysis behind OOM004 and OOM005: recognising the class, reading its arguments,
// telling training loaders from evaluation loaders, and resolving values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { dataLoadersOf, type DataLoaderAnalysis, type DataLoaderCall } from '../server/src/rules/data/dataloaders';
import { SemanticModel } from '../server/src/semantic/model';
import { nodeText } from '../server/src/semantic/names';
import { sharedAnalyzer } from './support/analyzer';

async function analysisOf(text: string): Promise<{ loaders: DataLoaderAnalysis; text: string }> {
  const { parser } = await sharedAnalyzer();
  const model = new SemanticModel(parser.parseToSyntax(text), new SourceText(text), resolveSettings(undefined), undefined);
  return { loaders: dataLoadersOf(model), text };
}

function byName(loaders: DataLoaderAnalysis, name: string): DataLoaderCall {
  const found = loaders.calls.find((l) => l.name?.text === name);
  assert.ok(found, `a DataLoader named ${name}`);
  return found;
}

function argumentText(loader: DataLoaderCall, parameter: string, text: string): string {
  const argument = loader.argument(parameter);
  return argument.kind === 'given' ? nodeText(argument.value, text) : argument.kind;
}

describe('DataLoader analysis', () => {
  test('recognises torch DataLoader through every import style, and nothing else', async () => {
    const { loaders } = await analysisOf(`
import torch
import torch.utils.data as tud
from torch.utils import data
from torch.utils.data import DataLoader
from torch.utils.data import DataLoader as DL
from torch.utils.data.dataloader import DataLoader as InnerLoader
from torch_geometric.loader import DataLoader as GraphLoader
Loader = torch.utils.data.DataLoader
a = torch.utils.data.DataLoader(ds)
b = tud.DataLoader(ds)
c = data.DataLoader(ds)
d = DataLoader(ds)
e = DL(ds)
f = InnerLoader(ds)
g = Loader(ds)
h = GraphLoader(ds)
i = tud.Dataset(ds)
j = torch.utils.data.DataLoaderish(ds)
`);
    assert.deepEqual(loaders.calls.map((l) => l.name?.text), ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  test('a star import from torch.utils.data counts; an unimported DataLoader does not', async () => {
    const star = await analysisOf('from torch.utils.data import *\nloader = DataLoader(ds)\n');
    assert.equal(star.loaders.calls.length, 1);
    const none = await analysisOf('class DataLoader:\n    pass\nloader = DataLoader(ds)\n');
    assert.equal(none.loaders.calls.length, 0);
  });

  test('reads arguments by keyword, by position and from **kwargs dictionaries', async () => {
    const { loaders, text } = await analysisOf(`
from torch.utils.data import DataLoader
BASE = {"batch_size": 64, "shuffle": True}
def build(ds, extra, rest):
    kwargs = dict(num_workers=2, **BASE)
    kwargs.update({"pin_memory": True})
    kwargs["drop_last"] = True
    positional = DataLoader(ds, 32, True, None, None, 6, None, False)
    merged = DataLoader(ds, timeout=5, **kwargs)
    opaque = DataLoader(ds, batch_size=8, **extra)
    splat = DataLoader(ds, 16, *rest)
    plain = DataLoader(ds)
`);
    const positional = byName(loaders, 'positional');
    assert.equal(argumentText(positional, 'batch_size', text), '32');
    assert.equal(argumentText(positional, 'num_workers', text), '6');
    assert.equal(argumentText(positional, 'pin_memory', text), 'False');
    assert.equal(argumentText(positional, 'generator', text), 'default');

    const merged = byName(loaders, 'merged');
    assert.equal(argumentText(merged, 'batch_size', text), '64');
    assert.equal(argumentText(merged, 'num_workers', text), '2');
    assert.equal(argumentText(merged, 'pin_memory', text), 'True');
    assert.equal(argumentText(merged, 'drop_last', text), 'True');
    assert.equal(argumentText(merged, 'timeout', text), '5');
    assert.equal(argumentText(merged, 'sampler', text), 'default');
    const site = merged.argument('batch_size');
    assert.ok(site.kind === 'given' && nodeText(site.site, text) === '**kwargs', 'reported at the **kwargs argument');

    const opaque = byName(loaders, 'opaque');
    assert.equal(argumentText(opaque, 'batch_size', text), '8');
    assert.equal(argumentText(opaque, 'num_workers', text), 'unknown');

    const splat = byName(loaders, 'splat');
    assert.equal(argumentText(splat, 'batch_size', text), '16');
    assert.equal(argumentText(splat, 'shuffle', text), 'unknown');

    assert.equal(argumentText(byName(loaders, 'plain'), 'batch_size', text), 'default');
  });

  test('a dictionary changed in a way it cannot read makes its entries unknown', async () => {
    const { loaders, text } = await analysisOf(`
from torch.utils.data import DataLoader
def build(ds, key, more):
    a_kwargs = {"num_workers": 16}
    a_kwargs[key] = 1
    a = DataLoader(ds, **a_kwargs)
    b_kwargs = {"num_workers": 16}
    b_kwargs.update(more)
    b = DataLoader(ds, **b_kwargs)
    c_kwargs = {"num_workers": 16}
    c_kwargs.pop("num_workers")
    c = DataLoader(ds, **c_kwargs)
    d_kwargs = {f"num_{key}": 16}
    d = DataLoader(ds, **d_kwargs)
`);
    for (const name of ['a', 'b', 'c', 'd']) assert.equal(argumentText(byName(loaders, name), 'num_workers', text), 'unknown', name);
  });

  test('tells training loaders from evaluation loaders', async () => {
    const { loaders } = await analysisOf(`
import torch
from torch.utils.data import DataLoader, DistributedSampler
from torchvision import datasets

def fit(model, batches, optimizer):
    for x, y in batches:
        model(x, y).backward()
        optimizer.step()

def run(model, optimizer, ds, train_set, val_set, trainset, ds_valid, train_sampler, config):
    train_loader = DataLoader(train_set)
    named_trainset = DataLoader(trainset)
    shuffled = DataLoader(ds, shuffle=True)
    sampled = DataLoader(ds, sampler=DistributedSampler(ds))
    mnist_train = DataLoader(datasets.MNIST("data", train=True))
    passed = DataLoader(ds)
    fit(model, passed, optimizer)
    looped = DataLoader(ds)
    for x in looped:
        model(x).sum().backward()
    helper_looped = DataLoader(ds)
    for batch in helper_looped:
        fit_step(model, batch)

    val_loader = DataLoader(val_set, shuffle=True)
    plain = DataLoader(ds)
    mnist_test = DataLoader(datasets.MNIST("data", train=False), shuffle=True)
    valid_split = DataLoader(ds_valid)
    ordered_sampler = DataLoader(ds, sampler=DistributedSampler(ds, shuffle=False))
    no_grad_only = DataLoader(train_set)
    with torch.no_grad():
        for x in no_grad_only:
            model(x)
    mixed = DataLoader(train_set)
    with torch.no_grad():
        for x in mixed:
            model(x)
    for x in mixed:
        model(x).sum().backward()

def fit_step(model, batch):
    model(batch).sum().backward()
`);
    const training = ['train_loader', 'named_trainset', 'shuffled', 'sampled', 'mnist_train', 'passed', 'looped', 'helper_looped', 'mixed'];
    const evaluation = ['val_loader', 'plain', 'mnist_test', 'valid_split', 'ordered_sampler', 'no_grad_only'];
    for (const name of training) assert.equal(loaders.isTraining(byName(loaders, name)), true, name);
    for (const name of evaluation) assert.equal(loaders.isTraining(byName(loaders, name)), false, name);
  });

  test('Lightning hooks and keywords name the loader they return or receive', async () => {
    const { loaders } = await analysisOf(`
from torch.utils.data import DataLoader
class Data:
    def train_dataloader(self):
        return DataLoader(self.ds)
    def val_dataloader(self):
        return DataLoader(self.ds, shuffle=True)
trainer.fit(model, train_dataloaders=DataLoader(ds), val_dataloaders=DataLoader(ds, shuffle=True))
`);
    const verdicts = loaders.calls.map((l) => `${l.name?.kind}:${l.name?.text}:${loaders.isTraining(l)}`);
    assert.deepEqual(verdicts, [
      'returned:train_dataloader:true',
      'returned:val_dataloader:false',
      'keyword:train_dataloaders:true',
      'keyword:val_dataloaders:false',
    ]);
  });

  test('argparse values that the file overwrites or reloads are not resolved', async () => {
    const source = `
import argparse
from torch.utils.data import DataLoader
parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=1024)
parser.add_argument("--eval-batch-size", type=int, default=2048)
args = parser.parse_args()
fixed = DataLoader(ds, batch_size=args.eval_batch_size)
BS = args.batch_size
derived = DataLoader(ds, batch_size=BS)
`;
    const plain = await analysisOf(source);
    const valueOf = (analysis: { loaders: DataLoaderAnalysis }, name: string) => {
      const argument = byName(analysis.loaders, name).argument('batch_size');
      return argument.kind === 'given' ? analysis.loaders.resolveInt(argument.value)?.value ?? null : null;
    };
    assert.equal(valueOf(plain, 'fixed'), 2048);
    assert.equal(valueOf(plain, 'derived'), 1024);

    const divided = await analysisOf(`${source}args.batch_size = args.batch_size // world_size\n`);
    assert.equal(valueOf(divided, 'derived'), null);
    assert.equal(valueOf(divided, 'fixed'), 2048);

    const reloaded = await analysisOf(`${source}vars(args).update(config)\n`);
    assert.equal(valueOf(reloaded, 'fixed'), null);
  });

  test('argparse defaults are found through a helper that returns parse_args()', async () => {
    const { loaders } = await analysisOf(`
import argparse
from torch.utils.data import DataLoader
def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("-j", "--workers", type=int, default=16)
    parser.add_argument("--pin", type=bool, default=True)
    return parser.parse_args()
def get_args():
    parser = argparse.ArgumentParser()
    parsed = parser.parse_args()
    return parsed
def get_config():
    return {"workers": 2}
args = parse_args()
other = get_args()
config = get_config()
direct = DataLoader(ds, num_workers=args.workers, pin_memory=args.pin)
named = DataLoader(ds, num_workers=other.workers)
unrelated = DataLoader(ds, num_workers=config.workers)
`);
    const workers = (name: string) => {
      const argument = byName(loaders, name).argument('num_workers');
      const resolved = argument.kind === 'given' ? loaders.resolveInt(argument.value) : null;
      return resolved ? `${resolved.value} ${JSON.stringify(resolved.origin)}` : null;
    };
    assert.equal(workers('direct'), '16 {"kind":"argparse","option":"--workers"}');
    assert.equal(workers('named'), '16 {"kind":"argparse","option":"--workers"}');
    assert.equal(workers('unrelated'), null);
    const pin = byName(loaders, 'direct').argument('pin_memory');
    assert.ok(pin.kind === 'given');
    assert.equal(loaders.pinsMemory(pin.value), 'argparse-default');
  });

  test('knows when pin_memory is true', async () => {
    const { loaders } = await analysisOf(`
import argparse
import torch
from torch.utils.data import DataLoader
parser = argparse.ArgumentParser()
parser.add_argument("--no-pin", action="store_false", dest="pin")
parser.add_argument("--pin-on", action="store_true")
parser.add_argument("--pin-default", type=bool, default=True)
args = parser.parse_args()
ON = True
cuda = torch.cuda.is_available()
maybe = True
maybe = False
literal = DataLoader(ds, pin_memory=True)
constant = DataLoader(ds, pin_memory=ON)
available = DataLoader(ds, pin_memory=cuda)
store_false = DataLoader(ds, pin_memory=args.pin)
default_true = DataLoader(ds, pin_memory=args.pin_default)
store_true = DataLoader(ds, pin_memory=args.pin_on)
reassigned = DataLoader(ds, pin_memory=maybe)
compared = DataLoader(ds, pin_memory=device == "cuda")
off = DataLoader(ds, pin_memory=False)
`);
    const verdicts = loaders.calls.map((l) => {
      const argument = l.argument('pin_memory');
      return `${l.name?.text}:${argument.kind === 'given' ? loaders.pinsMemory(argument.value) : argument.kind}`;
    });
    assert.deepEqual(verdicts, [
      'literal:literal',
      'constant:constant',
      'available:constant',
      'store_false:argparse-default',
      'default_true:argparse-default',
      'store_true:null',
      'reassigned:null',
      'compared:null',
      'off:null',
    ]);
  });
});

describe('OOM004 and OOM005 through the analyzer', () => {
  test('OOM004 reports the batch_size argument on its own line of a multi-line call', async () => {
    const analyzer = await sharedAnalyzer();
    const text = [
      'import argparse',
      'from torch.utils.data import DataLoader',
      'parser = argparse.ArgumentParser()',
      'parser.add_argument("--batch-size", type=int, default=1024)',
      'args = parser.parse_args()',
      'train_loader = DataLoader(',
      '    train_dataset,',
      '    batch_size=args.batch_size,',
      '    shuffle=True,',
      ')',
      'model = model.cuda()',
      '',
    ].join('\n');
    const [diagnostic, ...rest] = analyzer.analyzeText(text, { settings: { select: ['OOM004'] } });
    assert.equal(rest.length, 0);
    assert.ok(diagnostic);
    assert.equal(text.slice(diagnostic.start, diagnostic.end), 'batch_size=args.batch_size');
    assert.match(diagnostic.message, /batch_size 1024 \(argparse default of `--batch-size`\), at or above max-batch-size 512/);
    const edit = diagnostic.fixes[0]?.edits[0];
    assert.ok(edit);
    assert.equal(text.slice(edit.start, edit.end), '1024');
    assert.equal(edit.newText, '256');
  });

  test('the limits come from the settings', async () => {
    const analyzer = await sharedAnalyzer();
    const text = 'from torch.utils.data import DataLoader\ntrain_loader = DataLoader(train_set, batch_size=1024, num_workers=6, pin_memory=True)\nmodel.cuda()\n';
    const codes = (settings: { maxBatchSize?: number; maxPinnedWorkers?: number }) =>
      analyzer.analyzeText(text, { settings: { select: ['OOM004', 'OOM005'], ...settings } }).map((d) => d.code);
    assert.deepEqual(codes({}), ['OOM004']);
    assert.deepEqual(codes({ maxBatchSize: 2048, maxPinnedWorkers: 6 }), ['OOM005']);
    const [pinned] = analyzer.analyzeText(text, { settings: { select: ['OOM005'], maxPinnedWorkers: 4 } });
    assert.ok(pinned);
    assert.match(pinned.message, /at or above max-pinned-workers 4/);
    assert.equal(pinned.fixes[0]?.title, 'Set num_workers to 3');
    assert.equal(pinned.fixes[0]?.edits[0]?.newText, '3');
  });
});
