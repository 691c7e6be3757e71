// Lists that keep what a loop puts in them: created before the loop, never re-created or cleared
// inside it, and added to on every iteration. Also: whether the code that reads such a list later
// would work as well if its items were CPU tensors.
import { field, is, walk, type SyntaxNode } from '../../parser/syntax';
import type { Definition } from '../../semantic/definitions';
import { joined } from '../../semantic/group-by';
import { modelQuery, StatementFact, type SemanticModel } from '../../semantic/model';
import { looksLikeEvalData } from '../../semantic/eval-context';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, referencesIn, unparenthesize, words } from '../../semantic/names';
import { bodyOf, classOfMethod, enclosingFunction, enclosingLoops, scopeOf, within } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';

/** One place that adds to a list: `xs.append(v)`, `xs.extend([a, b])`, `xs.extend(t)`, `xs += [v]`. */
export interface ListAddition {
  /** The call, or the `+=` statement. */
  site: SyntaxNode;
  /** `preds` or `self.preds`. */
  list: string;
  /** The identifier or attribute naming the list at the site. */
  receiver: SyntaxNode;
  /** What goes in: the argument, or the items of a literal tuple, list or dict. */
  values: SyntaxNode[];
  /** `outputs[i] = out`: an entry of a dict under a key that changes with every iteration. */
  keyed?: boolean;
}

/** Every addition to a named list in the file, in document order. */
export function listAdditions(model: SemanticModel): readonly ListAddition[] {
  return LIST_ADDITIONS.of(model);
}

/**
 * A statement's additions, reused while the imports stay the same: what they qualify the joining
 * functions it calls as (`torch.cat` under `from torch import cat`) is the only thing outside the
 * statement they read.
 */
const ADDITIONS_IN_STATEMENT = new StatementFact('list additions of a statement', (model, statement) =>
  findListAdditions(model, statement, (name) => model.imports.qualify(name)));

const LIST_ADDITIONS = modelQuery('list additions', (model, _: void) => joined(ADDITIONS_IN_STATEMENT.ofEach(model)));

/** The list additions made in `scope` (a function, or the module), in document order. */
export function listAdditionsIn(model: SemanticModel, scope: SyntaxNode): readonly ListAddition[] {
  return ADDITIONS_BY_SCOPE.of(model).get(scope) ?? [];
}

const ADDITIONS_BY_SCOPE = modelQuery('list additions by scope', (model, _: void) => {
  const byScope = new Map<SyntaxNode, ListAddition[]>();
  for (const addition of listAdditions(model)) {
    const scope = scopeOf(addition.site);
    const list = byScope.get(scope);
    if (list) list.push(addition);
    else byScope.set(scope, [addition]);
  }
  return byScope;
});

/** The additions in one top-level statement, in document order; `qualify` answers what an imported name stands for. */
function findListAdditions(model: SemanticModel, statement: SyntaxNode, qualify: (name: string) => string | null): ListAddition[] {
  const { text } = model;
  const additions: ListAddition[] = [];
  for (const call of model.nodesOfKindIn(statement, 'call')) {
    const m = methodCall(call, text);
    if (!m || !['append', 'extend', 'insert'].includes(m.method)) continue;
    // `results["logits"].append(out)`: a list kept in a dict is kept as long as the dict.
    const list = dottedName(m.receiver, text) ?? keyedListOwner(m.receiver, text);
    const { positional, keywords } = callArguments(call, text);
    const value = m.method === 'insert' ? positional[1] : positional[0];
    if (!list || !value || keywords.size || positional.length !== (m.method === 'insert' ? 2 : 1)) continue;
    additions.push({ site: call, list, receiver: m.receiver, values: literalItems(value) ?? [value] });
  }
  for (const assignment of model.nodesOfKindIn(statement, 'augmented_assignment')) {
    if (!is(assignment, 'augmented_assignment')) continue;
    const left = field(assignment, 'left');
    const op = field(assignment, 'operator');
    const right = field(assignment, 'right');
    const list = dottedName(left, text);
    if (!left || !list || !right || !op || nodeText(op, text) !== '+=') continue;
    additions.push({ site: assignment, list, receiver: left, values: literalItems(right) ?? [right] });
  }
  for (const assignment of model.nodesOfKindIn(statement, 'assignment')) {
    const joined = concatenationOntoItself(model, assignment, qualify) ?? entryUnderIterationKey(model, assignment);
    if (joined) additions.push(joined);
  }
  // The statements follow each other, so sorting each one's additions sorts the file's.
  additions.sort((a, b) => a.site.start - b.site.start);
  return additions;
}

