// Containers and running totals that live across loop iterations.
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { isBackpropSource, type KeyPair, modelQuery, type SemanticModel } from '../../semantic/model';
import { walksData } from './kept-lists';
import { callee, dottedName, methodCall, nodeText, referencesIn, unparenthesize } from '../../semantic/names';
import { nodesIn, ownNodesOf } from '../../semantic/subtree';
import { sameItems } from '../../semantic/group-by';
import { classOfMethod, enclosingFunction, enclosingLoops, functionName, positionalParameterNames, scopeOf, within } from '../../semantic/scopes';

/**
 * The innermost loop around `use` across whose iterations `name` keeps its value: the name is
 * not re-created inside that loop before `use`. Null when it is re-created every iteration or
 * the use is not in a loop.
 */
export function persistingLoop(model: SemanticModel, use: SyntaxNode, name: string): SyntaxNode | null {
  return loopsKeepingValue(model, use, name)[0] ?? null;
}

/**
 * The first training loop around `use` across whose iterations `name` keeps its value. A total
 * kept over an epoch may be updated in an inner loop over the loss terms (`for k in loss_dict:
 * totals[k] += loss_dict[k]`); the training loop is then an outer one. Null when the name is
 * re-created inside every loop that trains.
 */
export function persistingTrainingLoop(model: SemanticModel, use: SyntaxNode, name: string): SyntaxNode | null {
  return loopsKeepingValue(model, use, name).find((loop) => isTrainingLoop(model, loop)) ?? null;
}

/**
 * The loops around `use`, innermost first, across whose iterations `name` keeps its value, up to the
 * first that re-creates it before `use` (assigns it or clears it in its body).
 */
function loopsKeepingValue(model: SemanticModel, use: SyntaxNode, name: string): readonly SyntaxNode[] {
  return LOOPS_KEEPING_VALUE.of(model, model.db.keyPair(use, name));
}

/**
 * What `loopsKeepingValue` reads lies in the loops' bodies, inside the top-level statement of `use`:
 * the definitions and clears of the name there, and where they are against `use`.
 */
const LOOPS_KEEPING_VALUE = modelQuery('loops keeping a value', (model, { first: use, second: name }: KeyPair<SyntaxNode, string>): readonly SyntaxNode[] => {
  model.readsStatementOf(use);
  const loops: SyntaxNode[] = [];
  const scope = scopeOf(use);
  for (const loop of enclosingLoops(use)) {
    const body = loop.children.find((c) => c.fieldName === 'body');
    if (!body) continue;
    const resetInside = model.definitions.definitionsStartingIn(scope, name, body.start, use.start).some((d) => d.kind === 'assign' && within(d.node, body))
      || clearedInside(model, body, name, use);
    // Re-created in this loop's body: it lives only for one iteration of this loop.
    if (resetInside) break;
    loops.push(loop);
  }
  return loops;
}, { reads: 'key' });

/**
 * `self.history.append(loss)` or `self.running_loss += loss` in a method that runs one training
 * step (calls `backward()`): the attribute outlives the call, so every call keeps another step's
 * graph, loop or no loop.
 */
export function keptAcrossTrainingSteps(model: SemanticModel, node: SyntaxNode, name: string): boolean {
  if (!name.startsWith('self.')) return false;
  const fn = enclosingFunction(node);
  if (fn === null || functionName(fn, model.text) === '__init__') return false;
  if (!ownNodesOf(model.backwardCalls, fn).length && !isLightningTrainingStep(model, fn) && !calledFromTrainingLoops(model, fn)) return false;
  // Re-created in the same method before the addition: it lives for this call only.
  return !model.definitions.definitionsOf(scopeOf(node), name).some((d) => d.kind === 'assign' && within(d.node, fn) && d.node.start < node.start);
}

/**
 * A loop over data that never trains, in a function that never trains either, where `name` keeps
 * its value across iterations: what it stores with a graph is never backpropagated, so each graph
 * is kept for nothing until the list goes away (predictions or features gathered with grad on).
 */
