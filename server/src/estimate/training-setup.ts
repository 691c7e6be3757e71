// Finds what a training script sets up: the model it trains, the optimizer, the precision, the input
// size and gradient checkpointing, each with the line that says so, or an assumption said as such.
// It reads the code through CodeValues and the shared model's facts only.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { modelQuery, type SemanticModel } from '../semantic/model';
import { callArguments, callee, dottedName, methodCall, nodeText, unparenthesize } from '../semantic/names';
import { enclosingFunction, within } from '../semantic/scopes';
import { CodeValues } from './code-values';
import type { InputShape, KnownModel } from './model-knowledge';
import { ProjectModules, stackModel } from './project-modules';
import type { OptimizerKind, OptimizerSetup, Precision } from './step-memory';
import { isTorchvisionModel, otherBuildOf, torchvisionEquivalentOfTimm, torchvisionModel } from './torchvision-models';
import { KNOWN_CHECKPOINTS, transformerModel, type TransformerConfig } from './transformer-models';

/** A value the setup uses, with the line of the code that gave it, or marked as assumed. */
export interface Sourced<T> {
  value: T;
  /** 1-based line; null when assumed. */
  line: number | null;
  /** What it is, in a few words, for the list of inputs (`torchvision resnet50`, `Adam`). */
  says: string;
}

export interface TrainingSetup {
  model: Sourced<KnownModel> | null;
  /** Why the model is unknown, when it is. */
  modelUnknown: string | null;
  optimizer: Sourced<OptimizerSetup | null>;
  precision: Sourced<Precision>;
  input: Sourced<InputShape> | null;
  checkpointing: Sourced<boolean>;
  gradientsFreed: Sourced<boolean>;
  /** A batch size the training configuration gives without a DataLoader (`TrainingArguments`). */
  trainerBatch: Sourced<number> | null;
  /** Where the model is built, for reports that have no DataLoader to point at. */
  modelNode: SyntaxNode | null;
}

const OPTIMIZERS: Record<string, OptimizerKind> = {
  SGD: 'sgd', Adam: 'adam', AdamW: 'adamw', Adagrad: 'adagrad', RMSprop: 'rmsprop', Adadelta: 'adadelta', Adamax: 'adamax',
  NAdam: 'nadam', RAdam: 'radam', Adam8bit: 'adam-8bit', AdamW8bit: 'adam-8bit', PagedAdamW8bit: 'adam-8bit', Lion: 'lion', Adafactor: 'adafactor',
};

const OPTIMIZER_MODULES = /^(torch\.optim|bitsandbytes\.optim|bnb\.optim|transformers|transformers\.optimization|lion_pytorch|timm\.optim)\./;

/**
 * The training setup around `at` (a DataLoader call, say): the optimizer and model of its function
 * when it builds them, else of the file. Worked out once per version and function.
 */
export function trainingSetupOf(model: SemanticModel, at: SyntaxNode | null = null): TrainingSetup {
  return TRAINING_SETUP.of(model, (at && enclosingFunction(at)) ?? model.root);
}

const TRAINING_SETUP = modelQuery('training setup', (model, scope: SyntaxNode) => new SetupFinder(new CodeValues(model), scope).find());

class SetupFinder {
  private readonly calls: readonly SyntaxNode[];

  constructor(
    private readonly values: CodeValues,
    private readonly scope: SyntaxNode,
  ) {
    const all = values.model.nodesOfKind('call');
    // The function's own optimizer and model come first; the file's settle the rest.
    const inside = scope.parent ? all.filter((call) => within(call, scope)) : [];
    this.calls = [...inside, ...all.filter((call) => !inside.includes(call))];
  }

  private get text(): string {
    return this.values.text;
  }