/**
 * `outputs[i] = out` or `results[name] = logits` inside `for i, (x, y) in enumerate(loader)`: the key
 * is read from the innermost loop's own targets, so every iteration adds an entry rather than
 * replacing the last one. Slices (`preds[a:b] = out`, writing into a preallocated tensor) are not.
 */
function entryUnderIterationKey(model: SemanticModel, statement: SyntaxNode): ListAddition | null {
  if (!is(statement, 'assignment')) return null;
  const { text } = model;
  const left = field(statement, 'left');
  const right = field(statement, 'right');
  if (!is(left, 'subscript') || !right) return null;
  const base = left.children.find((c) => c.fieldName === 'value');
  const keys = left.children.filter((c) => c.fieldName === 'subscript');
  const list = base ? dottedName(base, text) : null;
  if (!base || !list || keys.length !== 1 || keys[0]!.type === 'slice') return null;
  const loop = enclosingLoops(statement)[0];
  const targets = is(loop, 'for_statement') ? field(loop, 'left') : null;
  if (!targets || enclosingFunction(loop) !== enclosingFunction(statement)) return null;
  const perIteration = new Set(referencesIn(targets, text));
  // The key is a target itself, read from one (`batch["id"]`, `names[0]`) or formatted from one; arithmetic
  // such as `i % 2` may come round again.
  const distinct = (key: SyntaxNode): boolean => {
    const k = unparenthesize(key);
    if (k.type === 'identifier') return perIteration.has(nodeText(k, text));
    if (k.type === 'attribute' || k.type === 'subscript') return distinct(k.children.find((c) => c.fieldName === 'object' || c.fieldName === 'value') ?? k);
    if (k.type === 'tuple') return k.children.some((c) => c.named && distinct(c));
    if (k.type === 'string') return k.children.some((c) => c.type === 'interpolation' && referencesIn(c, text).some((r) => perIteration.has(r.split('.')[0]!)));
    return false;
  };
  if (!distinct(keys[0]!)) return null;
  return { site: statement, list, receiver: base, values: [right], keyed: true };
}

/** Torch functions that join tensors along a dimension. */
const JOINING = /^torch\.(cat|concat|concatenate|vstack|hstack|row_stack)$/;
const JOINING_NAMES = new Set(['cat', 'concat', 'concatenate', 'vstack', 'hstack', 'row_stack']);

/**
 * `preds = torch.cat((preds, out), 0)`: a tensor that grows by what each iteration joins to it,
 * a list in all but name. The values are the other joined tensors.
 */
function concatenationOntoItself(model: SemanticModel, statement: SyntaxNode, qualify: (name: string) => string | null): ListAddition | null {
  if (!is(statement, 'assignment')) return null;
  const { text } = model;
  const right = field(statement, 'right');
  if (!is(right, 'call')) return null;
  const joined = dottedName(callee(right), text);
  if (!joined || !JOINING_NAMES.has(lastSegment(joined)) || !JOINING.test(qualify(joined) ?? '')) return null;
  const call = right;
  const left = field(statement, 'left');
  const name = left ? dottedName(left, text) : null;
  if (!left || !name) return null;
  const first = callArguments(call, text).positional[0];
  const items = first ? literalItems(first) : null;
  if (!items || items.length < 2 || !items.some((item) => dottedName(unparenthesize(item), text) === name)) return null;
  return { site: statement, list: name, receiver: left, values: items.filter((item) => dottedName(unparenthesize(item), text) !== name) };
}

