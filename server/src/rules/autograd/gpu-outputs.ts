// Which values are a model's outputs still on the GPU: the result of a forward pass, directly or
// through variables, subscripts, attributes (`.logits`) and tensor operations that keep the size
// and device (`softmax`, `sigmoid`, `view`, `float`). Moving to the CPU or to Python ends it. Values
// that are small per batch (scalar reductions, argmax indices, comparisons) are not counted.
import { field, is, type SyntaxNode } from '../../parser/syntax';
import type { Definition } from '../../semantic/definitions';
import { visiblyOffGpu } from './kept-lists';
import { type KeyPair, modelQuery, type SemanticModel } from '../../semantic/model';
import { LOSS_NAME } from '../../semantic/modules';
import { callArguments, callee, dottedName, identifiersIn, lastSegment, methodCall, nodeText, referencesIn, unparenthesize, words } from '../../semantic/names';
import { bodyOf, scopeOf, within } from '../../semantic/scopes';
import type { ValueKind } from '../../semantic/project-facts';

/** What another file's method gives back when it returns its model's output. */
const TENSOR_KINDS: ReadonlySet<ValueKind> = new Set(['graph', 'tensor', 'detached']);

/** Methods whose result leaves the GPU or the tensor world. */
const LEAVES_GPU = new Set(['cpu', 'numpy', 'tolist', 'item', 'pin_memory']);

/** Methods whose result is a few numbers or indices per batch, or not a tensor at all. */
const SMALL_OR_NOT_TENSOR = new Set([
  'argmax', 'argmin', 'argsort', 'max', 'min', 'topk', 'sort', 'kthvalue', 'median', 'mode', 'eq', 'ne', 'lt',
  'gt', 'le', 'ge', 'isnan', 'isinf', 'isfinite', 'all', 'any', 'nonzero', 'size', 'dim', 'numel', 'long', 'int',
  'bool', 'byte', 'count_nonzero', 'unique', 'data_ptr', 'get_device', 'element_size', 'nelement', 'stride',
  'chunk', 'split', 'unbind', 'keys', 'values', 'items', 'multinomial',
]);

/** Reductions: a scalar without a dimension; with one, a per-sample value worth counting only for features. */
const REDUCTIONS = new Set(['sum', 'mean', 'norm', 'std', 'var', 'prod', 'logsumexp', 'amax', 'amin', 'nansum', 'nanmean']);

/** Attributes that are not the tensor's data. */
const NOT_DATA_ATTRIBUTES = new Set(['shape', 'device', 'dtype', 'ndim', 'is_cuda', 'requires_grad', 'grad_fn', 'layout', 'names']);

/** Torch functions that build new tensors from their arguments' data (on the CPU unless told). */
const CREATES_FROM_DATA = /^torch\.(tensor|as_tensor|from_numpy|zeros_like|ones_like|empty_like|full_like|rand_like|randn_like)$/;

/** Torch functions that return a few numbers per batch, indices or booleans. */
const SMALL_TORCH_RESULT = /^torch\.(argmax|argmin|argsort|max|min|topk|sort|kthvalue|median|mode|eq|ne|lt|gt|le|ge|equal|isnan|isinf|isfinite|all|any|nonzero|count_nonzero|unique|numel|is_tensor|multinomial|searchsorted|bucketize)$/;

/** einops functions that rearrange a tensor without reducing it to a few numbers. */
const EINOPS_RESHAPES = /^einops\.(rearrange|repeat)$/;

/** Feature-like names, whose per-sample reductions are still large (mean-pooled embeddings). */
const FEATURE_WORDS = /^(hidden|hiddens|feat|feats|feature|features|emb|embs|embed|embeds|embedding|embeddings|token|tokens|encoding|encodings|state|states)$/;

const MAX_DEPTH = 24;

/**
 * The forward call inside `loop` whose output (on the GPU) `expression` still is, or null. The
 * forward pass runs with gradients disabled, or with them on by default (never explicitly, nor
 * depending on a flag); callers decide whether the latter is evaluation.
 */
export function gpuModelOutput(model: SemanticModel, expression: SyntaxNode, loop: SyntaxNode): SyntaxNode | null {
  return GPU_OUTPUT.of(model, model.db.keyPair(expression, loop));
}

