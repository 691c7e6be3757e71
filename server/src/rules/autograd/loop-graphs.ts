// Where the autograd graph behind a backward call inside a loop was built: in the current
// iteration (a forward pass or a loss helper run in the loop body), or before the loop, so that
// the next iteration backpropagates through the same graph again (per-task gradients, Jacobian
// rows, several losses on one shared output).
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { GRAPH_ENDING_METHODS } from '../../semantic/graph';
import { type KeyPair, modelQuery, type SemanticModel } from '../../semantic/model';
import { LOSS_NAME } from '../../semantic/modules';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, referencesIn, unparenthesize, words } from '../../semantic/names';
import { bodyOf, scopeOf, within } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';

/**
 * `iteration`: the graph is built in the current iteration from per-iteration data.
 * `shared`: it depends on a graph built before the loop, which later iterations use again.
 * `unknown`: nothing shows where it was built.
 */
export type GraphOrigin = 'iteration' | 'shared' | 'unknown';

interface Evidence {
  /** A forward pass or a loss helper runs in this iteration. */
  built: boolean;
  /** Something built before the loop, possibly carrying a graph, flows in. */
  shared: boolean;
}

const NOTHING: Evidence = { built: false, shared: false };
const MAX_DEPTH = 24;

/** Last-name words of values that are data or settings rather than tensors with a graph. */
const NOT_A_GRAPH_WORDS = new Set([
  'data', 'batch', 'batches', 'loader', 'dataset', 'ds', 'input', 'inputs', 'target', 'targets', 'label', 'labels',
  'x', 'y', 'image', 'images', 'img', 'imgs', 'text', 'tokens', 'ids', 'mask', 'idx', 'index', 'i', 'j', 'k', 'n',
  't', 'step', 'steps', 'epoch', 'iter', 'iteration', 'device', 'args', 'cfg', 'config', 'opt', 'opts', 'hparams',
  'optimizer', 'optim', 'scaler', 'tokenizer', 'accelerator', 'writer', 'logger', 'bptt', 'seq', 'len', 'size',
  'lr', 'seed', 'rank', 'env', 'state', 'obs', 'self', 'criterion', 'crit', 'fn', 'func', 'metric', 'metrics',
]);

/** Iterables whose items are tensors that may share one graph: `for loss in task_losses`. */
const GRAPH_ITEM_WORDS = /^(loss|losses|out|outs|output|outputs|logit|logits|pred|preds|feature|features|feat|feats|grad|grads|objective|objectives|term|terms)$/;

/** Builtins that pass their arguments' values (and graphs) through. */
const COMBINING_BUILTINS = new Set(['sum', 'max', 'min', 'abs', 'zip', 'enumerate', 'list', 'tuple', 'reversed', 'sorted', 'iter', 'next', 'range', 'len', 'dict']);

/** Where the graph of `target` (an argument or receiver of a backward call in `loop`) comes from. */
export function graphOrigin(model: SemanticModel, target: SyntaxNode, loop: SyntaxNode): GraphOrigin {
  return GRAPH_ORIGIN.of(model, model.db.keyPair(target, loop));
}

const GRAPH_ORIGIN = modelQuery('graph origin of a backward target', (model, { first: target, second: loop }: KeyPair<SyntaxNode, SyntaxNode>): GraphOrigin => {
  const evidence = new OriginTracer(model, loop).trace(target, false, 0);
  return evidence.shared ? 'shared' : evidence.built ? 'iteration' : 'unknown';
});

class OriginTracer {
  private readonly body: SyntaxNode;
  private readonly visiting = new Set<SyntaxNode>();

  constructor(private readonly model: SemanticModel, private readonly loop: SyntaxNode) {
    this.body = bodyOf(loop) ?? loop;
  }

  /**
   * `strict`: the value is handed to a call we cannot see into, so anything from before the loop
   * that could be a tensor counts as shared.
   */
  trace(node: SyntaxNode, strict: boolean, depth: number): Evidence {
    if (depth > MAX_DEPTH || this.visiting.has(node)) return NOTHING;
    this.visiting.add(node);
    try {
      return this.traceExpression(unparenthesize(node), strict, depth + 1);
    } finally {
      this.visiting.delete(node);
    }
  }

  private traceExpression(expr: SyntaxNode, strict: boolean, depth: number): Evidence {
    const { text } = this.model;
    if (expr.type === 'identifier') return this.traceName(expr, nodeText(expr, text), strict, depth);
    if (is(expr, 'attribute')) {
      const name = dottedName(expr, text);
      if (name && this.model.definitions.reaching(scopeOf(expr), name, expr.start)) return this.traceName(expr, name, strict, depth);
      const object = field(expr, 'object');
      return object ? this.trace(object, strict, depth) : NOTHING;
    }
    if (is(expr, 'call')) return this.traceCall(expr, strict, depth);
    if (expr.type === 'lambda' || expr.type === 'string' || expr.type === 'comparison_operator') return NOTHING;
    return combine(expr.children.filter((c) => c.named && c.type !== 'comment').map((c) => this.trace(c, strict, depth)));
  }

