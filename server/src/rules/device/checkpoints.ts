// Checkpoints read with `torch.load`: where their tensors land (`map_location`), whether the loaded
// value is a state dict handed to `load_state_dict`, and whether the name that holds it stays
// alive through a training loop that runs later in the same scope.
import { field, is, walk, type SyntaxNode } from '../../parser/syntax';
import { assignedTarget, type Definition } from '../../semantic/definitions';
import { qualifiedCallee } from './distributed';
import { joined } from '../../semantic/group-by';
import { modelQuery, StatementFact, type SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from '../../semantic/names';
import { classOfMethod, enclosingFunction, enclosingLoops, positionalParameterNames, scopeOf, statementOf, within } from '../../semantic/scopes';
import { stringHead } from './strings';
import { nodesIn } from '../../semantic/subtree';
import { checkpointCallsIn } from '../../semantic/checkpoint-files';

/** Where `map_location` sends the loaded tensors. `absent`: to the device each was saved from. */
export type LoadTarget = 'absent' | 'gpu' | 'cpu' | 'unknown';

export interface CheckpointLoad {
  call: SyntaxNode;
  target: LoadTarget;
  /** `ckpt = torch.load(...)`: the name and its assignment statement. */
  binding: { name: string; statement: SyntaxNode; scope: SyntaxNode } | null;
  /** Names that hold the loaded value or a part of it (`ckpt`, `state = ckpt["model"]`), in the binding's scope. */
  aliases: Set<string>;
  /** The loaded value (or a part of it) is handed to a `load_state_dict` call. */
  feedsStateDict: boolean;
  /** Every read of it goes to `load_state_dict` or reads a key, so tensors never meet other code. */
  onlyStateDicts: boolean;
}

/** `torch.load(...)` calls whose arguments can all be seen (no `*args`, no `**kwargs` that may carry `map_location`). */
export const checkpointLoads = modelQuery('checkpoint loads', (model, _: void): CheckpointLoad[] =>
  joined(LOADS_IN_STATEMENT.ofEach(model)),
);

/** What a module-level name sends tensors to, or whether it holds a TensorRT engine (see `ask`). */
type LoadAnswer = string | boolean;

/** A statement's loads: reused while the imports and every answer about module-level names they relied on stay the same. */
const LOADS_IN_STATEMENT = new StatementFact('checkpoint loads of a statement', (model, statement) =>
  checkpointCallsIn(model, statement).loads.filter(argumentsSeen).map((call) => describeLoad(model, call)));

/** No `*args` and no `**kwargs` that may carry `map_location`. */
function argumentsSeen(call: SyntaxNode): boolean {
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  return args !== null && !args.children.some((c) => c.type === 'list_splat' || c.type === 'dictionary_splat');
}

/**
 * A question about the rest of the file that describing a load asks: `file` (the load or a read is in
 * module code, which any other statement may change), `device:<depth>:<name>` (where a module-level
 * name sends tensors) or `engine:<name>` (it holds a TensorRT engine).
 */
function ask(model: SemanticModel, question: string): LoadAnswer {
  if (question === 'file') {
    model.db.readVersion();
    return true;
  }
  return LOAD_ANSWER.of(model, question);
}

const LOAD_ANSWER = modelQuery('checkpoint load answer', (model, question: string): LoadAnswer => {
  const [kind, ...rest] = question.split(':');
  if (kind === 'engine') return createsEngine(model, moduleValue(model, rest[0]!));
  const value = moduleValue(model, rest[1]!);
  return value ? deviceOf(model, value, Number(rest[0]) + 1) : 'unknown';
}, { reads: 'key' });

function describeLoad(model: SemanticModel, call: SyntaxNode): CheckpointLoad {
  const { positional, keywords } = callArguments(call, model.text);
  const location = keywords.get('map_location') ?? positional[1];
  const target = location ? deviceOf(model, location, 0) : 'absent';
  const statement = statementOf(call);
  const assignment = statement.type === 'expression_statement' ? statement.children.find((c) => c.named) : null;
  const right = is(assignment, 'assignment') ? field(assignment, 'right') : null;
  const left = is(assignment, 'assignment') ? field(assignment, 'left') : null;
  const named = right && left?.type === 'identifier' && unparenthesize(right) === call
    ? { name: nodeText(left, model.text), statement, scope: scopeOf(call) }
    : null;
  let binding: (NonNullable<CheckpointLoad['binding']> & { returned: boolean }) | null = null;
  const aliases = new Set<string>();
  // Handed to a helper, the tensors may meet other code there.
  let onlyStateDicts = feedsLoadStateDict(model, call, MAX_HELPER_DEPTH);
  let feedsStateDict = onlyStateDicts || feedsLoadStateDict(model, call);
  if (named) {
    // The names module code binds are read by any later statement of the file.
    if (named.scope === model.root) ask(model, 'file');
    const flow = followAliases(model, named.name, named.statement, named.scope);
    binding = { ...named, returned: flow.returned };
    for (const a of flow.aliases) aliases.add(a);
    feedsStateDict = flow.feedsStateDict;
    onlyStateDicts = flow.feedsStateDict && flow.onlyStateDicts;
  }
  // `return torch.load(path)`, or a name holding it returned: what the function's callers do with it.
  const returned = binding ? binding.returned : statement.type === 'return_statement' && partHolder(model, call).parent === statement;
  if (!feedsStateDict && returned) {
    const fn = enclosingFunction(call);
    if (fn) {
      // The answer reads the callers, in other statements of the file.
      ask(model, 'file');
      feedsStateDict = (model.callersOf(fn) ?? []).some((caller) => callerFeedsStateDict(model, caller));
      onlyStateDicts = false;
    }
  }
  return { call, target, binding, aliases, feedsStateDict, onlyStateDicts };
}

/** Whether what `call` returns (a loaded checkpoint) reaches `load_state_dict` where it is called. */
function callerFeedsStateDict(model: SemanticModel, call: SyntaxNode): boolean {
  if (feedsLoadStateDict(model, call, 1)) return true;
  // `state = load_checkpoint(path)["model"]`, then handed on.
  const target = aliasTarget(model, partHolder(model, call));
  return target !== null && followAliases(model, target, statementOf(call), scopeOf(call), 1).feedsStateDict;
}

/** Walks up through `x["model"]`, `x.get("model")` and parentheses to the expression that holds part of `node`'s value. */
function partHolder(model: SemanticModel, node: SyntaxNode): SyntaxNode {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (!p) return n;
    if (p.type === 'parenthesized_expression' || (p.type === 'subscript' && n.fieldName === 'value')) {
      n = p;
      continue;
    }
    // `state[k] if k in state else v`: a branch's value is the expression's.
    if (p.type === 'conditional_expression' && p.children.filter((c) => c.named && c.type !== 'comment')[1] !== n) {
      n = p;
      continue;
    }
    // `ckpt.get("model", ckpt)`: the call's value is a part of ckpt.
    if (p.type === 'attribute' && n.fieldName === 'object' && p.parent?.type === 'call' && methodCall(p.parent, model.text)?.method === 'get') {
      n = p.parent;
      continue;
    }
    return n;
  }
}

