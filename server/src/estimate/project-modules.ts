// Models built from torch.nn layers in the project: an `nn.Module` class of the file, or an
// `nn.Sequential(...)`. Parameters are counted exactly from the layers' constructor arguments when they
// resolve; the bytes saved for backward are counted by following the layers in the order `__init__`
// creates them, each applied once to the previous one's output.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { callArguments, callee, dottedName, nodeText, unparenthesize } from '../semantic/names';
import type { CodeValues } from './code-values';
import type { InputShape, KnownModel } from './model-knowledge';
import { inputBytes, lossBytes, maskBytes, type FootprintOptions } from './model-knowledge';
import type { ModelFootprint } from './step-memory';
import { savedBytesPerTokenPerLayer, transformerParameters, type TransformerConfig } from './transformer-models';

/** One layer, with what its forward pass saves. */
interface Layer {
  parameters: number;
  largest: number;
  /** Parameters autocast copies to 16 bits and saves (the weights of matrix multiplications). */
  castable?: number;
  /** The width of its output per row, from the width of its input (null: same as the input). */
  outputWidth: number | null;
  /** Which tensors the forward pass saves: its input, its output, a 1-byte mask the size of its output. */
  savesInput: boolean;
  savesOutput: boolean;
  mask: boolean;
  /** The output is the input's storage (in-place operations, views). */
  inPlace: boolean;
  /** Bytes saved per row beyond the above (a transformer's layers), from the rows and the bytes of a dropout mask element. */
  extraPerRow?: (rows: number, mask: number) => number;
  /** The layer turns token ids into vectors. */
  embedding?: boolean;
}

const ACTIVATIONS_SAVING_OUTPUT = new Set(['ReLU', 'ReLU6', 'Sigmoid', 'Tanh', 'Softmax', 'LogSoftmax']);
const ACTIVATIONS_SAVING_INPUT = new Set(['GELU', 'SiLU', 'Mish', 'ELU', 'LeakyReLU', 'Softplus', 'Hardswish', 'SELU', 'CELU', 'PReLU']);
const VIEWS = new Set(['Flatten', 'Identity', 'Unflatten']);

export interface LayerStack {
  layers: Layer[];
  /** Why the stack cannot be followed (a convolution without a known spatial size, a layer oomlint does not know). */
  unknown: string | null;
  inputWidth: number | null;
  tokens: boolean;
}

export class ProjectModules {
  constructor(private readonly values: CodeValues) {}

  /** `nn.Sequential(...)`, a `torch.nn` layer, or a module class of this file, as a stack of layers. */
  stackOf(call: SyntaxNode, depth = 0): LayerStack {
    const empty: LayerStack = { layers: [], unknown: null, inputWidth: null, tokens: false };
    if (depth > 6) return { ...empty, unknown: 'modules nested too deeply' };
    const qualified = this.values.calleeName(call) ?? '';
    const last = qualified.split('.').pop() ?? '';
    if (qualified === 'torch.nn.Sequential') {
      const items = callArguments(call, this.values.text).positional;
      return this.combine(items.map((item) => this.expressionStack(item, depth + 1)));
    }
    if (qualified.startsWith('torch.nn.')) return this.layerOf(last, call);
    const name = dottedName(callee(call), this.values.text);
    const cls = name ? this.classNamed(name) : null;
    if (cls) return this.classStack(cls, depth);
    return { ...empty, unknown: `\`${nodeText(call, this.values.text).slice(0, 60)}\`` };
  }

  private expressionStack(expression: SyntaxNode, depth: number): LayerStack {
    const expr = unparenthesize(expression);
    if (is(expr, 'call')) return this.stackOf(expr, depth);
    return { layers: [], unknown: `\`${nodeText(expr, this.values.text).slice(0, 60)}\``, inputWidth: null, tokens: false };
  }

  private combine(stacks: LayerStack[]): LayerStack {
    const unknown = stacks.find((s) => s.unknown)?.unknown ?? null;
    const first = stacks.find((s) => s.layers.length > 0);
    return { layers: stacks.flatMap((s) => s.layers), unknown, inputWidth: first?.inputWidth ?? null, tokens: first?.tokens ?? false };
  }

  private classNamed(name: string): SyntaxNode | null {
    return this.values.model.modules.moduleClasses.has(name) ? this.values.model.classNamed(name) : null;
  }

  /** The layers `__init__` assigns to `self`, in order; `nn.ModuleList([... for _ in range(N)])` counts N times. */
  private classStack(cls: SyntaxNode, depth: number): LayerStack {
    const init = this.values.model.functionsNamed('__init__').find((fn) => fn.parent?.parent === cls);
    if (!init) return { layers: [], unknown: 'a module class without `__init__`', inputWidth: null, tokens: false };
    const stacks: LayerStack[] = [];
    for (const assignment of this.values.model.nodesOfKindAround(init, 'assignment')) {
      if (!is(assignment, 'assignment') || !(assignment.start >= init.start && assignment.end <= init.end)) continue;
      const left = field(assignment, 'left');
      const right = field(assignment, 'right');
      if (!left || !right || !(dottedName(left, this.values.text) ?? '').startsWith('self.')) continue;
      const value = unparenthesize(right);
      if (!is(value, 'call')) continue;
      const qualified = this.values.calleeName(value) ?? '';
      if (qualified === 'torch.nn.ModuleList') {
        stacks.push(this.moduleList(value, depth));
        continue;
      }
      const name = dottedName(callee(value), this.values.text) ?? '';
      if (qualified.startsWith('torch.nn.') || this.classNamed(name)) stacks.push(this.stackOf(value, depth + 1));
    }
    return this.combine(stacks);
  }