  find(): TrainingSetup {
    const optimizerCall = this.calls.find((call) => this.optimizerKind(call) !== null) ?? null;
    const trained = optimizerCall ? this.trainedName(optimizerCall) : null;
    const construction = this.modelConstruction(trained);
    const precision = this.precision(construction?.methods ?? [], construction?.call ?? null);
    const checkpointing = this.checkpointing();
    const known = construction ? this.knownModel(construction.call) : null;
    const modelUnknown = !construction ? 'no model construction found (a model built in this file and passed to an optimizer)'
      : 'unknown' in known! ? known.unknown : null;
    const knownModel = known && !('unknown' in known) ? known : null;
    return {
      model: knownModel && construction ? { value: knownModel, line: this.values.line(construction.call), says: knownModel.label } : null,
      modelUnknown,
      optimizer: this.optimizer(optimizerCall),
      precision,
      input: knownModel ? this.input(knownModel) : null,
      checkpointing,
      gradientsFreed: this.gradientsFreed(),
      trainerBatch: this.trainerBatch(),
      modelNode: construction?.call ?? null,
    };
  }

  // ---- the optimizer ----------------------------------------------------------------------------

  private optimizerKind(call: SyntaxNode): OptimizerKind | null {
    const qualified = this.values.calleeName(call);
    if (!qualified || !OPTIMIZER_MODULES.test(qualified)) return null;
    return OPTIMIZERS[qualified.split('.').pop()!] ?? null;
  }

  /** The name whose `.parameters()` the optimizer is given: `model` in `Adam(model.parameters())`. */
  private trainedName(call: SyntaxNode): string | null {
    let found: string | null = null;
    const visit = (node: SyntaxNode) => {
      if (found) return;
      if (is(node, 'call')) {
        const m = methodCall(node, this.text);
        if (m && (m.method === 'parameters' || m.method === 'named_parameters')) {
          found = dottedName(m.receiver, this.text);
          return;
        }
      }
      for (const child of node.children) visit(child);
    };
    const args = call.children.find((c) => c.type === 'argument_list');
    if (args) visit(args);
    if (!found && args) {
      // `optimizer = Adam(params)` with `params = model.parameters()` assigned once.
      const first = callArguments(call, this.text).positional[0];
      const value = first ? this.values.assignedValue(first) : null;
      if (value) visit(value);
    }
    return found;
  }

  private optimizer(call: SyntaxNode | null): Sourced<OptimizerSetup | null> {
    if (!call) return { value: null, line: null, says: 'no optimizer found: no optimizer state counted' };
    const kind = this.optimizerKind(call)!;
    const { keywords } = callArguments(call, this.text);
    const number = (name: string) => this.values.number(keywords.get(name));
    const flag = (name: string) => this.values.bool(keywords.get(name));
    const momentum = (number('momentum') ?? 0) !== 0;
    const setup: OptimizerSetup = {
      kind,
      momentum,
      amsgrad: flag('amsgrad') === true,
      centered: flag('centered') === true,
      weightDecay: (number('weight_decay') ?? (kind === 'adamw' ? 0.01 : 0)) !== 0,
      foreach: flag('foreach'),
      fused: flag('fused') === true,
    };
    const name = nodeText(callee(call)!, this.text);
    const options = [momentum && kind === 'sgd' ? 'momentum' : '', setup.amsgrad ? 'amsgrad' : '', setup.fused ? 'fused' : ''].filter(Boolean).join(', ');
    return { value: setup, line: this.values.line(call), says: options ? `${name} (${options})` : name };
  }

  // ---- the model --------------------------------------------------------------------------------