/**
 * `model.load_state_dict(node)`, also `load_state_dict(state_dict=node, strict=False)`, and through a
 * function of this file that hands its parameter on to one (`load_weights(net, torch.load(path))`).
 */
function feedsLoadStateDict(model: SemanticModel, node: SyntaxNode, depth = 0): boolean {
  const holder = partHolder(model, node);
  let arg = holder;
  if (arg.parent?.type === 'keyword_argument') arg = arg.parent;
  const call = arg.parent?.type === 'argument_list' ? arg.parent.parent : null;
  const m = call ? methodCall(call, model.text) : null;
  if (call && m?.method !== 'load_state_dict') return depth < MAX_HELPER_DEPTH && handedToStateDictLoader(model, call, arg, depth);
  if (m?.method !== 'load_state_dict') return false;
  const receiver = dottedName(m.receiver, model.text) ?? '';
  // A GradScaler's or LR scheduler's state is plain numbers: nothing of it lands on a GPU.
  if (NUMBERS_ONLY_STATE.test(lastSegment(receiver))) return false;
  return !initialisesPart(receiver) && !holdsSerializedEngine(model, m.receiver);
}

/** How many functions deep a loaded value is followed through parameters. */
const MAX_HELPER_DEPTH = 3;

/**
 * Whether `arg`, an argument of `call`, goes to a parameter that the called function (one of this
 * file, or a method of the caller's class called on `self`) hands on to `load_state_dict`.
 */
