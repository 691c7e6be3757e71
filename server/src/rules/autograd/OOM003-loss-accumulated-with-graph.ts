import type { Fix } from '../../core/types';
import { appendCall } from '../../fixes/edits';
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { containerName, detachApplicability, handedToTraining, keptAcrossTrainingSteps, persistingInferenceLoop, persistingTrainingLoop, valueCarriesGraph } from './accumulators';
import { prefersItem } from './item-idiom';
import { accumulatedParameters } from '../../semantic/kept-totals';
import { callArguments, dottedName, methodCall, nodeText, unparenthesize } from '../../semantic/names';
import { enclosingFunction, functionName, scopeOf } from '../../semantic/scopes';
import { isBackpropSource, StatementFact } from '../../semantic/model';
import type { SemanticModel } from '../../semantic/model';
import type { Rule, RuleContext } from '../rule';

export const OOM003: Rule = {
  meta: {
    code: 'OOM003',
    name: 'loss-accumulated-with-graph',
    summary: 'Running total of losses keeps every iteration\'s autograd graph alive',
    defaultSeverity: 'warning',
    fixable: 'always',
    doc: {
      whatItDoes: `Checks for running totals such as \`total_loss += loss\` or \`total = total + loss\` inside a training
loop (one that calls \`backward()\` or an optimizer's \`step()\`), where the added value still carries an
autograd graph (a loss or model output computed with gradients on) and the total lives across
iterations, or in a method that runs a training step (calls \`backward()\`) and adds to an attribute
such as \`self.running_loss\`, which outlives every call. Loops over data in code that never trains (no
\`backward()\` or optimizer step in the function) count too: the total then chains graphs nothing uses. Totals per loss term count too
(\`totals[k] += loss_dict[k]\`, \`totals[k] = totals.get(k, 0) + v\` in an inner loop over the terms; the terms carry a
graph when the dict comes from a forward pass, or from any call when the step backpropagates their sum), and so
do totals kept inside an object: \`losses.update(loss, n)\` where \`update\`, a method of a class of this file
such as an AverageMeter, adds its argument to an attribute (\`self.sum += val * n\`); a meter of another file of the project is
judged by its own \`update\` the same way (one that stores \`val.detach().cpu()\` keeps no graph). Totals that are themselves backpropagated
later (gradient accumulation) and sums inside one step (a multi-term loss built in an inner loop) are not
reported, nor are values that a call gives without a graph: a function of the file, an element of the tuple a forward
returns that is a Python number there (\`loss, acc = model(x)\` where \`forward\` returns \`loss, acc.item()\`, in this file or another), or an object whose \`__call__\`
returns \`loss.item()\` (the Annotated Transformer's \`loss_compute(out, y, norm)\`, where \`loss_compute\` is a
parameter that every call of its function fills with a new \`SimpleLossCompute\`).`,
      whyIsThisBad: `Adding a tensor that requires grad to a running total makes the total a tensor that requires grad,
whose \`grad_fn\` points at this iteration's loss, which points at this iteration's graph. The next
iteration adds to that total, chaining the graphs together, and nothing in the chain can be freed while
the total lives. What that costs depends on whether a backward pass has freed each graph's saved
activations. In a loop that never calls \`backward()\` (a validation loop without \`torch.no_grad()\`), every
iteration's activations stay on the GPU: on an H200 such a loop over a small segmentation network held
10.4 GiB after 40 iterations, against 0.26 GiB with \`loss.item()\`. In a training loop that calls
\`backward()\` on each loss, the activations are freed already and the chain keeps only graph nodes, in
host memory: the same measurement found no more GPU memory held than with \`loss.item()\`. The PyTorch FAQ
lists accumulating history this way first among the things to check when CUDA runs out of memory; its
example is a training loop that backpropagates each loss. The example below is the costly case, a validation
loop.`,
      example: `model.eval()
total_loss = 0
for images, labels in val_loader:
    loss = criterion(model(images), labels)
    total_loss += loss`,
      useInstead: `import torch

model.eval()
total_loss = 0
with torch.no_grad():
    for images, labels in val_loader:
        loss = criterion(model(images), labels)
        total_loss += loss.item()`,
      fixSafety: `Appending \`.detach()\` to the added value is safe where that value is proven to be a tensor: the total keeps
its type and device and loses only the graph that nothing uses. Where it may be a Python number (a helper's
return value, an entry of a dict of losses), \`.detach()\` could raise, and the fix is unsafe, as it is where the
total is handed to code that trains. Appending \`.item()\` is unsafe: the total becomes a Python float (the usual intent,
and it also avoids a GPU tensor per step), which changes code that later calls tensor methods on it. Where the file
itself keeps totals with \`.item()\` (\`running_loss += loss.item()\` elsewhere), the code shows the added value to be
one number (a reduction without a dimension, a torch loss with its default reduction, or a name the code calls
\`.item()\` on), and the total is only ever shown (printed, logged or formatted, through arithmetic and names
assigned from it), \`.item()\` follows the file's idiom and comes first, safe: what the program keeps and decides
on is unchanged, and it prints the number, summed in double precision, rather than a tensor.`,
      references: [
        { title: 'PyTorch FAQ: my model reports "cuda runtime error(2): out of memory"', url: 'https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory' },
        { title: 'torch.Tensor.detach', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html' },
        { title: 'torch.Tensor.item', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.item.html' },
      ],
    },
  },
  kinds: ['augmented_assignment', 'assignment', 'module'],
  select: (node, text) => readAccumulation(node, text) !== null,
  visit(node, ctx) {
    const { model } = ctx;
    if (node.type === 'module') {
      visitTotalKeepingCalls(ctx);
      return;
    }
    const accumulation = readAccumulation(node, model.text);
    if (!accumulation) return;
    const { target, addend } = accumulation;
    const value = unparenthesize(addend);
    if (['list', 'tuple', 'list_comprehension', 'dictionary', 'string'].includes(value.type)) return;
    const name = containerName(target, model.text);
    if (!name) return;
    // `alphas += alpha` where `alphas = []`: a list extended, not a sum (what it keeps is OOM002's to judge).
    if (!is(unparenthesize(target), 'subscript') && holdsContainer(model, node, name)) return;
    if (isBackpropSource(model, name)) return;
    const handed = handedToTraining(model, name, node);
    if (handed === 'backpropagated') return;
    // Only loops that train: summing losses inside a forward pass or a per-step inner loop is the
    // computation itself, and its graph is freed with the step.
    const loop = persistingTrainingLoop(model, node, name) ?? persistingInferenceLoop(model, node, name);
    if (!loop && !keptAcrossTrainingSteps(model, node, name)) return;
    // Asked after the loops: an update in a constructor (`self.adjacency += torch.eye(n)`) is in none,
    // and its grad mode would be the constructors' cycle through `super().__init__()`, worked out again
    // every version.
    const gradMode = model.gradMode.at(node);
    if (gradMode !== 'enabled' && gradMode !== 'explicit') return;
    if (!valueCarriesGraph(model, addend)) return;
    // The file's own idiom first where it keeps such totals with `.item()` and the total is only shown.
    const itemFirst = !handed && prefersItem(model, addend, name, node, 'total');
    const detach: Fix = { title: ctx.messages.addCall({ call: '.detach()' }), applicability: handed ? 'unsafe' : detachApplicability(model, [addend]), edits: appendCall(addend, '.detach()') };
    const item: Fix = { title: ctx.messages.addCall({ call: '.item()' }), applicability: itemFirst ? 'safe' : 'unsafe', edits: appendCall(addend, '.item()') };
    const fixes: Fix[] = itemFirst ? [item, detach] : [detach, item];
    ctx.report({
      node,
      message: ctx.messages.oom003Accumulates({ name, addend: nodeText(addend, model.text) }),
      fixes,
    });
  },
};

/**
 * `losses.update(loss, n)` where `update`, a method of a class of this file, adds its argument to
 * an attribute (`self.sum += val * n`): a running total kept inside an object, such as an
 * AverageMeter created before the loop.
 */
function visitTotalKeepingCalls(ctx: RuleContext): void {
  const { model } = ctx;
  // Methods that add to `self.x` with `+=`, found from those statements rather than from every call.
  const keeping = new Map<string, SyntaxNode>();
  for (const found of SELF_TOTALS_IN_STATEMENT.ofEach(model)) for (const [name, method] of found) if (!keeping.has(name)) keeping.set(name, method);
  // The calls of those methods and of `update`, found by method name rather than among every call.
  for (const method of new Set(['update', ...keeping.keys()])) {
    for (const call of model.callsOfName(method, true)) {
      if (methodCall(call, model.text)?.method !== method) continue;
      if (method === 'update' && meterFromElsewhere(model, call)) visitMeterUpdate(call, ctx);
      else if (keeping.has(method)) visitTotalKeepingCall(call, method, ctx);
    }
  }
}

/** In a top-level statement, the functions (with their names) that add to `self.x` with `+=`, in document order. */
const SELF_TOTALS_IN_STATEMENT = new StatementFact('functions adding to self attributes', (model: SemanticModel, statement: SyntaxNode) => {
  const found: [string, SyntaxNode][] = [];
  for (const a of model.nodesOfKindIn(statement, 'augmented_assignment')) {
    const method = enclosingFunction(a);
    if (method && model.text.slice(a.start, a.end).startsWith('self.')) found.push([functionName(method, model.text), method]);
  }
  return found;
});

/** Classes that keep a running sum of what they are given: `AverageMeter`, `AvgMeter`, `RunningAverage`. */
const METER_CLASS = /(Meter|Averager|RunningAverage|AverageValue)\s*\(/;

/**
 * `loss_meter.update(loss)` with an AverageMeter from another file (`from utils import AverageMeter`):
 * such meters add what they are given to a running sum (`self.sum += val * n`), so a tensor passed
 * with its graph keeps every iteration's graph alive, as `total += loss` would.
 */

/**
 * The receiver of `x.update(...)` is made by a meter class that this file does not define. Where
 * that class is another file's of the project, its `update` decides: it keeps a total of what it is
 * given (`self.sum += val * n`), or it does not (`self.preds.append(pred.detach().cpu())`).
 */
function meterFromElsewhere(model: SemanticModel, call: SyntaxNode): boolean {
  const m = methodCall(call, model.text);
  const receiver = m ? dottedName(m.receiver, model.text) : null;
  if (!receiver) return false;
  const cls = model.modules.instanceClassOf(receiver);
  if (cls && 'project' in cls) {
    const update = cls.project.methods.update;
    if (update) return update.accumulates?.includes(0) === true;
    // Inherited from a library's class, which no file shows: the class's name is all there is.
    if (!cls.project.libraryBase) return false;
  }
  const defs = model.definitions.definitionsOf(scopeOf(call), receiver).filter((d) => d.value);
  const values = defs.length > 0
    ? defs.map((d) => nodeText(d.value!, model.text))
    : receiver.startsWith('self.') ? attributeValues(model, receiver) : [];
  return values.length > 0 && values.every((v) => {
    const made = METER_CLASS.exec(v);
    const name = made ? /(\w+)\s*\($/.exec(v.slice(0, made.index + made[0].length))?.[1] : undefined;
    return name !== undefined && !model.modules.classNames.has(name);
  });
}

function visitMeterUpdate(call: SyntaxNode, ctx: RuleContext): void {
  const { model } = ctx;
  const m = methodCall(call, model.text);
  const receiver = m ? dottedName(m.receiver, model.text) : null;
  if (!m || !receiver) return;
  const gradMode = model.gradMode.at(call);
  if (gradMode !== 'enabled' && gradMode !== 'explicit') return;
  if (!persistingTrainingLoop(model, call, receiver) && !persistingInferenceLoop(model, call, receiver) && !keptAcrossTrainingSteps(model, call, receiver)) return;
  const value = callArguments(call, model.text).positional[0];
  if (!value || !valueCarriesGraph(model, value)) return;
  const items = ['list', 'tuple'].includes(unparenthesize(value).type) ? unparenthesize(value).children.filter((c) => c.named && c.type !== 'comment' && valueCarriesGraph(model, c)) : [value];
  ctx.report({
    node: value,
    message: ctx.messages.oom003MeterUpdate({ receiver, value: nodeText(value, model.text) }),
    fixes: [
      { title: ctx.messages.addCall({ call: '.detach()' }), applicability: detachApplicability(model, items), edits: items.flatMap((item) => appendCall(item, '.detach()')) },
      { title: ctx.messages.addCall({ call: '.item()' }), applicability: 'unsafe', edits: items.flatMap((item) => appendCall(item, '.item()')) },
    ],
  });
}

function visitTotalKeepingCall(call: SyntaxNode, method: string, ctx: RuleContext): void {
  const { model } = ctx;
  const m = methodCall(call, model.text);
  const receiver = m ? dottedName(m.receiver, model.text) : null;
  if (!m || !receiver || receiver === 'self') return;
  const methods = model.functionsNamed(method);
  if (methods.length !== 1) return;
  const accumulated = accumulatedParameters(model, methods[0]!);
  if (!accumulated.size) return;
  const gradMode = model.gradMode.at(call);
  if (gradMode !== 'enabled' && gradMode !== 'explicit') return;
  if (!persistingTrainingLoop(model, call, receiver) && !persistingInferenceLoop(model, call, receiver)) return;
  const { positional, keywords } = callArguments(call, model.text);
  for (const [index, { parameter, total }] of accumulated) {
    const value = keywords.get(parameter) ?? positional[index];
    if (!value || !valueCarriesGraph(model, value)) continue;
    ctx.report({
      node: value,
      message: ctx.messages.oom003AddsToTotal({ receiver, method: m.method, value: nodeText(value, model.text), total }),
      fixes: [
        { title: ctx.messages.addCall({ call: '.detach()' }), applicability: detachApplicability(model, [value]), edits: appendCall(value, '.detach()') },
        { title: ctx.messages.addCall({ call: '.item()' }), applicability: 'unsafe', edits: appendCall(value, '.item()') },
      ],
    });
  }
}

/** Literals and builtins that make a container. */
const CONTAINER_LITERALS = new Set(['list', 'tuple', 'dictionary', 'set', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension']);

/**
 * Every plain assignment of `name` in the scope of `node` binds a container literal (`alphas = []`,
 * or its element of `alphas, vids = [], []`): adding to it extends a container.
 */
function holdsContainer(model: SemanticModel, node: SyntaxNode, name: string): boolean {
  const assigned = model.definitions.definitionsOf(scopeOf(node), name).filter((d) => d.kind === 'assign');
  return assigned.length > 0 && assigned.every((d) => {
    if (!d.value) return false;
    let value = unparenthesize(d.value);
    if (d.unpackIndex >= 0) {
      if (value.type !== 'tuple' && value.type !== 'expression_list') return false;
      const element = value.children.filter((c) => c.named && c.type !== 'comment')[d.unpackIndex];
      if (!element) return false;
      value = unparenthesize(element);
    }
    return CONTAINER_LITERALS.has(value.type) || (is(value, 'call') && ['list', 'dict', 'tuple'].includes(model.text.slice(value.start, value.end).replace(/\(.*$/s, '')));
  });
}

/** `t += x`, `t = t + x`, `t = x + t` -> target and added value. */
function readAccumulation(node: SyntaxNode, text: string): { target: SyntaxNode; addend: SyntaxNode } | null {
  if (is(node, 'augmented_assignment')) {
    const operator = field(node, 'operator');
    const left = field(node, 'left');
    const right = field(node, 'right');
    if (!operator || nodeText(operator, text) !== '+=' || !left || !right) return null;
    return { target: left, addend: right };
  }
  if (is(node, 'assignment')) {
    const left = field(node, 'left');
    const right = field(node, 'right');
    if (!left || !is(right, 'binary_operator')) return null;
    const op = field(right, 'operator');
    const a = field(right, 'left');
    const b = field(right, 'right');
    if (!op || nodeText(op, text) !== '+' || !a || !b) return null;
    const targetText = nodeText(left, text);
    if (readsTarget(a, left, targetText, text)) return { target: left, addend: b };
    if (readsTarget(b, left, targetText, text)) return { target: left, addend: a };
  }
  return null;
}

/** `operand` reads the target's current value: `t`, or `d.get(k, 0)` for the target `d[k]`. */
function readsTarget(operand: SyntaxNode, target: SyntaxNode, targetText: string, text: string): boolean {
  const value = unparenthesize(operand);
  if (nodeText(value, text) === targetText) return true;
  if (!is(target, 'subscript') || !is(value, 'call')) return false;
  const m = methodCall(value, text);
  const base = target.children.find((c) => c.fieldName === 'value');
  const key = target.children.find((c) => c.fieldName === 'subscript');
  const keyArgument = callArguments(value, text).positional[0];
  return m?.method === 'get' && base !== undefined && key !== undefined && keyArgument !== undefined
    && nodeText(m.receiver, text) === nodeText(base, text) && nodeText(keyArgument, text) === nodeText(key, text);
}

/** The values assigned to `self.x` anywhere in the file (`self.x = v`, not unpacked), as text. */
function attributeValues(model: SemanticModel, attribute: string): string[] {
  return model.definitions.allDefinitionsOf(attribute).filter((d) => d.kind === 'assign' && d.value && d.unpackIndex < 0).map((d) => nodeText(d.value!, model.text));
}