  private moduleList(call: SyntaxNode, depth: number): LayerStack {
    const argument = callArguments(call, this.values.text).positional[0];
    const inner = argument ? unparenthesize(argument) : null;
    if (inner?.type === 'list_comprehension') {
      const body = inner.children.find((c) => c.fieldName === 'body');
      const clause = inner.children.find((c) => c.type === 'for_in_clause');
      const range = clause?.children.find((c) => c.fieldName === 'right');
      const count = range && is(range, 'call') && this.values.calleeName(range) === 'range' ? this.values.int(callArguments(range, this.values.text).positional[0]) : null;
      if (!body || count === null) return { layers: [], unknown: '`nn.ModuleList` of an unknown length', inputWidth: null, tokens: false };
      const one = this.expressionStack(body, depth + 1);
      return { ...one, layers: Array.from({ length: count }, () => one.layers).flat() };
    }
    if (inner?.type === 'list') return this.combine(inner.children.filter((c) => c.named && c.type !== 'comment').map((c) => this.expressionStack(c, depth + 1)));
    return { layers: [], unknown: '`nn.ModuleList` of unknown layers', inputWidth: null, tokens: false };
  }

  private arg(call: SyntaxNode, position: number, keyword: string): SyntaxNode | undefined {
    const { positional, keywords } = callArguments(call, this.values.text);
    return keywords.get(keyword) ?? positional[position];
  }

  private layerOf(kind: string, call: SyntaxNode): LayerStack {
    const stack = (layer: Layer, inputWidth: number | null = null, tokens = false): LayerStack => ({ layers: [layer], unknown: null, inputWidth, tokens });
    const unknown = (why: string): LayerStack => ({ layers: [], unknown: why, inputWidth: null, tokens: false });
    const int = (position: number, keyword: string) => this.values.int(this.arg(call, position, keyword));
    const flag = (position: number, keyword: string, otherwise: boolean) => this.values.bool(this.arg(call, position, keyword)) ?? otherwise;
    const plain: Omit<Layer, 'parameters' | 'largest'> = { outputWidth: null, savesInput: false, savesOutput: false, mask: false, inPlace: false };
    switch (kind) {
      case 'Linear': {
        const input = int(0, 'in_features');
        const output = int(1, 'out_features');
        if (input === null || output === null) return unknown('`nn.Linear` with sizes that do not resolve');
        const bias = flag(2, 'bias', true) ? output : 0;
        return stack({ ...plain, parameters: input * output + bias, largest: input * output, castable: input * output, outputWidth: output, savesInput: true }, input);
      }
      case 'Embedding': {
        const count = int(0, 'num_embeddings');
        const width = int(1, 'embedding_dim');
        if (count === null || width === null) return unknown('`nn.Embedding` with sizes that do not resolve');
        return stack({ ...plain, parameters: count * width, largest: count * width, outputWidth: width, embedding: true }, 1, true);
      }
      case 'LayerNorm':
      case 'BatchNorm1d': {
        const width = int(0, kind === 'LayerNorm' ? 'normalized_shape' : 'num_features');
        if (width === null) return unknown(`\`nn.${kind}\` with a size that does not resolve`);
        const affine = flag(kind === 'LayerNorm' ? 2 : 3, kind === 'LayerNorm' ? 'elementwise_affine' : 'affine', true);
        return stack({ ...plain, parameters: affine ? 2 * width : 0, largest: width, savesInput: true, extraPerRow: () => 8 });
      }
      case 'Dropout': {
        const p = this.values.number(this.arg(call, 0, 'p')) ?? 0.5;
        return stack({ ...plain, parameters: 0, largest: 0, mask: p > 0 });
      }
      case 'TransformerEncoder': {
        const layerCall = this.arg(call, 0, 'encoder_layer');
        const layers = int(1, 'num_layers');
        const layer = layerCall ? unparenthesize(this.values.assignedValue(layerCall) ?? layerCall) : null;
        if (!layer || !is(layer, 'call') || layers === null || this.values.calleeName(layer) !== 'torch.nn.TransformerEncoderLayer') return unknown('`nn.TransformerEncoder` of an unknown layer');
        return this.encoder(layer, layers);
      }
      case 'TransformerEncoderLayer':
        return this.encoder(call, 1);
      default:
        if (ACTIVATIONS_SAVING_OUTPUT.has(kind)) {
          const inPlace = flag(0, 'inplace', false);
          return stack({ ...plain, parameters: 0, largest: 0, savesOutput: true, inPlace });
        }
        if (ACTIVATIONS_SAVING_INPUT.has(kind)) return stack({ ...plain, parameters: kind === 'PReLU' ? 1 : 0, largest: 0, savesInput: true });
        if (VIEWS.has(kind)) return stack({ ...plain, parameters: 0, largest: 0, inPlace: true });
        return unknown(`\`nn.${kind}\``);
    }
  }