/** `results["logits"]` -> `results`: the dict a list is read from with a constant key. */
function keyedListOwner(receiver: SyntaxNode, text: string): string | null {
  const r = unparenthesize(receiver);
  if (!is(r, 'subscript')) return null;
  const key = r.children.find((c) => c.fieldName === 'subscript');
  if (!key || key.type !== 'string') return null;
  return dottedName(r.children.find((c) => c.fieldName === 'value') ?? null, text);
}

/** `(a, b)` -> [a, b]; `{'k': v}` -> [v]; null for anything else. */
function literalItems(value: SyntaxNode): SyntaxNode[] | null {
  const inner = unparenthesize(value);
  if (inner.type === 'tuple' || inner.type === 'list') return inner.children.filter((c) => c.named && c.type !== 'comment');
  if (inner.type === 'dictionary') {
    return inner.children.filter((c) => c.type === 'pair').flatMap((p) => p.children.filter((c) => c.fieldName === 'value'));
  }
  return null;
}

/** The list-creating definitions of `addition.list` when the list outlives every iteration of `loop`. */
export function keptAcrossIterations(model: SemanticModel, addition: ListAddition, loop: SyntaxNode): Definition[] | null {
  const body = bodyOf(loop) ?? loop;
  const { list, site } = addition;
  const scope = scopeOf(site);
  const selfAttribute = list.startsWith('self.');
  const defs = selfAttribute ? model.definitions.allDefinitionsOf(list) : [...model.definitions.definitionsOf(scope, list)];
  const joins = addition.site.type === 'assignment' && !addition.keyed;
  const creations = defs.filter((d) => d.kind === 'assign' && (addition.keyed ? emptyDictCreation(model, d) : joins ? emptyTensorCreation(model, d) : listCreation(model, d)));
  if (!creations.length) return null;
  // The joining assignment itself re-binds the name every iteration; any other binding resets it.
  if (defs.some((d) => d.kind !== 'augmented' && d.node !== addition.site && within(d.node, body))) return null;
  if (!selfAttribute) {
    let reaching = model.definitions.reaching(scope, list, site.start);
    // `preds = torch.tensor([])` then `preds = preds.to(device)` before the loop: still the empty tensor.
    while (joins && reaching && !creations.includes(reaching) && reaching.value && movesItself(model, reaching.value, list)) {
      reaching = model.definitions.reaching(scope, list, reaching.node.start);
    }
    if (!reaching || !(creations.includes(reaching) || reaching.kind === 'augmented')) return null;
  }
  // Entries added under per-iteration keys (`outputs[i] = ...`) do not clear the dict.
  const entries = new Set(addition.keyed ? listAdditions(model).filter((a) => a.keyed && a.list === list).map((a) => a.site) : []);
  if (clearedIn(model, body, list, entries)) return null;
  // Re-created in an outer loop, the list only gathers one outer iteration's worth when the inner
  // loop walks over that iteration's data (`for part in x.chunk(4)`).
  for (const outer of enclosingLoops(site).slice(1)) {
    const outerBody = bodyOf(outer) ?? outer;
    if (creations.some((d) => within(d.node, outerBody)) && walksIterationData(model, loop, outer, scope)) return null;
  }
  return creations;
}

/** The inner loop's iterable (or condition) reads values that change with each iteration of `outer`. */
function walksIterationData(model: SemanticModel, inner: SyntaxNode, outer: SyntaxNode, scope: SyntaxNode): boolean {
  const outerBody = bodyOf(outer) ?? outer;
  const header = inner.children.find((c) => c.fieldName === 'right' || c.fieldName === 'condition');
  if (!header) return false;
  return referencesIn(header, model.text).some((ref) =>
    model.definitions.definitionsOf(scope, ref.split('.')[0]!).some((d) => d.node === outer || within(d.node, outerBody)));
}

