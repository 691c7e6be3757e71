// Whole files: each writer assembles one kind of module (a model file, a training script, a data
// module...) from the fragment writers, with its imports and a module docstring.
import type { FileContext } from './context';
import { buildLoaders, collateFunction, datasetClass, prefetcher, transforms, weightedSampler } from './data';
import { lossesModule } from './losses';
import { countParameters, initWeights, modelFor, modelRegistry } from './models';
import { block, docstring, members, topLevel, type Lines } from './python';
import {
  criterionSetup,
  distillationStep,
  evaluate,
  fitLoop,
  freezeHelpers,
  ganTraining,
  optimizerSetup,
  reinforce,
  trainOneEpoch,
} from './training';
import { PLAIN_UTILITIES, TORCH_UTILITIES } from './utilities';

export interface ProjectNames {
  /** The project's model classes, dataset classes and package name. */
  models: readonly string[];
  datasets: readonly string[];
  packageName: string;
}

/** One module before assembly: what goes under the imports. */
export interface ModuleParts {
  doc: string | undefined;
  /** Module-level statements (a logger, constants) before the definitions. */
  prelude: Lines;
  /** Top-level definitions and statements, in order. */
  parts: Lines[];
}

/** Docstring, imports, module-level statements and definitions, as file text. */
export function assemble(ctx: FileContext, { doc, prelude, parts }: ModuleParts): string {
  const head: Lines = doc ? docstring(doc) : [];
  const imports = ctx.imports.render();
  const out: Lines = [...head];
  if (imports.length) out.push(...(out.length ? [''] : []), ...imports);
  if (prelude.length) out.push(...(out.length ? ['', ''] : []), ...prelude);
  const body = topLevel(parts);
  if (body.length) out.push(...(out.length ? ['', ''] : []), ...body);
  return out.join('\n') + '\n';
}

function loggerLine(ctx: FileContext): Lines {
  if (ctx.style.logger === 'print') return [];
  ctx.imports.module('logging');
  return [`${ctx.style.logger} = logging.getLogger(__name__)`];
}

const ARGUMENTS: readonly [string, string][] = [
  ['--data-dir', 'default="data"'],
  ['--output-dir', 'default="runs/exp"'],
  ['--epochs', 'type=int, default=30'],
  ['--batch-size', 'type=int, default=64'],
  ['--lr', 'type=float, default=3e-4'],
  ['--weight-decay', 'type=float, default=0.05'],
  ['--workers', 'type=int, default=4'],
  ['--seed', 'type=int, default=0'],
  ['--patience', 'type=int, default=5'],
  ['--warmup-steps', 'type=int, default=1000'],
  ['--resume', 'default=None, help="checkpoint to resume from"'],
  ['--amp', 'action="store_true", help="mixed precision"'],
  ['--start-epoch', 'type=int, default=0'],
  ['--log-every', 'type=int, default=50'],
];

/** The argument parser function; `call` is how main() gets the parsed options from it. */
export function argumentParser(ctx: FileContext, description: string): { lines: Lines; call: string } {
  const r = ctx.random;
  ctx.imports.module('argparse');
  const extra: [string, string][] = [];
  if (ctx.domain.key === 'text') extra.push(['--train-file', 'default="data/train.jsonl"'], ['--max-length', 'type=int, default=256']);
  if (ctx.domain.key === 'timeseries') extra.push(['--window', 'type=int, default=96'], ['--horizon', 'type=int, default=24']);
  if (ctx.domain.key === 'tabular') extra.push(['--csv', 'required=True']);
  if (ctx.domain.key === 'recsys') extra.push(['--interactions', 'default="data/interactions.parquet"'], ['--pos-weight', 'type=float, default=4.0']);
  const chosen = [...ARGUMENTS.slice(0, 8), ...r.sample(ARGUMENTS.slice(8), r.int(2, 6)), ...extra];
  const name = r.pick(['parse_args', 'get_args', 'build_parser']);
  const returnsParser = name === 'build_parser';
  const lines = block(`def ${name}${ctx.signature(returnsParser ? [] : [['argv', 'Optional[Sequence[str]]', 'None']])}`, [
    `parser = argparse.ArgumentParser(description="${description}")`,
    ...chosen.map(([flag, options]) => `parser.add_argument("${flag}", ${options})`),
    returnsParser ? 'return parser' : 'return parser.parse_args(argv)',
  ]);
  return { lines, call: returnsParser ? `${name}().parse_args()` : `${name}()` };
}