function handedToStateDictLoader(model: SemanticModel, call: SyntaxNode, arg: SyntaxNode, depth: number): boolean {
  const name = dottedName(callee(call), model.text);
  if (!name) return false;
  const method = /^self\.(\w+)$/.exec(name)?.[1];
  if (!method && name.includes('.')) return false;
  const caller = enclosingFunction(call);
  const owner = caller ? classOfMethod(caller) : null;
  const fns = model.lookupFunctions(method ?? name).filter((f) => classOfMethod(f) === (method ? owner : null));
  if (fns.length !== 1 || (method && !owner)) return false;
  const fn = fns[0]!;
  let parameter: string | undefined;
  if (arg.type === 'keyword_argument') {
    const key = field(arg as SyntaxNode & { type: 'keyword_argument' }, 'name');
    parameter = key ? nodeText(key, model.text) : undefined;
  } else {
    const index = arg.parent!.children.filter((c) => c.named && c.type !== 'comment' && c.type !== 'keyword_argument').indexOf(arg);
    parameter = positionalParameterNames(fn, model.text)[index];
  }
  const parameters = fn.children.find((c) => c.fieldName === 'parameters');
  if (!parameter || !parameters) return false;
  // The answer reads another statement of the file.
  ask(model, 'file');
  return followAliases(model, parameter, parameters, fn, depth + 1).feedsStateDict;
}

/** `TRTModule()` from torch2trt: its state dict is a serialized TensorRT engine (bytes), not tensors. */
function holdsSerializedEngine(model: SemanticModel, receiver: SyntaxNode): boolean {
  if (receiver.type !== 'identifier') return false;
  const source = valueSource(model, receiver);
  return 'moduleName' in source ? ask(model, `engine:${source.moduleName}`) === true : createsEngine(model, source.value);
}

function createsEngine(model: SemanticModel, value: SyntaxNode | null): boolean {
  const created = value && is(unparenthesize(value), 'call') ? qualifiedCallee(model, unparenthesize(value)) : null;
  return created !== null && /(^|\.)TRTModule$|^torch2trt\./.test(created);
}

/**
 * `ssd_net.vgg.load_state_dict(...)`: a part of another object initialised from weights, usually
 * published pretrained weights whose device cannot be known here. A model's own checkpoint goes to
 * the model: `model`, `self.model`, or `ddp_model.module`.
 */
function initialisesPart(receiver: string): boolean {
  const segments = receiver.split('.');
  return segments.length >= 2 && !['self', 'cls'].includes(segments[0]!) && segments[segments.length - 1] !== 'module';
}

/** Receivers whose `state_dict()` holds Python numbers, not tensors. */
const NUMBERS_ONLY_STATE = /(scaler|sched|scheduler|lr_scheduler)$/i;

/**
 * The names in `scope` that come to hold `name`'s state dicts after `from` (`state = ckpt["model"]`
 * handed on to `load_state_dict`; not `start_epoch = ckpt["epoch"]`), and how the value is read.
 */
/** The name that takes `holder`'s value as it is: assigned to it (`state = ckpt["model"]`), or copied into it (see `copiedInto`). */
function aliasTarget(model: SemanticModel, holder: SyntaxNode): string | null {
  const assigned = assignedTarget(holder);
  if (assigned?.type === 'identifier') return nodeText(assigned, model.text);
  // `new_dict[k] = state[k]`: an entry copied into another dict.
  const base = is(assigned, 'subscript') ? field(assigned, 'value') : null;
  if (base?.type === 'identifier') return nodeText(base, model.text);
  return copiedInto(model, holder);
}

