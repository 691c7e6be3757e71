// Data loading: Dataset classes for each domain, collate functions, transforms, samplers and the
// functions that build DataLoaders (where batch sizes and worker counts live).
import type { FileContext } from './context';
import type { DomainKey } from './domains';
import { block, docstring, members, type Lines } from './python';

function datasetBody(ctx: FileContext, key: DomainKey): { init: Lines; params: [string, string?, string?][]; getitem: Lines; len: string; extra: Lines[] } {
  const r = ctx.random;
  switch (key) {
    case 'vision':
    case 'segmentation': {
      ctx.imports.names('pathlib', 'Path');
      ctx.imports.names('PIL', 'Image');
      const exts = r.pick(['(".jpg", ".jpeg", ".png")', '(".png",)', '(".jpg", ".webp")']);
      const seg = key === 'segmentation';
      return {
        params: [['root', 'str'], ['split', 'str', '"train"'], ['transform', 'Optional[Callable]', 'None']],
        init: [
          'self.root = Path(root) / split',
          `self.files = sorted(p for p in self.root.rglob("*") if p.suffix.lower() in ${exts})`,
          ...(seg ? ['self.mask_dir = Path(root) / f"{split}_masks"'] : ['self.classes = sorted({p.parent.name for p in self.files})', 'self.class_to_idx = {name: i for i, name in enumerate(self.classes)}']),
          'self.transform = transform',
          ...block('if not self.files', ['raise FileNotFoundError(f"no images under {self.root}")']),
        ],
        getitem: seg
          ? [
              'path = self.files[index]',
              'image = Image.open(path).convert("RGB")',
              'mask = Image.open(self.mask_dir / (path.stem + ".png"))',
              ...block('if self.transform is not None', ['image, mask = self.transform(image, mask)']),
              'return {"image": image, "mask": torch.as_tensor(np.array(mask), dtype=torch.long)}',
            ]
          : [
              'path = self.files[index]',
              'image = Image.open(path).convert("RGB")',
              ...block('if self.transform is not None', ['image = self.transform(image)']),
              'return image, self.class_to_idx[path.parent.name]',
            ],
        len: 'len(self.files)',
        extra: seg ? [] : [block('def class_counts(self)', ['counts = [0] * len(self.classes)', ...block('for path in self.files', ['counts[self.class_to_idx[path.parent.name]] += 1']), 'return counts'])],
      };
    }
    case 'text': {
      ctx.imports.module('json');
      const maxLen = r.pick([128, 256, 512]);
      return {
        params: [['path', 'str'], ['tokenizer', ''], ['max_length', 'int', String(maxLen)]],
        init: [
          ...block('with open(path, encoding="utf-8") as handle', ['self.records = [json.loads(line) for line in handle if line.strip()]']),
          'self.tokenizer = tokenizer',
          'self.max_length = max_length',
          'self.label_names = sorted({record["label"] for record in self.records})',
        ],
        getitem: [
          'record = self.records[index]',
          'ids = self.tokenizer.encode(record["text"])[: self.max_length]',
          'return {"input_ids": ids, "label": self.label_names.index(record["label"])}',
        ],
        len: 'len(self.records)',
        extra: [],
      };
    }
    case 'audio': {
      ctx.imports.module('torchaudio');
      ctx.imports.module('os');
      const rate = r.pick([8000, 16000]);
      return {
        params: [['root', 'str'], ['subset', 'str', '"training"'], ['sample_rate', 'int', String(rate)]],
        init: [
          'self.sample_rate = sample_rate',
          'list_file = os.path.join(root, f"{subset}_list.txt")',
          ...block('with open(list_file) as handle', ['self.items = [line.strip() for line in handle if line.strip()]']),
          'self.root = root',
          'self.labels = sorted({item.split("/")[0] for item in self.items})',
        ],
        getitem: [
          'relative = self.items[index]',
          'waveform, rate = torchaudio.load(os.path.join(self.root, relative))',
          ...block('if rate != self.sample_rate', ['waveform = torchaudio.functional.resample(waveform, rate, self.sample_rate)']),
          'label = self.labels.index(relative.split("/")[0])',
          'return waveform, label',
        ],
        len: 'len(self.items)',
        extra: [],
      };
    }
    case 'tabular': {
      ctx.imports.module('pandas', 'pd');
      ctx.imports.module('numpy', 'np');
      return {
        params: [['csv_path', 'str'], ['target_column', 'str', `"${r.pick(['price', 'target', 'y', 'label'])}"`], ['normalise', 'bool', 'True']],
        init: [
          'frame = pd.read_csv(csv_path)',
          'self.target = torch.tensor(frame.pop(target_column).to_numpy(), dtype=torch.float32)',
          'values = frame.select_dtypes(include=[np.number]).fillna(0.0).to_numpy(dtype=np.float32)',
          ...block('if normalise', ['mean = values.mean(axis=0)', 'std = values.std(axis=0) + 1e-6', 'values = (values - mean) / std']),
          'self.features = torch.from_numpy(values)',
        ],
        getitem: ['return self.features[index], self.target[index]'],
        len: 'self.features.size(0)',
        extra: [['@property', ...block('def num_features(self)', ['return self.features.size(1)'])]],
      };
    }
    case 'timeseries': {
      ctx.imports.module('numpy', 'np');
      return {
        params: [['series', 'np.ndarray'], ['window', 'int', String(r.pick([48, 96, 168]))], ['horizon', 'int', String(r.pick([12, 24]))], ['stride', 'int', '1']],
        init: [
          'self.series = torch.as_tensor(series, dtype=torch.float32)',
          'self.window = window',
          'self.horizon = horizon',
          'self.starts = list(range(0, len(series) - window - horizon + 1, stride))',
        ],
        getitem: [
          'start = self.starts[index]',
          'end = start + self.window',
          'return self.series[start:end], self.series[end : end + self.horizon, 0]',
        ],
        len: 'len(self.starts)',
        extra: [['@property', ...block('def num_series(self)', ['return self.series.size(1)'])]],
      };
    }
    case 'graph':
      return {
        params: [['features', 'torch.Tensor'], ['edges', 'torch.Tensor'], ['labels', 'torch.Tensor'], ['num_hops', 'int', '2']],
        init: [
          'self.features = features',
          'self.labels = labels',
          'num_nodes = features.size(0)',
          'self.adjacency = torch.zeros(num_nodes, num_nodes)',
          'self.adjacency[edges[0], edges[1]] = 1.0',
          'self.adjacency += torch.eye(num_nodes)',
          'self.num_hops = num_hops',
        ],
        getitem: [
          'nodes = torch.tensor([index])',
          ...block('for _ in range(self.num_hops)', ['nodes = torch.unique(torch.cat([nodes, self.adjacency[nodes].nonzero()[:, 1]]))']),
          'return self.features[nodes], self.adjacency[nodes][:, nodes], self.labels[nodes]',
        ],
        len: 'self.features.size(0)',
        extra: [],
      };
    case 'recsys':
      ctx.imports.module('pandas', 'pd');
      return {
        params: [['interactions', 'pd.DataFrame'], ['negatives_per_positive', 'int', String(r.pick([1, 4]))]],
        init: [
          'self.users = torch.tensor(interactions["user_id"].to_numpy())',
          'self.items = torch.tensor(interactions["item_id"].to_numpy())',
          'self.num_users = int(self.users.max()) + 1',
          'self.num_items = int(self.items.max()) + 1',
          'self.negatives = negatives_per_positive',
        ],
        getitem: [
          'positive = index % len(self.users)',
          'user = self.users[positive]',
          ...block('if index < len(self.users)', ['return user, self.items[positive], torch.tensor(1.0)']),
          'return user, torch.randint(self.num_items, ()), torch.tensor(0.0)',
        ],
        len: 'len(self.users) * (1 + self.negatives)',
        extra: [],
      };
  }
}

