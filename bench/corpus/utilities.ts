// The helpers every training repository grows: meters, seeding, logging, checkpoints, distributed
// wrappers, configuration, timers, early stopping, weight averaging, metrics. Some import torch,
// some do not (helper modules a linter must still read).
import type { FileContext } from './context';
import { block, docstring, members, type Lines } from './python';

export type UtilityWriter = (ctx: FileContext) => Lines;

const averageMeter: UtilityWriter = (ctx) => {
  const name = ctx.random.pick(['AverageMeter', 'RunningAverage', 'Meter']);
  return block(`class ${name}`, members([
    docstring('Keeps the latest value, the sum, the count and the mean of a stream of numbers.'),
    block(`def __init__${ctx.signature([['self'], ['name', 'str', '""'], ['fmt', 'str', '":.4f"']])}`, ['self.name = name', 'self.fmt = fmt', 'self.reset()']),
    block('def reset(self)', ['self.val = 0.0', 'self.sum = 0.0', 'self.count = 0', 'self.avg = 0.0']),
    block(`def update${ctx.signature([['self'], ['val', 'float'], ['n', 'int', '1']], 'None')}`, ['self.val = val', 'self.sum += val * n', 'self.count += n', 'self.avg = self.sum / self.count']),
    block('def __str__(self)', ['template = "{name} {val" + self.fmt + "} ({avg" + self.fmt + "})"', 'return template.format(**self.__dict__)']),
  ]));
};

const setSeed: UtilityWriter = (ctx) => {
  ctx.torch();
  ctx.imports.module('random');
  ctx.imports.module('numpy', 'np');
  const deterministic = ctx.random.chance(0.5);
  return block(`def ${ctx.random.pick(['set_seed', 'seed_everything', 'fix_seeds'])}${ctx.signature([['seed', 'int'], ['deterministic', 'bool', deterministic ? 'False' : 'True']], 'None')}`, [
    ...ctx.maybeDoc('Seeds Python, NumPy and PyTorch (CPU and every GPU).'),
    'random.seed(seed)',
    'np.random.seed(seed)',
    'torch.manual_seed(seed)',
    'torch.cuda.manual_seed_all(seed)',
    ...block('if deterministic', ['torch.backends.cudnn.deterministic = True', 'torch.backends.cudnn.benchmark = False', ...(ctx.random.chance(0.4) ? ['torch.use_deterministic_algorithms(True, warn_only=True)'] : [])]),
  ]);
};

const setupLogging: UtilityWriter = (ctx) => {
  ctx.imports.module('logging');
  ctx.imports.module('sys');
  return block(`def setup_logging${ctx.signature([['output_dir', 'Optional[str]', 'None'], ['level', 'int', 'logging.INFO']], 'logging.Logger')}`, [
    'handlers = [logging.StreamHandler(sys.stdout)]',
    ...block('if output_dir is not None', [`handlers.append(logging.FileHandler(f"{output_dir}/${ctx.random.pick(['train', 'log', 'run'])}.log"))`]),
    'logging.basicConfig(',
    '    level=level,',
    `    format="${ctx.random.pick(['%(asctime)s %(levelname)s %(name)s: %(message)s', '[%(asctime)s] %(message)s', '%(levelname)-8s %(message)s'])}",`,
    '    handlers=handlers,',
    ')',
    `return logging.getLogger("${ctx.random.pick(['train', 'project', 'experiment'])}")`,
  ]);
};