/** `name.to(device)`, `name.cuda()`: the same tensor, moved. */
function movesItself(model: SemanticModel, value: SyntaxNode, name: string): boolean {
  const v = unparenthesize(value);
  const m = is(v, 'call') ? methodCall(v, model.text) : null;
  return m !== null && DEVICE_MOVES.has(m.method) && dottedName(m.receiver, model.text) === name;
}

/** Methods that move or cast a tensor, keeping what it holds. */
const DEVICE_MOVES = new Set(['to', 'cuda', 'cpu', 'float', 'half', 'long', 'double']);

/** `torch.tensor([])`, `torch.empty(0)`, `torch.Tensor()`, `torch.zeros((0, dim))`: an empty tensor to join onto. */
function emptyTensorCreation(model: SemanticModel, def: Definition): boolean {
  if (!def.value || def.unpackIndex >= 0) return false;
  let value = unparenthesize(def.value);
  // `torch.tensor([]).to(device)`, `torch.Tensor().cuda()`
  for (let m = is(value, 'call') ? methodCall(value, model.text) : null; m && DEVICE_MOVES.has(m.method); m = is(value, 'call') ? methodCall(value, model.text) : null) {
    value = unparenthesize(m.receiver);
  }
  const target = is(value, 'call') ? dottedName(callee(value), model.text) : null;
  const qualified = target ? model.imports.qualify(target) ?? '' : '';
  if (!/^torch\.(tensor|Tensor|FloatTensor|LongTensor|empty|zeros)$/.test(qualified)) return false;
  const first = callArguments(value, model.text).positional[0];
  if (!first) return /Tensor$/.test(qualified);
  const inner = unparenthesize(first);
  if (inner.type === 'list') return inner.children.every((c) => !c.named || c.type === 'comment');
  const size = inner.type === 'tuple' || inner.type === 'list' ? inner.children.find((c) => c.named && c.type !== 'comment') : inner;
  return size !== undefined && nodeText(size, model.text) === '0';
}

/** The definition assigns a new list (also as one part of `preds, labels = [], []`). */
/** `outputs = {}`, `dict()`, `OrderedDict()`: an empty dict, filled by key later. */
function emptyDictCreation(model: SemanticModel, def: Definition): boolean {
  if (!def.value || def.unpackIndex >= 0) return false;
  const value = unparenthesize(def.value);
  if (value.type === 'dictionary') return !value.children.some((c) => c.named && c.type !== 'comment');
  if (!is(value, 'call')) return false;
  const name = dottedName(callee(value), model.text) ?? '';
  const args = callArguments(value, model.text);
  return ['dict', 'OrderedDict', 'collections.OrderedDict'].includes(name) && !args.positional.length && !args.keywords.size;
}

function listCreation(model: SemanticModel, def: Definition): boolean {
  if (!def.value) return false;
  const value = unparenthesize(def.value);
  if (def.unpackIndex >= 0) {
    if (value.type !== 'tuple' && value.type !== 'expression_list') return false;
    const part = value.children.filter((c) => c.named && c.type !== 'comment')[def.unpackIndex];
    return part !== undefined && isNewList(model, part);
  }
  return isNewList(model, value);
}

function isNewList(model: SemanticModel, expression: SyntaxNode): boolean {
  const v = unparenthesize(expression);
  if (v.type === 'list') return true;
  // A dict of lists (`{"logits": [], "labels": []}`, `defaultdict(list)`) for lists reached by key.
  if (v.type === 'dictionary') return v.children.some((pair) => pair.type === 'pair' && pair.children.some((c) => c.fieldName === 'value' && c.type === 'list'));
  if (!is(v, 'call')) return false;
  const name = dottedName(callee(v), model.text);
  const args = callArguments(v, model.text).positional;
  if (name === 'list') return args.length === 0;
  return (name === 'defaultdict' || name === 'collections.defaultdict') && args.length === 1 && nodeText(args[0]!, model.text) === 'list';
}