  /** The call that built the trained model: the optimizer's, else the one model built in the file. */
  private modelConstruction(trained: string | null): { call: SyntaxNode; methods: string[] } | null {
    if (trained) {
      const base = trained.replace(/\.(fc|classifier|head|heads)$/, '');
      const built = this.values.constructionsOf(base);
      // What the function itself builds is the model, known or not; else what the file builds.
      const own = built.filter((b) => this.scope.parent !== null && within(b.call, this.scope));
      const last = own.at(-1) ?? built.filter((b) => this.isModelCall(b.call)).at(-1) ?? built.at(-1);
      if (last) return last;
    }
    const candidates = this.values.model.nodesOfKind('assignment').flatMap((assignment) => {
      if (!is(assignment, 'assignment')) return [];
      const left = field(assignment, 'left');
      const right = field(assignment, 'right');
      const name = left ? dottedName(left, this.text) : null;
      if (!name || !right || !this.values.model.modules.isModuleName(name)) return [];
      const built = this.values.construction(right, 0);
      return built && this.isModelCall(built.call) ? [built] : [];
    });
    return candidates.length === 1 ? candidates[0]! : null;
  }

  private isModelCall(call: SyntaxNode): boolean {
    return this.values.model.modules.isModelConstructor(call) || this.values.calleeName(call) === 'timm.create_model'
      || /^torchvision\.models\.(get_model)$/.test(this.values.calleeName(call) ?? '');
  }

  /** The name of the weights a `weights=` argument gives: `ViT_H_14_Weights.DEFAULT` or `"IMAGENET1K_V1"`. */
  private weightsName(argument: SyntaxNode | null | undefined): string | null {
    if (!argument) return null;
    const text = this.values.string(argument) ?? dottedName(argument, this.text);
    return text ? text.slice(text.lastIndexOf('.') + 1) : null;
  }

  private knownModel(call: SyntaxNode): KnownModel | { unknown: string } {
    const qualified = this.values.calleeName(call) ?? '';
    const { positional, keywords } = callArguments(call, this.text);
    const numClasses = this.values.int(keywords.get('num_classes'));
    const shown = `\`${nodeText(callee(call)!, this.text)}\``;
    if (qualified.startsWith('torchvision.models.')) {
      const name = qualified === 'torchvision.models.get_model' ? this.values.string(positional[0]) : qualified.split('.').pop()!;
      const weights = this.weightsName(keywords.get('weights'));
      const otherSize = name && weights ? otherBuildOf(name, weights) : null;
      if (otherSize !== null) return { unknown: `${shown} with the weights ${weights} builds a model for ${otherSize}-pixel inputs, not the one oomlint's table measured` };
      if (name && isTorchvisionModel(name)) return torchvisionModel(name, { numClasses })!;
      return { unknown: `${shown} is not in oomlint's table of torchvision models` };
    }
    if (qualified === 'timm.create_model') {
      const name = this.values.string(positional[0] ?? keywords.get('model_name'));
      const equivalent = name ? torchvisionEquivalentOfTimm(name) : null;
      if (name && equivalent) return torchvisionModel(equivalent, { numClasses, label: `timm ${name}` })!;
      return { unknown: name ? `timm's \`${name}\` is not among the families oomlint knows` : 'a timm model whose name does not resolve' };
    }
    if (qualified.startsWith('transformers.') || /\.from_pretrained$/.test(qualified)) return this.transformer(call, qualified);
    const modules = new ProjectModules(this.values);
    const name = dottedName(callee(call), this.text) ?? '';
    const label = qualified === 'torch.nn.Sequential' ? '`nn.Sequential`' : this.values.model.modules.moduleClasses.has(name) ? `${name} (this file)` : shown;
    return stackModel(modules.stackOf(call), label);
  }