const checkpoints: UtilityWriter = (ctx) => {
  ctx.torch();
  ctx.imports.module('os');
  const atomic = ctx.random.chance(0.5);
  return [
    ...block(`def save_checkpoint${ctx.signature([['state', 'Dict[str, Any]'], ['path', 'str'], ['is_best', 'bool', 'False']], 'None')}`, [
      'os.makedirs(os.path.dirname(path) or ".", exist_ok=True)',
      ...(atomic ? ['tmp_path = path + ".tmp"', 'torch.save(state, tmp_path)', 'os.replace(tmp_path, path)'] : ['torch.save(state, path)']),
      ...block('if is_best', [(ctx.imports.module('shutil'), 'shutil.copyfile(path, os.path.join(os.path.dirname(path), "model_best.pt"))')]),
    ]),
    '',
    '',
    ...block(`def load_checkpoint${ctx.signature([['path', 'str'], ['model', 'torch.nn.Module'], ['optimizer', 'Optional[torch.optim.Optimizer]', 'None'], ['map_location', 'str', '"cpu"']], 'int')}`, [
      ...ctx.maybeDoc('Restores weights (and the optimiser when given); returns the epoch to resume from.'),
      'checkpoint = torch.load(path, map_location=map_location)',
      'state = checkpoint.get("model", checkpoint)',
      ...block('if any(key.startswith("module.") for key in state)', ['state = {key[len("module."):]: value for key, value in state.items()}']),
      `missing, unexpected = model.load_state_dict(state, strict=${ctx.random.pick(['True', 'False'])})`,
      ...block('if missing or unexpected', [ctx.report('f"missing keys: {missing}, unexpected keys: {unexpected}"')]),
      ...block('if optimizer is not None and "optimizer" in checkpoint', ['optimizer.load_state_dict(checkpoint["optimizer"])']),
      'return int(checkpoint.get("epoch", -1)) + 1',
    ]),
  ];
};

const distributed: UtilityWriter = (ctx) => {
  ctx.torch();
  ctx.imports.module('os');
  ctx.imports.module('torch.distributed', 'dist');
  return [
    ...block(`def init_distributed${ctx.signature([], 'Tuple[int, int, int]')}`, [
      ...ctx.maybeDoc('Joins the process group torchrun describes in the environment; (rank, local rank, world size).'),
      ...block('if "RANK" not in os.environ', ['return 0, 0, 1']),
      'rank = int(os.environ["RANK"])',
      'local_rank = int(os.environ["LOCAL_RANK"])',
      'world_size = int(os.environ["WORLD_SIZE"])',
      'torch.cuda.set_device(local_rank)',
      `dist.init_process_group(backend="${ctx.random.pick(['nccl', 'nccl', 'gloo'])}", rank=rank, world_size=world_size)`,
      'dist.barrier()',
      'return rank, local_rank, world_size',
    ]),
    '',
    '',
    ...block(`def is_main_process${ctx.signature([], 'bool')}`, ['return not dist.is_available() or not dist.is_initialized() or dist.get_rank() == 0']),
    '',
    '',
    ...block(`def reduce_mean${ctx.signature([['value', 'torch.Tensor']], 'torch.Tensor')}`, [
      ...block('if not dist.is_initialized()', ['return value']),
      'value = value.clone()',
      'dist.all_reduce(value, op=dist.ReduceOp.SUM)',
      'return value / dist.get_world_size()',
    ]),
    '',
    '',
    ...block('def cleanup()', [...block('if dist.is_initialized()', ['dist.destroy_process_group()'])]),
  ];
};

