// Resolves integer settings: literals, simple constants, and argparse defaults (`args.batch_size`).
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import { callArguments, callee, dottedName, literalBool, methodCall, nodeText, unparenthesize } from './names';
import { enclosingFunction, functionName, scopeOf } from './scopes';

export interface ArgumentOption {
  /** `--batch-size` */
  option: string;
  default: SyntaxNode | null;
  action: string | null;
}

export interface ResolvedInt {
  value: number;
  /** The literal the value came from, which a fix may edit. */
  literal: SyntaxNode | null;
  /** How it was found, for messages: "literal", "`BATCH_SIZE`", "argparse default of `--batch-size`". */
  origin: string;
}

export class IntResolver {
  /** argparse dest -> its option string, `default=` expression and `action=`. */
  private readonly options = new Map<string, ArgumentOption>();
  /** Names bound to `parser.parse_args()` results. */
  private readonly argNamespaces = new Set<string>();
  /** reloadsNamespace per namespace name: it scans the whole text, and is asked once per `args.x`. */
  private readonly reloads = new Map<string, boolean>();

  constructor(
    private readonly text: string,
    private readonly definitions: DefinitionIndex,
    calls: readonly SyntaxNode[],
  ) {
    for (const call of calls) {
      const m = methodCall(call, text);
      if (!m || m.method !== 'add_argument') continue;
      const { positional, keywords } = callArguments(call, text);
      const names = positional.filter((p) => p.type === 'string').map((p) => stringValue(p, text));
      if (!names.length) continue;
      const explicit = keywords.get('dest');
      const option = names.find((o) => o.startsWith('--')) ?? names[0]!;
      const dest = explicit ? stringValue(explicit, text) : option.replace(/^-+/, '').replace(/-/g, '_');
      const action = keywords.get('action');
      this.options.set(dest, { option, default: keywords.get('default') ?? null, action: action ? stringValue(action, text) : null });
    }
    // Functions of this file that return parsed arguments: `def parse_args(): ...; return parser.parse_args()`.
    const parsingFunctions = new Set<string>();
    for (const call of calls) {
      if (!isParseArgsCall(call, text)) continue;
      let holder: SyntaxNode | null = call.parent;
      if (is(holder, 'assignment')) {
        const name = dottedName(field(holder, 'left'), text);
        const fn = enclosingFunction(call);
        if (name && fn && definitions.definitionsOf(fn, name).length) holder = returnOf(fn, name, text) ?? holder;
      }
      if (holder?.type === 'return_statement') {
        const fn = enclosingFunction(holder);
        if (fn) parsingFunctions.add(functionName(fn, text));
      }
    }
    for (const call of calls) {
      const parses = isParseArgsCall(call, text) || parsingFunctions.has(dottedName(callee(call), text) ?? '');
      const statement = call.parent;
      if (!parses || !is(statement, 'assignment')) continue;
      const left = field(statement, 'left');
      const name = dottedName(left, text);
      if (name) this.argNamespaces.add(name);
      if (left && left.type === 'pattern_list') {
        const first = left.children.find((c) => c.named);
        const firstName = first ? dottedName(first, text) : null;
        if (firstName) this.argNamespaces.add(firstName);
      }
    }
  }

  /** True when `name` holds a parsed argparse namespace. */
  isArgumentNamespace(name: string): boolean {
    return this.argNamespaces.has(name);
  }

  /**
   * The argparse option behind `args.attr`, unless the file changes it after parsing
   * (`args.batch_size //= world_size`, `vars(args).update(...)`, `setattr`, `set_defaults`).
   */
  argumentOption(attribute: SyntaxNode): ArgumentOption | null {
    const expr = unparenthesize(attribute);
    if (!is(expr, 'attribute')) return null;
    const object = dottedName(field(expr, 'object'), this.text);
    const attr = field(expr, 'attribute');
    if (!object || !attr || !this.argNamespaces.has(object)) return null;
    const name = nodeText(attr, this.text);
    if (this.definitions.allDefinitionsOf(`${object}.${name}`).length || this.reloadsNamespace(object)) return null;
    return this.options.get(name) ?? null;
  }

