// A file's summary: what other files of its project may need to know about it, read from its own
// model alone. Names it takes from elsewhere stay names (as its imports qualify them, `#name` for
// its own top-level names); the project index links them. Plain data, so that a worker thread can
// send it and a summary of an unchanged file can be compared with the last one.
import { resolveSettings, type Settings } from '../core/settings';
import { SourceText } from '../core/source';
import type { PythonParser } from '../parser/parser';
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import { SemanticModel } from '../semantic/model';
import { classFreezesItself } from '../semantic/freezing';
import { PLAIN_BASE } from '../semantic/modules';
import { callArguments, callee, dottedName, methodCall, nodeText, unparenthesize } from '../semantic/names';
import type { PassedInts, PathWords, ValueKind } from '../semantic/project-facts';
import { writtenPaths } from '../semantic/checkpoint-files';
import { accumulatedParameters } from '../semantic/kept-totals';
import { classOfMethod, decoratorExpression, decoratorsOf, enclosingFunction, enclosingLoops, functionName, isAbstractMethod } from '../semantic/scopes';

/** The modules and names a file's imports name, star imports included: what links it to other files. */
export function importedNames(summary: FileSummary): string[] {
  return [...Object.values(summary.imports), ...summary.stars];
}

/** A value as the file says it: a kind it can tell, or a call of a name to be linked. */
export type LocalValue = { readonly kind: ValueKind } | { readonly call: string };

export interface LocalFunction {
  /** Backpropagates or steps an optimiser, itself or through this file's functions. */
  readonly trains: boolean;
  /** Other files' names it calls (as the imports qualify them) and this file's top-level ones (`#name`). */
  readonly calls: readonly string[];
  /** Its decorators run it with gradients off. */
  readonly disablesGrad: boolean;
  /** Decorators this file cannot read (another file's), to be linked. */
  readonly decorators: readonly string[];
  /** Used as a decorator, it runs what it decorates with gradients off. */
  readonly gradDecorator: boolean;
  /** Runs a module's forward pass. */
  readonly forwards: boolean;
  /** Runs one that its own code does not put under `no_grad` (its callers' grad mode decides). */
  readonly gradForwards: boolean;
  /** A method that runs such forwards, and the output of none of them reaches a backward pass or leaves it (returned, stored). */
  readonly keepsForwardOutputs: boolean;
  readonly returns: readonly LocalValue[];
  /**
   * The elements of the tuple each return gives (`return loss, acc.item()`), one list per return
   * statement, when every return gives a tuple literal; empty otherwise.
   */
  readonly returnedTuples: readonly (readonly LocalValue[])[];
  /**
   * The classes (linked names) whose new instances its returns give (`return Net()`, or a local
   * assigned `Net()` in each branch), when every return is one; empty otherwise.
   */
  readonly returnsInstancesOf: readonly string[];
  /** Of a method: the parameters (by position after `self`) it adds to an attribute of its object (see kept-totals.ts). */
  readonly accumulates: readonly number[];
  /** Of a method: it only declares itself for subclasses (see scopes.ts isAbstractMethod). */
  readonly abstract: boolean;
}

export interface LocalClass {
  /** Its bases as the imports qualify them (`#Name` for this file's classes). */
  readonly bases: readonly string[];
  /** This file alone shows it is an `nn.Module`. */
  readonly module: boolean;
  /** Its `__init__` freezes all of its parameters (see semantic/freezing.ts). */
  readonly freezesItself: boolean;
  /** A base it names comes from a library the linker never follows (`transformers.PreTrainedModel`; see modules.ts `PLAIN_BASE`). */
  readonly libraryBase: boolean;
  readonly methods: Readonly<Record<string, LocalFunction>>;
}

/** A call of another file's name, or of a method by its name. */
export interface LocalCall {
  readonly callee: string;
  readonly gradDisabled: boolean;
  readonly inLoop: boolean;
  readonly callerTrains: boolean;
  /** The top-level function (`name`) or method of a top-level class (`Class.name`) the call is made in, if any. */
  readonly caller?: string;
  /** The integers it passes, for calls that pass any argument (see PassedInts). */
  readonly passes?: PassedInts;
}