  private traceCall(call: SyntaxNode, strict: boolean, depth: number): Evidence {
    const { model } = this;
    const { text } = model;
    const args = this.argumentsOf(call);
    if (model.modules.isForwardCall(call)) {
      return combine([{ built: true, shared: false }, ...args.map((a) => this.trace(a, true, depth))]);
    }
    const name = dottedName(callee(call), text);
    const qualified = name ? model.imports.qualify(name) : null;
    // `torch.mean(x)` and `F.mse_loss(a, b)` are functions of a module, not methods of a value.
    const m = qualified ? null : methodCall(call, text);
    if (m) {
      if (GRAPH_ENDING_METHODS.has(m.method)) return NOTHING;
      const receiver = dottedName(m.receiver, text);
      // `self.compute_loss(batch)`, `model.loss(x, y)`: a helper that runs the model.
      if (receiver === 'self' || (receiver !== null && this.isModule(receiver))) return this.helperCall(args, depth);
      return combine([this.trace(m.receiver, strict, depth), ...args.map((a) => this.trace(a, strict, depth))]);
    }
    if (!name) return NOTHING;
    // `compute_loss(model, batch)` runs the model itself; `criterion(out, y)` only combines.
    const runsModel = args.some((a) => this.model.modules.isModuleExpr(a));
    if (!runsModel && (qualified || LOSS_NAME.test(lastSegment(name)) || COMBINING_BUILTINS.has(name))) {
      // Tensor operations and criteria combine their inputs' graphs.
      return combine(args.map((a) => this.trace(a, strict, depth)));
    }
    return this.helperCall(args, depth);
  }

  /** Single letters (`g`, `d`) are gradients and deltas far more often than generators and discriminators. */
  private isModule(name: string): boolean {
    return name.length > 1 && this.model.modules.isModuleName(name);
  }

  /** A call we cannot see into builds a fresh graph, unless a possibly shared tensor goes in. */
  private helperCall(args: SyntaxNode[], depth: number): Evidence {
    return combine([{ built: true, shared: false }, ...args.map((a) => this.trace(a, true, depth))]);
  }

  private argumentsOf(call: SyntaxNode): SyntaxNode[] {
    const { positional, keywords } = callArguments(call, this.model.text);
    return [...positional, ...keywords.values()].map((a) => (a.type === 'list_splat' || a.type === 'dictionary_splat' ? a.children.find((c) => c.named) ?? a : a));
  }

  private traceName(use: SyntaxNode, name: string, strict: boolean, depth: number): Evidence {
    const { model } = this;
    const scope = scopeOf(use);
    const def = model.definitions.reaching(scope, name, use.start);
    if (def && within(def.node, this.body)) {
      if (def.kind === 'with' || def.kind === 'parameter') return NOTHING;
      const parts: Evidence[] = [];
      if (def.value) parts.push(this.trace(def.value, strict, depth));
      if (def.kind === 'augmented') {
        const left = def.node.children.find((c) => c.fieldName === 'left');
        if (left && left !== use) parts.push(this.trace(left, strict, depth));
      }
      parts.push(...this.appendedBefore(name, use).map((a) => this.trace(a, strict, depth)));
      return combine(parts);
    }
    // Defined before the loop (or not in this function). A name the loop body assigns again is
    // state carried from one iteration to the next, not a graph shared on purpose, unless the body
    // cuts it only now and then (`if step % k == 0: h = h.detach()`): truncated backpropagation
    // through time, which needs each graph for several iterations.
    const carried = model.definitions.definitionsOf(scope, name).filter((d) => within(d.node, this.body));
    if (carried.length) return { built: false, shared: this.cutSometimes(name, carried.map((d) => d.node)) };
    if (def?.node === this.loop || (def?.kind === 'for' && within(this.loop, def.node))) {
      return { built: false, shared: strict && this.iteratesGraphs(def.node) };
    }
    if (this.isModule(name)) return NOTHING;
    if (model.graph.carriesGraph(use)) return { built: false, shared: true };
    return { built: false, shared: strict && !looksLikeDataOrSetting(name) };
  }

  /** Some assignment of the carried state, or a `detach_()` of it, runs only on some iterations. */
  private cutSometimes(name: string, assignments: SyntaxNode[]): boolean {
    const { text } = this.model;
    const detaches = nodesIn(this.body, ['call']).filter((c) => {
      const m = methodCall(c, text);
      return m?.method === 'detach_' && dottedName(m.receiver, text) === name;
    });
    return [...assignments, ...detaches].some((node) => {
      for (let p = node.parent; p && p !== this.body; p = p.parent) if (p.type === 'if_statement') return true;
      return false;
    });
  }

  /** Values appended to `name` in the loop body before `use`: `losses.append(l)` then `sum(losses)`. */
  private appendedBefore(name: string, use: SyntaxNode): SyntaxNode[] {
    const { text } = this.model;
    const values: SyntaxNode[] = [];
    for (const call of nodesIn(this.body, ['call'])) {
      if (call.start >= use.start) continue;
      const m = methodCall(call, text);
      if (!m || !['append', 'extend', 'insert'].includes(m.method) || dottedName(m.receiver, text) !== name) continue;
      values.push(...callArguments(call, text).positional);
    }
    return values;
  }

  /** The `for` loop walks over tensors that may share a graph (`for loss in losses`). */
  private iteratesGraphs(forStatement: SyntaxNode): boolean {
    const iterable = is(forStatement, 'for_statement') ? field(forStatement, 'right') : null;
    if (!iterable) return false;
    return referencesIn(iterable, this.model.text).some((ref) => words(lastSegment(ref)).some((w) => GRAPH_ITEM_WORDS.test(w)));
  }
}

function combine(parts: Evidence[]): Evidence {
  return { built: parts.some((p) => p.built), shared: parts.some((p) => p.shared) };
}

function looksLikeDataOrSetting(name: string): boolean {
  return words(lastSegment(name)).some((w) => NOT_A_GRAPH_WORDS.has(w));
}