  /** The boolean default of `args.flag`: `default=True/False`, or implied by `store_true/store_false`. */
  argumentFlag(attribute: SyntaxNode): boolean | null {
    const option = this.argumentOption(attribute);
    if (!option) return null;
    if (option.default) return literalBool(option.default);
    return option.action === 'store_false' ? true : option.action === 'store_true' ? false : null;
  }

  private reloadsNamespace(object: string): boolean {
    let reloads = this.reloads.get(object);
    if (reloads === undefined) this.reloads.set(object, (reloads = this.scanForReloads(object)));
    return reloads;
  }

  private scanForReloads(object: string): boolean {
    const escaped = object.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`\\bset_defaults\\s*\\(|\\bsetattr\\s*\\(\\s*${escaped}\\s*,|\\bvars\\s*\\(\\s*${escaped}\\s*\\)|\\b${escaped}\\.__dict__`).test(this.text);
  }

  resolve(expression: SyntaxNode, depth = 0): ResolvedInt | null {
    if (depth > 8) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'integer') {
      const value = Number(nodeText(expr, this.text).replace(/_/g, ''));
      return Number.isSafeInteger(value) ? { value, literal: expr, origin: 'literal' } : null;
    }
    if (is(expr, 'binary_operator')) {
      const left = field(expr, 'left');
      const right = field(expr, 'right');
      const op = field(expr, 'operator');
      const a = left ? this.resolve(left, depth + 1) : null;
      const b = right ? this.resolve(right, depth + 1) : null;
      if (!a || !b || !op) return null;
      const value = applyOperator(nodeText(op, this.text), a.value, b.value);
      return value === null ? null : { value, literal: null, origin: 'expression' };
    }
    if (is(expr, 'attribute')) {
      const option = this.argumentOption(expr);
      const resolved = option?.default ? this.resolve(option.default, depth + 1) : null;
      return resolved && option ? { ...resolved, origin: `argparse default of \`${option.option}\`` } : null;
    }
    if (expr.type === 'identifier') {
      const name = nodeText(expr, this.text);
      const scope = scopeOf(expr);
      const local = this.definitions.definitionsOf(scope, name);
      const module = scope.type === 'module' ? [] : this.definitions.definitionsOf(rootOf(expr), name);
      const defs = local.length ? local : module;
      // Only names assigned exactly once: anything else is a runtime value.
      if (defs.length !== 1 || defs[0]!.kind !== 'assign' || !defs[0]!.value || defs[0]!.unpackIndex >= 0) return null;
      const resolved = this.resolve(defs[0]!.value, depth + 1);
      return resolved ? { ...resolved, origin: `\`${name}\`` } : null;
    }
    if (is(expr, 'call') && dottedName(callee(expr), this.text) === 'int') {
      const arg = callArguments(expr, this.text).positional[0];
      return arg ? this.resolve(arg, depth + 1) : null;
    }
    return null;
  }
}

function applyOperator(op: string, a: number, b: number): number | null {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '//': return b === 0 ? null : Math.floor(a / b);
    case '**': return b >= 0 && b < 64 ? a ** b : null;
    case '<<': return b >= 0 && b < 31 ? a << b : null;
    default: return null;
  }
}

export function stringValue(node: SyntaxNode, text: string): string {
  const content = node.children.filter((c) => c.type === 'string_content');
  return content.map((c) => nodeText(c, text)).join('');
}

function isParseArgsCall(call: SyntaxNode, text: string): boolean {
  const method = methodCall(call, text)?.method;
  return method === 'parse_args' || method === 'parse_known_args';
}

/** The `return NAME` statement of `fn`, if it returns that name. */
function returnOf(fn: SyntaxNode, name: string, text: string): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  walk(fn, (n) => {
    if (n.type === 'function_definition' && n !== fn) return false;
    if (n.type === 'return_statement' && n.children.some((c) => c.named && nodeText(c, text) === name)) found = n;
    return found === null;
  });
  return found;
}

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}