interface MainWiring {
  model: string;
  parseCall: string;
  loadersTakeDevice: boolean;
}

function mainFunction(ctx: FileContext, names: ProjectNames, wiring: MainWiring): Lines {
  const r = ctx.random;
  const m = ctx.style.model;
  const dev = ctx.style.device;
  const opt = ctx.style.options;
  ctx.torch();
  const parse = opt === 'config' ? `config = vars(${wiring.parseCall})` : `${opt} = ${wiring.parseCall}`;
  const body: Lines = [
    parse,
    ...(r.chance(0.6) ? [`set_seed(${ctx.option('seed')})`] : []),
    `${dev} = torch.device("cuda" if torch.cuda.is_available() else "cpu")`,
    ...(ctx.domain.key === 'text' ? ['tokenizer = load_tokenizer(' + ctx.option('data_dir') + ')'] : []),
    `train_loader, val_loader = build_dataloaders(${opt}${wiring.loadersTakeDevice ? `, ${dev}` : ''})`,
    ...(ctx.domain.classification ? [`num_classes = ${r.pick(['len(train_loader.dataset.classes)', '10', '100', ctx.option('num_classes')])}`] : []),
    `${m} = ${wiring.model}.to(${dev})`,
    ...(r.chance(0.25) ? [`${m} = torch.compile(${m})`] : []),
    ...(r.chance(0.2) ? [`${m} = nn.DataParallel(${m})`] : []),
    `optimizer, scheduler = build_optimizer(${m}, ${opt}, total_steps=len(train_loader) * ${ctx.option('epochs')})`,
    ...criterionSetup(ctx),
    ...(r.chance(0.4) ? block(`if ${ctx.option('resume')}`, [`start_epoch = load_checkpoint(${ctx.option('resume')}, ${m}, optimizer)`, ctx.report('f"resumed at epoch {start_epoch}"')]) : []),
    `best = fit(${m}, train_loader, val_loader, optimizer, scheduler, criterion, ${dev}, ${opt})`,
    ctx.report('f"best validation metric: {best}"'),
  ];
  if (body.some((l) => l.includes('set_seed'))) ctx.imports.names(`${names.packageName}.utils`, 'set_seed');
  if (body.some((l) => l.includes('load_checkpoint('))) ctx.imports.names(`${names.packageName}.checkpoint`, 'load_checkpoint');
  if (body.some((l) => l.includes('load_tokenizer'))) ctx.imports.names(`${names.packageName}.tokenizer`, 'load_tokenizer');
  if (body.some((l) => l.includes('nn.DataParallel'))) ctx.nn();
  return block(`def main${ctx.signature([], 'None')}`, body);
}

