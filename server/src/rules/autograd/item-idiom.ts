// Whether a fix that makes a kept value carry no graph should offer `.item()` before `.detach()`:
// the file's own idiom (it converts values it keeps with `.item()` elsewhere), a value the code
// shows to be one number, and a total or list that the program only shows.
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { modelQuery, type SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, methodCall, nodeText, unparenthesize } from '../../semantic/names';
import { scopeOf, within } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';

/**
 * `.item()` comes first, and is as safe as `.detach()`, where the file keeps such values with
 * `.item()` already (`running_loss += loss.item()`, `losses.append(loss.item())`), the code shows
 * `value` to be one number, and every read of `kept` (the total or list it goes into, a name of the
 * function or module) only ends up shown: printed, logged or formatted. Nothing the program keeps,
 * returns or decides on then changes; what it prints is the number itself rather than a tensor's
 * repr, summed in double precision as the file's own `.item()` totals are.
 */
export function prefersItem(model: SemanticModel, value: SyntaxNode, kept: string, site: SyntaxNode, how: 'total' | 'list'): boolean {
  return KEEPS_ITEMS.of(model) && provenScalar(model, value, 0) && readsOnlyShown(model, kept, site, how);
}

/** Methods that add their argument to what they are called on. */
const ADDS = new Set(['append', 'extend', 'insert', 'update']);

/** The file adds a `.item()` to a total or a list somewhere. */
const KEEPS_ITEMS = modelQuery('keeps values with .item()', (model, _: void): boolean =>
  model.callsOfName('item', true).some((call) => {
    const m = methodCall(call, model.text);
    if (m?.method !== 'item' || callArguments(call, model.text).positional.length) return false;
    let node = call;
    while (node.parent && ['binary_operator', 'parenthesized_expression', 'unary_operator'].includes(node.parent.type)) node = node.parent;
    const parent = node.parent;
    if (is(parent, 'augmented_assignment')) return node.fieldName === 'right' && nodeText(field(parent, 'operator') ?? parent, model.text) === '+=';
    const adding = parent?.type === 'argument_list' ? parent.parent : null;
    const adds = adding && is(adding, 'call') ? methodCall(adding, model.text) : null;
    return adds !== null && ADDS.has(adds.method);
  }));

/** Reductions that give one number when called with no dimension. */
const FULL_REDUCTIONS = new Set(['mean', 'sum', 'norm', 'prod', 'std', 'var', 'amax', 'amin', 'nansum', 'nanmean']);

/** torch.nn.functional losses: one number unless `reduction="none"`. */
const FUNCTIONAL_LOSS = /^torch\.nn\.functional\.(\w+_loss|cross_entropy|binary_cross_entropy|binary_cross_entropy_with_logits|kl_div|nll_loss)$/;

/** torch.nn loss modules: their calls give one number unless made with `reduction="none"`. */
const LOSS_MODULE = /^torch\.nn\.\w+Loss$/;

const MAX_DEPTH = 3;

/**
 * The code shows `value` to be one number: a reduction with no dimension (`x.mean()`), a loss of
 * torch.nn with its default reduction, or a name whose value is one of those, or which the code
 * itself calls `.item()` on where the same assignment reaches it.
 */
function provenScalar(model: SemanticModel, value: SyntaxNode, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const { text } = model;
  const expr = unparenthesize(value);
  if (is(expr, 'call')) {
    const { positional, keywords } = callArguments(expr, text);
    const m = methodCall(expr, text);
    const qualified = model.imports.qualify(dottedName(callee(expr), text));
    if (m && !qualified) return FULL_REDUCTIONS.has(m.method) && !positional.length && !keywords.has('dim') && !keywords.has('axis');
    if (qualified && /^torch\.\w+$/.test(qualified) && FULL_REDUCTIONS.has(qualified.slice(6))) return positional.length === 1 && !keywords.has('dim');
    if (qualified && FUNCTIONAL_LOSS.test(qualified)) return reducesToOne(model, keywords);
    // `criterion(out, y)` where `criterion = nn.CrossEntropyLoss()`.
    const target = callee(expr);
    if (target?.type !== 'identifier') return false;
    const made = model.definitions.reaching(scopeOf(expr), nodeText(target, text), expr.start);
    const construction = made?.kind === 'assign' && made.unpackIndex < 0 && made.value ? unparenthesize(made.value) : null;
    if (!construction || !is(construction, 'call')) return false;
    return LOSS_MODULE.test(model.imports.qualify(dottedName(callee(construction), text)) ?? '')
      && reducesToOne(model, callArguments(construction, text).keywords);
  }
  if (expr.type !== 'identifier') return false;
  const name = nodeText(expr, text);
  const scope = scopeOf(expr);
  const def = model.definitions.reaching(scope, name, expr.start);
  if (def?.kind !== 'assign' || def.unpackIndex >= 0 || !def.value) return false;
  if (provenScalar(model, def.value, depth + 1)) return true;
  // `print(loss.item())` where the same `loss = ...` reaches: `.item()` raises on more than one number.
  return model.methodCallsOn(name, 'item').some((call) => scopeOf(call) === scope && model.definitions.reaching(scope, name, call.start)?.node === def.node);
}

