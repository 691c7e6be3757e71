// A function that trains only when a flag of its own says so (`def run_epoch(loader, train=True)`
// whose `loss.backward()` sits under `if train:`), called in this file with the flag turning every
// training step off and gradients on (`run_epoch(val_loader, train=False)`): on that call its forward
// passes record a graph that nothing uses. OOM001 reports each such call, where its guard goes: the
// function itself trains on its other calls.
import { field, type SyntaxNode } from '../../parser/syntax';
import { modelQuery, type SemanticModel } from '../../semantic/model';
import { sameItems } from '../../semantic/group-by';
import { callArguments, nodeText, unparenthesize } from '../../semantic/names';
import { classOfMethod, enclosingFunction, within } from '../../semantic/scopes';

/** A call of a function of this file whose flag argument turns all of its training off. */
export interface TrainingOffCall {
  /** The call, as written in this file. */
  call: SyntaxNode;
  /** The function's parameter that the training steps depend on. */
  flag: string;
  /** The flag's value at the call, as written (`False`, `'val'`), or the parameter's default. */
  value: string;
  /** That value, and the function's locals that stand for conditions on the flag. */
  on: FlagValue;
}

/** A value a condition can be worked out from: Python's literals. */
type Literal = { kind: 'bool'; value: boolean } | { kind: 'none' } | { kind: 'number'; value: number } | { kind: 'string'; value: string };

/**
 * Per function of the file, its calls in this file that run with gradients on and pass a flag (or
 * leave its default) under which none of the function's training steps runs, in document order. The
 * function must train under some other value, or it is plain evaluation, which the rule judges by its
 * other evidence.
 */
export const TRAINING_OFF_CALLS = modelQuery('calls that turn a function\'s training off', (model, fn: SyntaxNode): readonly TrainingOffCall[] => {
  model.readsStatementOf(fn);
  const callers = model.callersOf(fn);
  if (!callers?.length || !model.needsGradients(fn)) return [];
  const parameters = parametersOf(fn, model.text);
  const aliases = aliasesOf(model, fn);
  const flags = parameters.filter((p) => conditionsRead(model, fn, aliases).has(p.name));
  if (!flags.length) return [];
  const method = classOfMethod(fn) !== null;
  const out: TrainingOffCall[] = [];
  for (const call of callers) {
    if (model.modeAt(call) !== 'enabled') continue;
    const { positional, keywords } = callArguments(call, model.text);
    for (const flag of flags) {
      const index = parameters.indexOf(flag) - (method ? 1 : 0);
      const argument = keywords.get(flag.name) ?? (index >= 0 && !flag.keywordOnly ? positional[index] : undefined) ?? flag.default;
      const value = argument ? literalOf(argument, model.text) : null;
      if (!argument || !value) continue;
      const on: FlagValue = { flag: flag.name, value, aliases };
      if (!trainsUnder(model, fn, on)) {
        out.push({ call, flag: flag.name, value: nodeText(unparenthesize(argument), model.text), on });
        break;
      }
    }
  }
  return out;
}, { reads: 'key', equals: sameTrainingOffCalls });

/** The same calls with the same flags and values (each `on` is worked out from them and the function). */
function sameTrainingOffCalls(a: readonly TrainingOffCall[], b: readonly TrainingOffCall[]): boolean {
  return sameItems(a, b, (x, y) => x.call === y.call && x.flag === y.flag && x.value === y.value);
}

/**
 * The calls that turn off the training of the function holding `forward` (see TRAINING_OFF_CALLS) on
 * which the forward pass runs: the code around it inside the function leaves gradients on, and the
 * flag's value does not skip it.
 */
export function trainingOffCallsOf(model: SemanticModel, forward: SyntaxNode): readonly TrainingOffCall[] {
  const fn = enclosingFunction(forward);
  if (!fn) return [];
  const calls = TRAINING_OFF_CALLS.of(model, fn);
  if (!calls.length) return [];
  const around = model.gradMode.setAround(forward);
  if (around !== null && around !== 'enabled') return [];
  // What the function returns may take the graph to a caller that backpropagates it.
  if (model.returnsOf(fn).some((r) => r.children.some((c) => c.named && model.graph.carriesGraph(c)))) return [];
  return calls.filter((off) => runsUnder(forward, fn, off.on, model.text));
}

interface Parameter {
  name: string;
  default: SyntaxNode | null;
  keywordOnly: boolean;
}

/** The function's parameters in order, with their defaults (`self` included, splats left out). */
function parametersOf(fn: SyntaxNode, text: string): Parameter[] {
  const list = fn.children.find((c) => c.fieldName === 'parameters');
  const out: Parameter[] = [];
  let keywordOnly = false;
  for (const p of list?.children ?? []) {
    if (p.type === 'keyword_separator' || p.type === 'list_splat_pattern') keywordOnly = true;
    if (p.type === 'identifier') out.push({ name: nodeText(p, text), default: null, keywordOnly });
    else if (p.type === 'typed_parameter') {
      const name = p.children.find((c) => c.type === 'identifier');
      if (name) out.push({ name: nodeText(name, text), default: null, keywordOnly });
    } else if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') {
      const name = field(p as SyntaxNode & { type: 'default_parameter' }, 'name');
      if (name) out.push({ name: nodeText(name, text), default: field(p as SyntaxNode & { type: 'default_parameter' }, 'value'), keywordOnly });
    }
  }
  return out;
}