export function trainingScript(ctx: FileContext, names: ProjectNames, scriptName: string): ModuleParts {
  const r = ctx.random;
  const inlineModel = r.chance(0.35);
  const modelName = r.pick(names.models);
  const definition = inlineModel ? modelFor(ctx, modelName) : undefined;
  if (!inlineModel) ctx.imports.names(`${names.packageName}.models`, modelName);
  const inlineData = r.chance(0.3);
  const datasetName = r.pick(names.datasets);
  const parts: Lines[] = [];
  if (definition) parts.push(...definition.layers.map((l) => l.lines), definition.model.lines);
  if (inlineData) {
    parts.push(datasetClass(ctx, datasetName));
    if (ctx.domain.key === 'vision') parts.push(transforms(ctx));
    if (ctx.domain.key === 'text' || ctx.domain.key === 'audio') parts.push(collateFunction(ctx));
  } else {
    ctx.imports.names(`${names.packageName}.data`, datasetName, ...(ctx.domain.key === 'vision' ? ['build_transforms'] : []), ...(ctx.domain.key === 'text' ? ['collate_batch'] : []), ...(ctx.domain.key === 'audio' ? ['pad_collate'] : []));
  }
  const parser = argumentParser(ctx, `Train a model for ${ctx.domain.task}`);
  parts.push(parser.lines);
  const loaders = buildLoaders(ctx, { datasetName });
  parts.push(loaders);
  const trainName = r.pick(['train_one_epoch', 'train_epoch', 'run_epoch']);
  const evalName = r.pick(['evaluate', 'validate']);
  const train = trainOneEpoch(ctx, { name: trainName });
  parts.push(train);
  parts.push(evaluate(ctx, { name: evalName }));
  if (r.chance(0.25)) parts.push(freezeHelpers(ctx));
  parts.push(optimizerSetup(ctx));
  const hasScaler = train.some((l) => l.includes('scaler'));
  parts.push(fitLoop(ctx, trainName, evalName, hasScaler));
  const construct = definition?.construct ?? `${modelName}(${ctx.domain.classification ? 'num_classes=num_classes' : ''})`;
  const loadersTakeDevice = /^def build_dataloaders\(.*, (device|dev)\b/.test(loaders[0] ?? '');
  parts.push(mainFunction(ctx, names, { model: construct, parseCall: parser.call, loadersTakeDevice }));
  parts.push(block('if __name__ == "__main__"', ['main()']));
  const prelude = loggerLine(ctx);
  return { doc: r.chance(0.7) ? `${scriptName}: train a ${ctx.domain.task} model.` : undefined, prelude, parts };
}

export function modelModule(ctx: FileContext, names: ProjectNames, count: number): ModuleParts {
  const r = ctx.random;
  const parts: Lines[] = [];
  const seen = new Set<string>();
  const useRegistry = r.chance(0.3);
  const built: string[] = [];
  for (const name of r.sample(names.models, count)) {
    const definition = modelFor(ctx, name);
    for (const layer of definition.layers) {
      if (seen.has(layer.name)) continue;
      seen.add(layer.name);
      parts.push(layer.lines);
    }
    parts.push(useRegistry ? [`@register_model("${name.toLowerCase()}")`, ...definition.model.lines] : definition.model.lines);
    built.push(name);
  }
  if (useRegistry) parts.unshift(modelRegistry(ctx, built));
  if (r.chance(0.6)) parts.push(initWeights(ctx));
  if (r.chance(0.5)) parts.push(countParameters(ctx));
  if (r.chance(0.3)) {
    ctx.torch();
    parts.push(block('if __name__ == "__main__"', [
      `model = ${built[0]}(${ctx.domain.key === 'vision' ? '' : '**SMOKE_TEST_ARGS'})`,
      'print(model)',
      ...(ctx.domain.key === 'vision' ? ['print(model(torch.randn(2, 3, 32, 32)).shape)'] : []),
    ]));
  }
  const prelude = parts.some((p) => p.some((l) => l.includes('SMOKE_TEST_ARGS'))) ? ['SMOKE_TEST_ARGS = {}'] : [];
  return { doc: r.chance(0.6) ? `Model definitions for ${ctx.domain.task}.` : undefined, prelude, parts };
}

export function dataModule(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  const parts: Lines[] = [];
  for (const name of r.sample(names.datasets, r.int(1, 3))) parts.push(datasetClass(ctx, name));
  if (ctx.domain.key === 'vision') parts.push(transforms(ctx));
  if (ctx.domain.key === 'text' || ctx.domain.key === 'audio') parts.push(collateFunction(ctx));
  if (r.chance(0.4)) parts.push(weightedSampler(ctx));
  if (r.chance(0.3)) parts.push(prefetcher(ctx));
  if (r.chance(0.7)) {
    ctx.torch();
    parts.push(buildLoaders(ctx, { datasetName: r.pick(names.datasets) }));
  }
  return { doc: r.chance(0.5) ? `Datasets and loaders for ${ctx.domain.task}.` : undefined, prelude: [], parts };
}

export function utilityModule(ctx: FileContext, withTorch: boolean): ModuleParts {
  const r = ctx.random;
  const pool = withTorch ? [...TORCH_UTILITIES, ...PLAIN_UTILITIES] : PLAIN_UTILITIES;
  const parts = r.sample(pool, r.int(2, Math.min(7, pool.length))).map((write) => write(ctx));
  return { doc: r.chance(0.5) ? 'Small helpers shared by the training and evaluation scripts.' : undefined, prelude: loggerLine(ctx), parts };
}

export function lossModule(ctx: FileContext): ModuleParts {
  return { doc: 'Losses that torch.nn does not provide.', prelude: [], parts: lossesModule(ctx) };
}

export function evaluationScript(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  const m = ctx.style.model;
  const dev = ctx.style.device;
  const d = ctx.domain;
  const modelName = r.pick(names.models);
  ctx.imports.names(`${names.packageName}.models`, modelName);
  ctx.imports.names(`${names.packageName}.data`, r.pick(names.datasets));
  ctx.imports.module('json');
  ctx.torch();
  const keepsOnGpu = r.chance(0.1);
  const gradOff = r.chance(0.9);
  const predictBody: Lines = [
    `${m}.eval()`,
    'predictions = []',
    'references = []',
    ...block(`for batch in loader`, [
      ...d.unpack('batch', dev, r),
      `outputs = ${d.forward(m)}`,
      ...(d.classification && d.key !== 'segmentation' ? ['preds = outputs.argmax(dim=-1)'] : ['preds = outputs']),
      keepsOnGpu ? 'predictions.append(outputs)' : r.pick(['predictions.append(preds.cpu())', 'predictions.extend(preds.tolist())', 'predictions.append(preds.detach().cpu())']),
      `references.append(${d.target}.cpu())`,
    ]),
    'return predictions, references',
  ];
  const predict = [
    ...(gradOff ? [r.pick(['@torch.no_grad()', '@torch.inference_mode()'])] : []),
    ...block(`def predict${ctx.signature([[m, 'nn.Module'], ['loader', 'DataLoader'], [dev, 'torch.device']])}`, predictBody),
  ];
  ctx.nn();
  ctx.imports.names('torch.utils.data', 'DataLoader');
  const metric = d.classification && d.key !== 'segmentation'
    ? block(`def summarise${ctx.signature([['predictions'], ['references']], 'Dict[str, float]')}`, [
        'preds = torch.cat([torch.as_tensor(p) for p in predictions]) if isinstance(predictions[0], torch.Tensor) else torch.tensor(predictions)',
        'refs = torch.cat(references)',
        'accuracy = (preds.cpu() == refs).float().mean().item()',
        'return {"accuracy": accuracy, "count": int(refs.numel())}',
      ])
    : block(`def summarise${ctx.signature([['predictions'], ['references']], 'Dict[str, float]')}`, [
        'preds = torch.cat([torch.as_tensor(p).float().cpu() for p in predictions])',
        'refs = torch.cat(references).float()',
        'mae = (preds - refs).abs().mean().item()',
        'rmse = ((preds - refs) ** 2).mean().sqrt().item()',
        'return {"mae": mae, "rmse": rmse}',
      ]);
  const main = block(`def main${ctx.signature([], 'None')}`, [
    'parser = argparse.ArgumentParser()',
    'parser.add_argument("checkpoint")',
    'parser.add_argument("--data-dir", default="data")',
    `parser.add_argument("--batch-size", type=int, default=${r.pick([64, 128, 256])})`,
    'parser.add_argument("--output", default="metrics.json")',
    'args = parser.parse_args()',
    `${dev} = torch.device("cuda" if torch.cuda.is_available() else "cpu")`,
    `${m} = ${modelName}()`,
    'state = torch.load(args.checkpoint, map_location="cpu")',
    `${m}.load_state_dict(state.get("model", state))`,
    `${m}.to(${dev})`,
    'loader = build_eval_loader(args)',
    `predictions, references = predict(${m}, loader, ${dev})`,
    'metrics = summarise(predictions, references)',
    ...block('with open(args.output, "w") as handle', ['json.dump(metrics, handle, indent=2)']),
    ctx.report('f"wrote {args.output}: {metrics}"'),
  ]);
  ctx.imports.module('argparse');
  ctx.imports.names(`${names.packageName}.data`, 'build_eval_loader');
  return { doc: r.chance(0.6) ? `Evaluate a trained checkpoint on the held-out ${d.task} data.` : undefined, prelude: loggerLine(ctx), parts: [predict, metric, main, block('if __name__ == "__main__"', ['main()'])] };
}

export function trainerModule(ctx: FileContext): ModuleParts {
  const r = ctx.random;
  const d = ctx.domain;
  ctx.torch();
  ctx.nn();
  ctx.imports.names('torch.utils.data', 'DataLoader');
  const amp = r.chance(0.5);
  const mistake = r.chance(0.12);
  const stepBody: Lines = [
    ...d.unpack('batch', 'self.device', r),
    ...(amp
      ? block('with torch.autocast(device_type=self.device.type, enabled=self.use_amp)', [`outputs = ${d.forward('self.model')}`, `loss = self.criterion(outputs, ${d.target})`])
      : [`outputs = ${d.forward('self.model')}`, `loss = self.criterion(outputs, ${d.target})`]),
    'self.optimizer.zero_grad(set_to_none=True)',
    ...(amp ? ['self.scaler.scale(loss).backward()', 'self.scaler.step(self.optimizer)', 'self.scaler.update()'] : ['loss.backward()', 'self.optimizer.step()']),
    'self.global_step += 1',
    mistake ? 'self.loss_history.append(loss)' : 'self.loss_history.append(loss.item())',
    'return loss.detach()',
  ];
  const cls = block('class Trainer', members([
    docstring('Owns the model, optimiser and loop state; scripts call fit().'),
    block(`def __init__${ctx.signature([['self'], ['model', 'nn.Module'], ['optimizer', 'torch.optim.Optimizer'], ['criterion', 'nn.Module'], ['device', 'torch.device'], ['use_amp', 'bool', 'False']])}`, [
      'self.model = model.to(device)',
      'self.optimizer = optimizer',
      'self.criterion = criterion',
      'self.device = device',
      'self.use_amp = use_amp',
      ...(amp ? ['self.scaler = torch.cuda.amp.GradScaler(enabled=use_amp)'] : []),
      'self.global_step = 0',
      'self.loss_history = []',
      'self.callbacks = []',
    ]),
    block(`def add_callback${ctx.signature([['self'], ['callback', 'Callable[[str, Dict[str, Any]], None]']], 'None')}`, ['self.callbacks.append(callback)']),
    block(`def _emit${ctx.signature([['self'], ['event', 'str'], ['**payload']], 'None')}`, [...block('for callback in self.callbacks', ['callback(event, payload)'])]),
    block(`def training_step${ctx.signature([['self'], ['batch', 'Any']], 'torch.Tensor')}`, stepBody),
    ['@torch.no_grad()', ...block(`def validation_step${ctx.signature([['self'], ['batch', 'Any']], 'float')}`, [
      ...d.unpack('batch', 'self.device', r),
      `outputs = ${d.forward('self.model')}`,
      `return self.criterion(outputs, ${d.target}).item()`,
    ])],
    block(`def fit${ctx.signature([['self'], ['train_loader', 'DataLoader'], ['val_loader', 'Optional[DataLoader]', 'None'], ['epochs', 'int', '10']], 'List[float]')}`, [
      'val_losses = []',
      ...block('for epoch in range(epochs)', [
        'self.model.train()',
        ...block('for batch in train_loader', ['loss = self.training_step(batch)', ...block(`if self.global_step % ${r.pick([50, 100, 500])} == 0`, ['self._emit("step", step=self.global_step, loss=loss.item())'])]),
        ...block('if val_loader is None', ['continue']),
        'self.model.eval()',
        'losses = [self.validation_step(batch) for batch in val_loader]',
        'val_losses.append(sum(losses) / max(len(losses), 1))',
        'self._emit("epoch", epoch=epoch, val_loss=val_losses[-1])',
      ]),
      'return val_losses',
    ]),
  ]));
  return { doc: r.chance(0.6) ? 'A small trainer, so the scripts do not each repeat the loop.' : undefined, prelude: [], parts: [cls] };
}

export function specialScript(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  const kind = r.pick(['gan', 'rl', 'distill']);
  const parts: Lines[] = [];
  if (kind === 'gan') {
    ctx.nn();
    const latent = r.pick([64, 100]);
    parts.push(block('class Generator(nn.Module)', members([
      block(`def __init__${ctx.signature([['self'], ['latent_dim', 'int', String(latent)], ['features', 'int', '64']])}`, [
        'super().__init__()',
        'self.net = nn.Sequential(',
        '    nn.ConvTranspose2d(latent_dim, features * 8, 4, 1, 0, bias=False),',
        '    nn.BatchNorm2d(features * 8),',
        '    nn.ReLU(True),',
        '    nn.ConvTranspose2d(features * 8, features * 4, 4, 2, 1, bias=False),',
        '    nn.BatchNorm2d(features * 4),',
        '    nn.ReLU(True),',
        '    nn.ConvTranspose2d(features * 4, 3, 4, 2, 1, bias=False),',
        '    nn.Tanh(),',
        ')',
      ]),
      block('def forward(self, z)', ['return self.net(z)']),
    ])));
    parts.push(block('class Discriminator(nn.Module)', members([
      block(`def __init__${ctx.signature([['self'], ['features', 'int', '64']])}`, [
        'super().__init__()',
        'self.net = nn.Sequential(',
        '    nn.Conv2d(3, features, 4, 2, 1, bias=False),',
        '    nn.LeakyReLU(0.2, inplace=True),',
        '    nn.Conv2d(features, features * 2, 4, 2, 1, bias=False),',
        '    nn.BatchNorm2d(features * 2),',
        '    nn.LeakyReLU(0.2, inplace=True),',
        '    nn.Conv2d(features * 2, 1, 4, 1, 0, bias=False),',
        ')',
      ]),
      block('def forward(self, x)', ['return self.net(x)']),
    ])));
    parts.push(ganTraining(ctx));
  } else if (kind === 'rl') {
    ctx.nn();
    parts.push(block('class Policy(nn.Module)', members([
      block(`def __init__${ctx.signature([['self'], ['obs_dim', 'int'], ['n_actions', 'int'], ['hidden', 'int', String(r.pick([64, 128]))]])}`, [
        'super().__init__()',
        'self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, n_actions))',
      ]),
      block('def forward(self, obs)', ['return self.body(obs)']),
    ])));
    parts.push(reinforce(ctx));
    parts.push(block(`def train${ctx.signature([['env'], ['episodes', 'int', String(r.pick([500, 1000]))]])}`, [
      'policy = Policy(env.observation_space.shape[0], env.action_space.n)',
      `optimizer = torch.optim.Adam(policy.parameters(), lr=${r.pick(['1e-2', '3e-3'])})`,
      'recent = []',
      ...block('for episode in range(episodes)', [
        'recent.append(run_episode(env, policy, optimizer))',
        'recent = recent[-100:]',
        ...block('if episode % 20 == 0', [ctx.report('f"episode {episode}: mean return {sum(recent) / len(recent):.1f}"')]),
      ]),
      'return policy',
    ]));
  } else {
    ctx.imports.names(`${names.packageName}.models`, ...r.sample(names.models, 2));
    parts.push(distillationStep(ctx));
  }
  return { doc: `${kind === 'gan' ? 'DCGAN training' : kind === 'rl' ? 'Policy gradient (REINFORCE)' : 'Knowledge distillation'} for the ${names.packageName} experiments.`, prelude: loggerLine(ctx), parts };
}

export function testModule(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  ctx.torch();
  ctx.imports.module('pytest');
  const model = r.pick(names.models);
  ctx.imports.names(`${names.packageName}.models`, model);
  const tests: Lines[] = [
    ['@pytest.fixture', ...block('def model()', ['torch.manual_seed(0)', `return ${model}()`])],
    block('def test_forward_shape(model)', [
      'model.eval()',
      ...block('with torch.no_grad()', [`out = model(${sampleInput(ctx)})`]),
      'assert out.shape[0] == 2',
      'assert torch.isfinite(out).all()',
    ]),
    block('def test_backward_reaches_every_parameter(model)', [
      `out = model(${sampleInput(ctx)})`,
      'out.float().sum().backward()',
      'missing = [name for name, p in model.named_parameters() if p.requires_grad and p.grad is None]',
      'assert not missing, missing',
    ]),
    ['@pytest.mark.parametrize("batch", [1, 3, 8])', ...block('def test_batch_sizes(model, batch)', [
      'model.eval()',
      `x = ${sampleInput(ctx).replace('2', 'batch')}`,
      ...block('with torch.no_grad()', ['assert model(x).shape[0] == batch']),
    ])],
  ];
  if (r.chance(0.5)) {
    tests.push(['@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")', ...block('def test_runs_on_gpu(model)', [
      'model = model.cuda().eval()',
      ...block('with torch.inference_mode()', [`out = model(${sampleInput(ctx)}.cuda())`]),
      'assert out.is_cuda',
    ])]);
  }
  return { doc: undefined, prelude: [], parts: tests };
}

function sampleInput(ctx: FileContext): string {
  switch (ctx.domain.key) {
    case 'vision':
    case 'segmentation':
      return 'torch.randn(2, 3, 64, 64)';
    case 'audio':
      return 'torch.randn(2, 1, 16000)';
    case 'text':
      return 'torch.randint(1, 1000, (2, 32))';
    default:
      return 'torch.randn(2, 16)';
  }
}

export function notebookExport(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  const d = ctx.domain;
  ctx.torch();
  ctx.nn();
  const model = r.pick(names.models);
  ctx.imports.names(`${names.packageName}.models`, model);
  ctx.imports.names(`${names.packageName}.data`, 'build_dataloaders');
  const mistake = r.chance(0.15);
  const cells: Lines[] = [
    ['# %% [markdown]', `# Exploring ${d.task}`, '', '# %%', 'device = "cuda" if torch.cuda.is_available() else "cpu"', `model = ${model}().to(device)`, `optimizer = torch.optim.Adam(model.parameters(), lr=${r.pick(['1e-3', '3e-4'])})`, `criterion = ${r.pick(d.criteria.filter((c) => c.startsWith('nn.')))}`],
    ['# %%', 'train_loader, val_loader = build_dataloaders(config)', 'batch = next(iter(train_loader))', `print({k: getattr(v, "shape", None) for k, v in batch.items()} if isinstance(batch, dict) else [getattr(t, "shape", None) for t in batch])`],
    ['# %%', mistake ? 'losses = []' : 'history = []', ...block(`for epoch in range(${r.int(2, 10)})`, [
      ...block('for batch in train_loader', [
        ...d.unpack('batch', 'device', r),
        `loss = criterion(${d.forward('model')}, ${d.target})`,
        'optimizer.zero_grad()',
        'loss.backward()',
        'optimizer.step()',
        mistake ? 'losses.append(loss)' : 'history.append(loss.item())',
      ]),
    ])],
    ['# %%', ...block('with torch.no_grad()', ['val_batch = next(iter(val_loader))', `preds = model(${d.inputs.length === 1 ? 'val_batch[0].to(device)' : '**{k: v.to(device) for k, v in val_batch.items() if k != "labels"}'})`]), 'print(preds[:5])'],
  ];
  return { doc: undefined, prelude: [`config = {"batch_size": ${r.pick([16, 32, 64])}, "workers": 2, "data_dir": "data"}`], parts: cells };
}

export function packageInit(ctx: FileContext, names: ProjectNames): ModuleParts {
  const exported = [...names.models.slice(0, ctx.random.int(1, names.models.length))];
  ctx.imports.names('.models', ...exported);
  return { doc: `${names.packageName}: ${ctx.domain.task} experiments.`, prelude: [`__all__ = [${exported.map((n) => `"${n}"`).join(', ')}]`, `__version__ = "0.${ctx.random.int(1, 9)}.${ctx.random.int(0, 20)}"`], parts: [] };
}

/** A model export / inference benchmark script. */
export function exportScript(ctx: FileContext, names: ProjectNames): ModuleParts {
  const r = ctx.random;
  ctx.torch();
  ctx.imports.module('time');
  ctx.imports.module('argparse');
  const model = r.pick(names.models);
  ctx.imports.names(`${names.packageName}.models`, model);
  const example = sampleInput(ctx);
  const parts: Lines[] = [
    block(`def benchmark${ctx.signature([['model', 'torch.nn.Module'], ['example', 'torch.Tensor'], ['iterations', 'int', String(r.pick([50, 100, 200]))]], 'float')}`, [
      'model.eval()',
      ...block('with torch.inference_mode()', [
        ...block('for _ in range(10)', ['model(example)']),
        ...block('if example.is_cuda', ['torch.cuda.synchronize()']),
        'start = time.perf_counter()',
        ...block('for _ in range(iterations)', ['model(example)']),
        ...block('if example.is_cuda', ['torch.cuda.synchronize()']),
      ]),
      'return (time.perf_counter() - start) / iterations * 1000.0',
    ]),
    block(`def export${ctx.signature([['model', 'torch.nn.Module'], ['example', 'torch.Tensor'], ['path', 'str']], 'None')}`, r.chance(0.5)
      ? ['traced = torch.jit.trace(model.eval(), example)', 'traced.save(path)']
      : ['torch.onnx.export(model.eval(), example, path, input_names=["input"], output_names=["output"], dynamic_axes={"input": {0: "batch"}}, opset_version=17)']),
    block('def main()', [
      'parser = argparse.ArgumentParser()',
      'parser.add_argument("checkpoint")',
      'parser.add_argument("--out", default="model.pt")',
      'parser.add_argument("--quantize", action="store_true")',
      'args = parser.parse_args()',
      `model = ${model}()`,
      'model.load_state_dict(torch.load(args.checkpoint, map_location="cpu")["model"])',
      ...block('if args.quantize', ['model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)']),
      `example = ${example}`,
      'print(f"latency: {benchmark(model, example):.2f} ms")',
      'export(model, example, args.out)',
    ]),
    block('if __name__ == "__main__"', ['main()']),
  ];
  return { doc: 'Export a trained model and measure its inference latency.', prelude: [], parts };
}
