// Building blocks of models: small nn.Module classes with varied details (activations, norms,
// dropout, initialisation), the way people write them in their own repositories.
import type { FileContext } from './context';
import { block, docstring, members, type Lines } from './python';

export interface Layer {
  name: string;
  lines: Lines;
}

function activation(ctx: FileContext): string {
  return ctx.random.pick(['nn.ReLU(inplace=True)', 'nn.GELU()', 'nn.SiLU()', 'nn.LeakyReLU(0.1)', 'nn.ReLU()', 'nn.Mish()']);
}

function functionalActivation(ctx: FileContext): string {
  ctx.functional();
  return ctx.random.pick(['F.relu', 'F.gelu', 'F.silu']);
}

/** `def __init__(self, ...):` with `super().__init__()` first. */
function ctor(ctx: FileContext, params: [string, string?, string?][], body: Lines, doc?: string): Lines {
  const sig = ctx.signature([['self'], ...params]);
  const docLines = doc && ctx.random.chance(ctx.style.docstrings) ? [`"""${doc}"""`] : [];
  return block(`def __init__${sig}`, [...docLines, 'super().__init__()', ...body]);
}

function forward(ctx: FileContext, params: [string, string?, string?][], body: Lines, returns = 'torch.Tensor'): Lines {
  return block(`def forward${ctx.signature([['self'], ...params], returns)}`, body);
}

function classOf(name: string, base: string, doc: string | undefined, parts: Lines[]): Lines {
  return block(`class ${name}(${base})`, members([...(doc ? [docstring(doc)] : []), ...parts]));
}

export function convNormAct(ctx: FileContext, name = 'ConvBNAct'): Layer {
  ctx.nn();
  const norm = ctx.random.pick(['nn.BatchNorm2d(out_channels)', 'nn.GroupNorm(8, out_channels)', 'nn.BatchNorm2d(out_channels, momentum=0.05)']);
  const act = activation(ctx);
  const asSequential = ctx.random.chance(0.4);
  if (asSequential) {
    return {
      name,
      lines: classOf(name, 'nn.Sequential', ctx.random.chance(0.5) ? 'Convolution, normalisation and activation in one module.' : undefined, [
        block(`def __init__${ctx.signature([['self'], ['in_channels', 'int'], ['out_channels', 'int'], ['kernel_size', 'int', '3'], ['stride', 'int', '1']])}`, [
          'padding = kernel_size // 2',
          'super().__init__(',
          '    nn.Conv2d(in_channels, out_channels, kernel_size, stride=stride, padding=padding, bias=False),',
          `    ${norm},`,
          `    ${act},`,
          ')',
        ]),
      ]),
    };
  }
  return {
    name,
    lines: classOf(name, 'nn.Module', undefined, [
      ctor(ctx, [['in_channels', 'int'], ['out_channels', 'int'], ['kernel_size', 'int', '3'], ['stride', 'int', '1']], [
        'self.conv = nn.Conv2d(',
        '    in_channels, out_channels, kernel_size, stride=stride, padding=kernel_size // 2, bias=False',
        ')',
        `self.norm = ${norm}`,
        `self.act = ${act}`,
      ]),
      forward(ctx, [['x', 'torch.Tensor']], ['return self.act(self.norm(self.conv(x)))']),
    ]),
  };
}

export function residualBlock(ctx: FileContext, name = 'ResidualBlock'): Layer {
  ctx.nn();
  const act = functionalActivation(ctx);
  const expansion = ctx.random.pick([1, 1, 2, 4]);
  const dropPath = ctx.random.chance(0.3);
  const body: Lines = [
    `self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride=stride, padding=1, bias=False)`,
    'self.bn1 = nn.BatchNorm2d(out_channels)',
    `self.conv2 = nn.Conv2d(out_channels, out_channels * ${expansion}, 3, padding=1, bias=False)`,
    `self.bn2 = nn.BatchNorm2d(out_channels * ${expansion})`,
    ...(dropPath ? ['self.drop = nn.Dropout2d(drop_rate) if drop_rate > 0 else nn.Identity()'] : []),
    'self.shortcut = nn.Identity()',
    ...block(`if stride != 1 or in_channels != out_channels * ${expansion}`, [
      'self.shortcut = nn.Sequential(',
      `    nn.Conv2d(in_channels, out_channels * ${expansion}, 1, stride=stride, bias=False),`,
      `    nn.BatchNorm2d(out_channels * ${expansion}),`,
      ')',
    ]),
  ];
  const params: [string, string?, string?][] = [['in_channels', 'int'], ['out_channels', 'int'], ['stride', 'int', '1']];
  if (dropPath) params.push(['drop_rate', 'float', '0.0']);
  const fwd = ctx.random.chance(0.5)
    ? [
        'identity = self.shortcut(x)',
        `out = ${act}(self.bn1(self.conv1(x)))`,
        'out = self.bn2(self.conv2(out))',
        ...(dropPath ? ['out = self.drop(out)'] : []),
        `return ${act}(out + identity)`,
      ]
    : [
        `out = self.bn2(self.conv2(${act}(self.bn1(self.conv1(x)))))`,
        ...(dropPath ? ['out = self.drop(out)'] : []),
        'out += self.shortcut(x)',
        `return ${act}(out)`,
      ];
  return {
    name,
    lines: classOf(name, 'nn.Module', ctx.random.chance(0.4) ? `Two 3x3 convolutions with a skip connection (expansion ${expansion}).` : undefined, [
      ...(expansion !== 1 || ctx.random.chance(0.3) ? [[`expansion = ${expansion}`]] : []),
      ctor(ctx, params, body),
      forward(ctx, [['x', 'torch.Tensor']], fwd),
    ]),
  };
}