/** A flag's value on a call, and the locals of the function that stand for a condition on it. */
interface FlagValue {
  flag: string;
  value: Literal;
  aliases: ReadonlyMap<string, SyntaxNode>;
}

/**
 * The locals of `fn` bound once, to an expression, by an assignment of its own (`is_train = split ==
 * "train"`, `training = optimizer is not None`): a condition that reads one reads that expression.
 */
function aliasesOf(model: SemanticModel, fn: SyntaxNode): ReadonlyMap<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const assignment of model.nodesOfKindWithin(fn, 'assignment')) {
    if (enclosingFunction(assignment) !== fn) continue;
    const left = field(assignment as SyntaxNode & { type: 'assignment' }, 'left');
    const right = field(assignment as SyntaxNode & { type: 'assignment' }, 'right');
    if (left?.type !== 'identifier' || !right) continue;
    const name = nodeText(left, model.text);
    if (model.definitions.definitionsOf(fn, name).length === 1) out.set(name, right);
  }
  return out;
}

/**
 * The names the conditions of `fn`'s own `if` statements read, whose branches hold training steps;
 * through a local that stands for a condition (see `aliasesOf`), the names that condition reads.
 */
function conditionsRead(model: SemanticModel, fn: SyntaxNode, aliases: ReadonlyMap<string, SyntaxNode>): Set<string> {
  const names = new Set<string>();
  const read = (node: SyntaxNode) => {
    const ids = node.type === 'identifier' ? [node] : model.nodesOfKindWithin(node, 'identifier');
    for (const id of ids) {
      const name = nodeText(id, model.text);
      if (names.has(name)) continue;
      names.add(name);
      const alias = aliases.get(name);
      if (alias) read(alias);
    }
  };
  for (const statement of model.nodesOfKindWithin(fn, 'if_statement')) {
    if (enclosingFunction(statement) !== fn || !model.needsGradients(statement)) continue;
    for (const condition of conditionsOf(statement)) read(condition);
  }
  return names;
}

/** The conditions of an `if` statement and of its `elif` clauses. */
function conditionsOf(statement: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const own = statement.children.find((c) => c.fieldName === 'condition');
  if (own) out.push(own);
  for (const clause of statement.children) {
    if (clause.type !== 'elif_clause') continue;
    const condition = clause.children.find((c) => c.fieldName === 'condition');
    if (condition) out.push(condition);
  }
  return out;
}

/** Whether the statements of `node` may train when the flag holds its value: branches the value rules out are left out. */
function trainsUnder(model: SemanticModel, node: SyntaxNode, on: FlagValue): boolean {
  const body = node.type === 'function_definition' ? node.children.find((c) => c.fieldName === 'body') : node;
  return (body?.children ?? []).some((statement) => statementTrains(model, statement, on));
}

function statementTrains(model: SemanticModel, statement: SyntaxNode, on: FlagValue): boolean {
  if (!statement.named || statement.type === 'comment') return false;
  if (statement.type === 'if_statement') {
    for (const branch of branchesUnder(statement, on, model.text)) {
      if (branch.condition && model.needsGradients(branch.condition)) return true;
      if (branch.body && trainsUnder(model, branch.body, on)) return true;
    }
    return false;
  }
  if (['for_statement', 'while_statement', 'with_statement', 'try_statement', 'block', 'except_clause', 'finally_clause', 'else_clause'].includes(statement.type)) {
    // The header (a loop's iterable, a `with`'s managers) and every block in it.
    return statement.children.some((c) => (c.type === 'block' || c.type.endsWith('_clause') ? trainsUnder(model, c, on) : c.named && model.needsGradients(c)));
  }
  return model.needsGradients(statement);
}

/**
 * The branches of an `if` statement that may run when `flag` holds `value`, each with the condition
 * read on the way to it: a condition that is false under the value skips its branch, a true one
 * skips every later branch.
 */
function branchesUnder(statement: SyntaxNode, on: FlagValue, text: string): { condition: SyntaxNode | null; body: SyntaxNode | null }[] {
  const out: { condition: SyntaxNode | null; body: SyntaxNode | null }[] = [];
  const clauses: { condition: SyntaxNode | null; body: SyntaxNode | null }[] = [
    { condition: statement.children.find((c) => c.fieldName === 'condition') ?? null, body: statement.children.find((c) => c.fieldName === 'consequence') ?? null },
  ];
  for (const clause of statement.children) {
    if (clause.type === 'elif_clause') clauses.push({ condition: clause.children.find((c) => c.fieldName === 'condition') ?? null, body: clause.children.find((c) => c.fieldName === 'consequence') ?? null });
    if (clause.type === 'else_clause') clauses.push({ condition: null, body: clause.children.find((c) => c.fieldName === 'body') ?? null });
  }
  for (const clause of clauses) {
    const truth = clause.condition ? evaluate(clause.condition, on, text) : true;
    if (truth !== false) out.push(clause);
    if (truth === true) break;
  }
  return out;
}