export interface FileSummary {
  /** Local name -> qualified name, relative imports as written (`.models.Net`). */
  readonly imports: Readonly<Record<string, string>>;
  /** Modules imported with `from m import *`, as written: their public names are this file's too. */
  readonly stars: readonly string[];
  readonly functions: Readonly<Record<string, LocalFunction>>;
  readonly classes: Readonly<Record<string, LocalClass>>;
  /** Module-level names bound once, with what they hold. */
  readonly values: Readonly<Record<string, LocalValue>>;
  readonly calls: readonly LocalCall[];
  /** Calls `x.name(...)` of methods, by the method's name (`callee`), on anything but `self`. */
  readonly methodCalls: readonly LocalCall[];
  readonly usesGpu: boolean;
  /** The words of the paths of the files it writes (`torch.save`, copies), one entry per write. */
  readonly writtenPaths: readonly PathWords[];
}

/** Modules from outside any project: their names are never linked. */
const OUTSIDE = /^(torch|torchvision|torchaudio|numpy|np|os|sys|math|random|time|json|re|collections|itertools|functools|typing|logging|argparse|pathlib|shutil|copy|pickle|subprocess|datetime|transformers|timm|tqdm|PIL|cv2|pandas|sklearn|scipy|matplotlib|wandb|yaml|einops|accelerate|lightning|pytorch_lightning|tensorboardX|h5py)(\.|$)/;

/** The summary of a file's text, read from the file alone. */
export function summarizeText(parser: PythonParser, text: string, path: string, settings: Partial<Settings> = {}): FileSummary {
  return summarizeSyntax(parser.parseToSyntax(text), text, path, settings);
}

/** The summary of a file from its syntax tree, read from the file alone. */
export function summarizeSyntax(root: SyntaxNode, text: string, path: string, settings: Partial<Settings> = {}): FileSummary {
  const model = new SemanticModel(root, new SourceText(text), resolveSettings(settings), path);
  try {
    return summarizeFile(model);
  } finally {
    model.db.release();
  }
}

/** The summary of the file `model` describes. */
export function summarizeFile(model: SemanticModel): FileSummary {
  const imports: Record<string, string> = {};
  for (const [local, qualified] of model.imports.entries()) imports[local] = qualified;
  const functions: Record<string, LocalFunction> = {};
  const classes: Record<string, LocalClass> = {};
  const values: Record<string, LocalValue> = {};
  const counts = new Map<string, number>();
  for (const statement of model.root.children) {
    const definition = statement.type === 'decorated_definition' ? statement.children.find((c) => c.fieldName === 'definition') : statement;
    if (definition?.type === 'function_definition') {
      functions[functionName(definition, model.text)] = summarizeFunction(model, definition);
    } else if (is(definition, 'class_definition')) {
      const name = field(definition, 'name');
      if (name) classes[nodeText(name, model.text)] = summarizeClass(model, definition);
    } else if (statement.type === 'expression_statement') {
      const assignment = statement.children.find((c) => c.named);
      if (!is(assignment, 'assignment')) continue;
      const left = field(assignment, 'left');
      const right = field(assignment, 'right');
      if (left?.type !== 'identifier' || !right) continue;
      const name = nodeText(left, model.text);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      values[name] = localValue(model, right);
    }
  }
  // A name bound twice at the top level holds one or the other.
  for (const [name, count] of counts) if (count > 1) values[name] = { kind: 'unknown' };
  const { calls, methodCalls } = externalCalls(model);
  return { imports, stars: [...model.imports.stars], functions, classes, values, calls, methodCalls, usesGpu: model.usesGpu, writtenPaths: writtenPaths.of(model) };
}

function summarizeClass(model: SemanticModel, cls: SyntaxNode & { type: 'class_definition' }): LocalClass {
  const superclasses = field(cls, 'superclasses');
  const named = superclasses ? superclasses.children.filter((b) => b.named && b.type !== 'comment' && b.type !== 'keyword_argument').map((b) => dottedName(b, model.text)) : [];
  const bases = named.map((dotted) => linkName(model, dotted)).filter((b): b is string => b !== null);
  const libraryBase = named.some((dotted) => {
    const qualified = dotted ? model.imports.qualify(dotted) : null;
    return qualified !== null && OUTSIDE.test(qualified) && !PLAIN_BASE.test(qualified);
  });
  const methods: Record<string, LocalFunction> = {};
  const body = field(cls, 'body');
  for (const statement of body?.children ?? []) {
    const definition = statement.type === 'decorated_definition' ? statement.children.find((c) => c.fieldName === 'definition') : statement;
    if (definition?.type === 'function_definition') methods[functionName(definition, model.text)] = summarizeFunction(model, definition, true);
  }
  const name = field(cls, 'name');
  return { bases, module: name !== null && model.modules.moduleClasses.has(nodeText(name, model.text)), freezesItself: classFreezesItself(cls, model.text), libraryBase, methods };
}