export function persistingInferenceLoop(model: SemanticModel, use: SyntaxNode, name: string): SyntaxNode | null {
  const loop = persistingLoop(model, use, name);
  if (!loop || !walksData(model, loop)) return null;
  return model.gradMode.at(use) === 'enabled' && trainsNowhere(model, use, name) ? loop : null;
}

/**
 * Nothing around `use` trains: its function calls no `backward()` or optimizer step, no loop
 * around it trains, and what it collects in `name` does not go back to a caller that trains.
 */
export function trainsNowhere(model: SemanticModel, use: SyntaxNode, name: string): boolean {
  const fn = enclosingFunction(use);
  if (functionTrains(model, fn)) return false;
  if (enclosingLoops(use).some((l) => isTrainingLoop(model, l))) return false;
  // Returned, the outputs may be what a caller backpropagates (a forward pass over time steps).
  return !(fn && returnsCollected(model, fn, name) && !callersOnlyInfer(model, fn));
}

/** `return xs`, `return torch.cat(xs)`, or `ys = f(xs)` then `return ys`: the collected tensors leave the function. */
function returnsCollected(model: SemanticModel, fn: SyntaxNode, name: string): boolean {
  const names = new Set([name]);
  for (const assignment of nodesIn(fn, ['assignment'])) {
    const right = assignment.children.find((c) => c.fieldName === 'right');
    const left = assignment.children.find((c) => c.fieldName === 'left');
    if (right && left && referencesIn(right, model.text).some((r) => names.has(r))) {
      for (const target of referencesIn(left, model.text)) names.add(target);
    }
  }
  return model.returnsOf(fn).some((r) => {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    // `return torch.cat(preds).argmax(1).tolist()` hands back plain values.
    return value !== undefined && !handsBackPlainValues(model, value) && referencesIn(value, model.text).some((ref) => names.has(ref));
  });
}

/** `x.detach().cpu()`, `[o.detach().cpu() for o in outs]`, `t.tolist()`: no graph goes back. */
function handsBackPlainValues(model: SemanticModel, expression: SyntaxNode): boolean {
  let expr = unparenthesize(expression);
  if (expr.type === 'list_comprehension' || expr.type === 'generator_expression') {
    const element = expr.children.find((c) => c.fieldName === 'body');
    return element !== undefined && handsBackPlainValues(model, element);
  }
  for (let m = is(expr, 'call') ? methodCall(expr, model.text) : null; m; m = is(expr, 'call') ? methodCall(expr, model.text) : null) {
    if (model.graph.endsGraph(expr)) return true;
    expr = unparenthesize(m.receiver);
  }
  return model.graph.endsGraph(expr);
}

/** Every caller of `fn` is in this file, and none of their functions trains. */
function callersOnlyInfer(model: SemanticModel, fn: SyntaxNode): boolean {
  const callers = model.callersOf(fn);
  if (!callers || !callers.length) return false;
  return callers.every((call) => !functionTrains(model, enclosingFunction(call)));
}

/** The body of `fn` itself (the module's top level for null) calls `backward()` or an optimizer step. */
function functionTrains(model: SemanticModel, fn: SyntaxNode | null): boolean {
  return ownNodesOf(model.backwardCalls, fn).length > 0 || ownNodesOf(optimizerSteps(model), fn).length > 0;
}

/** Every call of `fn` in this file runs inside a training loop (the caller backpropagates what it returns). */
function calledFromTrainingLoops(model: SemanticModel, fn: SyntaxNode): boolean {
  const callers = model.callersOf(fn);
  return callers !== null && callers.length > 0 && callers.every((call) => enclosingLoops(call).some((loop) => isTrainingLoop(model, loop)));
}

/** `training_step` of a Lightning module: the framework runs the backward pass on what it returns. */
function isLightningTrainingStep(model: SemanticModel, fn: SyntaxNode): boolean {
  if (functionName(fn, model.text) !== 'training_step') return false;
  const owner = classOfMethod(fn);
  const bases = owner?.children.find((c) => c.fieldName === 'superclasses');
  return bases !== undefined && /Lightning|\bpl\.|\bL\./.test(model.text.slice(bases.start, bases.end));
}