export function datasetClass(ctx: FileContext, name: string): Lines {
  ctx.torch();
  ctx.imports.names('torch.utils.data', 'Dataset');
  const body = datasetBody(ctx, ctx.domain.key);
  if (body.getitem.some((l) => l.includes('np.'))) ctx.imports.module('numpy', 'np');
  const r = ctx.random;
  return block(`class ${name}(Dataset)`, members([
    ...(r.chance(ctx.style.docstrings) ? [docstring(`Samples for ${ctx.domain.task}.`)] : []),
    block(`def __init__${ctx.signature([['self'], ...body.params])}`, body.init),
    block(`def __len__${ctx.signature([['self']], 'int')}`, [`return ${body.len}`]),
    block(`def __getitem__${ctx.signature([['self'], ['index', 'int']])}`, body.getitem),
    ...body.extra,
  ]));
}

/** Pads variable-length token lists into a batch with an attention mask. */
export function collateFunction(ctx: FileContext): Lines {
  ctx.torch();
  const r = ctx.random;
  if (ctx.domain.key === 'audio') {
    return block(`def pad_collate${ctx.signature([['batch', 'List[Tuple[torch.Tensor, int]]']])}`, [
      'waveforms, labels = zip(*batch)',
      'longest = max(w.size(-1) for w in waveforms)',
      'padded = torch.zeros(len(waveforms), 1, longest)',
      ...block('for i, waveform in enumerate(waveforms)', ['padded[i, :, : waveform.size(-1)] = waveform']),
      'return padded, torch.tensor(labels)',
    ]);
  }
  const padId = r.pick(['0', 'pad_token_id']);
  return block(`def collate_batch${ctx.signature([['samples', 'List[Dict[str, Any]]'], ...(padId === '0' ? [] : [['pad_token_id', 'int', '0'] as [string, string, string]])], 'Dict[str, torch.Tensor]')}`, [
    ...ctx.maybeDoc('Right-pads token ids to the longest sample and builds the attention mask.'),
    'longest = max(len(s["input_ids"]) for s in samples)',
    `input_ids = torch.full((len(samples), longest), ${padId}, dtype=torch.long)`,
    'attention_mask = torch.zeros((len(samples), longest), dtype=torch.long)',
    ...block('for row, sample in enumerate(samples)', ['ids = torch.as_tensor(sample["input_ids"], dtype=torch.long)', 'input_ids[row, : len(ids)] = ids', 'attention_mask[row, : len(ids)] = 1']),
    'labels = torch.tensor([s["label"] for s in samples])',
    'return {"input_ids": input_ids, "attention_mask": attention_mask, "labels": labels}',
  ]);
}

