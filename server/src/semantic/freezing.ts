// Whether a module class freezes itself: its `__init__` turns `requires_grad` off for all of its
// parameters (`for p in self.parameters(): p.requires_grad = False`, `self.requires_grad_(False)`),
// unconditionally or by an `__init__` parameter that defaults to off (`requires_grad=False`), and
// nothing in the class turns it back on. An instance built so records no graph for inputs that do
// not require grad (a frozen feature extractor for FID or a perceptual loss).
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import { callArguments, dottedName, literalBool, methodCall, nodeText, unparenthesize } from './names';
import { functionName } from './scopes';

/** Code that turns `requires_grad` off for parameters (a forward through them then builds no graph). */
export const FREEZES_TEXT = /requires_grad_\(\s*False\s*\)|\.requires_grad\s*=\s*False/;

/** Code that turns `requires_grad` back on somewhere: then no freezing is taken as lasting. */
export const UNFREEZES_TEXT = /requires_grad_\(\s*(True)?\s*\)|\.requires_grad\s*=\s*True/;

/** Whether the class (a `class_definition`) freezes all of its parameters when built (see above). */
export function classFreezesItself(cls: SyntaxNode, text: string): boolean {
  if (!is(cls, 'class_definition')) return false;
  const body = field(cls, 'body');
  const init = body?.children
    .map((statement) => (statement.type === 'decorated_definition' ? statement.children.find((c) => c.fieldName === 'definition') : statement))
    .find((definition) => definition?.type === 'function_definition' && functionName(definition, text) === '__init__');
  if (!init || UNFREEZES_TEXT.test(nodeText(cls, text))) return false;
  const defaults = parameterDefaults(init, text);
  // `False`, or a parameter of `__init__` that defaults to it.
  const off = (value: SyntaxNode | null | undefined): boolean => {
    if (!value) return false;
    const expr = unparenthesize(value);
    return literalBool(expr) === false || (expr.type === 'identifier' && defaults.get(nodeText(expr, text)) === false);
  };
  let freezes = false;
  walk(init, (node) => {
    if (freezes) return false;
    if (is(node, 'call')) {
      // `self.requires_grad_(False)`, `self.eval().requires_grad_(False)`.
      const m = methodCall(node, text);
      if (m?.method === 'requires_grad_' && isSelf(m.receiver, text)) freezes = off(callArguments(node, text).positional[0]) && runsByDefault(node, init, defaults, text);
    } else if (is(node, 'for_statement') && overOwnParameters(node, text)) {
      freezes = setsRequiresGradOff(node, text, off) && runsByDefault(node, init, defaults, text);
    }
    return !freezes;
  });
  return freezes;
}

/**
 * `node` runs when `__init__` is called with its defaults: every `if` around it (inside `__init__`)
 * holds it in its body under a condition true by default (`if not requires_grad:` for a parameter
 * that defaults to `False`, `if freeze:` for one that defaults to `True`).
 */
function runsByDefault(node: SyntaxNode, init: SyntaxNode, defaults: ReadonlyMap<string, boolean>, text: string): boolean {
  for (let child = node, p = node.parent; p && p !== init; child = p, p = p.parent) {
    if (p.type !== 'if_statement') continue;
    if (child.fieldName !== 'consequence') return false;
    if (trueByDefault(field(p as SyntaxNode & { type: 'if_statement' }, 'condition'), defaults, text) !== true) return false;
  }
  return true;
}

/** The value of a condition over `__init__`'s boolean parameters at their defaults, or null when it cannot be told. */
function trueByDefault(condition: SyntaxNode | null, defaults: ReadonlyMap<string, boolean>, text: string): boolean | null {
  if (!condition) return null;
  const expr = unparenthesize(condition);
  if (expr.type === 'identifier') return defaults.get(nodeText(expr, text)) ?? null;
  if (expr.type === 'not_operator') {
    const value = trueByDefault(expr.children.find((c) => c.fieldName === 'argument') ?? null, defaults, text);
    return value === null ? null : !value;
  }
  if (expr.type === 'comparison_operator') {
    const [left, right] = expr.children.filter((c) => c.named);
    const operator = expr.children.find((c) => !c.named)?.type;
    const value = left ? trueByDefault(left, defaults, text) : null;
    const literal = right ? literalBool(right) : null;
    if (value === null || literal === null) return null;
    if (operator === '==' || operator === 'is') return value === literal;
    if (operator === '!=' || operator === 'is not') return value !== literal;
  }
  return null;
}

/** `self` or a call of a method of it that returns it (`self.eval()`). */
function isSelf(node: SyntaxNode, text: string): boolean {
  const expr = unparenthesize(node);
  if (expr.type === 'identifier') return nodeText(expr, text) === 'self';
  const m = is(expr, 'call') ? methodCall(expr, text) : null;
  return m !== null && ['eval', 'train', 'to', 'cuda', 'cpu', 'float', 'half'].includes(m.method) && isSelf(m.receiver, text);
}

/** `for p in self.parameters():` over all of the module's parameters (not a part's, `self.head.parameters()`). */
function overOwnParameters(loop: SyntaxNode & { type: 'for_statement' }, text: string): boolean {
  const iterable = field(loop, 'right');
  const m = iterable && is(unparenthesize(iterable), 'call') ? methodCall(unparenthesize(iterable), text) : null;
  return m?.method === 'parameters' && dottedName(m.receiver, text) === 'self';
}

/** The loop's body sets its variable's `requires_grad` to a value `off` accepts. */
function setsRequiresGradOff(loop: SyntaxNode & { type: 'for_statement' }, text: string, off: (value: SyntaxNode | null | undefined) => boolean): boolean {
  const variable = field(loop, 'left');
  const name = variable?.type === 'identifier' ? nodeText(variable, text) : null;
  const body = field(loop, 'body');
  if (!name || !body) return false;
  let found = false;
  walk(body, (node) => {
    if (is(node, 'assignment')) {
      const left = field(node, 'left');
      if (left && dottedName(left, text) === `${name}.requires_grad` && off(field(node, 'right'))) found = true;
    } else if (is(node, 'call')) {
      const m = methodCall(node, text);
      if (m?.method === 'requires_grad_' && dottedName(m.receiver, text) === name && off(callArguments(node, text).positional[0])) found = true;
    }
    return !found;
  });
  return found;
}

/** `__init__`'s parameters whose default is `True` or `False`, with it. */
function parameterDefaults(init: SyntaxNode, text: string): Map<string, boolean> {
  const defaults = new Map<string, boolean>();
  const parameters = field(init as SyntaxNode & { type: 'function_definition' }, 'parameters');
  for (const p of parameters?.children ?? []) {
    if (p.type !== 'default_parameter' && p.type !== 'typed_default_parameter') continue;
    const name = p.children.find((c) => c.fieldName === 'name');
    const value = p.children.find((c) => c.fieldName === 'value');
    const literal = value ? literalBool(value) : null;
    if (name && literal !== null) defaults.set(nodeText(name, text), literal);
  }
  return defaults;
}