export function squeezeExcite(ctx: FileContext, name = 'SqueezeExcite'): Layer {
  ctx.nn();
  const reduction = ctx.random.pick([4, 8, 16]);
  return {
    name,
    lines: classOf(name, 'nn.Module', 'Channel attention: rescales each channel by a learned gate.', [
      ctor(ctx, [['channels', 'int'], ['reduction', 'int', String(reduction)]], [
        'hidden = max(channels // reduction, 8)',
        'self.pool = nn.AdaptiveAvgPool2d(1)',
        'self.fc = nn.Sequential(',
        '    nn.Linear(channels, hidden),',
        `    ${activation(ctx)},`,
        '    nn.Linear(hidden, channels),',
        '    nn.Sigmoid(),',
        ')',
      ]),
      forward(ctx, [['x', 'torch.Tensor']], [
        'b, c, _, _ = x.shape',
        'scale = self.fc(self.pool(x).view(b, c)).view(b, c, 1, 1)',
        'return x * scale',
      ]),
    ]),
  };
}

export function selfAttention(ctx: FileContext, name = 'MultiHeadSelfAttention'): Layer {
  ctx.nn();
  const useSdpa = ctx.random.chance(0.5);
  if (useSdpa) ctx.functional();
  else ctx.imports.module('math');
  const attend: Lines = useSdpa
    ? [
        'mask = None',
        ...block('if attention_mask is not None', ['mask = attention_mask[:, None, None, :].bool()']),
        'out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=self.dropout if self.training else 0.0)',
      ]
    : [
        'scores = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)',
        ...block('if attention_mask is not None', ['scores = scores.masked_fill(attention_mask[:, None, None, :] == 0, float("-inf"))']),
        'weights = scores.softmax(dim=-1)',
        'weights = self.attn_drop(weights)',
        'out = weights @ v',
      ];
  return {
    name,
    lines: classOf(name, 'nn.Module', undefined, [
      ctor(ctx, [['dim', 'int'], ['num_heads', 'int', String(ctx.random.pick([4, 8, 12]))], ['dropout', 'float', String(ctx.random.pick([0.0, 0.1]))]], [
        ...block('if dim % num_heads != 0', ['raise ValueError(f"dim {dim} is not divisible by {num_heads} heads")']),
        'self.num_heads = num_heads',
        'self.head_dim = dim // num_heads',
        ...(useSdpa ? ['self.dropout = dropout'] : ['self.attn_drop = nn.Dropout(dropout)']),
        `self.qkv = nn.Linear(dim, dim * 3, bias=${ctx.random.pick(['True', 'False'])})`,
        'self.proj = nn.Linear(dim, dim)',
      ]),
      forward(ctx, [['x', 'torch.Tensor'], ['attention_mask', 'Optional[torch.Tensor]', 'None']], [
        'batch, length, dim = x.shape',
        'qkv = self.qkv(x).reshape(batch, length, 3, self.num_heads, self.head_dim)',
        'q, k, v = qkv.permute(2, 0, 3, 1, 4)',
        ...attend,
        'out = out.transpose(1, 2).reshape(batch, length, dim)',
        'return self.proj(out)',
      ]),
    ]),
  };
}