/** Methods that empty a list or take items out of it: a list that loses items is bounded. */
const SHRINKING_METHODS = new Set(['clear', 'pop', 'remove']);

/** `xs.clear()`, `xs.pop(0)`, `del xs[:]`, `del xs[0]` or `xs[:] = []` in the block. */
function clearedIn(model: SemanticModel, block: SyntaxNode, list: string, entries: ReadonlySet<SyntaxNode> = new Set()): boolean {
  const { text } = model;
  for (const call of nodesIn(block, ['call'])) {
    const m = methodCall(call, text);
    if (m && SHRINKING_METHODS.has(m.method) && dottedName(m.receiver, text) === list) return true;
  }
  const emptied = (target: SyntaxNode | null | undefined) => {
    const t = target ? unparenthesize(target) : null;
    return is(t, 'subscript') && dottedName(t.children.find((c) => c.fieldName === 'value') ?? null, text) === list;
  };
  if (nodesIn(block, ['delete_statement']).some((d) => d.children.some(emptied))) return true;
  return nodesIn(block, ['assignment']).some((a) => !entries.has(a) && emptied(a.children.find((c) => c.fieldName === 'left')));
}

/** Words of names that hold data to iterate over, batch by batch. */
const SIZE_WORDS = new Set(['size', 'sizes', 'len', 'length', 'dim', 'dims', 'freq', 'interval', 'every']);

const DATA_WORDS = new Set([
  'loader', 'loaders', 'dataloader', 'dataloaders', 'dl', 'dls', 'data', 'dataset', 'datasets', 'ds', 'batches',
  'samples', 'examples', 'images', 'imgs', 'texts', 'sentences', 'documents', 'docs', 'files', 'paths', 'corpus',
  'queries', 'iter', 'iterator', 'records', 'stream', 'reader', 'split',
]);

/** Tensor methods that cut one tensor into pieces. */
const TENSOR_PIECES = new Set(['split', 'chunk', 'unbind', 'tensor_split', 'split_with_sizes', 'unfold']);

/**
 * The loop walks over data (a loader, a dataset, batches, a split), so what it collects grows with
 * the data. Loops over models, augmentations, decoding steps or a tensor's chunks are bounded by
 * something else and are left alone. A `while` loop counts when its body draws batches with `next`.
 */
export function walksData(model: SemanticModel, loop: SyntaxNode): boolean {
  return WALKS_DATA.of(model, loop);
}

/**
 * Whether a loop walks data reads the subtrees of the loop's top-level statement and of the statements
 * its callers are in (through the calls of the functions whose parameters it followed), and the
 * definitions of the names it met.
 */
const WALKS_DATA = modelQuery('walks data', (model, loop: SyntaxNode) => {
  model.readsStatementOf(loop);
  return workOutWalksData(model, loop);
}, { reads: 'key' });