  private encoder(layer: SyntaxNode, count: number): LayerStack {
    const int = (position: number, keyword: string) => this.values.int(this.arg(layer, position, keyword));
    const hidden = int(0, 'd_model');
    const heads = int(1, 'nhead');
    const intermediate = int(2, 'dim_feedforward') ?? 2048;
    const dropout = this.values.number(this.arg(layer, 3, 'dropout')) ?? 0.1;
    if (hidden === null || heads === null) return { layers: [], unknown: '`nn.TransformerEncoderLayer` with sizes that do not resolve', inputWidth: null, tokens: false };
    const config: TransformerConfig = {
      family: 'torch-encoder', vocabulary: 0, hidden, layers: count, heads, keyValueHeads: heads, intermediate, maxPositions: Number.MAX_SAFE_INTEGER,
      head: { kind: 'none' }, eagerAttention: true, dropout: dropout > 0,
    };
    const { total, largest } = transformerParameters(config);
    return {
      layers: [{ parameters: total, largest, castable: count * (4 * hidden * hidden + 2 * hidden * intermediate), outputWidth: hidden, savesInput: false, savesOutput: false, mask: false, inPlace: false, extraPerRow: (rows, mask) => count * savedBytesPerTokenPerLayer(config, rows, mask) }],
      unknown: null,
      inputWidth: hidden,
      tokens: false,
    };
  }
}

/** Bytes saved per sample by a stack of layers applied in order to `rows` rows of `width` features (float32). */
export function stackSavedBytes(stack: LayerStack, rows: number, mask = 1): { saved: number; outputWidth: number } {
  let width = stack.inputWidth ?? 0;
  // The batch itself is not counted: it is the input part of the estimate.
  let currentIsInput = true;
  let currentSaved = false;
  let saved = 0;
  const keep = () => {
    if (!currentIsInput && !currentSaved) saved += width * rows * 4;
    currentSaved = true;
  };
  for (const layer of stack.layers) {
    if (layer.savesInput) keep();
    if (layer.extraPerRow) saved += rows * layer.extraPerRow(rows, mask);
    if (!layer.inPlace) {
      width = layer.outputWidth ?? width;
      currentIsInput = false;
      currentSaved = false;
    }
    if (layer.mask) saved += width * rows * mask;
    if (layer.savesOutput) keep();
  }
  return { saved, outputWidth: width };
}

/** A model made of layers as a KnownModel; `rows` is the sequence length where it reads tokens. */
export function stackModel(stack: LayerStack, label: string): KnownModel | { unknown: string } {
  if (stack.unknown) return { unknown: `${label} holds ${stack.unknown}, whose memory oomlint cannot work out` };
  if (!stack.layers.length) return { unknown: `${label} has no layers oomlint can see` };
  const parameters = stack.layers.reduce((n, l) => n + l.parameters, 0);
  const largest = stack.layers.reduce((n, l) => Math.max(n, l.largest), 0);
  const tokens = stack.layers[0]!.embedding === true;
  // The first layer's input needs no gradient, so its weight's 16-bit copy is not saved.
  const first = stack.layers.find((l) => l.parameters > 0);
  const castParameters = stack.layers.reduce((n, l) => n + (l === first ? 0 : (l.castable ?? 0)), 0);
  const width = stack.inputWidth ?? 1;
  return {
    label,
    defaultInput: tokens ? { kind: 'tokens', length: 1 } : { kind: 'features', count: width },
    fixedInput: false,
    footprintAt(input: InputShape, options: FootprintOptions = {}): ModelFootprint | { unknown: string } {
      const rows = input.kind === 'tokens' ? input.length : input.kind === 'features' ? (input.rows ?? 1) : 0;
      if (rows <= 0) return { unknown: `${label} takes ${tokens ? 'token ids' : 'feature vectors'}` };
      const { saved, outputWidth } = stackSavedBytes(stack, rows, maskBytes(options));
      const loss = lossBytes({ kind: 'classes', classes: outputWidth * rows }, input);
      return {
        parameters,
        trainableParameters: parameters,
        bufferBytes: 0,
        largestParameter: largest,
        savedBytesPerSample: saved,
        transientBytes: largest * 4,
        // The output stays alive through backward, and its gradient joins it.
        transientBytesPerSample: 2 * outputWidth * rows * 4,
        inputBytesPerSample: tokens ? rows * 8 * 2 : inputBytes(input) + 8,
        lossBytesPerSample: loss.saved,
        castParameters,
      };
    },
  };
}