export function feedForward(ctx: FileContext, name = 'FeedForward'): Layer {
  ctx.nn();
  const ratio = ctx.random.pick([2, 4]);
  const gated = ctx.random.chance(0.3);
  if (gated) ctx.functional();
  return {
    name,
    lines: classOf(name, 'nn.Module', undefined, [
      ctor(ctx, [['dim', 'int'], ['hidden_ratio', 'int', String(ratio)], ['dropout', 'float', '0.1']], gated
        ? ['hidden = dim * hidden_ratio', 'self.gate = nn.Linear(dim, hidden * 2)', 'self.out = nn.Linear(hidden, dim)', 'self.drop = nn.Dropout(dropout)']
        : ['hidden = dim * hidden_ratio', 'self.net = nn.Sequential(', '    nn.Linear(dim, hidden),', `    ${activation(ctx)},`, '    nn.Dropout(dropout),', '    nn.Linear(hidden, dim),', ')']),
      forward(ctx, [['x', 'torch.Tensor']], gated
        ? ['value, gate = self.gate(x).chunk(2, dim=-1)', 'return self.drop(self.out(value * F.silu(gate)))']
        : ['return self.net(x)']),
    ]),
  };
}

export function transformerBlock(ctx: FileContext, attention: string, ffn: string, name = 'TransformerBlock'): Layer {
  ctx.nn();
  const preNorm = ctx.random.chance(0.7);
  return {
    name,
    lines: classOf(name, 'nn.Module', preNorm ? 'Pre-norm encoder block.' : 'Post-norm encoder block, as in the original paper.', [
      ctor(ctx, [['dim', 'int'], ['num_heads', 'int'], ['dropout', 'float', '0.1']], [
        'self.norm1 = nn.LayerNorm(dim)',
        `self.attn = ${attention}(dim, num_heads, dropout)`,
        'self.norm2 = nn.LayerNorm(dim)',
        `self.ffn = ${ffn}(dim, dropout=dropout)`,
        'self.drop = nn.Dropout(dropout)',
      ]),
      forward(ctx, [['x', 'torch.Tensor'], ['attention_mask', 'Optional[torch.Tensor]', 'None']], preNorm
        ? ['x = x + self.drop(self.attn(self.norm1(x), attention_mask))', 'x = x + self.drop(self.ffn(self.norm2(x)))', 'return x']
        : ['x = self.norm1(x + self.drop(self.attn(x, attention_mask)))', 'return self.norm2(x + self.drop(self.ffn(x)))']),
    ]),
  };
}

export function positionalEncoding(ctx: FileContext, name = 'PositionalEncoding'): Layer {
  ctx.nn();
  ctx.imports.module('math');
  const learned = ctx.random.chance(0.35);
  if (learned) {
    return {
      name,
      lines: classOf(name, 'nn.Module', 'Learned absolute positions.', [
        ctor(ctx, [['dim', 'int'], ['max_len', 'int', String(ctx.random.pick([512, 1024, 2048]))]], [
          'self.table = nn.Parameter(torch.zeros(1, max_len, dim))',
          'nn.init.trunc_normal_(self.table, std=0.02)',
        ]),
        forward(ctx, [['x', 'torch.Tensor']], ['return x + self.table[:, : x.size(1)]']),
      ]),
    };
  }
  return {
    name,
    lines: classOf(name, 'nn.Module', 'Fixed sinusoidal positions, stored as a buffer so they follow .to(device).', [
      ctor(ctx, [['dim', 'int'], ['max_len', 'int', String(ctx.random.pick([512, 4096, 5000]))], ['dropout', 'float', '0.1']], [
        'self.dropout = nn.Dropout(p=dropout)',
        'position = torch.arange(max_len).unsqueeze(1)',
        'div_term = torch.exp(torch.arange(0, dim, 2) * (-math.log(10000.0) / dim))',
        'pe = torch.zeros(max_len, dim)',
        'pe[:, 0::2] = torch.sin(position * div_term)',
        'pe[:, 1::2] = torch.cos(position * div_term)',
        'self.register_buffer("pe", pe.unsqueeze(0), persistent=False)',
      ]),
      forward(ctx, [['x', 'torch.Tensor']], ['x = x + self.pe[:, : x.size(1)]', 'return self.dropout(x)']),
    ]),
  };
}