function workOutWalksData(model: SemanticModel, loop: SyntaxNode): boolean {
  const { text } = model;
  // `test_batch_size`: a number about the data, not the data (`num_batches` counts the data).
  const dataName = (name: string) => !SIZE_WORDS.has(words(name).at(-1) ?? '') && (looksLikeEvalData(name) || words(name).some((w) => DATA_WORDS.has(w)));
  // `pbar = tqdm(loader)` then `for batch in pbar`: a name assigned once stands for what it wraps.
  const namesData = (name: string, at: SyntaxNode, depth: number): boolean => {
    if (depth > 2 || name.includes('.')) return dataName(name);
    const scope = scopeOf(at);
    const defs = model.definitions.definitionsOf(scope, name);
    const def = defs.length === 1 ? defs[0]! : null;
    if (def?.kind === 'parameter') {
      // A parameter is what its callers pass: `_get_denoise_row_from_list(z_denoise_row)` walks saved
      // sampling steps, whatever the parameter calls them. Without callers in the file, its name says it.
      const passed = argumentsPassed(model, scope, name);
      return passed === null ? dataName(name) : passed.some((arg) => referencesIn(arg, text).some((ref) => namesData(ref, arg, depth + 1)));
    }
    if (dataName(name)) return true;
    if (def?.kind !== 'assign' || !def.value || def.unpackIndex >= 0) return false;
    const value = def.value;
    return referencesIn(value, text).some((ref) => namesData(ref, value, depth + 1));
  };
  if (is(loop, 'for_statement')) {
    const iterable = field(loop, 'right');
    if (iterable === null) return false;
    // `input.split(1, dim=1)`, `x.chunk(4)`: the pieces of one tensor, not batches of data.
    const cut = is(unparenthesize(iterable), 'call') ? methodCall(unparenthesize(iterable), text) : null;
    if (cut && TENSOR_PIECES.has(cut.method)) return false;
    return referencesIn(iterable, text).some((ref) => namesData(ref, iterable, 0)) || slicesByIndex(model, loop);
  }
  const body = bodyOf(loop) ?? loop;
  return nodesIn(body, ['call']).some((c) => {
    if (dottedName(callee(c), text) !== 'next') return false;
    const source = callArguments(c, text).positional[0];
    return source !== undefined && referencesIn(source, text).some((ref) => namesData(ref, source, 0));
  });
}

/**
 * What each call of `fn` in this file passes for its parameter `name` (the default where a call
 * leaves it out), or null when that is not known: no calls in the file, the function escapes as a
 * value, a call unpacks `*args`/`**kwargs`, or a call leaves out a parameter without a default.
 */
