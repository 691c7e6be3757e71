// What a value is: a module, a tensor with or without its graph, a Python number, a device, some
// other object. Read from the expression, the definitions that reach a name, the functions and
// classes it calls (this file's, and the project's through its facts), never from a name's spelling.
import { type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import type { ImportTable } from './imports';
import { callee, dottedName, methodCall, nodeText, unparenthesize } from './names';
import type { SymbolFacts, ValueKind } from './project-facts';
import { scopeOf } from './scopes';

export interface ValueDeps {
  text: string;
  imports: ImportTable;
  definitions: DefinitionIndex;
  isModuleExpr(expression: SyntaxNode): boolean;
  carriesGraph(expression: SyntaxNode): boolean;
  /** The facts of a project symbol, as the imports qualify a name. */
  projectSymbol(qualified: string | null): SymbolFacts | undefined;
  /** This file's top-level functions of a name, for what they return. */
  functionsNamed(name: string): readonly SyntaxNode[];
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[];
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
      const a = parts[0] ? valueKindOf(deps, parts[0], depth + 1) : 'unknown';
      const b = parts[2] ? valueKindOf(deps, parts[2], depth + 1) : 'unknown';
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
  if (!def || def.kind !== 'assign' || !def.value || def.unpackIndex >= 0) {
    if (deps.carriesGraph(use)) return 'graph';
    return deps.isModuleExpr(use) ? 'module' : 'unknown';
  }
  return valueKindOf(deps, def.value, depth + 1);
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