const GPU_OUTPUT = modelQuery('GPU model output', (model, { first: expression, second: loop }: KeyPair<SyntaxNode, SyntaxNode>): SyntaxNode | null => {
  model.readsStatementOf(loop);
  const origin = tracedOrigin(model, expression);
  if (!origin) return null;
  // The scopes around the forward pass decide which definitions its arguments read.
  model.readsStatementOf(origin);
  const body = bodyOf(loop) ?? loop;
  const mode = model.modeAt(origin);
  return within(origin, body) && (mode === 'disabled' || mode === 'enabled') && readsIterationInput(model, origin, loop, body) ? origin : null;
}, { reads: 'key' });

/**
 * A sampling loop: the forward pass `origin` reads state that the loop body replaces with the
 * model's output (`img = self.p_sample(img, t)`, `x = model(x, t)`), so every iteration yields a
 * new full-size sample (a denoising step, a generated frame) whatever the loop counts.
 */
export function stepsSampleState(model: SemanticModel, origin: SyntaxNode, loop: SyntaxNode): boolean {
  const args = is(origin, 'call') ? field(origin, 'arguments') : null;
  if (!args) return false;
  const body = bodyOf(loop) ?? loop;
  const scope = scopeOf(origin);
  return referencesIn(args, model.text, true).some((ref) => {
    const defs = model.definitions.definitionsOf(scope, ref);
    // Bound before the loop: assigned there, or a parameter of the function (`def sample(model, x, steps)`).
    const before = defs.some((d) => (d.kind === 'assign' && d.node.end <= loop.start) || d.kind === 'parameter');
    const stepped = defs.some((d) => d.kind === 'assign' && d.value !== null && within(d.node, body)
      && new OutputTracer(model).trace(d.value, 0) !== null);
    return before && stepped;
  });
}

/**
 * The forward pass gets new input on each iteration (the loop's item, or something the body
 * assigns). Running models of an ensemble, or Monte Carlo dropout, on one fixed batch collects a
 * bounded number of outputs, not one per batch of data.
 */
function readsIterationInput(model: SemanticModel, forward: SyntaxNode, loop: SyntaxNode, body: SyntaxNode): boolean {
  const args = is(forward, 'call') ? field(forward, 'arguments') : null;
  if (!args) return false;
  const scope = scopeOf(forward);
  // The loop's own targets, nested ones too (`for i, (x, y) in enumerate(loader)`).
  const left = is(loop, 'for_statement') ? field(loop, 'left') : null;
  const targets = new Set(left ? identifiersIn(left, model.text) : []);
  return referencesIn(args, model.text).some((ref) => {
    const base = ref.split('.')[0]!;
    return targets.has(base) || model.definitions.definitionsOf(scope, base).some((d) => d.node === loop || within(d.node, body));
  });
}

/**
 * The forward call whose output `expression` is, traced through this file. The trace reads the
 * subtree of the expression's top-level statement, the definitions of the scopes it meets, the
 * helpers it looks up by name (their subtrees), and whether calls run forward passes, expressions
 * hold modules and imported names stand for what: all of it through the database, so an open
 * document's trace serves later versions while none of it changed.
 */
function tracedOrigin(model: SemanticModel, expression: SyntaxNode): SyntaxNode | null {
  return TRACED_ORIGIN.of(model, expression);
}

const TRACED_ORIGIN = modelQuery('traced origin', (model, expression: SyntaxNode): SyntaxNode | null => {
  model.readsStatementOf(expression);
  return new OutputTracer(model).trace(expression, 0);
}, { reads: 'key' });

class OutputTracer {
  private readonly visiting = new Set<SyntaxNode>();

  constructor(private readonly model: SemanticModel) {}

  /** A forward pass whose result is its model's output: not another file's method that gives back something else (a list of tags). */
  private isForwardCall(call: SyntaxNode): boolean {
    return this.model.modules.isForwardCall(call) && this.model.modules.forwardGives(call, TENSOR_KINDS);
  }

  private isModuleExpr(expression: SyntaxNode): boolean {
    return this.model.modules.isModuleExpr(expression);
  }

  private qualify(name: string): string | null {
    return this.model.imports.qualify(name);
  }

  /** The definition of `name` that reaches `offset` in the scope of `use`. */
  private reaching(use: SyntaxNode, name: string, offset: number): Definition | undefined {
    return this.model.definitions.reaching(scopeOf(use), name, offset);
  }

