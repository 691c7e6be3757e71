// Containers and running totals that live across loop iterations.
import type { SyntaxNode } from '../parser/syntax';
import type { SemanticModel } from './model';
import { methodCall, unparenthesize } from './names';
import { enclosingLoops, scopeOf, within } from './scopes';

/**
 * The innermost loop around `use` across whose iterations `name` keeps its value: the name is
 * not re-created inside that loop before `use`. Null when it is re-created every iteration or
 * the use is not in a loop.
 */
export function persistingLoop(model: SemanticModel, use: SyntaxNode, name: string): SyntaxNode | null {
  const loops = enclosingLoops(use);
  if (!loops.length) return null;
  const scope = scopeOf(use);
  const defs = model.definitions.definitionsOf(scope, name);
  for (const loop of loops) {
    const body = loop.children.find((c) => c.fieldName === 'body');
    if (!body) continue;
    const resetInside = defs.some((d) => d.kind === 'assign' && within(d.node, body) && d.node.start < use.start)
      || clearedInside(model, body, name, use);
    if (!resetInside) return loop;
    // Re-created in this loop's body: it lives only for one iteration of this loop.
    return null;
  }
  return null;
}

/** `name.clear()` or `del name[:]` earlier in the loop body. */
function clearedInside(model: SemanticModel, body: SyntaxNode, name: string, use: SyntaxNode): boolean {
  for (const call of model.nodesOfKind('call')) {
    if (call.start >= use.start || !within(call, body)) continue;
    const m = methodCall(call, model.text);
    if (m && m.method === 'clear' && model.text.slice(m.receiver.start, m.receiver.end) === name) return true;
  }
  for (const del of model.nodesOfKind('delete_statement')) {
    if (del.start < use.start && within(del, body) && model.text.slice(del.start, del.end).replace(/\s+/g, '').startsWith(`del${name}[`)) return true;
  }
  return false;
}

/** A loop that trains: its body runs a backward pass or an optimizer step. */
export function isTrainingLoop(model: SemanticModel, loop: SyntaxNode): boolean {
  if (model.backwardCalls.some((c) => within(c, loop))) return true;
  return model.nodesOfKind('call').some((c) => within(c, loop) && methodCall(c, model.text)?.method === 'step' && !/sched/i.test(model.text.slice(c.start, c.end)));
}

/** Values that read as one number per step: losses, means, sums, norms. */
export function isScalarLike(model: SemanticModel, expression: SyntaxNode): boolean {
  const expr = unparenthesize(expression);
  const text = model.text.slice(expr.start, expr.end);
  if (/(^|[._])(loss|losses|nll|kl|mse|ce|bce|acc|accuracy)(_\w*)?$/i.test(text)) return true;
  const m = expr.type === 'call' ? methodCall(expr, model.text) : null;
  if (m && ['mean', 'sum', 'norm', 'max', 'min', 'std', 'var'].includes(m.method) && !/dim|axis|,/.test(text.slice(text.lastIndexOf('(')))) return true;
  return /loss|criterion/i.test(text.split('(')[0] ?? '');
}
