import type { Fix } from '../../core/types';
import { appendCall } from '../../fixes/edits';
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { containerName, detachApplicability, handedToTraining, isScalarLike, isTrainingLoop, keptAcrossTrainingSteps, persistingInferenceLoop, persistingLoop, persistingTrainingLoop, valueCarriesGraph } from './accumulators';
import { isBackpropSource, type SemanticModel, SubtreeFact } from '../../semantic/model';
import { callArguments, dottedName, methodCall, nodeText, referencesIn, unparenthesize } from '../../semantic/names';
import { gpuModelOutput } from './gpu-outputs';
import { prefersItem } from './item-idiom';
import { scopeOf, within } from '../../semantic/scopes';
import { nodesBetween, nodesIn } from '../../semantic/subtree';
import type { Rule } from '../rule';

export const OOM002: Rule = {
  meta: {
    code: 'OOM002',
    name: 'graph-tensor-stored',
    summary: 'Tensor with its autograd graph stored across training iterations',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks training loops (loops that call \`backward()\` or an optimizer's \`step()\`) for tensors that still
carry an autograd graph (losses, model outputs, arithmetic on them) being appended, extended or assigned
into a list or dict that was created outside the loop and so outlives the iteration (also a list kept
in a dict, \`history["loss"].append(loss)\`, a tensor inside a logged record, a per-step dict filled key by key and
then kept, \`logs = {}; logs["loss"] = loss; history.append(logs)\`, and slots named by an f-string of the loop's
values, \`by_step[f"loss_{step}"] = loss\`), or kept on \`self\` by a
method that runs one training step (calls \`backward()\`, or is a Lightning \`training_step\`). Loops over
data in code that never trains (no \`backward()\` or optimizer step in the function) count too: there the
graph of every stored output is kept for nothing. Lists
that are re-created every iteration, and lists kept on purpose for a later \`backward()\` (such as
REINFORCE's saved log-probabilities), are not reported.`,
      whyIsThisBad: `A tensor that requires grad holds its \`grad_fn\`, and through it the graph of the iteration that
produced it: the graph's nodes, and the activations its layers saved for the backward pass until a
backward pass frees them. Stored in a list that survives the iteration, all of that stays alive as long
as the list. Where no backward pass frees the activations (the loop never calls \`backward()\`, or calls
it with \`retain_graph=True\`, as a GAN's discriminator step does), every stored tensor keeps its
iteration's activations on the GPU and memory grows with every batch: on an H200, losses kept after
\`backward(retain_graph=True)\` held 10.4 GiB after 40 iterations of a small segmentation network, against
0.27 GiB with \`loss.item()\`. Where \`backward()\` runs on each loss, the activations are already freed: in
the same measurement \`losses.append(loss)\` held no more GPU memory than \`loss.item()\` (512 bytes per
loss), and a kept output held its own size on the GPU, detached or not. What such a list still keeps is
the graph's nodes, in host memory, and tensors that nothing will backpropagate through.`,
      example: `model.eval()
val_losses = []
for images, labels in val_loader:
    loss = criterion(model(images), labels)
    val_losses.append(loss)`,
      useInstead: `import torch

model.eval()
val_losses = []
with torch.no_grad():
    for images, labels in val_loader:
        loss = criterion(model(images), labels)
        val_losses.append(loss.item())`,
      fixSafety: `Appending \`.detach()\` is safe where the stored value is proven to be a tensor: it keeps its value, type
and device, without the graph that nothing uses. Where the analysis cannot prove it a tensor (a value that
may be a Python number, a tuple or a dict), \`.detach()\` could raise, and the fix is unsafe; so it is where the
list is handed to code that trains (another file's function, a helper that does not visibly backpropagate
it), which may backpropagate what it holds. Lists handed to a helper of this file that backpropagates them
are not reported. Storing \`.item()\` (for scalars) or \`.detach().cpu()\` (for outputs) is unsafe: the stored
value changes type or device, which code reading the list later may not expect. Where the file itself keeps such
values with \`.item()\` (\`losses.append(loss.item())\` elsewhere), the code shows the value to be one number
(a reduction without a dimension, a torch loss with its default reduction, or a name the code calls \`.item()\`
on), and the list is only ever shown (printed, logged or formatted, through \`sum\`, \`len\` and arithmetic),
\`.item()\` follows the file's idiom and comes first, safe: what the program keeps and decides on is unchanged,
and it prints the number rather than a tensor. No fix is offered when the
stored value is a name for a dict or list of tensors (\`logs.append(loss_dict)\`): each of its tensors needs
detaching where the dict is built.`,
      references: [
        { title: 'PyTorch FAQ: my model reports "cuda runtime error(2): out of memory"', url: 'https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory' },
        { title: 'torch.Tensor.detach', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html' },
      ],
    },
  },
  kinds: ['call', 'assignment', 'augmented_assignment'],
  select: (node, text) => readStore(node, text) !== null,
  visit(node, ctx) {
    const { model } = ctx;
    const stored = readStore(node, model.text);
    if (!stored) return;
    const { container, value, how } = stored;
    if (isBackpropSource(model, container)) return;
    // Kept on purpose for a helper that backpropagates them together; handed to other code that trains, maybe.
    const handed = handedToTraining(model, container, node);
    if (handed === 'backpropagated') return;
    // A slot `c[k] = v` is overwritten when `k` comes round again: only the innermost loop's keys
    // grow with training (`per_batch[batch_idx]`), not an inner loop's (`buffer[step]` per rollout).
    const innermost = stored.slot ? persistingLoop(model, node, container) : null;
    const trainingLoop = stored.slot ? (innermost && isTrainingLoop(model, innermost) ? innermost : null) : persistingTrainingLoop(model, node, container);
    const inferenceLoop = trainingLoop ? null : persistingInferenceLoop(model, node, container);
    const loop = trainingLoop ?? inferenceLoop;
    if (!loop && !keptAcrossTrainingSteps(model, node, container)) return;
    const outlives = loop ? 'iteration' : 'training-step';
    for (const item of graphCarryingItems(model, value)) {
      if (detachedInPlace(model, item, node)) continue;
      // Model outputs gathered on the GPU by evaluation code are OOM007's, whose fix also detaches.
      if (inferenceLoop && model.projectUsesGpu && gpuModelOutput(model, item, inferenceLoop) !== null) continue;
      const scalar = isScalarLike(model, item);
      // The file's own idiom first where it keeps such numbers with `.item()` and the list is only shown.
      const itemFirst = scalar && !handed && prefersItem(model, item, container, node, 'list');
      const detach: Fix = { title: ctx.messages.addCall({ call: '.detach()' }), applicability: handed ? 'unsafe' : detachApplicability(model, [item]), edits: appendCall(item, '.detach()') };
      const other: Fix = scalar
        ? { title: ctx.messages.addCall({ call: '.item()' }), applicability: itemFirst ? 'safe' : 'unsafe', edits: appendCall(item, '.item()') }
        : { title: ctx.messages.addCall({ call: '.detach().cpu()' }), applicability: 'unsafe', edits: appendCall(item, '.detach().cpu()') };
      // A name for a dict or list of tensors (`logs.append(loss_dict)`) has no `.detach()` of its own.
      const fixes: Fix[] = namesContainer(model, item) ? [] : itemFirst ? [other, detach] : [detach, other];
      ctx.report({
        node: item,
        message: ctx.messages.oom002StoredWithGraph({ item: nodeText(item, model.text), how, container, outlives }),
        fixes,
      });
    }
  },
};

/**
 * `output["loss"] = output["loss"].detach()` (or `.item()`) between the value's definition and the
 * store: the dict's tensor was replaced by one without a graph.
 */
function detachedInPlace(model: SemanticModel, item: SyntaxNode, store: SyntaxNode): boolean {
  const expr = unparenthesize(item);
  if (expr.type !== 'identifier') return false;
  const name = nodeText(expr, model.text);
  const scope = scopeOf(store);
  const def = model.definitions.reaching(scope, name, store.start);
  const from = def?.node.end ?? scope.start;
  // The assignments between the definition and the store, found by offset in the list of the scope's statement.
  return nodesBetween(model.nodesOfKindAround(scope, 'assignment'), from, store.start).some((a) => {
    if (scopeOf(a) !== scope) return false;
    const left = a.children.find((c) => c.fieldName === 'left');
    const right = a.children.find((c) => c.fieldName === 'right');
    const base = left?.type === 'subscript' ? left.children.find((c) => c.fieldName === 'value') : undefined;
    return base !== undefined && nodeText(base, model.text) === name && right !== undefined && model.graph.endsGraph(right);
  });
}

/** The value is a name last assigned a dict, list or tuple literal (or comprehension). */
function namesContainer(model: SemanticModel, value: SyntaxNode): boolean {
  const expr = unparenthesize(value);
  if (expr.type !== 'identifier') return false;
  const def = model.definitions.reaching(scopeOf(expr), nodeText(expr, model.text), expr.start);
  const assigned = def?.kind === 'assign' && def.value && def.unpackIndex < 0 ? unparenthesize(def.value).type : '';
  return ['dictionary', 'list', 'tuple', 'dictionary_comprehension', 'list_comprehension'].includes(assigned);
}

/**
 * The parts of a stored value that carry a graph: the value itself, or the items of a literal
 * tuple, list or dict (`logs.append({"loss": loss, "step": i})`), so that the fix detaches each
 * tensor rather than the literal.
 */
function graphCarryingItems(model: SemanticModel, value: SyntaxNode): SyntaxNode[] {
  const inner = unparenthesize(value);
  let items: SyntaxNode[] | null = null;
  if (inner.type === 'tuple' || inner.type === 'list') items = inner.children.filter((c) => c.named && c.type !== 'comment');
  else if (inner.type === 'dictionary') items = inner.children.filter((c) => c.type === 'pair').flatMap((p) => p.children.filter((c) => c.fieldName === 'value'));
  if (!items) return valueCarriesGraph(model, value) || filledWithGraphs(model, value) ? [value] : [];
  return items.flatMap((item) => graphCarryingItems(model, item));
}

/**
 * `logs = {}`, then `logs["loss"] = loss` (or `logs.append(loss)`) before `value` reads `logs`: the
 * container, filled in this block, holds a graph-carrying tensor.
 */
function filledWithGraphs(model: SemanticModel, value: SyntaxNode): boolean {
  const expr = unparenthesize(value);
  if (expr.type !== 'identifier') return false;
  const name = nodeText(expr, model.text);
  const def = model.definitions.reaching(scopeOf(expr), name, expr.start);
  const created = def?.kind === 'assign' && def.value && def.unpackIndex < 0 ? unparenthesize(def.value) : null;
  if (!created || !['dictionary', 'list'].includes(created.type) || created.children.some((c) => c.named && c.type !== 'comment')) return false;
  let block = def!.node.parent;
  while (block && block.type !== 'block' && block.type !== 'module') block = block.parent;
  if (!block || !within(expr, block)) return false;
  const between = (n: SyntaxNode) => n.start >= def!.node.end && n.end <= expr.start;
  for (const statement of nodesIn(block, ['assignment', 'call'])) {
    if (!between(statement)) continue;
    // Any key will do here: the container is new, so even a constant key adds to it.
    const left = is(statement, 'assignment') ? field(statement, 'left') : null;
    const right = is(statement, 'assignment') ? field(statement, 'right') : null;
    const base = is(left, 'subscript') ? left.children.find((c) => c.fieldName === 'value') : undefined;
    if (right && base && nodeText(base, model.text) === name && valueCarriesGraph(model, right)) return true;
    const stored = is(statement, 'call') ? readStore(statement, model.text) : null;
    if (stored?.container === name && valueCarriesGraph(model, stored.value)) return true;
  }
  return false;
}

interface Store {
  container: string;
  value: SyntaxNode;
  how: 'stored' | 'appended';
  /** Stored under a key (`c[k] = v`) rather than added. */
  slot?: boolean;
}

/**
 * What `readStore` finds for a node: its subtree alone decides, so the selection and every later
 * version's visit share the answer. (Most nodes store nothing and are told so quickly: those answers
 * are not kept.)
 */
const STORES = new SubtreeFact('store into a container', (node: SyntaxNode, text: string): Store | null => workOutStore(node, text), (store) => store !== null);

/** `c.append(v)`, `c.extend([v])`, `c.insert(i, v)`, `c[k] = v` (k not constant), `c += [v]`, `c = c + [v]`. */
function readStore(node: SyntaxNode, text: string): Store | null {
  return STORES.of(node, text);
}

function workOutStore(node: SyntaxNode, text: string): Store | null {
  if (is(node, 'call')) {
    const m = methodCall(node, text);
    if (!m || !['append', 'extend', 'insert'].includes(m.method)) return null;
    const container = containerName(m.receiver, text);
    const { positional } = callArguments(node, text);
    const value = m.method === 'insert' ? positional[1] : positional[0];
    if (!container || !value || positional.length !== (m.method === 'insert' ? 2 : 1)) return null;
    if (m.method === 'extend') {
      const inner = unparenthesize(value);
      const single = (inner.type === 'list' || inner.type === 'tuple') ? inner.children.filter((c) => c.named && c.type !== 'comment') : [];
      return single.length === 1 ? { container, value: single[0]!, how: 'stored' } : null;
    }
    return { container, value, how: 'appended' };
  }
  if (is(node, 'assignment')) {
    const left = field(node, 'left');
    const right = field(node, 'right');
    // `losses = losses + [loss]`
    const grown = left && is(right, 'binary_operator') ? field(right, 'right') : null;
    const previous = left && is(right, 'binary_operator') ? field(right, 'left') : null;
    const name = left ? dottedName(left, text) : null;
    if (name && previous && is(grown, 'list') && nodeText(previous, text) === name && nodeText(field(right as SyntaxNode & { type: 'binary_operator' }, 'operator') ?? grown, text) === '+') {
      const items = grown.children.filter((c) => c.named && c.type !== 'comment');
      return items.length === 1 ? { container: name, value: items[0]!, how: 'appended' } : null;
    }
    if (!is(left, 'subscript') || !right) return null;
    const base = left.children.find((c) => c.fieldName === 'value');
    const key = left.children.find((c) => c.fieldName === 'subscript');
    const container = base ? containerName(base, text) : null;
    // A constant key overwrites one slot; an f-string key (`logs[f"loss_{step}"]`) names a new one each time.
    const constantKey = key?.type === 'integer' || (key?.type === 'string' && !key.children.some((c) => c.type === 'interpolation'));
    if (!container || !key || constantKey) return null;
    // `totals[k] = totals[k] + loss` is a running total, which OOM003 reports.
    if (referencesIn(right, text).some((ref) => ref === container || ref.startsWith(`${container}.`))) return null;
    return { container, value: right, how: 'stored', slot: true };
  }
  if (is(node, 'augmented_assignment')) {
    const left = field(node, 'left');
    const op = field(node, 'operator');
    const right = field(node, 'right');
    const container = dottedName(left, text);
    if (!container || !op || nodeText(op, text) !== '+=' || !is(right, 'list')) return null;
    const items = right.children.filter((c) => c.named && c.type !== 'comment');
    return items.length === 1 ? { container, value: items[0]!, how: 'appended' } : null;
  }
  return null;
}