  private functionsNamed(name: string): readonly SyntaxNode[] {
    return this.model.functionsNamed(name);
  }

  trace(node: SyntaxNode, depth: number): SyntaxNode | null {
    if (depth > MAX_DEPTH || this.visiting.has(node)) return null;
    this.visiting.add(node);
    try {
      return this.traceExpression(unparenthesize(node), depth + 1);
    } finally {
      this.visiting.delete(node);
    }
  }

  private traceExpression(expr: SyntaxNode, depth: number): SyntaxNode | null {
    const { text } = this.model;
    switch (expr.type) {
      case 'identifier':
        return this.traceName(expr, nodeText(expr, text), depth);
      case 'attribute': {
        const node = expr as SyntaxNode & { type: 'attribute' };
        const attr = field(node, 'attribute');
        const attrName = attr ? nodeText(attr, text) : '';
        if (NOT_DATA_ATTRIBUTES.has(attrName) || LOSS_NAME.test(attrName)) return null;
        const name = dottedName(expr, text);
        if (name && this.reaching(expr, name, expr.start)) return this.traceName(expr, name, depth);
        const object = field(node, 'object');
        return object ? this.trace(object, depth) : null;
      }
      case 'subscript': {
        const value = expr.children.find((c) => c.fieldName === 'value');
        return value ? this.trace(value, depth) : null;
      }
      case 'binary_operator': {
        const operands = expr.children.filter((c) => c.fieldName === 'left' || c.fieldName === 'right');
        for (const operand of operands) {
          const origin = this.trace(operand, depth);
          if (origin) return origin;
        }
        return null;
      }
      case 'unary_operator': {
        const operand = expr.children.find((c) => c.named);
        return operand ? this.trace(operand, depth) : null;
      }
      case 'call':
        return this.traceCall(expr, depth);
      default:
        return null;
    }
  }

  private traceCall(call: SyntaxNode, depth: number): SyntaxNode | null {
    const { model } = this;
    const { text } = model;
    if (this.isForwardCall(call)) return this.inputsOffGpu(call) ? null : call;
    // `img = self.p_sample(img, t)`: a helper of this file that returns a model's output stands
    // for that forward pass where it is called.
    const helper = this.helperOf(call);
    if (helper) return this.returnsOutput(helper, depth) ? call : null;
    const { positional, keywords } = callArguments(call, text);
    const name = dottedName(callee(call), text);
    const qualified = name ? this.qualify(name) : null;
    const m = qualified ? null : methodCall(call, text);
    if (m) {
      if (LEAVES_GPU.has(m.method) || SMALL_OR_NOT_TENSOR.has(m.method)) return null;
      if (m.method === 'to' && [...positional, ...keywords.values()].some((a) => /cpu/i.test(nodeText(a, text)))) return null;
      if (REDUCTIONS.has(m.method) && !this.keepsFeatures(m.receiver, positional.length > 0 || keywords.has('dim') || keywords.has('axis'))) return null;
      const postProcessed = this.postProcessedOutput(m.receiver, positional, depth);
      if (postProcessed) return postProcessed;
      return this.trace(m.receiver, depth);
    }
    // `rearrange(features, "... 1 1 -> ...")`: einops reshapes the tensor it is given, on its device.
    if (qualified && EINOPS_RESHAPES.test(qualified)) return positional[0] ? this.trace(positional[0], depth) : null;
    if (!qualified || !qualified.startsWith('torch.')) return null;
    if (CREATES_FROM_DATA.test(qualified) || SMALL_TORCH_RESULT.test(qualified)) return null;
    const first = positional[0] ?? keywords.get('input');
    const reduction = REDUCTIONS.has(lastSegment(qualified));
    if (reduction && (!first || !this.keepsFeatures(first, positional.length > 1 || keywords.has('dim')))) return null;
    // `torch.cat([a, b])`, `torch.sigmoid(out)`, `F.softmax(out, dim=1)`: any tensor argument.
    for (const arg of positional) {
      const inner = unparenthesize(arg);
      const candidates = inner.type === 'list' || inner.type === 'tuple' ? inner.children.filter((c) => c.named && c.type !== 'comment') : [inner];
      for (const candidate of candidates) {
        const origin = this.trace(candidate, depth);
        if (origin) return origin;
      }
    }
    return null;
  }