const configDataclass: UtilityWriter = (ctx) => {
  ctx.imports.names('dataclasses', 'dataclass', 'field', 'asdict');
  ctx.imports.module('json');
  const r = ctx.random;
  const fields = r.sample([
    'lr: float = 3e-4',
    `epochs: int = ${r.pick([10, 30, 90, 100])}`,
    `batch_size: int = ${r.pick([32, 64, 128, 256])}`,
    `weight_decay: float = ${r.pick(['0.01', '0.05', '1e-4'])}`,
    'workers: int = 4',
    `seed: int = ${r.int(0, 9999)}`,
    'output_dir: str = "runs/default"',
    'data_dir: str = "data"',
    `warmup_steps: int = ${r.pick([500, 1000, 2000])}`,
    'patience: int = 5',
    'amp: bool = True',
    'grad_clip: float = 1.0',
    'tags: list = field(default_factory=list)',
  ], r.int(6, 12));
  const name = r.pick(['TrainConfig', 'ExperimentConfig', 'Config', 'RunConfig']);
  return ['@dataclass', ...block(`class ${name}`, members([
    ...(r.chance(0.5) ? [docstring('Every knob of a run; saved next to the checkpoints.')] : []),
    fields,
    ['@classmethod', ...block(`def from_json${ctx.signature([['cls'], ['path', 'str']], `"${name}"`)}`, [...block('with open(path) as handle', ['values = json.load(handle)']), 'known = {k: v for k, v in values.items() if k in cls.__dataclass_fields__}', 'return cls(**known)'])],
    block(`def save${ctx.signature([['self'], ['path', 'str']], 'None')}`, [...block('with open(path, "w") as handle', ['json.dump(asdict(self), handle, indent=2, sort_keys=True)'])]),
  ]))];
};

const timer: UtilityWriter = (ctx) => {
  ctx.imports.module('time');
  ctx.imports.module('contextlib');
  const cuda = ctx.random.chance(0.5);
  if (cuda) ctx.torch();
  return [
    '@contextlib.contextmanager',
    ...block(`def timed${ctx.signature([['label', 'str'], ['sink', 'Optional[Dict[str, float]]', 'None']])}`, [
      ...(cuda ? block('if torch.cuda.is_available()', ['torch.cuda.synchronize()']) : []),
      'start = time.perf_counter()',
      ...block('try', ['yield']),
      ...block('finally', [
        ...(cuda ? block('if torch.cuda.is_available()', ['torch.cuda.synchronize()']) : []),
        'elapsed = time.perf_counter() - start',
        ...block('if sink is not None', ['sink[label] = sink.get(label, 0.0) + elapsed']),
        ...block('else', [ctx.report('f"{label}: {elapsed * 1000:.1f} ms"')]),
      ]),
    ]),
  ];
};

const earlyStopping: UtilityWriter = (ctx) => {
  const r = ctx.random;
  return block('class EarlyStopping', members([
    ...(r.chance(0.5) ? [docstring('Stops training once the monitored metric has not improved for `patience` checks.')] : []),
    block(`def __init__${ctx.signature([['self'], ['patience', 'int', String(r.pick([3, 5, 10]))], ['min_delta', 'float', '0.0'], ['mode', 'str', '"min"']])}`, [
      ...block('if mode not in ("min", "max")', ['raise ValueError(f"mode must be min or max, not {mode!r}")']),
      'self.patience = patience',
      'self.min_delta = min_delta',
      'self.mode = mode',
      'self.best = None',
      'self.bad_checks = 0',
    ]),
    block(`def improved${ctx.signature([['self'], ['value', 'float']], 'bool')}`, [
      ...block('if self.best is None', ['return True']),
      ...block('if self.mode == "min"', ['return value < self.best - self.min_delta']),
      'return value > self.best + self.min_delta',
    ]),
    block(`def step${ctx.signature([['self'], ['value', 'float']], 'bool')}`, [
      ...ctx.maybeDoc('Records a check; True when training should stop.'),
      ...block('if self.improved(value)', ['self.best = value', 'self.bad_checks = 0', 'return False']),
      'self.bad_checks += 1',
      'return self.bad_checks >= self.patience',
    ]),
  ]));
};