function summarizeFunction(model: SemanticModel, fn: SyntaxNode, method = false): LocalFunction {
  const calls = new Set<string>();
  walk(fn, (n) => {
    if (n.type !== 'call') return true;
    const linked = linkName(model, dottedName(callee(n), model.text));
    if (linked) calls.add(linked);
    return true;
  });
  const decorators: string[] = [];
  const disablesGrad = model.gradMode.declaredMode(fn) === 'disabled';
  if (!disablesGrad) {
    for (const decorator of decoratorsOf(fn)) {
      const expression = decoratorExpression(decorator);
      const target = expression && is(unparenthesize(expression), 'call') ? callee(unparenthesize(expression)) : expression;
      const linked = linkName(model, dottedName(target, model.text));
      if (linked) decorators.push(linked);
    }
  }
  const forwardCalls = model.forwardCallsWithin(fn);
  const gradForwards = disablesGrad ? [] : forwardCalls.filter((call) => model.gradMode.at(call) !== 'disabled' && !model.modules.recordsNoGraph(call));
  const helpers = method ? ownMethodForwards(model, fn, new Set([fn]), 0) : { forwards: false, gradForwards: false };
  const returns: LocalValue[] = [];
  for (const r of model.returnsOf(fn)) {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    returns.push(value ? localValue(model, value) : { kind: 'object' });
  }
  return {
    trains: model.needsGradients(fn),
    calls: [...calls],
    disablesGrad,
    decorators,
    gradDecorator: model.gradMode.decoratorWrapperMode(fn) === 'disabled',
    forwards: forwardCalls.length > 0 || helpers.forwards,
    gradForwards: gradForwards.length > 0 || (!disablesGrad && helpers.gradForwards),
    // (Asked of methods only, whose calls elsewhere it decides: the flow of a function is dear to work out.)
    keepsForwardOutputs: method && gradForwards.length > 0 && gradForwards.every((call) => model.forwardFlow.fateOf(call) === 'unused'),
    returns,
    returnedTuples: returnedTuples(model, fn),
    returnsInstancesOf: returnedInstanceClasses(model, fn),
    accumulates: method ? [...accumulatedParameters(model, fn).keys()] : [],
    abstract: method && isAbstractMethod(fn, model.text),
  };
}

/** How many calls of its own class's methods (`self.helper(...)`) a method's forward passes are followed through. */
const MAX_OWN_METHOD_DEPTH = 4;

/**
 * What the methods of its own class that `fn` calls on `self` do (`sample` calling
 * `self._decode(...)`): whether they run a forward pass, and whether one runs with gradients on
 * where `fn` calls them with gradients on. A method that delegates to its helpers runs what they run.
 */
