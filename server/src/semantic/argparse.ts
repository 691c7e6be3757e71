// Resolves integer settings: literals, simple constants, and argparse defaults (`args.batch_size`).
import type { ValueOrigin } from '../core/message-parts';
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import type { ExternalCall } from './project-facts';
import { callArguments, callee, dottedName, literalBool, methodCall, nodeText, unparenthesize } from './names';
import { classOfMethod, enclosingFunction, functionName, scopeOf, within } from './scopes';

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
  /** How it was found, for messages. */
  origin: ValueOrigin;
}


/**
 * What one top-level statement says about the file's argparse setup. It reads the statement alone
 * and holds nodes rather than offsets, so it is reused with the statement node across edits that do
 * not touch it (see StatementFact); the file's IntResolver merges the statements' pieces.
 */
export interface StatementArgparse {
  /** `add_argument` calls: dest -> its option, in document order (a later one replaces an earlier). */
  readonly options: readonly (readonly [string, ArgumentOption])[];
  /** Names of functions here that return parsed arguments (`def parse_args(): ...; return parser.parse_args()`). */
  readonly parsingFunctions: readonly string[];
  /** Names bound here to `parse_args()` results. */
  readonly namespaces: readonly string[];
  /**
   * Names bound here to what some other call returns, by the dotted name of what it calls (`''` when
   * it has none): namespaces when the file turns out to define a parsing function of that name.
   */
  readonly boundByCallee: ReadonlyMap<string, readonly string[]>;
}

/**
 * Where one top-level statement may set parsed arguments again, as its text says (comments and strings
 * too): `set_defaults(`, which reloads any namespace, and the statement itself when it holds a
 * `setattr(`, `vars(` or `.__dict__`, to be read again for the name in question. Statements hold
 * neither, most of the time, so an edit elsewhere costs no scan of the whole text.
 */
export interface ReloadSites {
  readonly setDefaults: boolean;
  readonly statement: SyntaxNode | null;
}

const NO_RELOAD_SITES: ReloadSites = { setDefaults: false, statement: null };