/** `reduction=` left out, or "mean" or "sum"; not the old `reduce=` (`reduce=False` keeps every element). */
function reducesToOne(model: SemanticModel, keywords: ReadonlyMap<string, SyntaxNode>): boolean {
  const reduction = keywords.get('reduction');
  return !keywords.has('reduce') && (reduction === undefined || /^["'](mean|sum)["']$/.test(nodeText(reduction, model.text)));
}

/** Calls that show what they are given: the program's output, not what it keeps or decides. */
const SHOW_FUNCTIONS = new Set(['print', 'str', 'repr', 'format']);
/** Methods of loggers, progress bars and writers that show or log what they are given. */
const SHOW_METHODS = new Set(['info', 'debug', 'warning', 'error', 'log', 'add_scalar', 'set_postfix', 'set_description', 'write', 'format']);
/** Calls that make a number of a number, or of a list of numbers, and hand it on. */
const NUMBER_FUNCTIONS = { total: new Set(['float', 'round', 'abs', 'min', 'max']), list: new Set(['sum', 'len', 'min', 'max']) };
/** Expressions a number passes through and stays a number. */
const ARITHMETIC = new Set(['binary_operator', 'unary_operator', 'parenthesized_expression']);

/**
 * Every read of `kept` in the scope of `site` (a local name; an attribute may be read anywhere) only
 * ends up shown: printed, logged or formatted, through arithmetic, `round`, `float`, names assigned
 * from them, and for a list `sum`, `len`, `min`, `max` or an element. Returned, stored, compared,
 * recorded or used as a tensor, it may not, and `.item()` is not preferred.
 */
function readsOnlyShown(model: SemanticModel, kept: string, site: SyntaxNode, how: 'total' | 'list'): boolean {
  if (!/^\w+$/.test(kept)) return false;
  return readsOf(model, kept, site).every((read) => onlyShown(model, read, how, 0));
}

/** The identifiers reading `name` in the scope of `site`, outside `site` and assignment targets. */
function readsOf(model: SemanticModel, name: string, site: SyntaxNode): SyntaxNode[] {
  const scope = scopeOf(site);
  return nodesIn(scope, ['identifier']).filter((id) => {
    if (nodeText(id, model.text) !== name || id.fieldName === 'attribute' || within(id, site)) return false;
    if (id.fieldName === 'name' && id.parent?.type === 'keyword_argument') return false;
    // Assigned (`total = 0.0` starts it again), not read.
    let target = id;
    while (target.parent && ['pattern_list', 'tuple_pattern', 'list_pattern'].includes(target.parent.type)) target = target.parent;
    return !(target.fieldName === 'left' && ['assignment', 'for_statement'].includes(target.parent?.type ?? ''));
  });
}

function onlyShown(model: SemanticModel, read: SyntaxNode, how: 'total' | 'list', depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const { text } = model;
  let node = read;
  for (;;) {
    // A list's element (`losses[-1]`) is a number like the total.
    if (how === 'list' && is(node.parent, 'subscript') && node.fieldName === 'value') {
      node = node.parent;
      how = 'total';
      continue;
    }
    if (how === 'total' && node.parent && ARITHMETIC.has(node.parent.type)) {
      node = node.parent;
      continue;
    }
    // `round(total / n, 4)`, `sum(losses)`: a number handed on.
    const call = node.parent?.type === 'argument_list' && is(node.parent.parent, 'call') ? node.parent.parent : null;
    const called = call ? dottedName(callee(call), text) : null;
    if (call && called && NUMBER_FUNCTIONS[how].has(called)) {
      node = call;
      how = 'total';
      continue;
    }
    break;
  }
  // `pbar.set_postfix(loss=total)`: the argument's list is the call's.
  if (node.parent?.type === 'keyword_argument' && node.fieldName === 'value') node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'interpolation') return true;
  if (parent.type === 'argument_list' && is(parent.parent, 'call')) {
    const name = dottedName(callee(parent.parent), text);
    const m = methodCall(parent.parent, text);
    return (name !== null && SHOW_FUNCTIONS.has(name)) || (m !== null && SHOW_METHODS.has(m.method));
  }
  // `total += other.item()` elsewhere: a number added to it.
  if (how === 'total' && is(parent, 'augmented_assignment') && node.fieldName === 'left') {
    const right = field(parent, 'right');
    return right !== null && endsInItem(model, right);
  }
  // Another addition of a number to the same list, or the list emptied.
  if (how === 'list' && is(parent, 'attribute') && node.fieldName === 'object' && is(parent.parent, 'call')) {
    const m = methodCall(parent.parent, text);
    if (m?.method === 'clear') return true;
    const added = callArguments(parent.parent, text).positional.at(-1);
    return m !== null && ADDS.has(m.method) && added !== undefined && endsInItem(model, added);
  }
  // `avg = total / len(loader)`, then `avg` read the same way.
  if (how === 'total' && is(parent, 'assignment') && node.fieldName === 'right') {
    const left = field(parent, 'left');
    if (!is(left, 'identifier')) return false;
    return readsOf(model, nodeText(left, text), parent).every((r) => onlyShown(model, r, how, depth + 1));
  }
  return false;
}

/** `x.item()`, `x.item() * n`: what is added is a Python number. */
function endsInItem(model: SemanticModel, value: SyntaxNode): boolean {
  const expr = unparenthesize(value);
  if (expr.type === 'binary_operator') return expr.children.some((c) => c.named && endsInItem(model, c));
  return is(expr, 'call') && methodCall(expr, model.text)?.method === 'item';
}
