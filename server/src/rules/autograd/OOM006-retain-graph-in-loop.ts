import type { Fix, TextEdit } from '../../core/types';
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { graphOrigin } from './loop-graphs';
import type { SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, literalBool, methodCall, nodeText, referencesIn } from '../../semantic/names';
import { bodyOf, enclosingLoops } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';
import type { Rule } from '../rule';

export const OOM006: Rule = {
  meta: {
    code: 'OOM006',
    name: 'retain-graph-in-loop',
    summary: '`retain_graph=True` in a loop keeps every iteration\'s graph alive for nothing',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks loops for \`X.backward(retain_graph=True)\`, \`torch.autograd.backward(..., retain_graph=True)\` and
\`torch.autograd.grad(..., retain_graph=True)\` when nothing later in the same iteration backpropagates
again, and the differentiated value is built in that iteration (by a forward pass or a loss helper called
in the loop body). It does not report calls followed by another backward in the iteration (a GAN that
backpropagates a shared graph twice), calls with \`create_graph=True\` (higher-order gradients, gradient
penalties), \`retain_graph\` given as a variable, graphs built before the loop that every iteration
differentiates again (per-task gradients, rows of a Jacobian), and state carried between iterations that
the loop detaches only now and then (truncated backpropagation through time). Lightning's
\`self.manual_backward(loss, retain_graph=True)\` and \`accelerator.backward(loss, retain_graph=True)\` count
as backward calls too.`,
      whyIsThisBad: `A backward pass normally frees the activations each operation saved as soon as it has used them.
\`retain_graph=True\` keeps all of them, and the graph itself, for as long as any tensor of the iteration
(the loss, the outputs) is referenced. In a loop those tensors are only replaced once the next forward pass
has finished, so that pass runs with the previous iteration's saved activations still allocated: their
share of peak memory doubles. The flag is also a common way to silence "Trying to backward through the
graph a second time" when state such as an RNN hidden state flows from one iteration into the next. Then
every iteration's graph stays attached to that state and memory grows with every step until CUDA runs out
(or, once an optimizer has updated the weights in place, the backward fails with an in-place
modification error).`,
      example: `for images, labels in loader:
    optimizer.zero_grad()
    loss = criterion(model(images.cuda()), labels.cuda())
    loss.backward(retain_graph=True)
    optimizer.step()`,
      useInstead: `for images, labels in loader:
    optimizer.zero_grad()
    loss = criterion(model(images.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()`,
      fixSafety: `Removing \`retain_graph=True\` is unsafe. When no later code differentiates the same graph, gradients do
not change and memory drops. When state carried between iterations still links them (a hidden state that
is not detached), the next backward then raises "Trying to backward through the graph a second time":
detach that state at the start of each iteration (\`hidden = hidden.detach()\`) rather than keeping every
graph. In that case the fix is display-only: it shows the removal but leaves placing the detach to you. A backward elsewhere (in a function called later) that reuses the graph would fail the same way.`,
      references: [
        { title: 'torch.Tensor.backward', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html' },
        { title: 'torch.autograd.grad', url: 'https://pytorch.org/docs/stable/generated/torch.autograd.grad.html' },
        { title: 'torch.autograd.backward', url: 'https://pytorch.org/docs/stable/generated/torch.autograd.backward.html' },
        { title: 'PyTorch FAQ: my model reports "cuda runtime error(2): out of memory"', url: 'https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    const backprops = model.backwardCalls;
    for (const call of backprops) {
      const retain = retainGraphTrue(model, call);
      if (!retain) continue;
      const loop = enclosingLoops(call)[0];
      if (!loop || reusedLaterInIteration(model, call, loop, backprops)) continue;
      const targets = model.backwardTargets(call);
      if (!targets.length || !targets.every((t) => graphOrigin(model, t, loop) === 'iteration')) continue;
      const fn = callee(call);
      const edits = removeArgument(model, retain);
      const carried = carriedState(model, loop);
      // With state carried between iterations, removing the flag alone makes the next backward fail:
      // the state must be detached first, which only the author can place correctly.
      const fixes: Fix[] = !edits
        ? []
        : carried
          ? [{ title: ctx.messages.oom006DetachAndRemove({ carried }), applicability: 'display-only', edits }]
          : [{ title: ctx.messages.oom006RemoveRetainGraph(), applicability: 'unsafe', edits }];
      ctx.report({
        node: call,
        message: carried
          ? ctx.messages.oom006RetainsCarried({ fn: fn ? nodeText(fn, model.text) : 'backward', carried })
          : ctx.messages.oom006RetainsUnused({ fn: fn ? nodeText(fn, model.text) : 'backward' }),
        fixes,
      });
    }
  },
};

/**
 * The `retain_graph=True` keyword argument, when the call certainly retains without creating a
 * higher-order graph. Calls that pass arguments we cannot read (`*args`, `**kwargs`, positional
 * flags) are left alone.
 */
function retainGraphTrue(model: SemanticModel, call: SyntaxNode): SyntaxNode | null {
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  if (!is(args, 'argument_list')) return null;
  if (args.children.some((c) => c.type === 'list_splat' || c.type === 'dictionary_splat')) return null;
  const { positional, keywords } = callArguments(call, model.text);
  if (literalBool(keywords.get('retain_graph')) !== true) return null;
  const createGraph = keywords.get('create_graph');
  if (createGraph && literalBool(createGraph) !== false) return null;
  if (positional.length > positionalBeforeRetainGraph(model, call)) return null;
  return args.children.find((c) => is(c, 'keyword_argument') && nodeText(field(c, 'name') ?? c, model.text) === 'retain_graph') ?? null;
}

/** How many positional parameters come before `retain_graph` in the called function's signature. */
function positionalBeforeRetainGraph(model: SemanticModel, call: SyntaxNode): number {
  const name = dottedName(callee(call), model.text) ?? '';
  const qualified = model.imports.qualify(name) ?? name;
  if (/(^|\.)autograd\.grad$/.test(qualified)) return 3; // outputs, inputs, grad_outputs
  if (/(^|\.)autograd\.backward$/.test(qualified)) return 2; // tensors, grad_tensors
  return 1; // Tensor.backward(gradient), manual_backward(loss), accelerator.backward(loss)
}

/**
 * Another backward later in the same iteration may walk the retained graph: any later one in the
 * innermost loop's body, or a later one in an outer loop that reads what the inner loop produced.
 */
function reusedLaterInIteration(model: SemanticModel, call: SyntaxNode, loop: SyntaxNode, backprops: readonly SyntaxNode[]): boolean {
  const body = bodyOf(loop) ?? loop;
  const isBackprop = new Set(backprops);
  if (nodesIn(body, ['call']).some((c) => c.start >= call.end && isBackprop.has(c))) return true;
  const produced = namesWrittenIn(model, body);
  for (const outer of enclosingLoops(call).slice(1)) {
    const outerBody = bodyOf(outer) ?? outer;
    const later = nodesIn(outerBody, ['call']).filter((c) => c.start >= loop.end && isBackprop.has(c));
    if (later.some((c) => model.backwardTargets(c).some((t) => referencesIn(t, model.text).some((r) => produced.has(r))))) return true;
  }
  return false;
}

/** Names a block assigns or appends to. */
function namesWrittenIn(model: SemanticModel, block: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const node of nodesIn(block, ['assignment', 'augmented_assignment'])) {
    const left = node.children.find((c) => c.fieldName === 'left');
    if (left) for (const r of referencesIn(left, model.text)) names.add(r);
  }
  for (const c of nodesIn(block, ['call'])) {
    const m = methodCall(c, model.text);
    const receiver = m && ['append', 'extend', 'insert'].includes(m.method) ? dottedName(m.receiver, model.text) : null;
    if (receiver) names.add(receiver);
  }
  return names;
}

/** Deletes one argument with its comma, keeping the call valid; null when a comment is in the way. */
function removeArgument(model: SemanticModel, argument: SyntaxNode): TextEdit[] | null {
  const list = argument.parent;
  if (!list) return null;
  const items = list.children.filter((c) => c.named && c.type !== 'comment');
  const index = items.indexOf(argument);
  if (index < 0) return null;
  let start: number;
  let end: number;
  if (index > 0) {
    // `f(a, retain_graph=True)` -> `f(a)`
    [start, end] = [items[index - 1]!.end, argument.end];
  } else if (items.length > 1) {
    // `f(retain_graph=True, tensors=t)` -> `f(tensors=t)`
    [start, end] = [argument.start, items[1]!.start];
  } else {
    // The only argument, with its trailing comma if any.
    const next = list.children[list.children.indexOf(argument) + 1];
    [start, end] = [argument.start, next?.type === ',' ? next.end : argument.end];
    // Keep a comment after the comma where the argument's text began.
    end += /^[ \t]*(?=#)/.exec(model.text.slice(end))?.[0].length ?? 0;
  }
  if (list.children.some((c) => c.type === 'comment' && c.start >= start && c.end <= end)) return null;
  return [{ start, end, newText: '' }];
}

/**
 * A name the loop feeds back into its own forward pass (`out, hidden = model(x, hidden)`) without
 * detaching it in the loop: each iteration's graph then hangs off the next one.
 */
function carriedState(model: SemanticModel, loop: SyntaxNode): string | null {
  const body = bodyOf(loop);
  if (!body) return null;
  for (const call of nodesIn(body, ['call'])) {
    if (!model.modules.isForwardCall(call)) continue;
    const assignment = call.parent;
    if (!is(assignment, 'assignment') || call.fieldName !== 'right') continue;
    const left = field(assignment, 'left');
    if (!left) continue;
    const assigned = new Set(referencesIn(left, model.text));
    const args = field(call as SyntaxNode & { type: 'call' }, 'arguments');
    const fedBack = args ? referencesIn(args, model.text).find((r) => assigned.has(r)) : undefined;
    if (!fedBack) continue;
    const detached = nodesIn(body, ['call']).some((c) => {
      const text = nodeText(c, model.text);
      return text.includes(fedBack) && /detach|repackage/.test(text);
    });
    if (!detached) return fedBack;
  }
  return null;
}