function followAliases(model: SemanticModel, name: string, from: SyntaxNode, scope: SyntaxNode, depth = 0): { aliases: Set<string>; feedsStateDict: boolean; onlyStateDicts: boolean; returned: boolean } {
  const sourceOf = new Map<string, string | null>([[name, null]]);
  const feeding = new Set<string>();
  let otherReads = false;
  let returned = false;
  for (const id of readsInScope(model, scope)) {
    const read = nodeText(id, model.text);
    if (id.start < from.end || !sourceOf.has(read)) continue;
    const holder = partHolder(model, id);
    const parent = holder.parent;
    let target: string | null;
    // Straight into `load_state_dict`, or through a helper or a loop that reads it entry by entry.
    const direct = feedsLoadStateDict(model, id, MAX_HELPER_DEPTH) || copiedIntoStateDictArgument(model, holder);
    const indirect = !direct && (feedsLoadStateDict(model, id, depth) || copiedIntoTensors(model, holder));
    if (direct || indirect) {
      for (let n: string | null | undefined = read; n; n = sourceOf.get(n)) feeding.add(n);
      // There the tensors may meet other code.
      if (indirect && depth < MAX_HELPER_DEPTH) otherReads = true;
    } else if ((target = aliasTarget(model, holder))) {
      if (target !== read && !sourceOf.has(target)) sourceOf.set(target, read);
    } else if (parent?.type === 'return_statement') {
      returned = true;
      otherReads = true;
    } else if (holder.fieldName === 'left' && parent?.type === 'assignment') {
      // `new_state_dict[key] = v`: filling the copy, not reading the checkpoint.
    } else if (parent?.type !== 'comparison_operator') {
      otherReads = true;
    }
  }
  const aliases = new Set([name, ...[...feeding]]);
  // A part copied to a name that never reaches `load_state_dict` is used some other way.
  const unusedParts = [...sourceOf.keys()].some((n) => n !== name && !feeding.has(n));
  return { aliases, feedsStateDict: feeding.has(name), onlyStateDicts: !otherReads && !unusedParts, returned };
}

/**
 * The dict that a state dict's entries are copied into under new keys, the usual way to strip a
 * `module.` prefix: `new[k[7:]] = v` in `for k, v in sd.items():`, or `new = {k[7:]: v for k, v in sd.items()}`.
 */
function copiedInto(model: SemanticModel, holder: SyntaxNode): string | null {
  const attribute = holder.parent;
  const call = attribute?.type === 'attribute' && holder.fieldName === 'object' ? attribute.parent : null;
  if (!call || !['items', 'values'].includes(methodCall(call, model.text)?.method ?? '') || call.fieldName !== 'right') return null;
  const loop = call.parent;
  if (loop?.type === 'for_in_clause' && loop.parent?.type === 'dictionary_comprehension') {
    const assignment = loop.parent.parent;
    const left = is(assignment, 'assignment') ? field(assignment, 'left') : null;
    return left?.type === 'identifier' && loop.parent.fieldName === 'right' ? nodeText(left, model.text) : null;
  }
  if (!is(loop, 'for_statement')) return null;
  for (const assignment of nodesIn(loop, ['assignment'])) {
    const left = is(assignment, 'assignment') ? field(assignment, 'left') : null;
    const base = is(left, 'subscript') ? field(left, 'value') : null;
    if (base?.type === 'identifier') return nodeText(base, model.text);
  }
  return null;
}

/**
 * `for name, param in state.items(): own[name].copy_(param)`: a loop over the entries that copies each
 * tensor into a model's own, the hand-written \`load_state_dict\`.
 */
function copiedIntoTensors(model: SemanticModel, holder: SyntaxNode): boolean {
  const attribute = holder.parent;
  const call = attribute?.type === 'attribute' && holder.fieldName === 'object' ? attribute.parent : null;
  const method = call ? methodCall(call, model.text)?.method : undefined;
  const loop = call?.fieldName === 'right' ? call.parent : null;
  if ((method !== 'items' && method !== 'values') || !is(loop, 'for_statement')) return false;
  const left = field(loop, 'left');
  const targets = left?.type === 'pattern_list' || left?.type === 'tuple_pattern' ? left.children.filter((c) => c.named) : left ? [left] : [];
  const value = method === 'items' ? targets[1] : targets[0];
  if (value?.type !== 'identifier' || (method === 'items' && targets.length !== 2)) return false;
  const name = nodeText(value, model.text);
  return nodesIn(loop, ['call']).some((c) => {
    if (methodCall(c, model.text)?.method !== 'copy_') return false;
    const source = callArguments(c, model.text).positional[0];
    return source !== undefined && unparenthesize(source).type === 'identifier' && nodeText(unparenthesize(source), model.text) === name;
  });
}