export function transforms(ctx: FileContext): Lines {
  const r = ctx.random;
  ctx.imports.names('torchvision', 'transforms');
  const size = r.pick([32, 64, 224, 256]);
  const mean = r.pick(['(0.485, 0.456, 0.406)', '(0.4914, 0.4822, 0.4465)', '(0.5, 0.5, 0.5)']);
  const std = r.pick(['(0.229, 0.224, 0.225)', '(0.2470, 0.2435, 0.2616)', '(0.5, 0.5, 0.5)']);
  const augment = r.sample([
    `transforms.RandomResizedCrop(${size}, scale=(0.${r.int(2, 6)}, 1.0))`,
    'transforms.RandomHorizontalFlip()',
    'transforms.ColorJitter(0.4, 0.4, 0.4, 0.1)',
    `transforms.RandomRotation(${r.pick([10, 15, 30])})`,
    'transforms.RandAugment(num_ops=2, magnitude=9)',
    'transforms.RandomGrayscale(p=0.1)',
  ], r.int(2, 4));
  return [
    `IMAGE_SIZE = ${size}`,
    `MEAN = ${mean}`,
    `STD = ${std}`,
    '',
    '',
    ...block(`def build_transforms${ctx.signature([['train', 'bool']])}`, [
      ...block('if train', ['return transforms.Compose([', ...augment.map((a) => `    ${a},`), '    transforms.ToTensor(),', '    transforms.Normalize(MEAN, STD),', '])']),
      'return transforms.Compose([',
      `    transforms.Resize(int(IMAGE_SIZE * ${r.pick(['1.14', '1.0', '1.15'])})),`,
      '    transforms.CenterCrop(IMAGE_SIZE),',
      '    transforms.ToTensor(),',
      '    transforms.Normalize(MEAN, STD),',
      '])',
    ]),
  ];
}

export interface LoaderOptions {
  datasetName: string;
  allowMistakes?: boolean;
}

