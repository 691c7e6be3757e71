// Small readers of expressions that every part of the model needs.
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import { SubtreeFact } from './engine/subtree-fact';

/** The dotted names of attribute nodes, which every analysis asks of many nodes. */
const DOTTED_NAMES = new SubtreeFact('dotted name', (node: SyntaxNode & { type: 'attribute' }, text: string): string | null => {
  const object = dottedName(field(node, 'object'), text);
  const attr = field(node, 'attribute');
  return object && attr ? `${object}.${ownSlice(text, attr.start, attr.end)}` : null;
});

/** `a.b.c` for identifier/attribute chains, else null. `self.model` -> "self.model". */
export function dottedName(node: SyntaxNode | null, text: string): string | null {
  if (!node) return null;
  if (node.type === 'identifier') return ownSlice(text, node.start, node.end);
  return is(node, 'attribute') ? DOTTED_NAMES.of(node, text) : null;
}

/** The last segment of a dotted name or the identifier itself: `self.saved_log_probs` -> `saved_log_probs`. */
export function lastSegment(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

export function nodeText(node: SyntaxNode, text: string): string {
  return ownSlice(text, node.start, node.end);
}

/** Below this length V8 copies a slice; from it on, the slice is a view that keeps its whole string. */
const SHORTEST_VIEW = 13;

/**
 * `text.slice(start, end)` as a string that does not keep `text` alive. Names read from a version of
 * the file are memoised with its statements for as long as the statements stay unchanged: as views, each
 * edited statement would keep the whole text of the version it was read in.
 */
function ownSlice(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  // Joined to another string and sliced again, the characters are copied into a string of their own.
  return slice.length < SHORTEST_VIEW ? slice : (' ' + slice).slice(1);
}

/** Splits `val_loader`, `testLoader`, `loaders['valid']` into lower-case words. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Identifiers read inside an expression (not attribute names, not keyword names). */
export function identifiersIn(node: SyntaxNode, text: string): string[] {
  const out: string[] = [];
  walk(node, (n) => {
    if (n.type === 'identifier' && n.fieldName !== 'attribute' && n.fieldName !== 'name') out.push(nodeText(n, text));
    return n.type !== 'lambda';
  });
  return out;
}

/**
 * Dotted names (`self.losses`, `loss`) read inside an expression, outermost chains only. With
 * `valuesOnly`, the function a call calls is left out (`self.G_loss(...)` uses `self.G_loss` as a
 * function), though a method's receiver stays (`x` in `x.mean()`).
 */
export function referencesIn(node: SyntaxNode, text: string, valuesOnly = false): string[] {
  const out: string[] = [];
  walk(node, (n) => {
    if (n.type === 'identifier' && n.fieldName === 'name' && n.parent?.type === 'keyword_argument') return false;
    if (valuesOnly && n.fieldName === 'function' && n.parent?.type === 'call') {
      const receiver = n.type === 'attribute' ? field(n as SyntaxNode & { type: 'attribute' }, 'object') : null;
      if (receiver) out.push(...referencesIn(receiver, text, true));
      return false;
    }
    const name = n.type === 'identifier' || n.type === 'attribute' ? dottedName(n, text) : null;
    if (name) {
      out.push(name);
      return n.type === 'attribute' ? false : undefined;
    }
    return n.type !== 'lambda';
  });
  return out;
}

/** The callee of a call: `model` in `model(x)`, the attribute node in `loss.backward()`. */
export function callee(call: SyntaxNode): SyntaxNode | null {
  return is(call, 'call') ? field(call, 'function') : null;
}

/** What `methodCall` finds for a call node, asked of every call of a file by many analyses. */
const METHOD_CALLS = new SubtreeFact('method call', (call: SyntaxNode, text: string): { receiver: SyntaxNode; method: string } | null => {
  const fn = callee(call);
  const receiver = is(fn, 'attribute') ? field(fn, 'object') : null;
  const attr = is(fn, 'attribute') ? field(fn, 'attribute') : null;
  return receiver && attr ? { receiver, method: nodeText(attr, text) } : null;
});

/** For `x.method(...)`: [x, "method"]. */
export function methodCall(call: SyntaxNode, text: string): { receiver: SyntaxNode; method: string } | null {
  return METHOD_CALLS.of(call, text);
}

/** A call's arguments as `callArguments` reads them. */
export interface CallArguments {
  readonly positional: readonly SyntaxNode[];
  readonly keywords: ReadonlyMap<string, SyntaxNode>;
}

const NO_ARGUMENTS: CallArguments = { positional: [], keywords: new Map() };

/** Positional arguments and keyword arguments of a call. */
export function callArguments(call: SyntaxNode, text: string): CallArguments {
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  if (!is(args, 'argument_list')) return NO_ARGUMENTS;
  return CALL_ARGUMENTS.of(args, text);
}

/** What `callArguments` finds in an argument list. */
const CALL_ARGUMENTS = new SubtreeFact('call arguments', (args: SyntaxNode, text: string): CallArguments => {
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  for (const arg of args.children) {
    if (!arg.named || arg.type === 'comment') continue;
    if (is(arg, 'keyword_argument')) {
      const name = field(arg, 'name');
      const value = field(arg, 'value');
      if (name && value) keywords.set(nodeText(name, text), value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, keywords };
});

/** Strips parentheses: `((x))` -> `x`. */
export function unparenthesize(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression') {
    const inner = n.children.find((c) => c.named && c.type !== 'comment');
    if (!inner) break;
    n = inner;
  }
  return n;
}

/** The element at `index` of a tuple written out (`a, b` or `(a, b)`), unparenthesized; null for anything else or a tuple with `*rest`. */
export function tupleElement(value: SyntaxNode, index: number): SyntaxNode | null {
  const expr = unparenthesize(value);
  if ((expr.type !== 'expression_list' && expr.type !== 'tuple') || expr.children.some((c) => c.type === 'list_splat')) return null;
  const element = expr.children.filter((c) => c.named && c.type !== 'comment')[index];
  return element ? unparenthesize(element) : null;
}

export function literalBool(node: SyntaxNode | undefined | null): boolean | null {
  if (!node) return null;
  const n = unparenthesize(node);
  return n.type === 'true' ? true : n.type === 'false' ? false : null;
}