/** `model.load_state_dict({k[7:]: v for k, v in sd.items()})`. */
function copiedIntoStateDictArgument(model: SemanticModel, holder: SyntaxNode): boolean {
  const call = holder.parent?.type === 'attribute' && holder.fieldName === 'object' ? holder.parent.parent : null;
  const clause = call?.fieldName === 'right' ? call.parent : null;
  return clause?.type === 'for_in_clause' && clause.parent?.type === 'dictionary_comprehension' && feedsLoadStateDict(model, clause.parent);
}

/** Identifiers of a scope's own code in document order (not those of functions it defines); targets only with `withTargets`. */
function readsInScope(model: SemanticModel, scope: SyntaxNode, withTargets = false): readonly SyntaxNode[] {
  const names = scope === model.root
    ? NAMES_IN_MODULE_CODE.of(model)
    : nodesIn(scope, ['identifier']).filter((id) => scopeOf(id) === scope && isName(id));
  return withTargets ? names : names.filter((id) => !isTarget(id));
}

/** The names that a top-level statement reads or binds in module code (not in the functions and lambdas it defines). */
const NAMES_IN_STATEMENT_MODULE_CODE = new StatementFact('names in module code of a statement', (model, statement) =>
  model.nodesOfKindIn(statement, 'identifier').filter((id) => scopeOf(id) === model.root && isName(id)));

/**
 * The module's own code gathered from its statements' kept parts: after an edit, only the statement
 * it touched is walked again (the tree's root is new, so a walk from it would cover the whole file).
 */
const NAMES_IN_MODULE_CODE = modelQuery('names in module code', (model, _: void): readonly SyntaxNode[] =>
  joined(NAMES_IN_STATEMENT_MODULE_CODE.ofEach(model)));

/** A name, not an attribute (`x.name`) or a keyword (`f(name=...)`). */
function isName(id: SyntaxNode): boolean {
  return id.fieldName !== 'attribute' && !(id.fieldName === 'name' && id.parent?.type === 'keyword_argument');
}

/** The name is assigned, not read: `x = ...`, `for x in ...`, `a, x = ...`. */
function isTarget(id: SyntaxNode): boolean {
  let n = id;
  while (n.parent && (n.parent.type === 'pattern_list' || n.parent.type === 'tuple_pattern' || n.parent.type === 'list_pattern')) n = n.parent;
  return n.fieldName === 'left' && (n.parent?.type === 'assignment' || n.parent?.type === 'augmented_assignment' || n.parent?.type === 'for_statement');
}