const ema: UtilityWriter = (ctx) => {
  ctx.torch();
  ctx.imports.module('copy');
  const decay = ctx.random.pick(['0.999', '0.9999', '0.998']);
  return block('class ModelEma', members([
    docstring('Exponential moving average of a model\'s weights, kept on the same device.'),
    block(`def __init__${ctx.signature([['self'], ['model', 'torch.nn.Module'], ['decay', 'float', decay]])}`, [
      'self.module = copy.deepcopy(model).eval()',
      'self.decay = decay',
      ...block('for param in self.module.parameters()', ['param.requires_grad_(False)']),
    ]),
    ['@torch.no_grad()', ...block(`def update${ctx.signature([['self'], ['model', 'torch.nn.Module']], 'None')}`, [
      'model_state = model.state_dict()',
      ...block('for name, value in self.module.state_dict().items()', [
        'source = model_state[name].detach()',
        ...block('if value.dtype.is_floating_point', ['value.mul_(self.decay).add_(source, alpha=1.0 - self.decay)']),
        ...block('else', ['value.copy_(source)']),
      ]),
    ])],
  ]));
};

const accuracyTopK: UtilityWriter = (ctx) => {
  ctx.torch();
  return [
    '@torch.no_grad()',
    ...block(`def accuracy${ctx.signature([['output', 'torch.Tensor'], ['target', 'torch.Tensor'], ['topk', 'Tuple[int, ...]', '(1,)']], 'List[float]')}`, [
      ...ctx.maybeDoc('Top-k accuracy in percent for each k.'),
      'maxk = max(topk)',
      'batch_size = target.size(0)',
      '_, pred = output.topk(maxk, 1, True, True)',
      'pred = pred.t()',
      'correct = pred.eq(target.view(1, -1).expand_as(pred))',
      'return [correct[:k].reshape(-1).float().sum(0).item() * 100.0 / batch_size for k in topk]',
    ]),
  ];
};

const confusionMatrix: UtilityWriter = (ctx) => {
  ctx.torch();
  return [
    ...block(`def confusion_matrix${ctx.signature([['predictions', 'torch.Tensor'], ['targets', 'torch.Tensor'], ['num_classes', 'int']], 'torch.Tensor')}`, [
      'indices = targets * num_classes + predictions',
      'counts = torch.bincount(indices, minlength=num_classes ** 2)',
      'return counts.reshape(num_classes, num_classes)',
    ]),
    '',
    '',
    ...block(`def per_class_f1${ctx.signature([['matrix', 'torch.Tensor']], 'torch.Tensor')}`, [
      'true_positive = matrix.diag().float()',
      'precision = true_positive / matrix.sum(dim=0).clamp(min=1)',
      'recall = true_positive / matrix.sum(dim=1).clamp(min=1)',
      'return 2 * precision * recall / (precision + recall).clamp(min=1e-12)',
    ]),
  ];
};

const gpuMemoryReport: UtilityWriter = (ctx) => {
  ctx.torch();
  return [
    ...block(`def format_bytes${ctx.signature([['count', 'float']], 'str')}`, [
      ...block('for unit in ("B", "KiB", "MiB", "GiB")', [...block('if abs(count) < 1024.0', ['return f"{count:.1f} {unit}"']), 'count /= 1024.0']),
      'return f"{count:.1f} TiB"',
    ]),
    '',
    '',
    ...block(`def cuda_memory_summary${ctx.signature([[ctx.style.device, 'Optional[torch.device]', 'None']], 'str')}`, [
      ...block('if not torch.cuda.is_available()', ['return "cuda unavailable"']),
      `allocated = torch.cuda.memory_allocated(${ctx.style.device})`,
      `reserved = torch.cuda.memory_reserved(${ctx.style.device})`,
      `peak = torch.cuda.max_memory_allocated(${ctx.style.device})`,
      'return f"allocated {format_bytes(allocated)}, reserved {format_bytes(reserved)}, peak {format_bytes(peak)}"',
    ]),
  ];
};