/** `build_dataloaders(...)`: where batch size, workers and pinned memory are decided. */
export function buildLoaders(ctx: FileContext, options: LoaderOptions): Lines {
  const r = ctx.random;
  ctx.imports.names('torch.utils.data', 'DataLoader');
  const mistake = options.allowMistakes !== false && r.chance(0.1) ? r.pick(['big-batch', 'pinned-workers']) : undefined;
  const batch = mistake === 'big-batch' ? r.pick(['1024', '2048', '4096']) : ctx.option('batch_size');
  const workers = mistake === 'pinned-workers' ? r.pick(['16', '32', 'os.cpu_count()']) : r.pick([ctx.option('workers'), '4', 'min(8, os.cpu_count() or 1)', '2']);
  if (workers.includes('os.')) ctx.imports.module('os');
  const pin = r.pick(['True', 'torch.cuda.is_available()', `${ctx.style.device}.type == "cuda"`]);
  const collate = ctx.domain.key === 'text' ? ', collate_fn=collate_batch' : ctx.domain.key === 'audio' ? ', collate_fn=pad_collate' : '';
  const distributed = r.chance(0.25);
  if (distributed) ctx.imports.names('torch.utils.data.distributed', 'DistributedSampler');
  const split = r.chance(0.5);
  if (split) ctx.imports.names('torch.utils.data', 'random_split');
  const dataset = options.datasetName;
  const args = datasetArgs(ctx);
  const lines: Lines = [
    ...ctx.maybeDoc('Training and validation loaders.'),
    ...(split
      ? [
          `full = ${dataset}(${args})`,
          `val_size = int(len(full) * ${r.pick(['0.1', '0.2', '0.05'])})`,
          `train_set, val_set = random_split(full, [len(full) - val_size, val_size], generator=torch.Generator().manual_seed(${r.int(0, 9999)}))`,
        ]
      : [`train_set = ${dataset}(${args})`, `val_set = ${dataset}(${args.replace('"train"', '"val"').replace('train=True', 'train=False')})`]),
    ...(distributed ? ['train_sampler = DistributedSampler(train_set, shuffle=True)'] : []),
    'train_loader = DataLoader(',
    '    train_set,',
    `    batch_size=${batch},`,
    distributed ? '    sampler=train_sampler,' : '    shuffle=True,',
    `    num_workers=${workers},`,
    `    pin_memory=${pin},`,
    ...(r.chance(0.4) ? ['    drop_last=True,'] : []),
    ...(r.chance(0.3) ? ['    persistent_workers=True,'] : []),
    ...(collate ? [`   ${collate.slice(1)},`] : []),
    ')',
    `val_loader = DataLoader(val_set, batch_size=${r.chance(0.5) ? `${batch} * 2` : batch}, shuffle=False, num_workers=${workers}${collate})`,
    'return train_loader, val_loader',
  ];
  return block(`def build_dataloaders${ctx.signature([[ctx.style.options, ''], ...(pin.includes('.type') ? [[ctx.style.device, 'torch.device'] as [string, string]] : [])], 'Tuple[DataLoader, DataLoader]')}`, lines);
}

function datasetArgs(ctx: FileContext): string {
  switch (ctx.domain.key) {
    case 'vision':
      return `${ctx.option('data_dir')}, split="train", transform=build_transforms(train=True)`;
    case 'segmentation':
      return `${ctx.option('data_dir')}, split="train"`;
    case 'text':
      return `${ctx.option('train_file')}, tokenizer`;
    case 'audio':
      return `${ctx.option('data_dir')}, subset="training"`;
    case 'tabular':
      return `${ctx.option('csv')}`;
    case 'timeseries':
      return `load_series(${ctx.option('data_dir')}), window=${ctx.option('window')}`;
    case 'graph':
      return 'graph.features, graph.edges, graph.labels';
    case 'recsys':
      return `pd.read_parquet(${ctx.option('interactions')})`;
  }
}

export function weightedSampler(ctx: FileContext): Lines {
  ctx.torch();
  ctx.imports.names('torch.utils.data', 'WeightedRandomSampler');
  return block(`def balanced_sampler${ctx.signature([['labels', 'Sequence[int]'], ['num_samples', 'Optional[int]', 'None']], 'WeightedRandomSampler')}`, [
    ...ctx.maybeDoc('Draws every class about equally often, whatever its share of the data.'),
    'counts = torch.bincount(torch.as_tensor(labels))',
    'weights = 1.0 / counts.float().clamp(min=1)',
    'sample_weights = weights[torch.as_tensor(labels)]',
    'return WeightedRandomSampler(sample_weights, num_samples or len(labels), replacement=True)',
  ]);
}

export function prefetcher(ctx: FileContext): Lines {
  ctx.torch();
  ctx.imports.names('torch.utils.data', 'DataLoader');
  return block('class CudaPrefetcher', members([
    docstring('Copies the next batch to the GPU on a side stream while the current one is used.'),
    block(`def __init__${ctx.signature([['self'], ['loader', 'DataLoader'], [ctx.style.device, 'torch.device']])}`, [
      'self.loader = loader',
      `self.device = ${ctx.style.device}`,
      'self.stream = torch.cuda.Stream() if torch.cuda.is_available() else None',
    ]),
    block('def __len__(self)', ['return len(self.loader)']),
    block('def __iter__(self)', [
      'batch = None',
      ...block('for next_batch in self.loader', [
        ...block('if self.stream is None', ['yield [t.to(self.device) for t in next_batch]', 'continue']),
        ...block('with torch.cuda.stream(self.stream)', ['next_batch = [t.to(self.device, non_blocking=True) for t in next_batch]']),
        ...block('if batch is not None', ['yield batch']),
        'torch.cuda.current_stream().wait_stream(self.stream)',
        'batch = next_batch',
      ]),
      ...block('if batch is not None', ['yield batch']),
    ]),
  ]));
}
