// Recurrent state that a training loop carries from one iteration into the next: the state a forward
// pass returns and the next iteration's forward pass takes back (`out, hidden = model(x, hidden)`),
// with nothing in the loop that detaches or resets it. Each iteration's graph then hangs off the
// state, so the next backward walks into graphs an earlier backward already freed, or, with
// `retain_graph=True`, every iteration's graph stays in memory (until an in-place weight update
// makes a backward fail on its version check).
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { modelQuery, type SemanticModel, SubtreeFact } from '../../semantic/model';
import { callArguments, callee, dottedName, lastSegment, literalBool, methodCall, nodeText, referencesIn, unparenthesize } from '../../semantic/names';
import { bodyOf, classOfMethod, enclosingFunction, enclosingLoops, functionName, scopeOf, statementOf } from '../../semantic/scopes';
import { nodesIn, nodesWithin, ownNodesOf } from '../../semantic/subtree';

export interface CarriedState {
  /** The forward call that takes the state and returns its next value. */
  forward: SyntaxNode;
  /** The loop across whose iterations the state is carried; its body runs a backward pass. */
  loop: SyntaxNode;
  /** The carried names, as written (`hidden`, `h`, `self.state`), in the order the call returns them. */
  names: string[];
  /** A backward call in the loop keeps its graph (`retain_graph=True`): the code may run, and memory grows. */
  retained: boolean;
}

/** Builtins that only read what they are given: passing the state to them cannot detach it. */
const READING_BUILTINS = new Set(['print', 'len', 'isinstance', 'type', 'id', 'repr', 'str', 'hasattr', 'getattr']);

/** torch functions and tensor methods that make a new tensor with no graph. */
const TENSOR_FACTORIES = /^torch\.(zeros|ones|empty|full|rand|randn|randint|zeros_like|ones_like|empty_like|full_like|rand_like|randn_like|tensor)$/;
const NEW_TENSOR_METHODS = new Set(['new_zeros', 'new_ones', 'new_empty', 'new_full', 'new_tensor']);
/** Methods that keep a tensor a tensor (and a fresh one fresh). */
const TENSOR_PASSTHROUGH = new Set(['to', 'cuda', 'cpu', 'float', 'half', 'double', 'bfloat16', 'contiguous', 'requires_grad_']);

/** Most backward passes this many helper calls deep are still found. */
const HELPER_DEPTH = 3;

const CARRIED_STATES = modelQuery('recurrent state carried across training iterations', (model, _: void): readonly CarriedState[] => findCarriedStates(model));

/** Every forward call whose returned state flows, undetached, into the next training iteration. */
export function carriedStates(model: SemanticModel): readonly CarriedState[] {
  return CARRIED_STATES.of(model);
}

function findCarriedStates(model: SemanticModel): CarriedState[] {
  const found: CarriedState[] = [];
  for (const call of model.forwardCalls) {
    const fedBack = fedBackNames(model, call);
    if (!fedBack.length || model.gradMode.at(call) === 'disabled' || detachesInside(model, call)) continue;
    // The innermost loop that backpropagates each iteration decides: an inner loop over time steps
    // without a backward is one sequence of full backpropagation through time, which is right.
    const loop = enclosingLoops(call).find((l) => backwardCallsIn(model, l).length > 0 || callsBackpropagatingHelper(model, l));
    if (!loop) continue;
    const names = fedBack.filter((name) => carriedAcross(model, loop, name));
    if (!names.length) continue;
    const retained = backwardCallsIn(model, loop).some((b) => {
      const flag = callArguments(b, model.text).keywords.get('retain_graph');
      return flag !== undefined && literalBool(flag) !== false;
    });
    found.push({ forward: call, loop, names, retained });
  }
  return found;
}

/**
 * Names the call both takes as an argument and has its result assigned to: `hidden` in
 * `out, hidden = model(x, hidden)`, `h` and `c` in `out, (h, c) = lstm(x, (h, c))`. Only plain
 * names and `self.x`: the state of another object may be reset by that object's own methods.
 */
function fedBackNames(model: SemanticModel, call: SyntaxNode): readonly string[] {
  const assignment = call.parent;
  if (call.fieldName !== 'right' || !is(assignment, 'assignment')) return NONE_FED_BACK;
  return FED_BACK.of(assignment, model.text);
}

const NONE_FED_BACK: readonly string[] = [];

/** `fedBackNames` per assignment (whose right side is the call): read from the assignment's own subtree alone. */
const FED_BACK = new SubtreeFact('names fed back', (assignment: SyntaxNode & { type: 'assignment' }, text: string): readonly string[] => {
  const left = field(assignment, 'left');
  const call = field(assignment, 'right');
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  const passed = new Set(left && args ? referencesIn(args, text, true) : []);
  const names = left ? assignedNames(left, text).filter((name) => passed.has(name) && (!name.includes('.') || /^self\.\w+$/.test(name))) : [];
  return names.length ? names : NONE_FED_BACK;
});

