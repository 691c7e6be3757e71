// What a value is: a module, a tensor with or without its graph, a Python number, a device, some
// other object. Read from the expression, the definitions that reach a name, the functions and
// classes it calls (this file's, and the project's through its facts), never from a name's spelling.
import { type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import type { Imports } from './imports';
import { callee, dottedName, methodCall, nodeText, tupleElement, unparenthesize } from './names';
import type { Definition } from './definitions';
import type { FunctionFacts, SymbolFacts, ValueKind } from './project-facts';
import { classOfMethod, enclosingFunction, scopeOf } from './scopes';

export interface ValueDeps {
  text: string;
  imports: Imports;
  definitions: DefinitionIndex;
  isModuleExpr(expression: SyntaxNode): boolean;
  carriesGraph(expression: SyntaxNode): boolean;
  /** The facts of a project symbol, as the imports qualify a name. */
  projectSymbol(qualified: string | null): SymbolFacts | undefined;
  /** This file's top-level functions of a name, for what they return. */
  functionsNamed(name: string): readonly SyntaxNode[];
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[];
  /** The method a call runs on an object of a known class (see ModuleAnalysis.methodRunBy). */
  methodRunBy(call: SyntaxNode): { readonly local: readonly SyntaxNode[] } | { readonly project: FunctionFacts } | undefined;
}

/** Tensor methods that give a Python number or bool. */
const NUMBER_METHODS = new Set(['item', 'size', 'dim', 'numel', 'nelement', 'element_size', 'is_contiguous', 'get_device', 'data_ptr', '__len__']);
/** Tensor methods that give a plain Python object (a list, a numpy array). */
const OBJECT_METHODS = new Set(['tolist', 'numpy']);
/** Tensor methods that give the receiver's kind of value (moved, cast or reshaped). */
const SAME_KIND_METHODS = new Set(['to', 'cuda', 'cpu', 'float', 'double', 'half', 'bfloat16', 'contiguous', 'clone', 'view', 'reshape', 'squeeze', 'unsqueeze', 'flatten', 'mean', 'sum']);
/** Builtins that give a number. */
const NUMBER_BUILTINS = new Set(['float', 'int', 'len', 'bool', 'round']);
/** torch functions that make a new tensor from data or a shape (no graph unless asked). */
const TENSOR_FACTORIES = /^torch\.(tensor|as_tensor|from_numpy|zeros|ones|empty|full|rand|randn|randint|randperm|arange|linspace|eye|zeros_like|ones_like|rand_like|randn_like|empty_like|full_like)$/;

const MAX_DEPTH = 8;

/** What `expression` evaluates to where it stands. */
export function valueKindOf(deps: ValueDeps, expression: SyntaxNode, depth = 0): ValueKind {
  if (depth > MAX_DEPTH) return 'unknown';
  const expr = unparenthesize(expression);
  switch (expr.type) {
    case 'integer':
    case 'float':
    case 'true':
    case 'false':
    case 'comparison_operator':
    case 'not_operator':
      return 'number';
    case 'string': {
      const text = nodeText(expr, deps.text).replace(/^[a-zA-Z]*["']+|["']+$/g, '');
      return /^(cuda|cpu|mps)(:\d+)?$/.test(text) ? 'device' : 'object';
    }
    case 'none':
    case 'list':
    case 'dictionary':
    case 'set':
    case 'list_comprehension':
    case 'dictionary_comprehension':
      return 'object';
    case 'identifier':
      return nameKind(deps, expr, depth);
    case 'binary_operator': {
      const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
      const kinds = parts.map((p) => valueKindOf(deps, p, depth + 1));
      if (kinds.every((k) => k === 'number')) return 'number';
      if (kinds.includes('graph') || deps.carriesGraph(expr)) return 'graph';
      return kinds.some((k) => k === 'tensor' || k === 'detached') ? 'tensor' : 'unknown';
    }
    case 'conditional_expression': {
      const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
      const branch = (part: SyntaxNode | undefined, taken: boolean): ValueKind => {
        if (!part) return 'unknown';
        const narrowed = parts[1] ? narrowedByTest(parts[1], part, taken, deps.text, (n) => deps.imports.qualify(n)) : null;
        if (narrowed === 'number') return 'number';
        return narrowed === 'not-tensor' ? 'unknown' : valueKindOf(deps, part, depth + 1);
      };
      const a = branch(parts[0], true);
      const b = branch(parts[2], false);
      return a === b ? a : 'unknown';
    }
    case 'call':
      return callKind(deps, expr, depth);
  }
  if (deps.carriesGraph(expr)) return 'graph';
  if (deps.isModuleExpr(expr)) return 'module';
  return 'unknown';
}

function nameKind(deps: ValueDeps, use: SyntaxNode, depth: number): ValueKind {
  const name = nodeText(use, deps.text);
  const def = deps.definitions.reaching(scopeOf(use), name, use.start);
  const numbers = def ? numberDefinition(deps, def, depth) : false;
  if (numbers) return 'number';
  if (def?.kind === 'assign' && def.value && def.unpackIndex >= 0) {
    const part = unpackedKind(deps, def.value, def.unpackIndex, depth);
    if (part !== 'unknown') return part;
  }
  if (!def || def.kind !== 'assign' || !def.value || def.unpackIndex >= 0) {
    if (deps.carriesGraph(use)) return 'graph';
    return deps.isModuleExpr(use) ? 'module' : 'unknown';
  }
  return valueKindOf(deps, def.value, depth + 1);
}

/** `acc += 1` where `acc` was a number before: arithmetic on numbers gives a number. */
function numberDefinition(deps: ValueDeps, def: Definition, depth: number): boolean {
  if (def.kind !== 'augmented' || !def.value || depth > MAX_DEPTH) return false;
  if (valueKindOf(deps, def.value, depth + 1) !== 'number') return false;
  const prior = deps.definitions.reaching(scopeOf(def.node), def.name, def.node.start);
  if (!prior || prior === def) return false;
  if (prior.kind === 'augmented') return numberDefinition(deps, prior, depth + 1);
  if (prior.kind !== 'assign' || !prior.value) return false;
  return (prior.unpackIndex < 0 ? valueKindOf(deps, prior.value, depth + 1) : unpackedKind(deps, prior.value, prior.unpackIndex, depth + 1)) === 'number';
}

/**
 * What the element at `index` of an unpacked value is: of a tuple literal (`n, acc = 0, 0`), or of
 * the tuples that the function or method a call runs returns (`loss, acc = model(x)` where its
 * `forward` returns `loss, acc.item()`), this file's or another's.
 */
export function unpackedKind(deps: ValueDeps, value: SyntaxNode, index: number, depth = 0): ValueKind {
  if (depth > MAX_DEPTH) return 'unknown';
  const expr = unparenthesize(value);
  if (expr.type === 'expression_list' || expr.type === 'tuple') {
    const element = tupleElement(expr, index);
    return element ? valueKindOf(deps, element, depth + 1) : 'unknown';
  }
  if (expr.type !== 'call') return 'unknown';
  const dotted = dottedName(callee(expr), deps.text);
  const qualified = dotted ? deps.imports.qualify(dotted) : null;
  const facts = deps.projectSymbol(qualified);
  if (facts?.kind === 'function') return facts.function.returnsParts?.[index] ?? 'unknown';
  if (qualified) return 'unknown';
  const run = deps.methodRunBy(expr);
  if (run && 'project' in run) return run.project.returnsParts?.[index] ?? 'unknown';
  const own = run?.local ?? ownFunctions(deps, expr, dotted);
  return own.length === 1 ? returnedPartKind(deps, own[0]!, index, depth) : 'unknown';
}

/**
 * The function of this file a call of `name` or `self.name` runs: the file's only function of that
 * name; for a method, the caller's class's, else the file's only method of that name (a base class's).
 */
function ownFunctions(deps: ValueDeps, call: SyntaxNode, dotted: string | null): readonly SyntaxNode[] {
  if (!dotted) return [];
  if (!dotted.includes('.')) return deps.functionsNamed(dotted).filter((fn) => classOfMethod(fn) === null);
  const method = /^self\.(\w+)$/.exec(dotted)?.[1];
  const caller = method ? enclosingFunction(call) : null;
  const owner = caller ? classOfMethod(caller) : null;
  if (!method || !owner) return [];
  const methods = deps.functionsNamed(method).filter((fn) => classOfMethod(fn) !== null);
  const own = methods.filter((fn) => classOfMethod(fn) === owner);
  return own.length ? own : methods;
}

/** The kind the element at `index` of every tuple `fn` returns has, or 'unknown' when a return is no tuple or they differ. */
function returnedPartKind(deps: ValueDeps, fn: SyntaxNode, index: number, depth: number): ValueKind {
  let kind: ValueKind | undefined;
  for (const r of deps.returnsOf(fn)) {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    const k = value ? unpackedKind(deps, value, index, depth + 1) : 'unknown';
    if (k === 'unknown' || (kind !== undefined && k !== kind)) return 'unknown';
    kind = k;
  }
  return kind ?? 'unknown';
}

function callKind(deps: ValueDeps, call: SyntaxNode, depth: number): ValueKind {
  const m = methodCall(call, deps.text);
  const dotted = dottedName(callee(call), deps.text);
  const qualified = dotted ? deps.imports.qualify(dotted) : null;
  if (m && !qualified) {
    if (NUMBER_METHODS.has(m.method)) return 'number';
    if (OBJECT_METHODS.has(m.method)) return 'object';
    if (m.method === 'detach') return 'detached';
    if (SAME_KIND_METHODS.has(m.method)) {
      const receiver = valueKindOf(deps, m.receiver, depth + 1);
      if (receiver === 'module' || receiver === 'graph' || receiver === 'detached' || receiver === 'tensor') return receiver;
    }
  }
  if (dotted && NUMBER_BUILTINS.has(dotted) && !deps.imports.resolveName(dotted)) return 'number';
  if (qualified === 'torch.device') return 'device';
  if (qualified && TENSOR_FACTORIES.test(qualified)) return 'detached';
  const facts = deps.projectSymbol(qualified);
  if (facts?.kind === 'class') return facts.class.module ? 'module' : 'object';
  if (facts?.kind === 'function' && facts.function.returns !== 'unknown') {
    const returns = facts.function.returns;
    return returns === 'tensor' && deps.carriesGraph(call) ? 'graph' : returns;
  }
  if (deps.isModuleExpr(call)) return 'module';
  if (deps.carriesGraph(call)) return 'graph';
  // A function of this file whose every return gives the same kind.
  if (dotted && !dotted.includes('.') && !qualified) {
    const defs = deps.functionsNamed(dotted);
    if (defs.length === 1) return returnedKind(deps, defs[0]!, depth);
  }
  return 'unknown';
}

/** The kind every return of `fn` gives, or 'unknown' when they differ or there is none. */
export function returnedKind(deps: ValueDeps, fn: SyntaxNode, depth = 0): ValueKind {
  let kind: ValueKind | undefined;
  for (const r of deps.returnsOf(fn)) {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    const k = value ? valueKindOf(deps, value, depth + 1) : 'object';
    if (kind !== undefined && k !== kind) return 'unknown';
    kind = k;
  }
  return kind ?? 'unknown';
}

/** `isinstance` classes whose instances are Python numbers, never tensors. */
const NUMBER_CLASSES = /^(int|float|bool|complex|(numbers\.)?(Number|Real|Integral|Complex|Rational)|(numpy|np)\.(floating|integer|number|float32|float64|int32|int64))$/;
/** Tests that a value is a tensor: `torch.is_tensor(x)`, `isinstance(x, torch.Tensor)`. */
const TENSOR_TESTS = /^torch\.(is_tensor|Tensor)$/;

/**
 * What the test of `a if test else b` proves about the branch `branch` (taken when the test is
 * `taken`) when that branch is the very name the test examines: a Python number
 * (`x if isinstance(x, float) else x.item()`), or not a tensor (`x.item() if torch.is_tensor(x) else x`).
 * Null when the test says nothing about it.
 */
export function narrowedByTest(test: SyntaxNode, branch: SyntaxNode, taken: boolean, text: string, qualify: (name: string) => string | null): 'number' | 'not-tensor' | null {
  let condition = unparenthesize(test);
  let holds = taken;
  while (condition.type === 'not_operator') {
    const operand = condition.children.find((c) => c.fieldName === 'argument');
    if (!operand) return null;
    condition = unparenthesize(operand);
    holds = !holds;
  }
  if (condition.type !== 'call') return null;
  const name = branch.type === 'identifier' || branch.type === 'attribute' ? dottedName(unparenthesize(branch), text) : null;
  const fn = dottedName(callee(condition), text);
  const args = condition.children.find((c) => c.fieldName === 'arguments')?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
  if (!name || !fn || !args[0] || dottedName(unparenthesize(args[0]), text) !== name) return null;
  const qualified = (n: string) => qualify(n) ?? n;
  if (fn === 'isinstance' && args[1]) {
    const classes = unparenthesize(args[1]);
    const listed = classes.type === 'tuple' ? classes.children.filter((c) => c.named && c.type !== 'comment') : [classes];
    const names = listed.map((c) => dottedName(c, text));
    if (names.some((n) => n === null)) return null;
    if (names.every((n) => NUMBER_CLASSES.test(qualified(n!)))) return holds ? 'number' : null;
    if (names.every((n) => TENSOR_TESTS.test(qualified(n!)))) return holds ? null : 'not-tensor';
    return null;
  }
  return TENSOR_TESTS.test(qualified(fn)) && !holds ? 'not-tensor' : null;
}
