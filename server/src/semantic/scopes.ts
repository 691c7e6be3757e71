// Where a node sits: its statement, block, loop, function and class.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { nodeText } from './names';

const COMPOUND = new Set([
  'if_statement', 'for_statement', 'while_statement', 'try_statement', 'with_statement',
  'function_definition', 'class_definition', 'decorated_definition', 'match_statement',
]);

export function isStatement(node: SyntaxNode): boolean {
  return node.parent !== null && (node.parent.type === 'block' || node.parent.type === 'module') && node.named && node.type !== 'comment';
}

export function isCompound(node: SyntaxNode): boolean {
  return COMPOUND.has(node.type);
}

/** The innermost statement (a child of a block or the module) that contains `node`. */
export function statementOf(node: SyntaxNode): SyntaxNode {
  let n: SyntaxNode = node;
  while (n.parent && !isStatement(n)) n = n.parent;
  return n;
}

/** The child of the module that holds `node` (`node` itself for the module or one of its children). */
export function topLevelStatementOf(node: SyntaxNode): SyntaxNode {
  let statement = node;
  while (statement.parent?.parent) statement = statement.parent;
  return statement;
}

/** Walks up from `node` to the nearest function or the module; these bound Python's local scopes. */
export function scopeOf(node: SyntaxNode): SyntaxNode {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'module') return p;
    if (p.type === 'lambda') return p;
  }
  return node;
}

/**
 * The scope around `scope` (see `scopeOf`), or null at the top: the module, or any node when the
 * parser could not read the file as a module at all (its root is then an ERROR node, and
 * `scopeOf` of a node under it is the node itself). Walks outward with it always end.
 */
export function enclosingScope(scope: SyntaxNode): SyntaxNode | null {
  const outer = scopeOf(scope);
  return outer === scope ? null : outer;
}

/** The scopes a name at `node` is looked up in, innermost first: its own scope, then each enclosing one. */
export function* scopesOutFrom(node: SyntaxNode): Generator<SyntaxNode> {
  for (let s: SyntaxNode | null = scopeOf(node); s; s = enclosingScope(s)) yield s;
}

/** The function whose body holds `node` (not its decorators or defaults). */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'function_definition') return child.fieldName === 'body' ? p : null;
  }
  return null;
}

/** The class that directly defines a method. */
export function classOfMethod(fn: SyntaxNode): SyntaxNode | null {
  let p = fn.parent;
  if (p?.type === 'decorated_definition') p = p.parent;
  if (p?.type === 'block' && p.parent?.type === 'class_definition') return p.parent;
  return null;
}

export function functionName(fn: SyntaxNode, text: string): string {
  const name = is(fn, 'function_definition') ? field(fn, 'name') : null;
  return name ? nodeText(name, text) : '';
}

export function decoratorsOf(fn: SyntaxNode): SyntaxNode[] {
  const parent = fn.parent;
  if (parent?.type !== 'decorated_definition') return [];
  return parent.children.filter((c) => c.type === 'decorator');
}

/** The expression of a decorator (`torch.no_grad()` in `@torch.no_grad()`). */
export function decoratorExpression(decorator: SyntaxNode): SyntaxNode | null {
  return decorator.children.find((c) => c.named && c.type !== 'comment') ?? null;
}

/** Loops (for/while) whose body holds `node`, innermost first, inside the same function. */
export function enclosingLoops(node: SyntaxNode): SyntaxNode[] {
  const loops: SyntaxNode[] = [];
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition') break;
    if ((p.type === 'for_statement' || p.type === 'while_statement') && child.fieldName === 'body') loops.push(p);
    if ((p.type === 'for_statement' || p.type === 'while_statement') && child.type === 'else_clause') continue;
  }
  return loops;
}

/** Comprehensions iterate too: `[model(x) for x in loader]`. */
export function enclosingComprehension(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda') return null;
    if (p.type === 'list_comprehension' || p.type === 'generator_expression' || p.type === 'set_comprehension' || p.type === 'dictionary_comprehension') return p;
  }
  return null;
}