/** Whether `node`, inside `fn`, may run when the flag holds its value (no branch around it is ruled out). */
function runsUnder(node: SyntaxNode, fn: SyntaxNode, on: FlagValue, text: string): boolean {
  for (let child = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'if_statement') continue;
    const branches = branchesUnder(p, on, text);
    if (!branches.some((b) => b.body !== null && within(node, b.body))) {
      // The node is in a condition, or in a branch the value rules out.
      if (!branches.some((b) => b.condition !== null && within(node, b.condition))) return false;
    }
  }
  return true;
}

/** Python's literals as values. */
function literalOf(node: SyntaxNode, text: string): Literal | null {
  const source = nodeText(unparenthesize(node), text);
  if (source === 'True' || source === 'False') return { kind: 'bool', value: source === 'True' };
  if (source === 'None') return { kind: 'none' };
  if (/^-?\d+(\.\d+)?$/.test(source)) return { kind: 'number', value: Number(source) };
  const string = /^[rbuRBU]?(['"])([^'"\\]*)\1$/.exec(source);
  return string ? { kind: 'string', value: string[2]! } : null;
}

function truthy(value: Literal): boolean {
  switch (value.kind) {
    case 'bool': return value.value;
    case 'none': return false;
    case 'number': return value.value !== 0;
    case 'string': return value.value !== '';
  }
}

function sameLiteral(a: Literal, b: Literal): boolean {
  if (a.kind === 'none' || b.kind === 'none') return a.kind === b.kind;
  if (a.kind === 'string' || b.kind === 'string') return a.kind === b.kind && a.value === b.value;
  // True == 1 and False == 0 in Python.
  const number = (v: Literal) => (v.kind === 'bool' ? Number(v.value) : (v as { value: number }).value);
  return number(a) === number(b);
}

/**
 * The truth of a condition when `flag` holds `value`, where the condition reads nothing else that
 * decides it (`train`, `not is_validate`, `phase == "train"`, `optimizer is not None`, `train and
 * step % k == 0` when `train` is false); null where it cannot be told.
 */
function evaluate(condition: SyntaxNode, on: FlagValue, text: string, depth = 0): boolean | null {
  const { flag, value } = on;
  const node = unparenthesize(condition);
  switch (node.type) {
    case 'identifier': {
      const name = nodeText(node, text);
      if (name === flag) return truthy(value);
      // `if is_train:` after `is_train = split == "train"`.
      const alias = on.aliases.get(name);
      return alias && depth < 8 ? evaluate(alias, on, text, depth + 1) : null;
    }
    case 'not_operator': {
      const inner = node.children.find((c) => c.fieldName === 'argument');
      const truth = inner ? evaluate(inner, on, text, depth) : null;
      return truth === null ? null : !truth;
    }
    case 'boolean_operator': {
      const left = node.children.find((c) => c.fieldName === 'left');
      const right = node.children.find((c) => c.fieldName === 'right');
      const op = node.children.find((c) => c.fieldName === 'operator');
      const l = left ? evaluate(left, on, text, depth) : null;
      const r = right ? evaluate(right, on, text, depth) : null;
      if (op?.type === 'and') return l === false || r === false ? false : l === true && r === true ? true : null;
      return l === true || r === true ? true : l === false && r === false ? false : null;
    }
    case 'comparison_operator': {
      const parts = node.children.filter((c) => c.named && c.type !== 'comment');
      const operators = node.children.filter((c) => !c.named).map((c) => nodeText(c, text));
      if (parts.length !== 2) return null;
      const [a, b] = parts as [SyntaxNode, SyntaxNode];
      const op = operators.join(' ');
      const [other, flagFirst] = nodeText(unparenthesize(a), text) === flag ? [b, true] : nodeText(unparenthesize(b), text) === flag ? [a, false] : [null, false];
      if (!other) return null;
      if (op === 'in' || op === 'not in') {
        if (!flagFirst) return null;
        const items = unparenthesize(other);
        if (!['tuple', 'list', 'set'].includes(items.type)) return null;
        const literals = items.children.filter((c) => c.named && c.type !== 'comment').map((c) => literalOf(c, text));
        if (literals.some((l) => l === null)) return null;
        const found = literals.some((l) => sameLiteral(l!, value));
        return op === 'in' ? found : !found;
      }
      const literal = literalOf(other, text);
      if (!literal) return null;
      if (op === '==' || op === 'is') return sameLiteral(value, literal);
      if (op === '!=' || op === 'is not') return !sameLiteral(value, literal);
      return null;
    }
    case 'true':
      return true;
    case 'false':
      return false;
  }
  return null;
}