export function graphConv(ctx: FileContext, name = 'GraphConv'): Layer {
  ctx.nn();
  const normalise = ctx.random.chance(0.6);
  return {
    name,
    lines: classOf(name, 'nn.Module', 'One round of message passing over a dense, row-normalised adjacency matrix.', [
      ctor(ctx, [['in_features', 'int'], ['out_features', 'int'], ['bias', 'bool', 'True']], [
        'self.linear = nn.Linear(in_features, out_features, bias=bias)',
        ...(ctx.random.chance(0.5) ? ['self.self_loop = nn.Linear(in_features, out_features, bias=False)'] : ['self.self_loop = None']),
      ]),
      forward(ctx, [['x', 'torch.Tensor'], ['adjacency', 'torch.Tensor']], [
        ...(normalise
          ? ['degree = adjacency.sum(dim=-1, keepdim=True).clamp(min=1)', 'messages = (adjacency @ x) / degree']
          : ['messages = torch.sparse.mm(adjacency, x) if adjacency.is_sparse else adjacency @ x']),
        'out = self.linear(messages)',
        ...block('if self.self_loop is not None', ['out = out + self.self_loop(x)']),
        'return out',
      ]),
    ]),
  };
}

export function temporalBlock(ctx: FileContext, name = 'TemporalBlock'): Layer {
  ctx.nn();
  return {
    name,
    lines: classOf(name, 'nn.Module', 'Causal dilated convolution with a residual path.', [
      ctor(ctx, [['in_channels', 'int'], ['out_channels', 'int'], ['kernel_size', 'int'], ['dilation', 'int'], ['dropout', 'float', '0.2']], [
        'self.padding = (kernel_size - 1) * dilation',
        'self.conv1 = nn.Conv1d(in_channels, out_channels, kernel_size, padding=self.padding, dilation=dilation)',
        'self.conv2 = nn.Conv1d(out_channels, out_channels, kernel_size, padding=self.padding, dilation=dilation)',
        `self.act = ${activation(ctx)}`,
        'self.dropout = nn.Dropout(dropout)',
        'self.downsample = nn.Conv1d(in_channels, out_channels, 1) if in_channels != out_channels else None',
      ]),
      block(`def _chomp${ctx.signature([['self'], ['x', 'torch.Tensor']], 'torch.Tensor')}`, ['return x[..., : -self.padding].contiguous() if self.padding else x']),
      forward(ctx, [['x', 'torch.Tensor']], [
        'out = self.dropout(self.act(self._chomp(self.conv1(x))))',
        'out = self.dropout(self.act(self._chomp(self.conv2(out))))',
        'residual = x if self.downsample is None else self.downsample(x)',
        'return self.act(out + residual)',
      ]),
    ]),
  };
}

export function unetStage(ctx: FileContext): Layer[] {
  ctx.nn();
  ctx.functional();
  const act = activation(ctx);
  const doubleConv: Layer = {
    name: 'DoubleConv',
    lines: classOf('DoubleConv', 'nn.Sequential', undefined, [
      block(`def __init__${ctx.signature([['self'], ['in_channels', 'int'], ['out_channels', 'int']])}`, [
        'super().__init__(',
        '    nn.Conv2d(in_channels, out_channels, 3, padding=1, bias=False),',
        '    nn.BatchNorm2d(out_channels),',
        `    ${act},`,
        '    nn.Conv2d(out_channels, out_channels, 3, padding=1, bias=False),',
        '    nn.BatchNorm2d(out_channels),',
        `    ${act},`,
        ')',
      ]),
    ]),
  };
  const down: Layer = {
    name: 'Down',
    lines: classOf('Down', 'nn.Module', undefined, [
      ctor(ctx, [['in_channels', 'int'], ['out_channels', 'int']], ['self.pool = nn.MaxPool2d(2)', 'self.conv = DoubleConv(in_channels, out_channels)']),
      forward(ctx, [['x', 'torch.Tensor']], ['return self.conv(self.pool(x))']),
    ]),
  };
  const bilinear = ctx.random.chance(0.5);
  const up: Layer = {
    name: 'Up',
    lines: classOf('Up', 'nn.Module', undefined, [
      ctor(ctx, [['in_channels', 'int'], ['out_channels', 'int']], bilinear
        ? ['self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)', 'self.conv = DoubleConv(in_channels + out_channels, out_channels)']
        : ['self.up = nn.ConvTranspose2d(in_channels, in_channels // 2, kernel_size=2, stride=2)', 'self.conv = DoubleConv(in_channels // 2 + out_channels, out_channels)']),
      forward(ctx, [['x', 'torch.Tensor'], ['skip', 'torch.Tensor']], [
        'x = self.up(x)',
        'dy = skip.size(2) - x.size(2)',
        'dx = skip.size(3) - x.size(3)',
        ...block('if dy or dx', ['x = F.pad(x, [dx // 2, dx - dx // 2, dy // 2, dy - dy // 2])']),
        'return self.conv(torch.cat([skip, x], dim=1))',
      ]),
    ]),
  };
  return [doubleConv, down, up];
}