/** Names an assignment target binds, through tuple and list unpacking; not subscripts. */
function assignedNames(target: SyntaxNode, text: string): string[] {
  const node = unparenthesize(target);
  const name = dottedName(node, text);
  if (name) return [name];
  if (['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'expression_list'].includes(node.type)) {
    return node.children.filter((c) => c.named && c.type !== 'comment').flatMap((c) => assignedNames(c, text));
  }
  return [];
}

/**
 * The state is carried from one iteration of `loop` into the next: every binding of it inside the
 * loop is the result of a forward pass that took it back (nothing resets, detaches or rebuilds it),
 * nothing detaches it in place, and it is not the loop's own target.
 */
function carriedAcross(model: SemanticModel, loop: SyntaxNode, name: string): boolean {
  const body = bodyOf(loop);
  if (!body) return false;
  const sites = bindingSites(model, loop, name);
  if (!sites.length) return false;
  for (const site of sites) {
    const value = is(site, 'assignment') ? field(site, 'right') : null;
    const call = value ? unparenthesize(value) : null;
    if (!is(call, 'call') || !model.modules.isForwardCall(call) || !fedBackNames(model, call).includes(name)) return false;
  }
  return !detachedInPlace(model, body, name) && !resetByHelper(model, body, name);
}

/**
 * Every statement in the loop (its header included) that binds `name`, nested unpacking
 * (`out, (h, c) = ...`) and `del` included, in the loop's own function.
 */
function bindingSites(model: SemanticModel, loop: SyntaxNode, name: string): SyntaxNode[] {
  const { text } = model;
  const owner = enclosingFunction(loop);
  const sites: SyntaxNode[] = [];
  for (const node of nodesIn(loop, ['assignment', 'augmented_assignment', 'for_statement', 'with_item', 'named_expression', 'delete_statement'])) {
    if (enclosingFunction(node) !== owner) continue;
    const targets =
      node.type === 'named_expression' ? node.children.filter((c) => c.fieldName === 'name')
      : node.type === 'with_item' ? nodesIn(node, ['as_pattern_target']).flatMap((t) => t.children.filter((c) => c.named))
      : node.type === 'delete_statement' ? node.children.filter((c) => c.named)
      : node.children.filter((c) => c.fieldName === 'left');
    if (targets.some((t) => assignedNames(t, text).includes(name) || (node.type === 'delete_statement' && referencesIn(t, text).includes(name)))) sites.push(node);
  }
  return sites;
}

/**
 * `hidden.detach_()`, `for h in hidden: h.detach_()`, or the state handed to a function whose
 * result is dropped (`detach_hidden(hidden)`, which may cut it in place).
 */
function detachedInPlace(model: SemanticModel, body: SyntaxNode, name: string): boolean {
  const { text } = model;
  for (const call of nodesIn(body, ['call'])) {
    const m = methodCall(call, text);
    if (m?.method === 'detach_' || m?.method === 'detach') {
      // A `detach_()` in the loop is almost always this cut; a bare `x.detach()` statement too.
      if (m.method === 'detach_' || referencesIn(m.receiver, text).includes(name)) return true;
    }
    if (call.parent?.type !== 'expression_statement') continue;
    const fn = dottedName(callee(call), text);
    if (fn && READING_BUILTINS.has(fn)) continue;
    if (model.modules.isForwardCall(call)) continue;
    const args = is(call, 'call') ? field(call, 'arguments') : null;
    if (args && referencesIn(args, text, true).includes(name)) return true;
  }
  return false;
}

/** `self.state` set again by a method of this file that the loop calls (`self.reset_state()`). */
function resetByHelper(model: SemanticModel, body: SyntaxNode, name: string): boolean {
  if (!name.includes('.')) return false;
  const setters = new Set<string>();
  for (const def of model.definitions.allDefinitionsOf(name)) {
    const fn = enclosingFunction(def.node);
    if (fn) setters.add(functionName(fn, model.text));
  }
  return nodesIn(body, ['call']).some((call) => {
    const fn = dottedName(callee(call), model.text);
    return fn !== null && setters.has(lastSegment(fn));
  });
}

/** Backward calls in the loop's body that run in the loop's own function. */
function backwardCallsIn(model: SemanticModel, loop: SyntaxNode): SyntaxNode[] {
  const body = bodyOf(loop);
  if (!body) return [];
  const owner = enclosingFunction(loop);
  return nodesWithin(model.backwardCalls, body).filter((b) => enclosingFunction(b) === owner && model.gradMode.at(b) !== 'disabled');
}

/** The loop calls a function of this file that runs a backward pass (`train_step(...)`). */
function callsBackpropagatingHelper(model: SemanticModel, loop: SyntaxNode): boolean {
  const body = bodyOf(loop);
  if (!body) return false;
  const seen = new Set<SyntaxNode>();
  let pending = nodesIn(body, ['call']);
  for (let depth = 0; depth < HELPER_DEPTH && pending.length; depth++) {
    const next: SyntaxNode[] = [];
    for (const call of pending) {
      for (const fn of helpersCalledBy(model, call)) {
        if (seen.has(fn)) continue;
        seen.add(fn);
        if (ownNodesOf(model.backwardCalls, fn).length) return true;
        next.push(...nodesIn(fn, ['call']));
      }
    }
    pending = next;
  }
  return false;
}

function helpersCalledBy(model: SemanticModel, call: SyntaxNode): readonly SyntaxNode[] {
  const target = callee(call);
  if (target?.type === 'identifier') return model.functionsNamed(nodeText(target, model.text));
  const m = methodCall(call, model.text);
  if (m && dottedName(m.receiver, model.text) === 'self') return model.functionsNamed(m.method).filter((fn) => classOfMethod(fn) !== null);
  return [];
}

/**
 * The model called is a class of this file whose `forward` detaches something itself (a stateful
 * model that cuts its own state): what comes back may already be cut.
 */
function detachesInside(model: SemanticModel, call: SyntaxNode): boolean {
  const name = dottedName(callee(call), model.text);
  if (!name) return false;
  const classNames = new Set<string>();
  for (const def of model.definitions.allDefinitionsOf(name)) {
    const value = def.value ? unparenthesize(def.value) : null;
    const constructor = is(value, 'call') ? dottedName(callee(value), model.text) : null;
    if (constructor && model.modules.isModuleClass(constructor)) classNames.add(constructor);
  }
  if (!classNames.size) return false;
  for (const cls of model.nodesOfKind('class_definition')) {
    const clsName = is(cls, 'class_definition') ? field(cls, 'name') : null;
    if (clsName && classNames.has(nodeText(clsName, model.text)) && classDetaches(cls, model.text)) return true;
  }
  return false;
}

/** Whether a class's body calls `detach`. */
const CLASS_DETACHES = new SubtreeFact('class detaches', (cls: SyntaxNode, text: string): boolean =>
  nodesIn(cls, ['call']).some((c) => ['detach', 'detach_'].includes(methodCall(c, text)?.method ?? '')));

function classDetaches(cls: SyntaxNode, text: string): boolean {
  return CLASS_DETACHES.of(cls, text);
}

/**
 * The state's value when the loop starts is a fresh tensor (`torch.zeros(...)`, `x.new_zeros(...)`),
 * so `name.detach()` works on every iteration, the first included.
 */
export function startsAsTensor(model: SemanticModel, loop: SyntaxNode, name: string): boolean {
  const def = model.definitions.reaching(scopeOf(loop), name, loop.start);
  if (!def || def.kind !== 'assign' || !def.value) return false;
  let value = unparenthesize(def.value);
  if (def.unpackIndex >= 0) {
    if (!['tuple', 'expression_list', 'list'].includes(value.type)) return false;
    const parts = value.children.filter((c) => c.named && c.type !== 'comment');
    const part = parts[def.unpackIndex];
    if (!part || parts.some((p) => p.type === 'list_splat')) return false;
    value = unparenthesize(part);
  }
  for (let m = is(value, 'call') ? methodCall(value, model.text) : null; m && TENSOR_PASSTHROUGH.has(m.method); m = is(value, 'call') ? methodCall(value, model.text) : null) {
    value = unparenthesize(m.receiver);
  }
  if (!is(value, 'call')) return false;
  const m = methodCall(value, model.text);
  if (m && NEW_TENSOR_METHODS.has(m.method)) return true;
  const dotted = dottedName(callee(value), model.text);
  return dotted !== null && TENSOR_FACTORIES.test(model.imports.qualify(dotted) ?? dotted);
}

/**
 * A top-level function of this file named like `repackage_hidden` or `detach_state` that detaches
 * the state passed to it, defined before `loop` runs: the fix can call it instead of adding one.
 */
export function detachingHelpers(model: SemanticModel, loop: SyntaxNode): string[] {
  const names: string[] = [];
  const atTopLevel = enclosingFunction(loop) === null;
  for (const fn of model.nodesOfKind('function_definition')) {
    if (statementOf(fn).parent !== model.root || (atTopLevel && fn.start > loop.start)) continue;
    const name = functionName(fn, model.text);
    if (!/repackage|detach/i.test(name)) continue;
    const params = is(fn, 'function_definition') ? field(fn, 'parameters') : null;
    if (!params || params.children.filter((c) => c.named && c.type !== 'comment').length !== 1) continue;
    if (nodesIn(fn, ['call']).some((c) => methodCall(c, model.text)?.method === 'detach')) names.push(name);
  }
  return names;
}

/**
 * The state has a value made by a call when the loop starts (`model.init_hidden(bsz)`), so it is
 * neither unknown nor `None`: a project's `repackage_hidden`, written for tensors and tuples of
 * them, can take it.
 */
export function startsFromCall(model: SemanticModel, loop: SyntaxNode, name: string): boolean {
  const def = model.definitions.reaching(scopeOf(loop), name, loop.start);
  return def?.kind === 'assign' && def.unpackIndex < 0 && def.value !== null && is(unparenthesize(def.value), 'call');
}