/** The statements of a block (or module), without comments. */
export function statementsOf(block: SyntaxNode): SyntaxNode[] {
  return block.children.filter((c) => c.named && c.type !== 'comment');
}

/** Statements after `statement` in its block. */
export function followingStatements(statement: SyntaxNode): SyntaxNode[] {
  const block = statement.parent;
  if (!block) return [];
  const all = statementsOf(block);
  return all.slice(all.indexOf(statement) + 1);
}

/** Statements before `statement` in its block, nearest first. */
export function precedingStatements(statement: SyntaxNode): SyntaxNode[] {
  const block = statement.parent;
  if (!block) return [];
  const all = statementsOf(block);
  return all.slice(0, all.indexOf(statement)).reverse();
}

/** True when `inner` lies inside `outer` (or is it). */
export function within(inner: SyntaxNode, outer: SyntaxNode): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/**
 * A test of whether a node lies inside one of `outers` (or is one), by binary search over their
 * starts: for the long runs of statements a fix guards, where testing each one per node is quadratic.
 * Outers that nest or overlap are tested one by one.
 */
export function withinAnyOf(outers: readonly SyntaxNode[]): (inner: SyntaxNode) => boolean {
  const sorted = [...outers].sort((a, b) => a.start - b.start);
  if (sorted.some((node, i) => i > 0 && sorted[i - 1]!.end > node.start)) return (inner) => outers.some((outer) => within(inner, outer));
  return (inner) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start <= inner.start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && within(inner, sorted[lo - 1]!);
  };
}

/** The body block of a compound statement or function. */
export function bodyOf(node: SyntaxNode): SyntaxNode | null {
  return node.children.find((c) => c.fieldName === 'body') ?? null;
}

/** Whether `fn` has a parameter named `name`, of any kind (`*args` and `**kwargs` included). */
export function hasParameter(fn: SyntaxNode, name: string, text: string): boolean {
  const list = fn.children.find((c) => c.fieldName === 'parameters');
  return (list?.children ?? []).some((p) => {
    const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
    return id !== undefined && nodeText(id, text) === name;
  });
}

/** The names of a function's positional parameters, after `self` (or `cls`) for a method. */
export function positionalParameterNames(fn: SyntaxNode, text: string): string[] {
  const list = fn.children.find((c) => c.fieldName === 'parameters');
  const names: string[] = [];
  for (const p of list?.children ?? []) {
    if (!p.named || p.type === 'comment') continue;
    if (p.type === 'list_splat_pattern' || p.type === 'dictionary_splat_pattern' || p.type === 'keyword_separator') break;
    const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
    if (id) names.push(nodeText(id, text));
  }
  if (classOfMethod(fn) !== null) names.shift();
  return names;
}

/**
 * A method that only declares itself for subclasses to define: decorated `@abstractmethod`, or whose
 * body holds nothing but a docstring, `pass`, `...` or `raise NotImplementedError`. Calling it on an
 * object runs a subclass's method instead.
 */
export function isAbstractMethod(fn: SyntaxNode, text: string): boolean {
  const declared = decoratorsOf(fn).some((d) => {
    const expression = decoratorExpression(d);
    return expression !== null && /(^|\.)abstractmethod$/.test(text.slice(expression.start, expression.end));
  });
  if (declared) return true;
  const statements = bodyOf(fn)?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
  return statements.length > 0 && statements.every((statement) => {
    if (statement.type === 'pass_statement') return true;
    const only = statement.children.filter((c) => c.named && c.type !== 'comment');
    if (statement.type === 'expression_statement') return only.length === 1 && (only[0]!.type === 'string' || only[0]!.type === 'ellipsis');
    return statement.type === 'raise_statement' && /^raise\s+NotImplementedError\b/.test(text.slice(statement.start, statement.end));
  });
}
