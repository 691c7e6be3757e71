// Whole models for each domain, built from the layers, plus the helpers that usually sit next to
// them (weight initialisation, a registry, parameter counts).
import type { FileContext } from './context';
import type { DomainKey } from './domains';
import {
  convNormAct,
  feedForward,
  graphConv,
  positionalEncoding,
  residualBlock,
  selfAttention,
  squeezeExcite,
  temporalBlock,
  transformerBlock,
  unetStage,
  type Layer,
} from './layers';
import { block, docstring, members, type Lines } from './python';

export interface ModelDefinition {
  /** Helper classes the model needs, in definition order. */
  layers: Layer[];
  model: Layer;
  /** How a script constructs it, e.g. `ResNetLite(num_classes=10)`. */
  construct: string;
}

function forwardHeader(ctx: FileContext, domain: DomainKey): string {
  switch (domain) {
    case 'text':
      return `def forward${ctx.signature([['self'], ['input_ids', 'torch.Tensor'], ['attention_mask', 'Optional[torch.Tensor]', 'None']], 'torch.Tensor')}`;
    case 'graph':
      return `def forward${ctx.signature([['self'], ['x', 'torch.Tensor'], ['adjacency', 'torch.Tensor']], 'torch.Tensor')}`;
    case 'recsys':
      return `def forward${ctx.signature([['self'], ['user_ids', 'torch.Tensor'], ['item_ids', 'torch.Tensor']], 'torch.Tensor')}`;
    default:
      return `def forward${ctx.signature([['self'], ['x', 'torch.Tensor']], 'torch.Tensor')}`;
  }
}

function ctorHeader(ctx: FileContext, params: [string, string?, string?][]): string {
  return `def __init__${ctx.signature([['self'], ...params])}`;
}

function visionModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  if (r.chance(0.25)) {
    const attention = selfAttention(ctx);
    const ffn = feedForward(ctx, 'MLPBlock');
    const blockLayer = transformerBlock(ctx, attention.name, ffn.name, 'EncoderBlock');
    const patch = r.pick([4, 8, 16]);
    return {
      layers: [attention, ffn, blockLayer],
      model: {
        name,
        lines: block(`class ${name}(nn.Module)`, members([
          docstring(`A small vision transformer: ${patch}x${patch} patches, a class token, pre-norm blocks.`),
          block(ctorHeader(ctx, [['image_size', 'int', '32'], ['num_classes', 'int', '10'], ['dim', 'int', String(r.pick([192, 256, 384]))], ['depth', 'int', String(r.int(4, 12))], ['num_heads', 'int', '8']]), [
            'super().__init__()',
            `self.patch = nn.Conv2d(3, dim, kernel_size=${patch}, stride=${patch})`,
            `num_patches = (image_size // ${patch}) ** 2`,
            'self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))',
            'self.pos = nn.Parameter(torch.randn(1, num_patches + 1, dim) * 0.02)',
            'self.blocks = nn.ModuleList([EncoderBlock(dim, num_heads) for _ in range(depth)])',
            'self.norm = nn.LayerNorm(dim)',
            'self.head = nn.Linear(dim, num_classes)',
          ]),
          block(forwardHeader(ctx, 'vision'), [
            'x = self.patch(x).flatten(2).transpose(1, 2)',
            'cls = self.cls_token.expand(x.size(0), -1, -1)',
            'x = torch.cat([cls, x], dim=1) + self.pos',
            ...block('for layer in self.blocks', ['x = layer(x)']),
            'return self.head(self.norm(x[:, 0]))',
          ]),
        ])),
      },
      construct: `${name}(num_classes=num_classes)`,
    };
  }
  const stem = convNormAct(ctx);
  const res = residualBlock(ctx);
  const se = r.chance(0.4) ? squeezeExcite(ctx) : undefined;
  const widths = r.pick([[32, 64, 128], [64, 128, 256, 512], [16, 32, 64], [48, 96, 192, 384]]);
  const blocksPerStage = r.int(1, 3);
  const stageLines: Lines = [];
  widths.forEach((w, i) => {
    const input = i === 0 ? widths[0] : widths[i - 1];
    const stride = i === 0 ? 1 : 2;
    const inner = Array.from({ length: blocksPerStage - 1 }, () => `    ${res.name}(${w}, ${w}),`);
    stageLines.push(`self.stage${i + 1} = nn.Sequential(`, `    ${res.name}(${input}, ${w}, stride=${stride}),`, ...inner, ...(se ? [`    ${se.name}(${w}),`] : []), ')');
  });
  const pool = r.pick(['nn.AdaptiveAvgPool2d(1)', 'nn.AdaptiveMaxPool2d(1)']);
  return {
    layers: [stem, res, ...(se ? [se] : [])],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        ...(r.chance(0.5) ? [docstring(`Residual network with ${widths.length} stages (${widths.join('/')} channels).`)] : []),
        block(ctorHeader(ctx, [['num_classes', 'int', '10'], ['dropout', 'float', String(r.pick([0.0, 0.2, 0.3]))]]), [
          'super().__init__()',
          `self.stem = ${stem.name}(3, ${widths[0]})`,
          ...stageLines,
          `self.pool = ${pool}`,
          'self.dropout = nn.Dropout(dropout)',
          `self.fc = nn.Linear(${widths[widths.length - 1]}, num_classes)`,
        ]),
        block(forwardHeader(ctx, 'vision'), [
          'x = self.stem(x)',
          ...widths.map((_, i) => `x = self.stage${i + 1}(x)`),
          'x = torch.flatten(self.pool(x), 1)',
          'return self.fc(self.dropout(x))',
        ]),
      ])),
    },
    construct: `${name}(num_classes=num_classes)`,
  };
}

function textModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  if (r.chance(0.4)) {
    const rnn = r.pick(['LSTM', 'GRU']);
    return {
      layers: [],
      model: {
        name,
        lines: block(`class ${name}(nn.Module)`, members([
          block(ctorHeader(ctx, [['vocab_size', 'int'], ['num_classes', 'int'], ['embed_dim', 'int', String(r.pick([128, 256, 300]))], ['hidden', 'int', String(r.pick([128, 256, 512]))], ['layers', 'int', String(r.int(1, 3))]]), [
            'super().__init__()',
            'self.embedding = nn.Embedding(vocab_size, embed_dim, padding_idx=0)',
            `self.rnn = nn.${rnn}(embed_dim, hidden, num_layers=layers, batch_first=True, bidirectional=True, dropout=0.2 if layers > 1 else 0.0)`,
            'self.head = nn.Sequential(nn.Dropout(0.3), nn.Linear(hidden * 2, num_classes))',
          ]),
          block(forwardHeader(ctx, 'text'), [
            'embedded = self.embedding(input_ids)',
            'outputs, _ = self.rnn(embedded)',
            ...block('if attention_mask is None', ['pooled = outputs.mean(dim=1)']),
            ...block('else', ['weights = attention_mask.unsqueeze(-1).float()', 'pooled = (outputs * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1.0)']),
            'return self.head(pooled)',
          ]),
        ])),
      },
      construct: `${name}(vocab_size=tokenizer.vocab_size, num_classes=num_classes)`,
    };
  }
  const pos = positionalEncoding(ctx);
  const attention = selfAttention(ctx);
  const ffn = feedForward(ctx);
  const enc = transformerBlock(ctx, attention.name, ffn.name);
  const pooling = r.pick(['cls', 'mean']);
  return {
    layers: [pos, attention, ffn, enc],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        block(ctorHeader(ctx, [['vocab_size', 'int'], ['num_classes', 'int'], ['dim', 'int', String(r.pick([256, 384, 512]))], ['depth', 'int', String(r.int(2, 8))], ['num_heads', 'int', '8']]), [
          'super().__init__()',
          'self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)',
          `self.positions = ${pos.name}(dim)`,
          `self.layers = nn.ModuleList([${enc.name}(dim, num_heads) for _ in range(depth)])`,
          'self.norm = nn.LayerNorm(dim)',
          'self.classifier = nn.Linear(dim, num_classes)',
        ]),
        block(forwardHeader(ctx, 'text'), [
          'x = self.positions(self.embed(input_ids))',
          ...block('for layer in self.layers', ['x = layer(x, attention_mask)']),
          'x = self.norm(x)',
          ...(pooling === 'cls'
            ? ['return self.classifier(x[:, 0])']
            : [
                ...block('if attention_mask is not None', ['mask = attention_mask.unsqueeze(-1).to(x.dtype)', 'x = (x * mask).sum(1) / mask.sum(1).clamp(min=1e-6)']),
                ...block('else', ['x = x.mean(dim=1)']),
                'return self.classifier(x)',
              ]),
        ]),
      ])),
    },
    construct: `${name}(vocab_size=len(vocab), num_classes=num_classes)`,
  };
}

function audioModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  const channels = r.pick([32, 64]);
  const gru = r.chance(0.4);
  return {
    layers: [],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        ...(r.chance(0.5) ? [docstring('1-D convolutions over raw waveforms (M5 style), then global pooling.')] : []),
        block(ctorHeader(ctx, [['n_classes', 'int', '35'], ['n_channels', 'int', String(channels)], ['stride', 'int', '16']]), [
          'super().__init__()',
          'self.features = nn.Sequential(',
          '    nn.Conv1d(1, n_channels, kernel_size=80, stride=stride),',
          '    nn.BatchNorm1d(n_channels),',
          '    nn.ReLU(),',
          '    nn.MaxPool1d(4),',
          '    nn.Conv1d(n_channels, 2 * n_channels, kernel_size=3),',
          '    nn.BatchNorm1d(2 * n_channels),',
          '    nn.ReLU(),',
          '    nn.MaxPool1d(4),',
          ')',
          ...(gru ? ['self.gru = nn.GRU(2 * n_channels, 2 * n_channels, batch_first=True)'] : []),
          'self.fc = nn.Linear(2 * n_channels, n_classes)',
        ]),
        block(forwardHeader(ctx, 'audio'), [
          ...block('if x.dim() == 2', ['x = x.unsqueeze(1)']),
          'x = self.features(x)',
          ...(gru ? ['x, _ = self.gru(x.transpose(1, 2))', 'x = x[:, -1]'] : ['x = F.avg_pool1d(x, x.shape[-1]).squeeze(-1)']),
          'return F.log_softmax(self.fc(x), dim=-1)',
        ]),
      ])),
    },
    construct: `${name}(n_classes=len(labels))`,
  };
}

function tabularModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  const hidden = r.pick([[256, 128], [512, 256, 128], [128, 64], [1024, 512, 256]]);
  const norm = r.pick(['nn.BatchNorm1d', 'nn.LayerNorm']);
  return {
    layers: [],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        block(ctorHeader(ctx, [['in_features', 'int'], ['hidden', 'Sequence[int]', `(${hidden.join(', ')})`], ['dropout', 'float', String(r.pick([0.1, 0.2, 0.3]))]]), [
          'super().__init__()',
          'layers = []',
          'width = in_features',
          ...block('for size in hidden', [`layers += [nn.Linear(width, size), ${norm}(size), nn.ReLU(), nn.Dropout(dropout)]`, 'width = size']),
          'self.body = nn.Sequential(*layers)',
          'self.out = nn.Linear(width, 1)',
        ]),
        block(forwardHeader(ctx, 'tabular'), ['return self.out(self.body(x))']),
      ])),
    },
    construct: `${name}(in_features=train_set.num_features)`,
  };
}

function timeseriesModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  if (r.chance(0.5)) {
    const tb = temporalBlock(ctx);
    return {
      layers: [tb],
      model: {
        name,
        lines: block(`class ${name}(nn.Module)`, members([
          block(ctorHeader(ctx, [['n_inputs', 'int'], ['horizon', 'int'], ['channels', 'Sequence[int]', `(${r.pick(['32, 32, 64', '64, 64, 64, 64', '25, 25, 25'])})`], ['kernel_size', 'int', '3']]), [
            'super().__init__()',
            'blocks = []',
            ...block('for i, out_channels in enumerate(channels)', ['in_channels = n_inputs if i == 0 else channels[i - 1]', `blocks.append(${tb.name}(in_channels, out_channels, kernel_size, dilation=2 ** i))`]),
            'self.network = nn.Sequential(*blocks)',
            'self.head = nn.Linear(channels[-1], horizon)',
          ]),
          block(forwardHeader(ctx, 'timeseries'), ['features = self.network(x.transpose(1, 2))', 'return self.head(features[:, :, -1])']),
        ])),
      },
      construct: `${name}(n_inputs=train_set.num_series, horizon=${ctx.option('horizon')})`,
    };
  }
  return {
    layers: [],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        block(ctorHeader(ctx, [['n_inputs', 'int'], ['horizon', 'int'], ['hidden', 'int', String(r.pick([64, 128, 256]))], ['layers', 'int', '2']]), [
          'super().__init__()',
          'self.lstm = nn.LSTM(n_inputs, hidden, num_layers=layers, batch_first=True, dropout=0.1)',
          'self.proj = nn.Linear(hidden, horizon)',
        ]),
        block(forwardHeader(ctx, 'timeseries'), ['output, (h_n, c_n) = self.lstm(x)', 'return self.proj(h_n[-1])']),
      ])),
    },
    construct: `${name}(n_inputs=train_set.num_series, horizon=${ctx.option('horizon')})`,
  };
}

function segmentationModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  const stages = unetStage(ctx);
  const base = r.pick([16, 32, 64]);
  return {
    layers: stages,
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        docstring(`U-Net with a base width of ${base} channels.`),
        block(ctorHeader(ctx, [['in_channels', 'int', '3'], ['num_classes', 'int', '2']]), [
          'super().__init__()',
          `self.inc = DoubleConv(in_channels, ${base})`,
          `self.down1 = Down(${base}, ${base * 2})`,
          `self.down2 = Down(${base * 2}, ${base * 4})`,
          `self.down3 = Down(${base * 4}, ${base * 8})`,
          `self.up1 = Up(${base * 8}, ${base * 4})`,
          `self.up2 = Up(${base * 4}, ${base * 2})`,
          `self.up3 = Up(${base * 2}, ${base})`,
          `self.outc = nn.Conv2d(${base}, num_classes, kernel_size=1)`,
        ]),
        block(forwardHeader(ctx, 'segmentation'), [
          'x1 = self.inc(x)',
          'x2 = self.down1(x1)',
          'x3 = self.down2(x2)',
          'x4 = self.down3(x3)',
          'x = self.up1(x4, x3)',
          'x = self.up2(x, x2)',
          'x = self.up3(x, x1)',
          'return self.outc(x)',
        ]),
      ])),
    },
    construct: `${name}(num_classes=num_classes)`,
  };
}

function graphModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  const conv = graphConv(ctx);
  ctx.functional();
  return {
    layers: [conv],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        block(ctorHeader(ctx, [['in_features', 'int'], ['hidden', 'int'], ['num_classes', 'int'], ['num_layers', 'int', String(r.int(2, 4))], ['dropout', 'float', '0.5']]), [
          'super().__init__()',
          `dims = [in_features] + [hidden] * (num_layers - 1)`,
          `self.convs = nn.ModuleList([${conv.name}(a, b) for a, b in zip(dims[:-1], dims[1:])])`,
          'self.classifier = nn.Linear(hidden, num_classes)',
          'self.dropout = dropout',
        ]),
        block(forwardHeader(ctx, 'graph'), [
          ...block('for conv in self.convs', ['x = F.relu(conv(x, adjacency))', 'x = F.dropout(x, p=self.dropout, training=self.training)']),
          'return self.classifier(x)',
        ]),
      ])),
    },
    construct: `${name}(in_features=graph.num_features, hidden=${r.pick([64, 128, 256])}, num_classes=graph.num_classes)`,
  };
}

function recsysModel(ctx: FileContext, name: string): ModelDefinition {
  const r = ctx.random;
  const dim = r.pick([32, 64, 128]);
  const withMlp = r.chance(0.6);
  return {
    layers: [],
    model: {
      name,
      lines: block(`class ${name}(nn.Module)`, members([
        block(ctorHeader(ctx, [['num_users', 'int'], ['num_items', 'int'], ['dim', 'int', String(dim)]]), [
          'super().__init__()',
          'self.user_embedding = nn.Embedding(num_users, dim)',
          'self.item_embedding = nn.Embedding(num_items, dim)',
          ...(withMlp ? ['self.mlp = nn.Sequential(nn.Linear(2 * dim, dim), nn.ReLU(), nn.Linear(dim, 1))'] : ['self.user_bias = nn.Embedding(num_users, 1)', 'self.item_bias = nn.Embedding(num_items, 1)']),
          ...block('for table in (self.user_embedding, self.item_embedding)', ['nn.init.normal_(table.weight, std=0.01)']),
        ]),
        block(forwardHeader(ctx, 'recsys'), [
          'users = self.user_embedding(user_ids)',
          'items = self.item_embedding(item_ids)',
          ...(withMlp
            ? ['return self.mlp(torch.cat([users, items], dim=-1)).squeeze(-1)']
            : ['dot = (users * items).sum(dim=-1)', 'return dot + self.user_bias(user_ids).squeeze(-1) + self.item_bias(item_ids).squeeze(-1)']),
        ]),
      ])),
    },
    construct: `${name}(num_users=dataset.num_users, num_items=dataset.num_items)`,
  };
}