  private transformer(call: SyntaxNode, qualified: string): KnownModel | { unknown: string } {
    const parts = qualified.split('.');
    const fromPretrained = parts.at(-1) === 'from_pretrained';
    const className = fromPretrained ? parts.at(-2)! : parts.at(-1)!;
    const { positional, keywords } = callArguments(call, this.text);
    let base: Omit<TransformerConfig, 'head' | 'eagerAttention'> | undefined;
    let label: string;
    if (fromPretrained) {
      const checkpoint = this.values.string(positional[0] ?? keywords.get('pretrained_model_name_or_path'));
      base = checkpoint ? KNOWN_CHECKPOINTS[checkpoint] : undefined;
      if (!base) return { unknown: checkpoint ? `the configuration of \`${checkpoint}\` is not among those oomlint knows` : 'a pretrained model whose name does not resolve' };
      label = `${className} (${checkpoint})`;
    } else {
      const configNode = positional[0] ?? keywords.get('config');
      const configCall = configNode ? unparenthesize(this.values.assignedValue(configNode) ?? configNode) : null;
      if (!configCall || !is(configCall, 'call')) return { unknown: `the configuration of \`${className}\` does not resolve` };
      const configName = this.values.calleeName(configCall)?.split('.').pop() ?? '';
      const defaults = configName === 'BertConfig' ? KNOWN_CHECKPOINTS['bert-base-uncased'] : configName === 'GPT2Config' ? KNOWN_CHECKPOINTS.gpt2 : configName === 'LlamaConfig' ? KNOWN_CHECKPOINTS['meta-llama/Llama-2-7b-hf'] : undefined;
      if (!defaults) return { unknown: `\`${configName || className}\` is not among the configurations oomlint knows` };
      const kw = callArguments(configCall, this.text).keywords;
      const int = (...names: string[]) => names.map((n) => this.values.int(kw.get(n))).find((v) => v !== null) ?? null;
      base = {
        ...defaults,
        vocabulary: int('vocab_size') ?? defaults.vocabulary,
        hidden: int('hidden_size', 'n_embd') ?? defaults.hidden,
        layers: int('num_hidden_layers', 'n_layer') ?? defaults.layers,
        heads: int('num_attention_heads', 'n_head') ?? defaults.heads,
        maxPositions: int('max_position_embeddings', 'n_positions') ?? defaults.maxPositions,
      };
      const heads = base.heads;
      base = { ...base, keyValueHeads: int('num_key_value_heads') ?? heads, intermediate: int('intermediate_size', 'n_inner') ?? (defaults.family === 'llama' ? defaults.intermediate : 4 * base.hidden) };
      label = `${className} (${configName})`;
    }
    const lm = /LMHead|ForCausalLM|ForMaskedLM/.test(className);
    const classifier = /ForSequenceClassification/.test(className);
    const labels = this.values.int(keywords.get('num_labels')) ?? 2;
    const eager = this.values.string(keywords.get('attn_implementation')) === 'eager';
    const config: TransformerConfig = {
      ...base,
      head: lm ? { kind: 'lm', tied: base.family !== 'llama' } : classifier ? { kind: 'classifier', labels } : { kind: 'none' },
      eagerAttention: eager,
    };
    return transformerModel(config, label, null);
  }

  // ---- precision, checkpointing, gradients --------------------------------------------------------