/** Where a `map_location` value sends tensors, following names to their values a few steps. */
function deviceOf(model: SemanticModel, value: SyntaxNode, depth: number): LoadTarget {
  const v = unparenthesize(value);
  if (depth > 4) return 'unknown';
  if (v.type === 'string') {
    const head = stringHead(v, model.text)?.head ?? '';
    return /^cuda/.test(head) ? 'gpu' : /^cpu$/.test(head) ? 'cpu' : 'unknown';
  }
  if (v.type === 'none') return 'absent';
  if (v.type === 'conditional_expression') {
    const parts = v.children.filter((c) => c.named && c.type !== 'comment');
    const branches = [parts[0], parts[2]].map((p) => (p ? deviceOf(model, p, depth + 1) : 'unknown'));
    // `None if torch.cuda.is_available() else "cpu"`: on a machine with a GPU, the branch its test picks.
    const test = parts[1] ? cudaAvailableTest(model, parts[1]) : undefined;
    if (test !== undefined) return branches[test ? 0 : 1]!;
    // The GPU branch is the one taken on a machine with a GPU.
    return branches.includes('gpu') ? 'gpu' : branches.every((b) => b === 'cpu') ? 'cpu' : 'unknown';
  }
  if (v.type === 'lambda') {
    const body = v.children.find((c) => c.fieldName === 'body');
    if (!body) return 'unknown';
    if (body.type === 'identifier') return 'cpu';
    return /\.cuda\(|cuda/.test(nodeText(body, model.text)) ? 'gpu' : 'unknown';
  }
  if (v.type === 'dictionary') {
    const targets = v.children.filter((c) => c.type === 'pair').map((pair) => {
      const target = pair.children.find((c) => c.fieldName === 'value');
      return target ? deviceOf(model, target, depth + 1) : 'unknown';
    });
    return targets.length && targets.every((t) => t === 'cpu') ? 'cpu' : targets.includes('gpu') ? 'gpu' : 'unknown';
  }
  if (is(v, 'call')) {
    const m = methodCall(v, model.text);
    // `"cuda:{}".format(gpu)`
    if (m?.method === 'format') return deviceOf(model, m.receiver, depth + 1);
    const name = qualifiedCallee(model, v);
    if (name === 'torch.device') {
      const first = callArguments(v, model.text).positional[0];
      return first ? deviceOf(model, first, depth + 1) : 'unknown';
    }
    return 'unknown';
  }
  if (v.type === 'identifier') {
    const source = valueSource(model, v);
    if ('moduleName' in source) return ask(model, `device:${depth}:${source.moduleName}`) as LoadTarget;
    return source.value ? deviceOf(model, source.value, depth + 1) : 'unknown';
  }
  return 'unknown';
}

/** Whether `test` is `torch.cuda.is_available()` (true) or its negation (false); undefined for anything else. */
function cudaAvailableTest(model: SemanticModel, test: SyntaxNode): boolean | undefined {
  const t = unparenthesize(test);
  if (t.type === 'not_operator') {
    const operand = t.children.find((c) => c.named && c.type !== 'comment');
    const inner = operand ? cudaAvailableTest(model, operand) : undefined;
    return inner === undefined ? undefined : !inner;
  }
  return is(t, 'call') && qualifiedCallee(model, t) === 'torch.cuda.is_available' ? true : undefined;
}

/**
 * The value assigned to a name where it is read: in its own scope, else at module level. A name its
 * function never assigns reads the module's last value, which another statement may hold: that one
 * comes back as the name, to be asked about. A read in module code sees the whole file's definitions.
 */
function valueSource(model: SemanticModel, id: SyntaxNode): { value: SyntaxNode | null } | { moduleName: string } {
  const name = nodeText(id, model.text);
  const scope = scopeOf(id);
  if (scope === model.root) ask(model, 'file');
  else if (model.definitions.definitionsOf(scope, name).length === 0) return { moduleName: name };
  return { value: assignedValue(model.definitions.reaching(scope, name, id.start)) };
}

/** The value of the module's last definition of `name`. */
function moduleValue(model: SemanticModel, name: string): SyntaxNode | null {
  return assignedValue(model.definitions.reaching(model.root, name, Infinity));
}

function assignedValue(def: Definition | undefined): SyntaxNode | null {
  return def?.kind === 'assign' && def.unpackIndex < 0 ? def.value : null;
}

/**
 * Every state dict this file saves comes from a model moved to the CPU first (`model.cpu()` or
 * `model.eval().cpu()` earlier in the block, or `.cpu()` in the saved value), so the checkpoints it
 * loads back hold CPU tensors (pytorch/examples fast_neural_style).
 */
export const savesCpuCheckpoints = modelQuery('saves CPU checkpoints', (model, _: void): boolean => {
  let saves = 0;
  /** Models moved to the CPU by the top-level statements so far. */
  const moved = new Set<string>();
  for (const statement of model.root.children) {
    const { verdicts, movedToCpu } = SAVES_IN_STATEMENT.of(model, statement);
    for (const fromCpu of verdicts) {
      saves++;
      if (fromCpu === false || (typeof fromCpu === 'string' && !moved.has(fromCpu))) return false;
    }
    for (const owner of movedToCpu) moved.add(owner);
  }
  return saves > 0;
});

/** What a top-level statement shows about the state dicts it saves, under the file's imports. */
interface StatementSaves {
  /**
   * Per `torch.save` of a state dict: saved from the CPU or not; for a save at the top level, the
   * model whose `.cpu()` an earlier top-level statement must call (other statements, looked at by the merge).
   */
  verdicts: (boolean | string)[];
  /** The models this statement, a top-level expression statement, moves to the CPU. */
  movedToCpu: readonly string[];
}

const SAVES_IN_STATEMENT = new StatementFact(
  'state dict saves',
  (model, statement): StatementSaves => ({
    verdicts: checkpointCallsIn(model, statement).writes.filter((w) => w.writer === 'torch.save').map((w) => w.call)
      .filter((call) => nodesIn(call, ['call']).some((c) => methodCall(c, model.text)?.method === 'state_dict'))
      .map((save) => savedFromCpu(model, save)),
    movedToCpu: statement.type === 'expression_statement' ? movedToCpu(model, model.nodesOfKindIn(statement, 'call')) : [],
  }),
);

function savedFromCpu(model: SemanticModel, save: SyntaxNode): boolean | string {
  const saved = callArguments(save, model.text).positional[0];
  if (!saved) return false;
  if (nodesIn(saved, ['call']).some((c) => methodCall(c, model.text)?.method === 'cpu')) return true;
  const stateDict = nodesIn(saved, ['call']).find((c) => methodCall(c, model.text)?.method === 'state_dict');
  const owner = stateDict ? dottedName(methodCall(stateDict, model.text)!.receiver, model.text) : null;
  if (!owner) return false;
  // `transformer.eval().cpu()` as a statement before the save, in the same block.
  const statement = statementOf(save);
  const block = statement.parent;
  if (!block) return false;
  // Before a top-level save come other top-level statements: the file's merge looks at those.
  if (block === model.root) return owner;
  return block.children.some((s) => s.end <= statement.start && s.type === 'expression_statement' && movedToCpu(model, nodesIn(s, ['call'])).includes(owner));
}

/** The models whose `.cpu()` a statement with these calls calls (`transformer.eval().cpu()`). */
function movedToCpu(model: SemanticModel, calls: readonly SyntaxNode[]): string[] {
  const owners: string[] = [];
  for (const c of calls) {
    const m = methodCall(c, model.text);
    if (m?.method !== 'cpu') continue;
    let root: SyntaxNode | undefined = m.receiver;
    while (root && is(root, 'call')) root = methodCall(root, model.text)?.receiver;
    const owner = root !== undefined ? dottedName(root, model.text) : null;
    if (owner !== null) owners.push(owner);
  }
  return owners;
}

export interface KeptCheckpoint {
  /** The training loop that runs while the checkpoint is still referenced. */
  loop: SyntaxNode;
  /** Where `del` can go: after this statement, in the binding's block, before the loop. */
  deleteAfter: SyntaxNode | null;
  /** The names to delete. */
  names: string[];
}

/**
 * The loaded checkpoint is still referenced when a training loop later in the same scope starts:
 * no name that holds it is deleted or given another value (`checkpoint = None`) after the load.
 */
export function keptThroughTraining(model: SemanticModel, load: CheckpointLoad): KeptCheckpoint | null {
  const binding = load.binding;
  if (!binding || enclosingLoops(binding.statement).length) return null;
  const body = binding.scope.type === 'function_definition' ? binding.scope.children.find((c) => c.fieldName === 'body') ?? null : binding.scope;
  if (!body) return null;
  const loop = trainingLoopAfter(model, body, binding.statement);
  if (!loop) return null;
  if (releasedAfter(model, load, binding.statement.end)) return null;
  // The checkpoint is returned or stored away: whoever receives it decides how long it lives.
  if (escapes(model, load, binding.scope, binding.statement.end)) return null;
  return { loop, deleteAfter: deletePoint(model, load, binding.statement, loop), names: [...load.aliases] };
}

/** The first loop after `after` in the scope's own code that trains (a backward pass or optimiser step, also through helpers). */
function trainingLoopAfter(model: SemanticModel, body: SyntaxNode, after: SyntaxNode): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  walk(body, (n) => {
    if (found) return false;
    if (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda') return false;
    if ((n.type === 'for_statement' || n.type === 'while_statement') && n.start >= after.end) {
      if (model.needsGradients(n)) found = n;
      return false;
    }
    return undefined;
  });
  return found;
}

/** Some alias is deleted or given a value that is not built from the checkpoint after `from`. */
function releasedAfter(model: SemanticModel, load: CheckpointLoad, from: number): boolean {
  const scope = load.binding!.scope;
  // The module's are merged from its statements' kept parts rather than found by a walk of the whole tree.
  const deletes = scope === model.root ? model.nodesOfKind('delete_statement') : nodesIn(scope, ['delete_statement']);
  for (const del of deletes) {
    if (del.start < from || scopeOf(del) !== scope) continue;
    if (nodesIn(del, ['identifier']).some((id) => load.aliases.has(nodeText(id, model.text)))) return true;
  }
  for (const name of load.aliases) {
    for (const def of model.definitions.definitionsOf(scope, name)) {
      if (def.visibleFrom <= from || def.node === load.binding!.statement || inOtherBranch(def.node, load.binding!.statement)) continue;
      const value = def.value;
      const fromCheckpoint = value !== null && nodesIn(value, ['identifier']).some((id) => load.aliases.has(nodeText(id, model.text)));
      if (!fromCheckpoint) return true;
    }
  }
  return false;
}

/** `a` and `b` sit in different branches of one `if` (the `else` of a load binds the same name). */
function inOtherBranch(a: SyntaxNode, b: SyntaxNode): boolean {
  let child = a;
  for (let p = a.parent; p; child = p, p = p.parent) {
    if (!within(b, p)) continue;
    if (p.type !== 'if_statement') return false;
    const branchOfB = p.children.find((c) => within(b, c));
    return branchOfB !== undefined && branchOfB !== child && child.fieldName !== 'condition' && branchOfB.fieldName !== 'condition';
  }
  return false;
}

/** An alias is returned, yielded, stored on an object or in a container, or passed to a function other than `load_state_dict`. */
function escapes(model: SemanticModel, load: CheckpointLoad, scope: SyntaxNode, from: number): boolean {
  for (const id of readsInScope(model, scope)) {
    if (id.start < from || !load.aliases.has(nodeText(id, model.text))) continue;
    const holder = partHolder(model, id);
    if (holder !== id) continue;
    const p = holder.parent;
    if (p?.type === 'return_statement' || p?.type === 'yield' || p?.type === 'global_statement' || p?.type === 'nonlocal_statement') return true;
    if (is(p, 'assignment') && holder.fieldName === 'right' && field(p, 'left')?.type !== 'identifier') return true;
    if (p?.type === 'argument_list' && !feedsLoadStateDict(model, id)) return true;
    if (p?.type === 'list' || p?.type === 'tuple' || p?.type === 'pair' || p?.type === 'keyword_argument') return true;
  }
  // Module-level names are globals that functions may read.
  return scope.type === 'module' && load.aliases.size > 0 && [...load.aliases].some((name) => readInFunctions(model, name));
}

function readInFunctions(model: SemanticModel, name: string): boolean {
  return model.identifiersNamed(name).some((id) => scopeOf(id) !== model.root);
}

/**
 * After which statement `del` frees the checkpoint: the last statement of the binding's block that
 * reads an alias, when every read and every alias assignment lies in that block before the loop.
 */
function deletePoint(model: SemanticModel, load: CheckpointLoad, statement: SyntaxNode, loop: SyntaxNode): SyntaxNode | null {
  const block = statement.parent;
  if (!block) return null;
  let last = statement;
  for (const id of readsInScope(model, load.binding!.scope, true)) {
    if (id.start < statement.end || !load.aliases.has(nodeText(id, model.text))) continue;
    if (!within(id, block) || id.start >= loop.start) return null;
    // `del` of a name bound only on some paths would raise NameError.
    if (isTarget(id) && nodeText(id, model.text) !== load.binding!.name && statementOf(id).parent !== block) return null;
    let s = statementOf(id);
    while (s.parent !== block && s.parent) s = statementOf(s.parent);
    if (s.parent !== block) return null;
    if (s.start > last.start) last = s;
  }
  return last.end <= loop.start ? last : null;
}