export function modelFor(ctx: FileContext, name: string): ModelDefinition {
  ctx.nn();
  const writers: Record<DomainKey, (c: FileContext, n: string) => ModelDefinition> = {
    vision: visionModel,
    text: textModel,
    audio: (c, n) => (c.functional(), audioModel(c, n)),
    tabular: tabularModel,
    timeseries: timeseriesModel,
    segmentation: segmentationModel,
    graph: graphModel,
    recsys: recsysModel,
  };
  return writers[ctx.domain.key](ctx, name);
}

export function initWeights(ctx: FileContext): Lines {
  ctx.nn();
  const r = ctx.random;
  const conv = r.pick(['nn.init.kaiming_normal_(module.weight, mode="fan_out", nonlinearity="relu")', 'nn.init.kaiming_uniform_(module.weight, a=0.01)']);
  const linear = r.pick(['nn.init.xavier_uniform_(module.weight)', 'nn.init.trunc_normal_(module.weight, std=0.02)', 'nn.init.normal_(module.weight, 0.0, 0.01)']);
  return block(`def init_weights${ctx.signature([['module', 'nn.Module']], 'None')}`, [
    ...ctx.maybeDoc('Initialises convolutions, linear layers and norms the way the paper describes.'),
    ...block('if isinstance(module, (nn.Conv1d, nn.Conv2d))', [conv, ...block('if module.bias is not None', ['nn.init.zeros_(module.bias)'])]),
    ...block('elif isinstance(module, nn.Linear)', [linear, ...block('if module.bias is not None', ['nn.init.constant_(module.bias, 0)'])]),
    ...block('elif isinstance(module, (nn.BatchNorm2d, nn.BatchNorm1d, nn.GroupNorm, nn.LayerNorm))', ['nn.init.ones_(module.weight)', 'nn.init.zeros_(module.bias)']),
  ]);
}

export function countParameters(ctx: FileContext): Lines {
  const r = ctx.random;
  if (r.chance(0.5)) {
    return block(`def count_parameters${ctx.signature([['model', 'nn.Module'], ['trainable_only', 'bool', 'True']], 'int')}`, [
      'return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)',
    ]);
  }
  return block(`def parameter_summary${ctx.signature([['model', 'nn.Module']], 'str')}`, [
    'rows = []',
    'total = 0',
    ...block('for name, param in model.named_parameters()', ['total += param.numel()', 'rows.append(f"{name:60s} {tuple(param.shape)!s:>20} {param.numel():>12,}")']),
    'rows.append(f"{\'total\':60s} {\'\':>20} {total:>12,}")',
    'return "\\n".join(rows)',
  ]);
}

export function modelRegistry(ctx: FileContext, names: readonly string[]): Lines {
  ctx.imports.names('typing', 'Callable', 'Dict');
  return [
    '_MODELS: Dict[str, Callable[..., nn.Module]] = {}',
    '',
    '',
    ...block('def register_model(name)', [
      ...block('def decorator(cls)', [
        ...block('if name in _MODELS', ['raise KeyError(f"model {name!r} is registered twice")']),
        '_MODELS[name] = cls',
        'return cls',
      ]),
      '',
      'return decorator',
    ]),
    '',
    '',
    ...block(`def build_model${ctx.signature([['name', 'str'], ['**kwargs']], 'nn.Module')}`, [
      ...block('try', ['factory = _MODELS[name]']),
      ...block('except KeyError', ['known = ", ".join(sorted(_MODELS))', 'raise ValueError(f"unknown model {name!r}; known: {known}") from None']),
      'return factory(**kwargs)',
    ]),
    '',
    '',
    `DEFAULT_MODELS = (${names.map((n) => `"${n.toLowerCase()}"`).join(', ')}${names.length === 1 ? ',' : ''})`,
  ];
}