  private precision(methods: string[], modelCall: SyntaxNode | null): Sourced<Precision> {
    for (const method of methods) {
      if (method === 'half' || /float16|torch\.half/.test(method)) return { value: 'float16', line: modelCall ? this.values.line(modelCall) : null, says: 'model in float16 (`.half()`)' };
      if (method === 'bfloat16' || /bfloat16/.test(method)) return { value: 'bfloat16', line: modelCall ? this.values.line(modelCall) : null, says: 'model in bfloat16' };
    }
    if (modelCall) {
      const dtype = callArguments(modelCall, this.text).keywords.get('torch_dtype');
      const dtypeName = dtype ? this.values.qualified(dtype) : null;
      if (dtypeName === 'torch.float16' || dtypeName === 'torch.half') return { value: 'float16', line: this.values.line(modelCall), says: 'weights loaded in float16' };
      if (dtypeName === 'torch.bfloat16') return { value: 'bfloat16', line: this.values.line(modelCall), says: 'weights loaded in bfloat16' };
    }
    for (const call of this.calls) {
      const qualified = this.values.calleeName(call) ?? '';
      if (!/^torch\.((cuda|cpu)\.amp\.autocast|autocast|amp\.autocast)$/.test(qualified)) continue;
      const { positional, keywords } = callArguments(call, this.text);
      const dtype = this.values.qualified(keywords.get('dtype') ?? null);
      const device = this.values.string(keywords.get('device_type') ?? (qualified.endsWith('amp.autocast') && !qualified.includes('.cuda.') && !qualified.includes('.cpu.') ? positional[0] : undefined));
      const bf16 = dtype === 'torch.bfloat16' || (dtype === null && (qualified.startsWith('torch.cpu.') || device === 'cpu'));
      if (this.values.bool(keywords.get('enabled')) === false) continue;
      return { value: bf16 ? 'autocast-bfloat16' : 'autocast-float16', line: this.values.line(call), says: `autocast to ${bf16 ? 'bfloat16' : 'float16'}` };
    }
    const trainer = this.trainingArguments();
    if (trainer) {
      const { keywords } = callArguments(trainer, this.text);
      if (this.values.bool(keywords.get('bf16'))) return { value: 'autocast-bfloat16', line: this.values.line(trainer), says: 'bf16=True' };
      if (this.values.bool(keywords.get('fp16'))) return { value: 'autocast-float16', line: this.values.line(trainer), says: 'fp16=True' };
    }
    return { value: 'float32', line: null, says: 'float32 (no autocast, `.half()` or bfloat16 found)' };
  }

  private checkpointing(): Sourced<boolean> {
    for (const call of this.calls) {
      const m = methodCall(call, this.text);
      if (m?.method === 'gradient_checkpointing_enable') return { value: true, line: this.values.line(call), says: 'gradient checkpointing' };
      const qualified = this.values.calleeName(call) ?? '';
      if (qualified === 'torch.utils.checkpoint.checkpoint_sequential' || qualified === 'torch.utils.checkpoint.checkpoint') {
        return { value: true, line: this.values.line(call), says: 'gradient checkpointing of part of the model' };
      }
    }
    const trainer = this.trainingArguments();
    const flag = trainer ? this.values.bool(callArguments(trainer, this.text).keywords.get('gradient_checkpointing')) : null;
    if (trainer && flag) return { value: true, line: this.values.line(trainer), says: 'gradient_checkpointing=True' };
    return { value: false, line: null, says: 'no gradient checkpointing' };
  }

  private gradientsFreed(): Sourced<boolean> {
    for (const call of this.calls) {
      const m = methodCall(call, this.text);
      if (m?.method !== 'zero_grad') continue;
      const setToNone = this.values.bool(callArguments(call, this.text).keywords.get('set_to_none'));
      if (setToNone === false) return { value: false, line: this.values.line(call), says: 'zero_grad(set_to_none=False) keeps gradients through the forward pass' };
      if (setToNone === true) return { value: true, line: this.values.line(call), says: 'zero_grad(set_to_none=True)' };
      return { value: true, line: this.values.line(call), says: 'zero_grad() sets gradients to None (PyTorch 2.0 and later)' };
    }
    return { value: true, line: null, says: 'gradients freed between steps' };
  }

  private trainingArguments(): SyntaxNode | null {
    return this.calls.find((call) => this.values.calleeName(call) === 'transformers.TrainingArguments') ?? null;
  }

  private trainerBatch(): Sourced<number> | null {
    const trainer = this.trainingArguments();
    const value = trainer ? this.values.int(callArguments(trainer, this.text).keywords.get('per_device_train_batch_size')) : null;
    return trainer && value !== null ? { value, line: this.values.line(trainer), says: 'per_device_train_batch_size' } : null;
  }

  // ---- the input ----------------------------------------------------------------------------------