/** The container a target names, through subscripts: `history["loss"]` -> `history`, `self.logs[k]` -> `self.logs`. */
export function containerName(target: SyntaxNode, text: string): string | null {
  let node = unparenthesize(target);
  while (is(node, 'subscript')) {
    const value = field(node, 'value');
    if (!value) return null;
    node = unparenthesize(value);
  }
  return dottedName(node, text);
}

/** `name.clear()` or `del name[:]` earlier in the loop body. */
function clearedInside(model: SemanticModel, body: SyntaxNode, name: string, use: SyntaxNode): boolean {
  for (const call of callsOfMethod(model, 'clear')) {
    if (call.start >= use.start || !within(call, body)) continue;
    const receiver = methodCall(call, model.text)!.receiver;
    if (model.text.slice(receiver.start, receiver.end) === name) return true;
  }
  for (const del of model.nodesOfKindAround(body, 'delete_statement')) {
    if (del.start < use.start && within(del, body) && model.text.slice(del.start, del.end).replace(/\s+/g, '').startsWith(`del${name}[`)) return true;
  }
  return false;
}

/** A loop that trains: its body runs a backward pass or an optimizer step. */
export function isTrainingLoop(model: SemanticModel, loop: SyntaxNode): boolean {
  return TRAINING_LOOP.of(model, loop);
}

/**
 * Whether a loop trains reads the subtrees of the loop and of the helpers its calls (and theirs)
 * resolve to, through the functions of this file by name. `autograd.grad` alone (Jacobians, input
 * gradients) does not make a loop a training loop.
 */
const TRAINING_LOOP = modelQuery('training loop', (model, loop: SyntaxNode) => {
  model.readsStatementOf(loop);
  return trainsDirectly(model, loop) || helpersTrain(model, loop, new Set());
}, { reads: 'key', onCycle: () => false });

/** The code runs `x.backward()` or an optimizer step itself: read from its own calls, so that the answer keeps while they do. */
function trainsDirectly(model: SemanticModel, node: SyntaxNode): boolean {
  return model.nodesOfKindWithin(node, 'call').some((call) => {
    const method = methodCall(call, model.text)?.method;
    return method === 'backward' || (method === 'step' && isOptimizerStep(model, call));
  });
}

/** The code calls a function of this file (`train_step(batch)`, `self.update(batch)`) that trains. */
function helpersTrain(model: SemanticModel, node: SyntaxNode, visiting: Set<SyntaxNode>): boolean {
  for (const call of nodesIn(node, ['call'])) {
    const helper = helperCalled(model, call);
    if (!helper || visiting.has(helper)) continue;
    visiting.add(helper);
    if (trainsDirectly(model, helper) || (visiting.size < 4 && helpersTrain(model, helper, visiting))) return true;
  }
  return false;
}

/** The function of this file a call runs: the only one of its name, or a method of `self`'s class. */
function helperCalled(model: SemanticModel, call: SyntaxNode): SyntaxNode | null {
  const target = callee(call);
  if (target?.type === 'identifier') {
    const named = model.functionsNamed(nodeText(target, model.text));
    return named.length === 1 ? named[0]! : null;
  }
  return selfMethod(model, call);
}

/** `optimizer.step()` calls (not learning-rate schedulers). */
function optimizerSteps(model: SemanticModel): readonly SyntaxNode[] {
  return OPTIMIZER_STEPS.of(model);
}

/** `x.step()` calls in document order, not learning-rate schedulers' nor environments' (`envs.step(action)`). */
const OPTIMIZER_STEPS = modelQuery('optimizer steps', (model, _: void): readonly SyntaxNode[] =>
  callsOfMethod(model, 'step').filter((c) => isOptimizerStep(model, c)), { reads: 'key' });

/** A `x.step()` call that is no learning-rate scheduler's nor environment's (`envs.step(action)`). */
function isOptimizerStep(model: SemanticModel, call: SyntaxNode): boolean {
  const receiver = methodCall(call, model.text)?.receiver;
  return !/sched/i.test(model.text.slice(call.start, call.end)) && !(receiver && /env/i.test(model.text.slice(receiver.start, receiver.end)));
}