export function reloadSitesIn(statement: SyntaxNode, text: string): ReloadSites {
  const own = text.slice(statement.start, statement.end);
  const setDefaults = /\bset_defaults\s*\(/.test(own);
  const sets = /\bsetattr\s*\(|\bvars\s*\(|\.__dict__/.test(own);
  return setDefaults || sets ? { setDefaults, statement: sets ? statement : null } : NO_RELOAD_SITES;
}

/** What the file's top-level statements say about its argparse setup, together (see StatementArgparse). */
export interface ArgparseSetup {
  /** The option of `dest`: the last `add_argument` for it in the file. */
  option(dest: string): ArgumentOption | undefined;
  /** A function of this file of that name returns parsed arguments. */
  isParsingFunction(name: string): boolean;
  /** The name is bound to parsed arguments: to a `parse_args()` result, or to what a parsing function returns. */
  isNamespace(name: string): boolean;
}

/** The argparse facts of one top-level statement from its calls (`definitions`: the file's, asked only of scopes inside it). */
export function argparseIn(calls: readonly SyntaxNode[], text: string, definitions: DefinitionIndex): StatementArgparse {
  const options: [string, ArgumentOption][] = [];
  const parsingFunctions: string[] = [];
  const namespaces: string[] = [];
  const boundByCallee = new Map<string, string[]>();
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
    options.push([dest, { option, default: keywords.get('default') ?? null, action: action ? stringValue(action, text) : null }]);
  }
  for (const call of calls) {
    if (!isParseArgsCall(call, text)) continue;
    let holder: SyntaxNode | null = namespaceExpression(call, text).parent;
    if (is(holder, 'assignment')) {
      const name = dottedName(field(holder, 'left'), text);
      // The function is inside this statement, and so are its definitions.
      const fn = enclosingFunction(call);
      if (name && fn && definitions.definitionsOf(fn, name).length) holder = returnOf(fn, name, text) ?? holder;
    }
    if (holder?.type === 'return_statement') {
      const fn = enclosingFunction(holder);
      if (fn) parsingFunctions.push(functionName(fn, text));
    }
  }
  for (const call of calls) {
    const parses = isParseArgsCall(call, text);
    const statement = parses ? namespaceExpression(call, text).parent : call.parent;
    if (!is(statement, 'assignment')) continue;
    const left = field(statement, 'left');
    const bound: string[] = [];
    const name = dottedName(left, text);
    if (name) bound.push(name);
    if (left && left.type === 'pattern_list') {
      const first = left.children.find((c) => c.named);
      const firstName = first ? dottedName(first, text) : null;
      if (firstName) bound.push(firstName);
    }
    if (!bound.length) continue;
    if (parses) {
      namespaces.push(...bound);
      continue;
    }
    const target = dottedName(callee(call), text) ?? '';
    const list = boundByCallee.get(target);
    if (list) list.push(...bound);
    else boundByCallee.set(target, bound);
  }
  return { options, parsingFunctions, namespaces, boundByCallee };
}

/** What an IntResolver memoises in the file's database: answers worked out once per version. */
export interface IntAnswers {
  /** `scanForReloads` of a namespace name (asked once per `args.x`). */
  reloadsNamespace(object: string): boolean;
  /** The file's classes by name. */
  classesByName(): ReadonlyMap<string, readonly SyntaxNode[]>;
  /** `parameterHoldsNamespace` of a parameter node, false while it is worked out. */
  parameterHoldsNamespace(parameter: SyntaxNode): boolean;
}

/** Integer settings in one version of the file (its answers are memoised by the database). */
export class IntResolver {
  /** The parameter whose `parameterHoldsNamespace` is asked next, and the depth it is asked at. */
  private asked: { parameter: ParameterSlot; depth: number } | undefined;

  /**
   * `setup`: what the file's top-level statements say about its argparse setup, merged.
   * `callsOfName`: the file's calls `name(...)`, or with `viaAttribute` its calls `x.name(...)`, in document order.
   */
  constructor(
    private readonly text: string,
    private readonly definitions: DefinitionIndex,
    private readonly setup: ArgparseSetup,
    private readonly callsOfName: (name: string, viaAttribute: boolean) => readonly SyntaxNode[],
    /** Where the file may set parsed arguments again (see `reloadSitesIn`), one entry per top-level statement. */
    private readonly reloadSites: () => readonly ReloadSites[],
    private readonly answers: IntAnswers,
    /** The calls other files make of a function of this file (none for a file analysed alone). */
    private readonly externalCallsOf: (fn: SyntaxNode) => readonly ExternalCall[] = () => [],
  ) {}

  /** True when `name` holds a parsed argparse namespace. */
  isArgumentNamespace(name: string): boolean {
    return this.setup.isNamespace(name);
  }

  /**
   * The expression holds a parsed namespace: a name bound to `parse_args()`, a call of it or of a
   * function of this file that returns it (`main(parse_args())`), or a parameter that every call
   * site of its function fills with one of those (`def main(opt)` called as `main(args)`).
   */
  private holdsNamespace(expression: SyntaxNode, depth: number): boolean {
    if (depth > 4) return false;
    const expr = unparenthesize(expression);
    if (is(expr, 'call')) return isParseArgsCall(expr, this.text) || this.setup.isParsingFunction(dottedName(callee(expr), this.text) ?? '');
    if (is(expr, 'attribute')) return this.attributeHoldsNamespace(expr, depth);
    if (expr.type !== 'identifier') return false;
    const name = nodeText(expr, this.text);
    if (this.setup.isNamespace(name)) return true;
    if (name === 'self' || name === 'cls') return false;
    const parameter = this.parameterOf(expr);
    if (!parameter) return false;
    const outer = this.asked;
    this.asked = { parameter, depth };
    try {
      return this.answers.parameterHoldsNamespace(parameter.node);
    } finally {
      this.asked = outer;
    }
  }

  /**
   * Works out whether every call site fills the parameter asked for (see `holdsNamespace`) with a
   * namespace; its answer is memoised whatever the depth it was first asked at.
   */
  parameterHoldsNamespace(): boolean {
    const { parameter, depth } = this.asked!;
    if (this.optionsOfOwnParser(parameter)) return true;
    const bound = this.boundValues(parameter);
    return bound !== null && bound.length > 0 && bound.every((v) => v !== null && this.holdsNamespace(v, depth + 1));
  }

  /**
   * `self.args` in a method, where every assignment of `self.args` in the class stores a namespace
   * (`def __init__(self, args): self.args = args`, with every `Trainer(...)` given one).
   */
  private attributeHoldsNamespace(attribute: SyntaxNode & { type: 'attribute' }, depth: number): boolean {
    const object = field(attribute, 'object');
    const attr = field(attribute, 'attribute');
    const fn = enclosingFunction(attribute);
    const cls = fn ? classOfMethod(fn) : null;
    if (!object || !attr || !cls || nodeText(object, this.text) !== 'self') return false;
    const defs = this.definitions.allDefinitionsOf(`self.${nodeText(attr, this.text)}`).filter((d) => within(d.node, cls));
    return defs.length > 0 && defs.every((d) => d.kind === 'assign' && d.unpackIndex < 0 && d.value !== null && this.holdsNamespace(d.value, depth + 1));
  }

  /**
   * The first parameter of `__init__` of a class that adds its own command-line options (a method
   * such as Lightning's `add_model_specific_args(parser)` calls `add_argument`), where nothing in
   * this file constructs the class: the script that does parses those options and hands the
   * namespace in (`Model(parser.parse_args())`).
   */
  private optionsOfOwnParser(parameter: ParameterSlot): boolean {
    if (functionName(parameter.fn, this.text) !== '__init__' || parameter.index !== 0) return false;
    const cls = classOfMethod(parameter.fn);
    if (!cls || this.constructorCalls(parameter.fn)?.length !== 0) return false;
    let adds = false;
    walk(cls, (n) => {
      if (adds) return false;
      if (n.type === 'call' && methodCall(n, this.text)?.method === 'add_argument' && enclosingFunction(n) !== parameter.fn) adds = true;
      return true;
    });
    return adds;
  }

  /** The parameter an identifier reads, when the function never assigns that name itself. */
  private parameterOf(ref: SyntaxNode): ParameterSlot | null {
    const name = nodeText(ref, this.text);
    const defs = this.definitions.definitionsOf(scopeOf(ref), name);
    const def = defs.length === 1 ? defs[0]! : null;
    if (def?.kind !== 'parameter') return null;
    const fn = def.node.parent?.parent;
    if (!fn || fn.type !== 'function_definition') return null;
    const slot = parameterSlot(fn, def.node, this.text);
    return slot ? { ...slot, node: def.node, name, default: def.value } : null;
  }

  /**
   * What each call site of the parameter's function passes for it (its default where a call leaves
   * it out, null where that cannot be read); the default alone when the file never calls the
   * function; null when a call passes `*args`/`**kwargs`.
   */
  private boundValues(parameter: ParameterSlot): (SyntaxNode | null)[] | null {
    const sites = this.callSites(parameter);
    if (sites === null) return null;
    if (!sites.length) return [parameter.default];
    const values: (SyntaxNode | null)[] = [];
    for (const call of sites) {
      const args = is(call, 'call') ? field(call, 'arguments') : null;
      if (args?.children.some((c) => c.type === 'list_splat' || c.type === 'dictionary_splat')) return null;
      const { positional, keywords } = callArguments(call, this.text);
      const value = keywords.get(parameter.name) ?? (parameter.index !== null ? positional[parameter.index] : undefined);
      values.push(value ?? parameter.default);
    }
    return values;
  }

  /**
   * `CFG.batch_size` or `cfg.batch_size` with `cfg = Config()`: a class attribute of a settings
   * class of this file (`class CFG: batch_size = 1024`, a dataclass field's default), unless the
   * instance is built with that field, or anything sets the attribute again.
   */
  private resolveSettingsAttribute(attribute: SyntaxNode & { type: 'attribute' }, depth: number): ResolvedInt | null {
    const object = field(attribute, 'object');
    const attr = field(attribute, 'attribute');
    if (!object || !attr || object.type !== 'identifier') return null;
    const objectName = nodeText(object, this.text);
    const attrName = nodeText(attr, this.text);
    const classesByName = this.answers.classesByName();
    let className = objectName;
    if (!classesByName.has(objectName)) {
      const defs = this.definitions.definitionsOf(scopeOf(object), objectName);
      const module = defs.length ? defs : this.definitions.definitionsOf(rootOf(object), objectName);
      const def = module.length === 1 ? module[0]! : null;
      const value = def?.kind === 'assign' && def.value && def.unpackIndex < 0 ? unparenthesize(def.value) : null;
      if (!is(value, 'call')) return null;
      className = dottedName(callee(value), this.text) ?? '';
      const { positional, keywords } = callArguments(value, this.text);
      const passed = keywords.get(attrName);
      if (passed) return this.resolve(passed, depth + 1);
      if (positional.length || value.children.some((c) => c.type === 'argument_list' && c.children.some((a) => a.type === 'dictionary_splat'))) return null;
    }
    const classes = classesByName.get(className) ?? [];
    if (classes.length !== 1) return null;
    const cls = classes[0]!;
    if (this.definitions.allDefinitionsOf(`${objectName}.${attrName}`).length || this.definitions.allDefinitionsOf(`self.${attrName}`).some((d) => within(d.node, cls))) return null;
    if (this.setsAgain(objectName)) return null;
    const body = field(cls as SyntaxNode & { type: 'class_definition' }, 'body');
    const assigned = (body?.children ?? []).flatMap((statement) => {
      const assignment = statement.type === 'expression_statement' ? statement.children.find((c) => c.type === 'assignment') : undefined;
      const left = assignment ? assignment.children.find((c) => c.fieldName === 'left') : undefined;
      return left?.type === 'identifier' && nodeText(left, this.text) === attrName ? [assignment!] : [];
    });
    const value = assigned.length === 1 ? assigned[0]!.children.find((c) => c.fieldName === 'right') : undefined;
    const resolved = value ? this.resolve(value, depth + 1) : null;
    return resolved ? { ...resolved, origin: { kind: 'name', name: `${className}.${attrName}` } } : null;
  }

  /**
   * `a if cond else b`: the value both branches agree on; or, when the condition is whether CUDA is
   * available (`torch.cuda.is_available()`, or a name assigned once from it), the value on a machine
   * with a GPU, the only one that can run out of GPU memory or pins memory for one.
   */
  private resolveConditional(expr: SyntaxNode, depth: number): ResolvedInt | null {
    const [whenTrue, condition, whenFalse] = expr.children.filter((c) => c.named && c.type !== 'comment');
    if (!whenTrue || !condition || !whenFalse) return null;
    const onGpu = this.isCudaAvailable(condition);
    const first = this.resolve(whenTrue, depth + 1);
    if (onGpu) return first;
    const second = this.resolve(whenFalse, depth + 1);
    return first && second && first.value === second.value ? { value: first.value, literal: null, origin: { kind: 'expression' } } : null;
  }

  /**
   * The condition holds on a machine with a GPU: \`torch.cuda.is_available()\`, a name assigned once
   * from one, or \`not args.no_cuda and torch.cuda.is_available()\` where the flags keep their defaults.
   */
  isCudaAvailable(condition: SyntaxNode, depth = 0): boolean {
    if (depth > 4) return false;
    const expr = unparenthesize(condition);
    if (is(expr, 'call')) return /^(torch\.)?cuda\.is_available$/.test(dottedName(callee(expr), this.text) ?? '');
    if (is(expr, 'boolean_operator')) {
      const op = field(expr, 'operator');
      const operands = [field(expr, 'left'), field(expr, 'right')];
      if (!op || nodeText(op, this.text) !== 'and' || operands.some((o) => !o)) return false;
      const holds = operands.map((o) => this.isCudaAvailable(o!, depth + 1) || this.flagHolds(o!));
      return holds.every(Boolean) && operands.some((o) => this.isCudaAvailable(o!, depth + 1));
    }
    if (expr.type !== 'identifier') return false;
    const defs = this.definitions.definitionsOf(scopeOf(expr), nodeText(expr, this.text));
    const all = defs.length ? defs : this.definitions.definitionsOf(rootOf(expr), nodeText(expr, this.text));
    const def = all.length === 1 ? all[0]! : null;
    return def?.kind === 'assign' && def.value !== null && def.unpackIndex < 0 && this.isCudaAvailable(def.value, depth + 1);
  }

  /** `args.cuda` or `not args.no_cuda` that is true by its argparse default. */
  private flagHolds(expression: SyntaxNode): boolean {
    const expr = unparenthesize(expression);
    if (is(expr, 'attribute')) return this.argumentFlag(expr) === true;
    if (expr.type !== 'not_operator') return false;
    const operand = field(expr as SyntaxNode & { type: 'not_operator' }, 'argument');
    return is(operand, 'attribute') && this.argumentFlag(operand) === false;
  }

  /** `hparams["batch_size"]` where `hparams` is a dict literal assigned once and never changed. */
  private resolveDictionaryEntry(subscript: SyntaxNode, depth: number): ResolvedInt | null {
    const object = subscript.children.find((c) => c.fieldName === 'value');
    const key = subscript.children.find((c) => c.fieldName === 'subscript');
    if (!object || object.type !== 'identifier' || !key || key.type !== 'string') return null;
    const name = nodeText(object, this.text);
    const defs = this.definitions.definitionsOf(scopeOf(object), name);
    const all = defs.length ? defs : this.definitions.definitionsOf(rootOf(object), name);
    const def = all.length === 1 ? all[0]! : null;
    const value = def?.kind === 'assign' && def.value && def.unpackIndex < 0 ? unparenthesize(def.value) : null;
    if (value?.type !== 'dictionary') return null;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`\\b${escaped}\\s*\\[[^\\]]*\\]\\s*(=(?!=)|[-+*/]=)|\\b${escaped}\\.(update|setdefault|pop)\\s*\\(`).test(this.text)) return null;
    const wanted = stringValue(key, this.text);
    const pair = value.children.find((p) => p.type === 'pair' && p.children.some((c) => c.fieldName === 'key' && c.type === 'string' && stringValue(c, this.text) === wanted));
    const entry = pair?.children.find((c) => c.fieldName === 'value');
    const resolved = entry ? this.resolve(entry, depth + 1) : null;
    return resolved ? { ...resolved, origin: { kind: 'name', name: `${name}[${nodeText(key, this.text)}]` } } : null;
  }

  /**
   * The calls `Trainer(...)` that run `__init__` of the class: null when the class is subclassed in
   * the file (a subclass's `super().__init__(...)` passes its own values) or is not a plain class here.
   */
  private constructorCalls(init: SyntaxNode): readonly SyntaxNode[] | null {
    const cls = classOfMethod(init);
    const nameNode = cls ? field(cls as SyntaxNode & { type: 'class_definition' }, 'name') : null;
    if (!cls || !nameNode || cls.parent?.type !== 'block' && cls.parent?.type !== 'module') return null;
    const name = nodeText(nameNode, this.text);
    const classesByName = this.answers.classesByName();
    if ((classesByName.get(name) ?? []).length !== 1) return null;
    for (const other of classesByName.values()) {
      for (const c of other) {
        const bases = field(c as SyntaxNode & { type: 'class_definition' }, 'superclasses');
        if (bases?.children.some((b) => dottedName(b, this.text) === name)) return null;
      }
    }
    return this.callsNamed(name);
  }

  /** The calls whose callee is the dotted name `name`: `f` or `self.f`. */
  private callsNamed(name: string): readonly SyntaxNode[] {
    const dot = name.lastIndexOf('.');
    if (dot < 0) return this.callsOfName(name, false);
    return this.callsOfName(name.slice(dot + 1), true).filter((call) => dottedName(callee(call), this.text) === name);
  }

  /**
   * An integer parameter: the one value every path gives it, through the calls of this file and
   * those of other files of the project (`get_loader(num_workers=4)` in train.py: the default of
   * `get_loader` in data.py is never used).
   */
  private resolveParameter(parameter: ParameterSlot, depth: number): ResolvedInt | null {
    const external = this.externalCallsOf(parameter.fn);
    const passed: (number | 'default')[] = [];
    for (const call of external) {
      const passes = call.passes;
      // Passed by keyword (a known integer or null), by position, or not at all (undefined).
      const value = passes && Object.hasOwn(passes.keywords, parameter.name)
        ? passes.keywords[parameter.name]
        : parameter.index !== null ? passes?.positional[parameter.index] : undefined;
      // `*args` or `**kwargs` may fill the parameter with anything; an argument that is not a known integer is not known.
      if (passes?.unpacks || value === null) return null;
      passed.push(value ?? 'default');
    }
    let bound = this.boundValues(parameter);
    if (!bound) return null;
    // Called only from other files, the default counts only where one of them leaves the parameter out.
    if (external.length && !this.callSites(parameter)?.length) bound = passed.includes('default') ? [parameter.default] : [];
    const resolved = bound.map((value) => (value ? this.resolve(value, depth + 1) : null));
    const values = [...resolved.map((r) => r?.value ?? null), ...passed.filter((v): v is number => v !== 'default')];
    const first = resolved[0] ?? (external.length && values.length ? { value: values[0]!, literal: null, origin: { kind: 'every-call', parameter: parameter.name } as ValueOrigin } : null);
    if (!first || resolved.some((r) => r === null) || values.some((v) => v !== first.value)) return null;
    const elsewhere = passed.some((v) => v !== 'default');
    // Set in several places, the value has no single literal that a fix could edit.
    const literal = !elsewhere && resolved.every((r) => r?.literal === first.literal) ? first.literal : null;
    const origin: ValueOrigin = !elsewhere && bound.every((value) => value === parameter.default)
      ? { kind: 'parameter-default', parameter: parameter.name }
      : bound.length + passed.length > 1 || elsewhere ? { kind: 'every-call', parameter: parameter.name } : first.origin;
    return { value: first.value, literal, origin };
  }

  /**
   * This file's calls of the parameter's function, outside the function itself (of `__init__`, the
   * constructions of its class); null when the class cannot be told.
   */
  private callSites(parameter: ParameterSlot): readonly SyntaxNode[] | null {
    const fnName = functionName(parameter.fn, this.text);
    const constructed = fnName === '__init__' ? this.constructorCalls(parameter.fn) : undefined;
    if (constructed === null) return null;
    return (constructed ?? this.callsNamed(parameter.skipsSelf ? `self.${fnName}` : fnName)).filter((c) => !within(c, parameter.fn));
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
    if (!object || !attr) return null;
    const objectNode = field(expr, 'object');
    if (!object || !attr || !objectNode || !this.holdsNamespace(objectNode, 0)) return null;
    const name = nodeText(attr, this.text);
    if (this.definitions.allDefinitionsOf(`${object}.${name}`).length || this.reloadsNamespace(object)) return null;
    return this.setup.option(name) ?? null;
  }

  /**
   * The value of a parameter that holds `True` (or `False`) on every path in the file: its default
   * and what every call site passes (`def make_loader(ds, shuffle=True)`), each a literal or an
   * argparse flag's default. Null when anything is unknown.
   */
  parameterFlag(identifier: SyntaxNode, depth = 0): boolean | null {
    const parameter = depth > 4 ? null : this.parameterOf(identifier);
    const bound = parameter ? this.boundValues(parameter) : null;
    if (!bound || !bound.length) return null;
    const flags = bound.map((value) => {
      if (!value) return null;
      const expr = unparenthesize(value);
      if (is(expr, 'attribute')) return this.argumentFlag(expr);
      if (expr.type === 'identifier') return this.parameterFlag(expr, depth + 1);
      return literalBool(expr);
    });
    return flags.every((f) => f === true) ? true : flags.every((f) => f === false) ? false : null;
  }

  /** The boolean default of `args.flag`: `default=True/False`, or implied by `store_true/store_false`. */
  argumentFlag(attribute: SyntaxNode): boolean | null {
    const option = this.argumentOption(attribute);
    if (!option) return null;
    if (option.default) return literalBool(option.default);
    return option.action === 'store_false' ? true : option.action === 'store_true' ? false : null;
  }

  private reloadsNamespace(object: string): boolean {
    return this.answers.reloadsNamespace(object);
  }

  /** The file may set the namespace `object` again (see `reloadSitesIn`). */
  scanForReloads(object: string): boolean {
    const sites = this.reloadSites();
    if (sites.some((site) => site.setDefaults)) return true;
    return this.setsAgain(object.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }

  /** Some statement calls `setattr(object, ...)` or `vars(object)`, or reads `object.__dict__` (`pattern`: the name as a regular expression). */
  private setsAgain(pattern: string): boolean {
    const regex = new RegExp(`\\bsetattr\\s*\\(\\s*${pattern}\\s*,|\\b${pattern}\\.__dict__|\\bvars\\s*\\(\\s*${pattern}\\s*\\)`);
    return this.reloadSites().some((site) => site.statement !== null && regex.test(this.text.slice(site.statement.start, site.statement.end)));
  }

  resolve(expression: SyntaxNode, depth = 0): ResolvedInt | null {
    if (depth > 8) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'integer') {
      const value = Number(nodeText(expr, this.text).replace(/_/g, ''));
      return Number.isSafeInteger(value) ? { value, literal: expr, origin: { kind: 'literal' } } : null;
    }
    if (is(expr, 'binary_operator')) {
      const left = field(expr, 'left');
      const right = field(expr, 'right');
      const op = field(expr, 'operator');
      const a = left ? this.resolve(left, depth + 1) : null;
      const b = right ? this.resolve(right, depth + 1) : null;
      if (!a || !b || !op) return null;
      const value = applyOperator(nodeText(op, this.text), a.value, b.value);
      return value === null ? null : { value, literal: null, origin: { kind: 'expression' } };
    }
    if (is(expr, 'attribute')) {
      const option = this.argumentOption(expr);
      const resolved = option?.default ? this.resolve(option.default, depth + 1) : null;
      if (resolved && option) return { ...resolved, origin: { kind: 'argparse', option: option.option } };
      return option ? null : this.resolveSettingsAttribute(expr, depth);
    }
    if (is(expr, 'subscript')) return this.resolveDictionaryEntry(expr, depth);
    if (expr.type === 'conditional_expression') return this.resolveConditional(expr, depth);
    if (expr.type === 'identifier') {
      const name = nodeText(expr, this.text);
      const parameter = this.parameterOf(expr);
      if (parameter) return this.resolveParameter(parameter, depth);
      const scope = scopeOf(expr);
      const local = this.definitions.definitionsOf(scope, name);
      const module = scope.type === 'module' ? [] : this.definitions.definitionsOf(rootOf(expr), name);
      const defs = local.length ? local : module;
      // Only names assigned exactly once: anything else is a runtime value.
      if (defs.length !== 1 || defs[0]!.kind !== 'assign' || !defs[0]!.value || defs[0]!.unpackIndex >= 0) return null;
      const resolved = this.resolve(defs[0]!.value, depth + 1);
      return resolved ? { ...resolved, origin: { kind: 'name', name } } : null;
    }
    if (is(expr, 'call') && dottedName(callee(expr), this.text) === 'int') {
      const arg = callArguments(expr, this.text).positional[0];
      return arg ? this.resolve(arg, depth + 1) : null;
    }
    return null;
  }
}