  private input(known: KnownModel): Sourced<InputShape> {
    const fallback: Sourced<InputShape> = { value: known.defaultInput, line: null, says: 'the model\'s usual input' };
    if (known.fixedInput) return { ...fallback, says: 'the only input the architecture takes' };
    const defaultInput = known.defaultInput;
    if (defaultInput.kind === 'image') {
      const crop = this.imageSize();
      return crop ? { value: { ...defaultInput, size: crop.size }, line: crop.line, says: crop.says } : fallback;
    }
    const length = this.sequenceLength();
    if (defaultInput.kind === 'tokens') {
      if (length) return { value: { kind: 'tokens', length: length.value }, line: length.line, says: length.says };
      return defaultInput.length > 1 ? { ...fallback, says: 'sequences as long as the model allows' } : { ...fallback, says: 'one token per sample (no sequence length found)' };
    }
    if (length) return { value: { ...defaultInput, rows: length.value }, line: length.line, says: length.says };
    return { ...fallback, says: `${defaultInput.kind === 'features' ? defaultInput.count : ''} features per sample, from the first layer` };
  }

  /** The training crop: `RandomResizedCrop(N)`, `RandomCrop`, else `CenterCrop`/`Resize`, else a `torch.randn(..., 3, H, W)`. */
  private imageSize(): { size: number; line: number; says: string } | null {
    const ranked = ['RandomResizedCrop', 'RandomCrop', 'CenterCrop', 'Resize'];
    let best: { size: number; line: number; says: string; rank: number } | null = null;
    for (const call of this.calls) {
      const qualified = this.values.calleeName(call) ?? '';
      const rank = ranked.indexOf(qualified.split('.').pop() ?? '');
      if (rank < 0 || !qualified.startsWith('torchvision.transforms')) continue;
      const { positional, keywords } = callArguments(call, this.text);
      const argument = positional[0] ?? keywords.get('size');
      const first = argument && (unparenthesize(argument).type === 'tuple' || unparenthesize(argument).type === 'list') ? unparenthesize(argument).children.find((c) => c.named) : argument;
      const size = this.values.int(first);
      if (size !== null && (!best || rank < best.rank)) best = { size, line: this.values.line(call), says: `${qualified.split('.').pop()}(${size})`, rank };
    }
    if (best) return best;
    for (const call of this.calls) {
      const qualified = this.values.calleeName(call) ?? '';
      if (!/^torch\.(randn|rand|zeros|ones|empty)$/.test(qualified)) continue;
      const dims = callArguments(call, this.text).positional.map((p) => this.values.int(p));
      const at = dims.findIndex((d, i) => (d === 3 || d === 1) && i + 2 < dims.length && dims[i + 1] !== null && dims[i + 1] === dims[i + 2]);
      if (at >= 0 && at + 3 === dims.length) return { size: dims[at + 1]!, line: this.values.line(call), says: `synthetic images of ${dims[at + 1]}x${dims[at + 1]}` };
    }
    return null;
  }

  /** A sequence length the script names: `max_length=`, or a name such as `seq_len` or `block_size`. */
  private sequenceLength(): Sourced<number> | null {
    for (const call of this.calls) {
      const { keywords } = callArguments(call, this.text);
      for (const keyword of ['max_length', 'max_seq_length', 'block_size', 'seq_len']) {
        const value = this.values.int(keywords.get(keyword));
        if (value !== null) return { value, line: this.values.line(call), says: `${keyword}=${value}` };
      }
    }
    const pattern = /^(seq(uence)?_?len(gth)?|max_?len(gth)?|max_seq_len(gth)?|block_size|context_length|n_ctx)$/i;
    for (const assignment of this.values.model.nodesOfKind('assignment')) {
      if (!is(assignment, 'assignment')) continue;
      const left = field(assignment, 'left');
      const right = field(assignment, 'right');
      if (!left || !right || left.type !== 'identifier' || !pattern.test(nodeText(left, this.text))) continue;
      const value = this.values.int(right);
      if (value !== null) return { value, line: this.values.line(assignment), says: `${nodeText(left, this.text)} = ${value}` };
    }
    return null;
  }
}