/** `x.method(...)` calls of the file, in document order (the call index's calls through an attribute named `method`). */
function callsOfMethod(model: SemanticModel, method: string): readonly SyntaxNode[] {
  return METHOD_CALLS.of(model, method);
}

const METHOD_CALLS = modelQuery('method calls by name', (model, method: string): readonly SyntaxNode[] =>
  model.callsOfName(method, true).filter((call) => methodCall(call, model.text) !== null), { reads: 'key' });

/**
 * `.detach()` is safe only on a value proven to be a tensor: on a Python number (a helper's `.item()`,
 * a count) it raises, so where the analysis cannot tell, the fix is unsafe.
 */
export function detachApplicability(model: SemanticModel, values: readonly SyntaxNode[]): 'safe' | 'unsafe' {
  return values.every((value) => ['graph', 'tensor'].includes(model.valueKind(value))) ? 'safe' : 'unsafe';
}

/** The calls of a function's own code (or module code) by the dotted names they pass as arguments. */
const CALLS_PASSING = modelQuery('calls by the names they pass', (model, scope: SyntaxNode): ReadonlyMap<string, readonly SyntaxNode[]> => {
  const own = scope === model.root ? null : scope;
  const byName = new Map<string, SyntaxNode[]>();
  for (const call of nodesIn(scope, ['call'])) {
    if (enclosingFunction(call) !== own) continue;
    const args = call.children.find((c) => c.fieldName === 'arguments');
    for (const a of args?.children ?? []) {
      if (!a.named || a.type === 'comment') continue;
      const value = a.type === 'keyword_argument' ? a.children.find((c) => c.fieldName === 'value') ?? a : a;
      const name = dottedName(unparenthesize(value), model.text);
      if (!name) continue;
      const list = byName.get(name);
      if (list) {
        if (list.at(-1) !== call) list.push(call);
      } else byName.set(name, [call]);
    }
  }
  return byName;
}, { reads: 'key' });

/**
 * Of the calls of a scope that pass a name, those that train (see `needsGradients`): worked out once
 * per scope and name, however many uses of the name ask (a total updated in thousands of loops).
 */
const TRAINING_CALLS_PASSING = modelQuery('training calls passing a name', (model, { first: scope, second: name }: KeyPair<SyntaxNode, string>): readonly SyntaxNode[] =>
  (CALLS_PASSING.of(model, scope).get(name) ?? []).filter((call) => model.needsGradients(call)), { reads: 'key', equals: sameItems });

/**
 * What the function that fills `container` hands it to: `backpropagated` when a call passes it to a
 * function of this file that trains and whose parameter receiving it flows into a backward pass there
 * (`optimize(pending, optimizer)` stacking the losses kept for one backward), `trains` when a call
 * passes it to code that trains but is not seen to backpropagate it (another file's function, a
 * parameter the backward pass does not read), null when no call that trains receives it.
 */