/** Classes defined at the top of the module, by name: where settings classes live. */
export function classesByName(root: SyntaxNode, text: string): Map<string, SyntaxNode[]> {
  const classes = new Map<string, SyntaxNode[]>();
  for (const statement of root.children) {
    const n = statement.type === 'decorated_definition' ? statement.children.find((c) => c.fieldName === 'definition') : statement;
    if (!n || !is(n, 'class_definition')) continue;
    const name = field(n, 'name');
    if (!name) continue;
    const key = nodeText(name, text);
    const list = classes.get(key);
    if (list) list.push(n);
    else classes.set(key, [n]);
  }
  return classes;
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

/**
 * The expression that gives a `parse_args()` call's namespace on: the call itself, the first item of
 * `parse_known_args()` (`parser.parse_known_args()[0]`), and a branch of a conditional expression
 * (`parser.parse_known_args()[0] if known else parser.parse_args()`), parenthesised or not.
 */
function namespaceExpression(call: SyntaxNode, text: string): SyntaxNode {
  let node = call;
  for (let parent = node.parent; parent; parent = node.parent) {
    if (parent.type === 'parenthesized_expression') node = parent;
    else if (parent.type === 'subscript' && node.fieldName === 'value' && methodCall(call, text)?.method === 'parse_known_args' && nodeText(parent, text).replace(/\s+/g, '').endsWith('[0]')) node = parent;
    else if (parent.type === 'conditional_expression' && parent.children.filter((c) => c.named)[1] !== node) node = parent;
    else break;
  }
  return node;
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

interface ParameterSlot {
  fn: SyntaxNode;
  /** The parameter's node in the list. */
  node: SyntaxNode;
  name: string;
  /** Position among the arguments a call passes positionally; null for keyword-only parameters. */
  index: number | null;
  /** A method called as `self.f(...)`: `self` is not among the call's arguments. */
  skipsSelf: boolean;
  default: SyntaxNode | null;
}

/** Where `parameter` sits in `fn`'s parameter list; null for `*args`, `**kwargs` and `self`. */
function parameterSlot(fn: SyntaxNode, parameter: SyntaxNode, text: string): Omit<ParameterSlot, 'name' | 'default' | 'node'> | null {
  const list = fn.children.find((c) => c.fieldName === 'parameters');
  if (!list) return null;
  const skipsSelf = classOfMethod(fn) !== null;
  let index = skipsSelf ? -1 : 0;
  let keywordOnly = false;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment') {
      if (nodeText(p, text) === '*') keywordOnly = true;
      continue;
    }
    if (p.type === 'list_splat_pattern' || p.type === 'keyword_separator') {
      keywordOnly = true;
      if (p === parameter) return null;
      continue;
    }
    if (p.type === 'dictionary_splat_pattern' || p.type === 'positional_separator') {
      if (p === parameter) return null;
      continue;
    }
    if (p === parameter) return index < 0 ? null : { fn, index: keywordOnly ? null : index, skipsSelf };
    index++;
  }
  return null;
}

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}