function argumentsPassed(model: SemanticModel, fn: SyntaxNode, name: string): SyntaxNode[] | null {
  if (!is(fn, 'function_definition')) return null;
  const callers = model.callersOf(fn);
  if (!callers?.length) return null;
  const parameters = field(fn, 'parameters');
  const positional: { name: string; value: SyntaxNode | null }[] = [];
  for (const p of parameters?.children ?? []) {
    if (!p.named || p.type === 'comment') continue;
    if (p.type === 'list_splat_pattern' || p.type === 'keyword_separator' || p.type === 'dictionary_splat_pattern') break;
    const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
    if (id) positional.push({ name: nodeText(id, model.text), value: p.children.find((c) => c.fieldName === 'value') ?? null });
  }
  // A method's calls go through an attribute (`self.f(x)`), which passes `self` itself.
  if (classOfMethod(fn) !== null) positional.shift();
  const index = positional.findIndex((p) => p.name === name);
  const out: SyntaxNode[] = [];
  for (const call of callers) {
    const args = is(call, 'call') ? field(call, 'arguments') : null;
    if (!args || args.children.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return null;
    const { positional: given, keywords } = callArguments(call, model.text);
    const value = keywords.get(name) ?? (index >= 0 ? given[index] ?? positional[index]!.value : null);
    if (!value) return null;
    out.push(value);
  }
  return out;
}

/**
 * `for i in range(0, n, batch_size): x = inputs[i:i + batch_size]`: a counting loop whose index
 * cuts the batches out of a larger tensor or list, along its first dimension. An index that cuts
 * along another (`canvas[:, :, i:i + window]`) walks the positions of one input, window by window.
 */
function slicesByIndex(model: SemanticModel, loop: SyntaxNode & { type: 'for_statement' }): boolean {
  const { text } = model;
  const iterable = field(loop, 'right');
  const left = field(loop, 'left');
  if (!iterable || !left || !/\brange\s*\(/.test(nodeText(iterable, text))) return false;
  const indices = new Set(referencesIn(left, text));
  const body = bodyOf(loop) ?? loop;
  // `start = i * batch_size; end = start + batch_size`: names computed from the index count too.
  for (const assignment of nodesIn(body, ['assignment'])) {
    const target = field(assignment as SyntaxNode & { type: 'assignment' }, 'left');
    const value = field(assignment as SyntaxNode & { type: 'assignment' }, 'right');
    if (target?.type === 'identifier' && value && referencesIn(value, text).some((ref) => indices.has(ref))) indices.add(nodeText(target, text));
  }
  return nodesIn(body, ['slice']).some((slice) => alongFirstDimension(slice) && referencesIn(slice, text).some((ref) => indices.has(ref)));
}

/** A slice that is its subscript's first index: `x[i:j]`, `x[i:j, 0]`, not `x[:, i:j]`. */
function alongFirstDimension(slice: SyntaxNode): boolean {
  const subscript = slice.parent;
  return subscript?.type !== 'subscript' || subscript.children.find((c) => c.fieldName === 'subscript') === slice;
}

/**
 * The addition runs on every iteration of `loop`: no `if` between them tests something that
 * changes from one iteration to the next (`if i == 0`, `if len(samples) < 8`).
 */
export function addedEveryIteration(model: SemanticModel, addition: ListAddition, loop: SyntaxNode): boolean {
  const body = bodyOf(loop) ?? loop;
  const scope = scopeOf(addition.site);
  const perIteration = (name: string) =>
    model.definitions.definitionsOf(scope, name).some((d) => d.node === loop || within(d.node, body));
  for (let p = addition.site.parent; p && p !== body; p = p.parent) {
    if (p.type !== 'if_statement') continue;
    const conditions = [p.children.find((c) => c.fieldName === 'condition'), ...p.children.filter((c) => c.type === 'elif_clause').map((e) => e.children.find((c) => c.fieldName === 'condition'))];
    for (const condition of conditions) {
      if (!condition) continue;
      if (/\blen\s*\(/.test(nodeText(condition, model.text))) return false;
      if (referencesIn(condition, model.text).some((r) => perIteration(r) || perIteration(r.split('.')[0]!))) return false;
    }
  }
  return true;
}

/** Methods after which a tensor is no longer on the GPU, or which only read its size. */
const OFF_GPU_METHODS = new Set(['cpu', 'numpy', 'tolist', 'item', 'size', 'dim', 'numel']);
const SIZE_ATTRIBUTES = new Set(['shape', 'dtype', 'ndim']);
/** Functions that join a list of tensors into one tensor on their device. */
const JOINS = /^torch\.(cat|concat|concatenate|stack|vstack|hstack|row_stack|column_stack|dstack)$/;
/** Libraries that take CPU tensors (through `__array__`) and never GPU ones. */
const CPU_LIBRARIES = /^(numpy|sklearn|scipy|pandas)(\.|$)/;
const HARMLESS_BUILTINS = new Set(['len', 'print', 'float', 'int', 'str', 'bool', 'repr']);
const MAX_FOLLOW = 4;

/**
 * Every read of the list created by `creations` (outside the additions themselves) keeps working
 * when the list holds CPU tensors: joined and then moved to the CPU or NumPy, passed to NumPy or
 * scikit-learn, measured with `len`. A `self.` list may be read anywhere, so it never qualifies.
 */
export function readsWorkOnCpu(model: SemanticModel, list: string, creations: readonly Definition[], additions: readonly ListAddition[]): boolean {
  if (list.includes('.')) return false;
  const scope = scopeOf(creations[0]!.node);
  const defs = new Set<SyntaxNode>(creations.map((d) => d.node));
  for (const a of additions) if (a.site.type === 'augmented_assignment') defs.add(a.site);
  const receivers = new Set(additions.map((a) => a.receiver));
  const reads = readsOf(model, scope, list, defs, receivers);
  return reads !== null && reads.every((r) => consumedOnCpu(model, r, 0));
}

/** Identifier reads of `name` in `scope` whose value comes from one of `defs`; null when a nested function reads it. */
function readsOf(model: SemanticModel, scope: SyntaxNode, name: string, defs: ReadonlySet<SyntaxNode>, skip: ReadonlySet<SyntaxNode>): SyntaxNode[] | null {
  const reads: SyntaxNode[] = [];
  for (const id of nodesIn(scope, ['identifier'])) {
    if (skip.has(id) || id.fieldName === 'attribute' || nodeText(id, model.text) !== name) continue;
    if (id.fieldName === 'name' && id.parent?.type === 'keyword_argument') continue;
    if (scopeOf(id) !== scope) return null;
    if (isAssignedTo(id)) continue;
    const def = model.definitions.reaching(scope, name, id.start);
    if (def && defs.has(def.node)) reads.push(id);
  }
  return reads;
}

/** The identifier is (part of) the target of an assignment or loop. */
function isAssignedTo(id: SyntaxNode): boolean {
  let n = id;
  while (n.parent && ['pattern_list', 'tuple_pattern', 'list_pattern', 'parenthesized_expression', 'list_splat_pattern'].includes(n.parent.type)) n = n.parent;
  return n.fieldName === 'left' && ['assignment', 'for_statement'].includes(n.parent?.type ?? '');
}

function consumedOnCpu(model: SemanticModel, expression: SyntaxNode, depth: number): boolean {
  if (depth > MAX_FOLLOW) return false;
  const { text } = model;
  let node = expression;
  while (node.parent?.type === 'parenthesized_expression') node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  if (is(parent, 'attribute') && node.fieldName === 'object') {
    const attr = nodeText(field(parent, 'attribute') ?? parent, text);
    if (SIZE_ATTRIBUTES.has(attr)) return true;
    const call = parent.parent;
    if (!is(call, 'call') || parent.fieldName !== 'function') return false;
    const { positional, keywords } = callArguments(call, text);
    const args = [...positional, ...keywords.values()];
    if (OFF_GPU_METHODS.has(attr)) return true;
    if (attr === 'to') return args.some((a) => /cpu/i.test(nodeText(a, text)));
    // `torch.cat(xs).softmax(1).cpu()`: a method with constant arguments keeps the device.
    return args.every(isConstant) && consumedOnCpu(model, call, depth + 1);
  }
  if (parent.type === 'argument_list') {
    const call = parent.parent;
    const name = call ? dottedName(callee(call), text) : null;
    if (!call || !name) return false;
    const qualified = model.imports.qualify(name) ?? name;
    if (CPU_LIBRARIES.test(qualified) || HARMLESS_BUILTINS.has(name)) return true;
    if (JOINS.test(qualified) && callArguments(call, text).positional[0] === node) return consumedOnCpu(model, call, depth + 1);
    return false;
  }
  if (is(parent, 'assignment') && node.fieldName === 'right') {
    const left = field(parent, 'left');
    if (!is(left, 'identifier')) return false;
    const scope = scopeOf(parent);
    const reads = readsOf(model, scope, nodeText(left, text), new Set([parent]), new Set());
    return reads !== null && reads.every((r) => consumedOnCpu(model, r, depth + 1));
  }
  return false;
}

function isConstant(node: SyntaxNode): boolean {
  let constant = true;
  walk(node, (n) => {
    if (n.type === 'identifier' || n.type === 'call' || n.type === 'attribute') constant = false;
    return constant;
  });
  return constant;
}

/** The value is visibly off the GPU or not a tensor: `.cpu()`, `.item()`, `float(...)`, a literal. */
export function visiblyOffGpu(model: SemanticModel, expression: SyntaxNode): boolean {
  const v = unparenthesize(expression);
  if (['integer', 'float', 'string', 'true', 'false', 'none', 'concatenated_string'].includes(v.type)) return true;
  if (!is(v, 'call')) return false;
  const m = methodCall(v, model.text);
  if (m) return ['cpu', 'numpy', 'tolist', 'item'].includes(m.method) || (m.method === 'to' && /cpu/i.test(nodeText(v, model.text).slice(nodeText(m.receiver, model.text).length)));
  const name = dottedName(callee(v), model.text);
  return name !== null && HARMLESS_BUILTINS.has(name);
}