const toDevice: UtilityWriter = (ctx) => {
  ctx.torch();
  return block(`def move_to${ctx.signature([['obj', 'Any'], [ctx.style.device, 'torch.device']], 'Any')}`, [
    ...ctx.maybeDoc('Moves tensors inside nested lists, tuples and dicts to the device.'),
    ...block('if torch.is_tensor(obj)', [`return obj.to(${ctx.style.device}, non_blocking=True)`]),
    ...block('if isinstance(obj, dict)', [`return {key: move_to(value, ${ctx.style.device}) for key, value in obj.items()}`]),
    ...block('if isinstance(obj, (list, tuple))', [`moved = [move_to(value, ${ctx.style.device}) for value in obj]`, 'return type(obj)(moved) if isinstance(obj, tuple) else moved']),
    'return obj',
  ]);
};

// Helpers that never touch torch.
const fileWalker: UtilityWriter = (ctx) => {
  ctx.imports.module('os');
  ctx.imports.module('fnmatch');
  return block(`def find_files${ctx.signature([['root', 'str'], ['patterns', 'Sequence[str]', '("*.json",)'], ['skip_hidden', 'bool', 'True']], 'Iterator[str]')}`, [
    ...block('for directory, subdirs, names in os.walk(root)', [
      ...block('if skip_hidden', ['subdirs[:] = [d for d in subdirs if not d.startswith(".")]']),
      ...block('for name in sorted(names)', [...block('if any(fnmatch.fnmatch(name, p) for p in patterns)', ['yield os.path.join(directory, name)'])]),
    ]),
  ]);
};

const csvReport: UtilityWriter = (ctx) => {
  ctx.imports.module('csv');
  return block(`def write_report${ctx.signature([['rows', 'List[Dict[str, Any]]'], ['path', 'str']], 'None')}`, [
    ...block('if not rows', ['return']),
    'columns = sorted({key for row in rows for key in row})',
    ...block('with open(path, "w", newline="") as handle', ['writer = csv.DictWriter(handle, fieldnames=columns)', 'writer.writeheader()', ...block('for row in rows', ['writer.writerow({key: row.get(key, "") for key in columns})'])]),
  ]);
};

const slugify: UtilityWriter = (ctx) => {
  ctx.imports.module('re');
  ctx.imports.module('unicodedata');
  return block(`def slugify${ctx.signature([['text', 'str'], ['max_length', 'int', '64']], 'str')}`, [
    'normalised = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")',
    'slug = re.sub(r"[^a-zA-Z0-9]+", "-", normalised).strip("-").lower()',
    'return slug[:max_length] or "run"',
  ]);
};

const mergeConfig: UtilityWriter = (ctx) => {
  ctx.imports.module('copy');
  return block(`def deep_merge${ctx.signature([['base', 'Dict[str, Any]'], ['override', 'Dict[str, Any]']], 'Dict[str, Any]')}`, [
    ...ctx.maybeDoc('Merges nested dictionaries; values from `override` win.'),
    'merged = copy.deepcopy(base)',
    ...block('for key, value in override.items()', [
      ...block('if isinstance(value, dict) and isinstance(merged.get(key), dict)', ['merged[key] = deep_merge(merged[key], value)']),
      ...block('else', ['merged[key] = value']),
    ]),
    'return merged',
  ]);
};

const runName: UtilityWriter = (ctx) => {
  ctx.imports.module('datetime');
  ctx.imports.module('hashlib');
  return block(`def run_name${ctx.signature([['settings', 'Dict[str, Any]'], ['prefix', 'str', '"run"']], 'str')}`, [
    'stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")',
    'digest = hashlib.sha1(repr(sorted(settings.items())).encode()).hexdigest()[:8]',
    'return f"{prefix}-{stamp}-{digest}"',
  ]);
};

export const TORCH_UTILITIES: readonly UtilityWriter[] = [setSeed, checkpoints, distributed, timer, ema, accuracyTopK, confusionMatrix, gpuMemoryReport, toDevice];
export const PLAIN_UTILITIES: readonly UtilityWriter[] = [averageMeter, setupLogging, configDataclass, earlyStopping, fileWalker, csvReport, slugify, mergeConfig, runName];