function ownMethodForwards(model: SemanticModel, fn: SyntaxNode, seen: Set<SyntaxNode>, depth: number): { forwards: boolean; gradForwards: boolean } {
  const cls = classOfMethod(fn);
  const className = cls && is(cls, 'class_definition') ? field(cls, 'name') : null;
  const found = { forwards: false, gradForwards: false };
  if (!className || depth >= MAX_OWN_METHOD_DEPTH) return found;
  const owner = nodeText(className, model.text);
  walk(fn, (n) => {
    if (found.forwards && found.gradForwards) return false;
    if (n !== fn && (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda')) return false;
    const m = n.type === 'call' ? methodCall(n, model.text) : null;
    if (!m || m.receiver.type !== 'identifier' || nodeText(m.receiver, model.text) !== 'self') return true;
    const gradOn = model.gradMode.at(n) !== 'disabled';
    for (const helper of ownOrInheritedMethods(model, owner, m.method)) {
      if (seen.has(helper)) continue;
      seen.add(helper);
      const own = model.forwardCallsWithin(helper);
      const helperDisables = model.gradMode.declaredMode(helper) === 'disabled';
      const ownGrad = !helperDisables && own.some((call) => model.gradMode.at(call) !== 'disabled' && !model.modules.recordsNoGraph(call));
      const deeper = ownMethodForwards(model, helper, seen, depth + 1);
      found.forwards ||= own.length > 0 || deeper.forwards;
      found.gradForwards ||= gradOn && !helperDisables && (ownGrad || deeper.gradForwards);
    }
    return true;
  });
  return found;
}

/** The elements of the tuple literal each return of `fn` gives, or none when some return gives something else. */
function returnedTuples(model: SemanticModel, fn: SyntaxNode): LocalValue[][] {
  const tuples: LocalValue[][] = [];
  for (const r of model.returnsOf(fn)) {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    const tuple = value ? unparenthesize(value) : null;
    if (tuple?.type !== 'expression_list' && tuple?.type !== 'tuple') return [];
    tuples.push(tuple.children.filter((c) => c.named && c.type !== 'comment').map((element) => localValue(model, element)));
  }
  return tuples;
}

/**
 * The methods `self.name(...)` in a method of class `owner` runs: its own, else its nearest base's
 * among this file's classes (`class AutoEncoder(AutoEncoderBase[T])` calling an inherited `forward`).
 */
function ownOrInheritedMethods(model: SemanticModel, owner: string, name: string, depth = 0): readonly SyntaxNode[] {
  const own = model.modules.methodsOfLocalClass(owner, name);
  if (own.length || depth >= MAX_OWN_METHOD_DEPTH) return own;
  const cls = model.classNamed(owner);
  const superclasses = cls && is(cls, 'class_definition') ? field(cls, 'superclasses') : null;
  for (const base of superclasses?.children ?? []) {
    if (!base.named || base.type === 'comment' || base.type === 'keyword_argument') continue;
    // `Base[T]` names `Base`.
    const target = base.type === 'subscript' ? base.children.find((c) => c.fieldName === 'value') : base;
    const baseName = target ? dottedName(target, model.text) : null;
    if (!baseName || baseName === owner || !model.modules.classNames.has(baseName)) continue;
    const inherited = ownOrInheritedMethods(model, baseName, name, depth + 1);
    if (inherited.length) return inherited;
  }
  return [];
}

/** The linked names of the classes every return of `fn` makes a new instance of, or none (see LocalFunction). */
function returnedInstanceClasses(model: SemanticModel, fn: SyntaxNode): string[] {
  const classes = new Set<string>();
  const constructed = (value: SyntaxNode): boolean => {
    const expr = unparenthesize(value);
    if (!is(expr, 'call')) return false;
    const dotted = dottedName(callee(expr), model.text);
    const linked = linkName(model, dotted);
    // A class by its name's capital (another file's) or a class of this file.
    if (!linked || !dotted || !(/^[A-Z]/.test(dotted.slice(dotted.lastIndexOf('.') + 1)) || model.modules.classNames.has(dotted))) return false;
    classes.add(linked);
    return true;
  };
  const returns = model.returnsOf(fn);
  if (!returns.length) return [];
  for (const r of returns) {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    if (!value) return [];
    const expr = unparenthesize(value);
    if (expr.type === 'identifier') {
      const defs = model.definitions.allDefinitionsOf(nodeText(expr, model.text)).filter((d) => enclosingFunction(d.node) === fn);
      if (!defs.length || !defs.every((d) => d.kind === 'assign' && d.unpackIndex < 0 && d.value !== null && constructed(d.value))) return [];
    } else if (!constructed(expr)) {
      return [];
    }
  }
  return [...classes].sort();
}

/** What an expression holds, or the name it calls when only its file can tell. */
function localValue(model: SemanticModel, expression: SyntaxNode): LocalValue {
  const kind = model.valueKind(expression);
  if (kind !== 'unknown') return { kind };
  const expr = unparenthesize(expression);
  if (is(expr, 'call')) {
    const linked = linkName(model, dottedName(callee(expr), model.text));
    if (linked) return { call: linked };
  }
  return { kind: 'unknown' };
}

/**
 * A name another file may define, as the index links it: qualified by the imports, or `#name` for
 * this file's own top-level function or class; null for names from outside the project and others.
 */
function linkName(model: SemanticModel, dotted: string | null): string | null {
  if (!dotted || dotted.startsWith('self.') || dotted.startsWith('cls.')) return null;
  const qualified = model.imports.qualify(dotted);
  if (qualified) return OUTSIDE.test(qualified) ? null : qualified;
  if (dotted.includes('.')) return null;
  return model.functionsNamed(dotted).length > 0 || model.modules.classNames.has(dotted) ? `#${dotted}` : null;
}

/** The integers `call` passes (see PassedInts); undefined when it passes no argument. */
function passedInts(model: SemanticModel, call: SyntaxNode): PassedInts | undefined {
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  if (!args?.children.some((c) => c.named && c.type !== 'comment')) return undefined;
  const unpacks = args.children.some((c) => c.type === 'list_splat' || c.type === 'dictionary_splat');
  const { positional, keywords } = callArguments(call, model.text);
  // Only what may spell a number is resolved: a literal, a name, an attribute (`args.num_workers`).
  const int = (arg: SyntaxNode): number | null => {
    const expr = unparenthesize(arg);
    return ['integer', 'identifier', 'attribute', 'unary_operator'].includes(expr.type) ? model.ints.resolve(expr)?.value ?? null : null;
  };
  const byKeyword: Record<string, number | null> = {};
  for (const [name, value] of keywords) byKeyword[name] = int(value);
  return { positional: positional.map(int), keywords: byKeyword, unpacks };
}

/** `name` or `Class.name` of the top-level function or top-level class's method `call` is made in. */
function callerName(model: SemanticModel, call: SyntaxNode): string | undefined {
  const fn = enclosingFunction(call);
  if (!fn) return undefined;
  const statement = fn.parent?.type === 'decorated_definition' ? fn.parent : fn;
  if (statement.parent?.type === 'module') return functionName(fn, model.text);
  const cls = statement.parent?.type === 'block' ? statement.parent.parent : null;
  const name = is(cls, 'class_definition') ? field(cls, 'name') : null;
  return name && cls!.parent?.type === 'module' ? `${nodeText(name, model.text)}.${functionName(fn, model.text)}` : undefined;
}

/** The calls of other files' functions in this file, and of methods by name, with the grad mode, loop and caller they run in. */
function externalCalls(model: SemanticModel): { calls: LocalCall[]; methodCalls: LocalCall[] } {
  const calls = new Map<string, LocalCall>();
  const methodCalls = new Map<string, LocalCall>();
  const trains = new Map<SyntaxNode | null, boolean>();
  const callerTrains = (call: SyntaxNode): boolean => {
    const fn = enclosingFunction(call);
    let known = trains.get(fn);
    if (known === undefined) trains.set(fn, (known = fn !== null && model.needsGradients(fn)));
    return known;
  };
  for (const call of model.nodesOfKind('call')) {
    const dotted = dottedName(callee(call), model.text);
    if (!dotted) continue;
    const dot = dotted.lastIndexOf('.');
    const receiver = dot > 0 ? dotted.slice(0, dot) : null;
    let qualified = model.imports.qualify(dotted);
    // A method of an object of another file's class (`self.decoder.inference(x)`): that class's method.
    if (!qualified && receiver && !/^(self|cls)$/.test(receiver)) {
      const made = model.modules.constructorNameOf(receiver);
      if (made && !OUTSIDE.test(made)) qualified = `${made}.${dotted.slice(dot + 1)}`;
    }
    const target = qualified ? (OUTSIDE.test(qualified) ? null : calls) : receiver && !/^(self|cls)$/.test(receiver) ? methodCalls : null;
    if (!target) continue;
    const name = qualified ?? dotted.slice(dot + 1);
    const caller = callerName(model, call);
    // Only a call of a known function may stand for every call of it (see IntResolver): a method
    // called by its name alone may be any class's.
    const passes = target === calls ? passedInts(model, call) : undefined;
    const entry = { callee: name, gradDisabled: model.gradMode.at(call) === 'disabled', inLoop: enclosingLoops(call).length > 0, callerTrains: callerTrains(call), ...(caller ? { caller } : {}), ...(passes ? { passes } : {}) };
    target.set(`${entry.callee}\0${entry.gradDisabled}\0${entry.inLoop}\0${entry.callerTrains}\0${caller ?? ''}\0${passes ? JSON.stringify(passes) : ''}`, entry);
  }
  return { calls: [...calls.values()], methodCalls: [...methodCalls.values()] };
}
