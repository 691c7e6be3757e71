// The edits that make a training loop accumulate gradients over `steps` micro-batches: the loss is
// divided by the steps and the optimizer's update runs once every `steps` batches, so a lowered batch
// keeps its effective size. Only a loop whose update is plain enough to rewrite without guessing.
import type { TextEdit } from '../../core/types';
import { wrapStatements } from '../../fixes/edits';
import { field, is, namedChildren, walk, type Node, type SyntaxNode } from '../../parser/syntax';
import type { SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from '../../semantic/names';

/** Methods of optimizers, gradient scalers and schedulers that belong to the weight update. */
const UPDATE_METHODS = new Set(['step', 'zero_grad', 'update', 'unscale_']);
/** Functions that act on the accumulated gradients right before the update. */
const UPDATE_FUNCTIONS = new Set(['clip_grad_norm_', 'clip_grad_value_']);
/** Calls that must all sit in the statements the rewrite knows, or the loop is left alone. */
const GRADIENT_METHODS = new Set(['backward', 'step', 'zero_grad']);
/** Names for the batch counter when the loop has none, first unused wins. */
const COUNTER_NAMES = ['batch_index', 'micro_step', 'accumulation_index'];

type Role = 'backward' | 'zero' | 'update' | null;

/** The call a statement consists of, or null. */
function statementCall(statement: SyntaxNode): SyntaxNode | null {
  if (!is(statement, 'expression_statement')) return null;
  const parts = namedChildren(statement);
  const only = parts.length === 1 ? unparenthesize(parts[0]!) : null;
  return only && is(only, 'call') ? only : null;
}

function roleOf(statement: SyntaxNode, text: string): Role {
  const call = statementCall(statement);
  if (!call) return null;
  const method = methodCall(call, text)?.method;
  if (method === 'backward') return callArguments(call, text).positional.length === 0 ? 'backward' : null;
  if (method === 'zero_grad') return 'zero';
  if (method && UPDATE_METHODS.has(method)) return 'update';
  const name = dottedName(callee(call), text);
  return name && UPDATE_FUNCTIONS.has(lastSegment(name)) ? 'update' : null;
}

/** The loop's batch counter: the index `enumerate` already gives, or a new one with the edits adding it. */
function counterOf(model: SemanticModel, loop: Node<'for_statement'>): { name: string; edits: TextEdit[] } | null {
  const left = field(loop, 'left');
  const right = field(loop, 'right');
  if (!left || !right) return null;
  const text = model.text;
  const iterated = unparenthesize(right);
  if (is(iterated, 'call') && dottedName(callee(iterated), text) === 'enumerate') {
    const args = callArguments(iterated, text);
    const targets = namedChildren(left);
    // `enumerate(loader, start=1)` counts from elsewhere; a counter that is not a plain name cannot be used.
    if (args.positional.length !== 1 || args.keywords.size || !isOneOfPatterns(left) || targets[0]?.type !== 'identifier') return null;
    return { name: nodeText(targets[0], text), edits: [] };
  }
  const name = COUNTER_NAMES.find((candidate) => model.identifiersNamed(candidate).length === 0);
  if (!name) return null;
  const targets = left.type === 'pattern_list' ? `(${nodeText(left, text)})` : nodeText(left, text);
  return {
    name,
    edits: [
      { start: left.start, end: left.end, newText: `${name}, ${targets}` },
      { start: right.start, end: right.end, newText: `enumerate(${nodeText(right, text)})` },
    ],
  };
}

function isOneOfPatterns(node: SyntaxNode): boolean {
  return node.type === 'pattern_list' || node.type === 'tuple_pattern';
}

/**
 * Edits that make `loop` accumulate gradients over `steps` batches, or null where its shape is not the
 * plain one: one `backward()` in the loop's own body, the optimizer's `step()` (with any scaler update,
 * scheduler step or gradient clipping) in consecutive statements after it, and `zero_grad()` before the
 * backward or among those statements; no other backward, step or zero_grad anywhere in the loop.
 */
export function accumulationEdits(model: SemanticModel, loop: SyntaxNode, steps: number): TextEdit[] | null {
  if (!is(loop, 'for_statement') || steps < 2) return null;
  const body = field(loop, 'body');
  if (!body || field(loop, 'alternative')) return null;
  const text = model.text;
  const statements = namedChildren(body);
  const roles = statements.map((s) => roleOf(s, text));
  const known = new Set(statements.filter((_, i) => roles[i] !== null));
  let stray = false;
  walk(body, (n) => {
    if (stray) return false;
    if (known.has(n)) return false;
    if (is(n, 'call') && GRADIENT_METHODS.has(methodCall(n, text)?.method ?? '')) stray = true;
    return !stray;
  });
  if (stray) return null;
  const backwardAt = roles.indexOf('backward');
  if (backwardAt < 0 || roles.lastIndexOf('backward') !== backwardAt) return null;
  // Before the backward only zeroing; after it, one run of update statements that steps the optimizer.
  if (roles.slice(0, backwardAt).some((r) => r === 'update')) return null;
  const after = roles.map((r, i) => (i > backwardAt && (r === 'update' || r === 'zero') ? i : -1)).filter((i) => i >= 0);
  if (!after.length || after[after.length - 1]! - after[0]! !== after.length - 1) return null;
  const steppers = after.filter((i) => methodCall(statementCall(statements[i]!)!, text)?.method === 'step');
  if (!steppers.length || !roles.includes('zero')) return null;

  const counter = counterOf(model, loop);
  if (!counter) return null;
  const backwardCall = statementCall(statements[backwardAt]!)!;
  const receiver = methodCall(backwardCall, text)!.receiver;
  const edits: TextEdit[] = [...counter.edits, { start: receiver.start, end: receiver.end, newText: `(${nodeText(receiver, text)} / ${steps})` }];
  for (let i = 0; i < backwardAt; i++) {
    if (roles[i] !== 'zero') continue;
    const zeroing = wrapStatements(model, statements[i]!, statements[i]!, `if ${counter.name} % ${steps} == 0:`);
    if (!zeroing) return null;
    edits.push(...zeroing);
  }
  const update = wrapStatements(model, statements[after[0]!]!, statements[after[after.length - 1]!]!, `if (${counter.name} + 1) % ${steps} == 0:`);
  if (!update) return null;
  edits.push(...update);
  edits.sort((a, b) => a.start - b.start);
  return edits.every((e, i) => i === 0 || edits[i - 1]!.end <= e.start) ? edits : null;
}