  /**
   * Every input of the call is visibly a CPU or NumPy value (`to_label(indices.cpu().numpy())`): what
   * it returns is not on the GPU, whatever the callee is.
   */
  private inputsOffGpu(call: SyntaxNode): boolean {
    const { positional, keywords } = callArguments(call, this.model.text);
    const inputs = [...positional, ...keywords.values()];
    return inputs.length > 0 && inputs.every((input) => {
      const expr = unparenthesize(input);
      if (visiblyOffGpu(this.model, expr)) return true;
      if (expr.type !== 'identifier') return false;
      const def = this.reaching(expr, nodeText(expr, this.model.text), expr.start);
      return def?.kind === 'assign' && def.unpackIndex < 0 && def.value !== null && visiblyOffGpu(this.model, def.value);
    });
  }

  /**
   * A method of a model applied to that model's outputs (`model.detect_objects(locs, scores)`,
   * `model.postprocess(out)`): its result is made from them, on their device.
   */
  private postProcessedOutput(receiver: SyntaxNode, args: readonly SyntaxNode[], depth: number): SyntaxNode | null {
    if (!args.length || !this.isModuleExpr(receiver)) return null;
    for (const arg of args) {
      const origin = this.trace(arg, depth);
      if (origin) return origin;
    }
    return null;
  }

  /** The function of this file that `call` runs, when it is a plain call or a method of `self`. */
  private helperOf(call: SyntaxNode): SyntaxNode | null {
    const { text } = this.model;
    const target = callee(call);
    let name: string | null = null;
    if (target?.type === 'identifier') name = nodeText(target, text);
    else {
      const m = methodCall(call, text);
      if (m && dottedName(m.receiver, text) === 'self') name = m.method;
    }
    if (!name) return null;
    const defs = this.functionsNamed(name);
    return defs.length === 1 ? defs[0]! : null;
  }

  private returnsOutput(fn: SyntaxNode, depth: number): boolean {
    if (this.visiting.has(fn)) return false;
    this.visiting.add(fn);
    try {
      return this.model.returnsOf(fn).some((r) => {
        const value = r.children.find((c) => c.named && c.type !== 'comment');
        return value !== undefined && this.trace(value, depth) !== null;
      });
    } finally {
      this.visiting.delete(fn);
    }
  }

  /** A reduction over a dimension of feature-like values (`hidden.mean(dim=1)`) is still large. */
  private keepsFeatures(receiver: SyntaxNode, overDimension: boolean): boolean {
    if (!overDimension) return false;
    const receiverText = nodeText(receiver, this.model.text);
    return words(receiverText).some((w) => FEATURE_WORDS.test(w));
  }

  private traceName(use: SyntaxNode, name: string, depth: number): SyntaxNode | null {
    if (LOSS_NAME.test(lastSegment(name))) return null;
    let def = this.reaching(use, name, use.start);
    // `f /= f.norm(dim=-1, keepdim=True)` updates the output in place: it is still that output.
    while (def?.kind === 'augmented') def = this.reaching(use, name, def.node.start);
    if (!def || !def.value || (def.kind !== 'assign' && def.kind !== 'walrus')) return null;
    const value = unparenthesize(def.value);
    if (def.unpackIndex < 0) return this.trace(value, depth);
    if (value.type === 'tuple' || value.type === 'expression_list') {
      const element = value.children.filter((c) => c.named && c.type !== 'comment')[def.unpackIndex];
      return element ? this.trace(element, depth) : null;
    }
    // `logits, hidden = model(x)`: each part of a forward's result is an output. Unpacking
    // anything else (`values, indices = out.max(1)`) is left alone.
    if (is(value, 'call') && this.isForwardCall(value)) return value;
    // `boxes, labels, scores = model.detect_objects(locs, scores)`: each part of what the model's
    // post-processing returns from its outputs is still on the GPU.
    const m = is(value, 'call') ? methodCall(value, this.model.text) : null;
    if (m && is(value, 'call')) return this.postProcessedOutput(m.receiver, callArguments(value, this.model.text).positional, depth);
    if (is(value, 'subscript')) return this.trace(value, depth);
    return null;
  }
}