export function handedToTraining(model: SemanticModel, container: string, site: SyntaxNode): 'backpropagated' | 'trains' | null {
  const { text } = model;
  const scope = enclosingFunction(site) ?? model.root;
  let found: 'trains' | null = null;
  for (const call of TRAINING_CALLS_PASSING.of(model, model.db.keyPair(scope, container))) {
    const args = call.children.find((c) => c.fieldName === 'arguments');
    const given = args?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
    const index = given.findIndex((a) => dottedName(unparenthesize(a), text) === container);
    const keyword = given.find((a) => a.type === 'keyword_argument' && dottedName(unparenthesize(a.children.find((c) => c.fieldName === 'value') ?? a), text) === container);
    if (index < 0 && !keyword) continue;
    found = 'trains';
    const helper = helperCalled(model, call);
    if (!helper || !model.needsGradients(helper)) continue;
    const parameter = keyword ? nodeText(keyword.children.find((c) => c.fieldName === 'name') ?? keyword, text) : (positionalParameterNames(helper, text)[index] ?? null);
    if (parameter && isBackpropSource(model, parameter)) return 'backpropagated';
  }
  return found;
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

/**
 * `model.graph.carriesGraph`, and also a loop variable drawn from a container of graph-carrying
 * values: `for k, v in loss_dict.items()`, `for v in loss_dict.values()`, `for term in losses`.
 */
export function valueCarriesGraph(model: SemanticModel, expression: SyntaxNode): boolean {
  if (model.graph.carriesGraph(expression)) return true;
  const expr = unparenthesize(expression);
  // `loss_dict[key]` where the function backpropagates a sum of `loss_dict`'s entries.
  if (is(expr, 'subscript')) {
    const base = expr.children.find((c) => c.fieldName === 'value');
    return base?.type === 'identifier' && feedsBackward(model, base);
  }
  if (is(expr, 'call')) return methodReturnsGraph(model, expr, new Set());
  if (expr.type !== 'identifier') return false;
  const def = model.definitions.reaching(scopeOf(expr), model.text.slice(expr.start, expr.end), expr.start);
  // `loss = self.train_step(batch)`: a method of this class that returns its loss.
  if (def?.kind === 'assign' && def.value && def.unpackIndex < 0 && is(unparenthesize(def.value), 'call')) {
    return methodReturnsGraph(model, unparenthesize(def.value), new Set());
  }
  if (def?.kind !== 'for' || !def.value) return false;
  let source = unparenthesize(def.value);
  if (is(source, 'call')) {
    const m = methodCall(source, model.text);
    if (m?.method === 'items' && def.unpackIndex === 1) source = m.receiver;
    else if (m?.method === 'values' && def.unpackIndex < 0) source = m.receiver;
    else return false;
  } else if (def.unpackIndex >= 0) {
    return false;
  }
  return model.graph.carriesGraph(source) || (source.type === 'identifier' && feedsBackward(model, source));
}

/**
 * The container `name` holds what the function backpropagates: a backward call in the same function
 * differentiates an expression that reads it (`sum(loss_dict.values()).backward()`), directly or
 * through one variable assigned from it (`loss = sum(loss_dict.values())`, then `loss.backward()`).
 * Its entries then carry a graph, whatever call produced them.
 */
function feedsBackward(model: SemanticModel, name: SyntaxNode): boolean {
  const fn = enclosingFunction(name);
  const container = nodeText(name, model.text);
  const def = model.definitions.reaching(scopeOf(name), container, name.start);
  if (def?.kind !== 'assign' || !def.value || def.unpackIndex >= 0 || !is(unparenthesize(def.value), 'call')) return false;
  const reads = (node: SyntaxNode) => referencesIn(node, model.text).some((r) => r === container || r.startsWith(`${container}.`));
  return ownNodesOf(model.backwardCalls, fn).some((call) => model.backwardTargets(call).some((target) => {
    if (reads(target)) return true;
    const t = unparenthesize(target);
    if (t.type !== 'identifier') return false;
    const source = model.definitions.reaching(scopeOf(t), nodeText(t, model.text), t.start);
    return source?.kind === 'assign' && source.value !== null && reads(source.value);
  }));
}

/** The method `self.name(...)` runs: the one of that name in the caller's class, else the only one in the file. */
function selfMethod(model: SemanticModel, call: SyntaxNode): SyntaxNode | null {
  const m = methodCall(call, model.text);
  if (!m || dottedName(m.receiver, model.text) !== 'self') return null;
  const methods = model.functionsNamed(m.method);
  const caller = enclosingFunction(call);
  const owner = caller ? classOfMethod(caller) : null;
  const own = owner ? methods.filter((fn) => classOfMethod(fn) === owner) : [];
  if (own.length === 1) return own[0]!;
  return methods.length === 1 ? methods[0]! : null;
}

/** `self.step(batch)` runs a method of this file whose returned value carries a graph, with grad on. */
function methodReturnsGraph(model: SemanticModel, call: SyntaxNode, visiting: Set<SyntaxNode>): boolean {
  const method = selfMethod(model, call);
  if (!method || visiting.has(method)) return false;
  const mode = model.gradMode.at(call);
  if (mode !== 'enabled' && mode !== 'explicit') return false;
  visiting.add(method);
  return model.returnsOf(method).some((r) => {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    if (!value) return false;
    const inner = unparenthesize(value);
    return model.graph.carriesGraph(value) || (is(inner, 'call') && methodReturnsGraph(model, inner, visiting));
  });
}
