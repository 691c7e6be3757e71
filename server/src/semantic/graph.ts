// Which values still carry an autograd graph: forward outputs, losses on them, and arithmetic on
// those, created while grad is enabled. `.item()`, `.detach()`, `.data`, `float()` and friends end it.
import { field, is, type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import type { GradModeAnalysis } from './grad-mode';
import type { Imports } from './imports';
import type { ModuleAnalysis } from './modules';
import { LOSS_NAME } from './modules';
import { callArguments, callee, dottedName, lastSegment, literalBool, methodCall, nodeText, unparenthesize } from './names';
import { bodyOf, classOfMethod, enclosingFunction, scopeOf } from './scopes';
import { narrowedByTest } from './values';
import type { ValueKind } from './project-facts';

/** A forward pass's output that carries its graph. */
const GRAPH: ReadonlySet<ValueKind> = new Set(['graph']);

/** What another file's function may return and still give no graph. */
const NO_GRAPH: ReadonlySet<ValueKind> = new Set(['number', 'detached', 'device', 'module']);

/** Tensor methods whose result has no graph (plain numbers, integer indices, booleans, numpy). */
export const GRAPH_ENDING_METHODS = new Set([
  'item', 'tolist', 'numpy', 'detach', 'detach_', 'argmax', 'argmin', 'argsort', 'size', 'dim', 'numel',
  'nonzero', 'eq', 'ne', 'lt', 'gt', 'le', 'ge', 'long', 'int', 'bool', 'byte', 'isnan', 'isinf', 'isfinite',
  'all', 'any', 'data_ptr', 'element_size', 'nelement', 'stride', 'is_contiguous', 'get_device',
]);

/** Attributes of a tensor that are not part of its graph. */
const GRAPH_FREE_ATTRIBUTES = new Set(['data', 'grad', 'shape', 'device', 'dtype', 'requires_grad', 'is_cuda', 'ndim', 'T_']);

/** Builtins that turn a tensor into a plain value. */
const PLAIN_BUILTINS = new Set(['float', 'int', 'bool', 'len', 'str', 'repr', 'print', 'isinstance', 'type', 'id', 'hash']);

/** Functions (qualified) that take tensors and keep their graph. Others are treated as graph-free. */
const GRAPH_KEEPING_QUALIFIED = /^torch\.(?!tensor$|no_grad$|argmax$|argmin$|argsort$|isnan$|isinf$|eq$|ne$|save$|load$|manual_seed$|cuda\.|distributed\.|utils\.|autograd\.)/;

/** Methods that return (values, indices) pairs: the indices carry no graph. */
const VALUES_INDICES = new Set(['max', 'min', 'topk', 'sort', 'kthvalue', 'median', 'mode']);

const MAX_DEPTH = 40;

export interface GraphDeps {
  text: string;
  imports: Imports;
  definitions: DefinitionIndex;
  gradMode: GradModeAnalysis;
  modules: ModuleAnalysis;
  /** The definitions whose values a backward pass of the scope reads (see SemanticModel.backpropagatedDefinitions). */
  backpropagatedDefinitions(scope: SyntaxNode): ReadonlySet<SyntaxNode>;
  /** The names a backward pass of the scope reads (see SemanticModel.backpropagatedIn). */
  backpropagatedIn(scope: SyntaxNode): ReadonlySet<string>;
  /** In-file function definitions by name. */
  functionsNamed(name: string): readonly SyntaxNode[];
  /** Return statements of a function. */
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[];
  /** Call sites of a function of this file; null when it is passed around as a value. */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null;
  /**
   * `carries` of an expression, worked out once per version (once for each way of asking: while
   * working out what a function returns, a parameter's value is the caller's), false while it is worked out.
   */
  carries(expression: SyntaxNode, returning: boolean): boolean;
  /** Whether that answer is already worked out in this version. */
  knows(expression: SyntaxNode, returning: boolean): boolean;
  /** `computeReturnsGraph` of a function, worked out once per version, false while it is worked out. */
  returnsGraph(fn: SyntaxNode): boolean;
  /** What the element at `index` of `value` unpacked is (see values.ts unpackedKind). */
  unpackedKind(value: SyntaxNode, index: number): ValueKind;
}

/** Which values carry a graph in one version of the file (its answers are memoised by the database). */
export class GraphAnalysis {
  private depth = 0;
  /** Above 0 while working out what a function returns (answers then depend on the callers). */
  private returning = 0;

  constructor(private readonly deps: GraphDeps) {}

  /** True when the value of `expression` (where it stands) still carries an autograd graph. */
  carriesGraph(expression: SyntaxNode): boolean {
    const returning = this.returning > 0;
    if (this.depth > MAX_DEPTH && !this.deps.knows(expression, returning)) return false;
    this.depth++;
    try {
      return this.deps.carries(expression, returning);
    } finally {
      this.depth--;
    }
  }

  /** Works out `carriesGraph` (see GraphDeps.carries). */
  carries(expression: SyntaxNode): boolean {
    return this.compute(unparenthesize(expression));
  }

  private compute(expr: SyntaxNode): boolean {
    const { text } = this.deps;
    switch (expr.type) {
      case 'identifier':
        return this.nameCarries(expr, nodeText(expr, text));
      case 'attribute': {
        const attr = field(expr as SyntaxNode & { type: 'attribute' }, 'attribute');
        if (attr && GRAPH_FREE_ATTRIBUTES.has(nodeText(attr, text))) return false;
        const object = field(expr as SyntaxNode & { type: 'attribute' }, 'object');
        const dotted = dottedName(expr, text);
        if (dotted && dotted.startsWith('self.') && this.nameCarries(expr, dotted)) return true;
        return object ? this.carriesGraph(object) : false;
      }
      case 'subscript': {
        const value = expr.children.find((c) => c.fieldName === 'value');
        return value ? this.carriesGraph(value) : false;
      }
      case 'binary_operator':
      case 'boolean_operator':
      case 'tuple':
      case 'list':
      case 'set':
      case 'expression_list':
        return expr.children.some((c) => c.named && c.type !== 'comment' && this.carriesGraph(c));
      case 'unary_operator':
        return expr.children.some((c) => c.named && this.carriesGraph(c));
      case 'conditional_expression': {
        const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
        // A branch the test proves is no tensor (`x if isinstance(x, float) else x.item()`) carries nothing.
        return [parts[0], parts[2]].some((p, i) => p !== undefined && !this.provenNotTensor(expr, p, i === 0) && this.carriesGraph(p));
      }
      case 'dictionary':
        return expr.children.some((pair) => pair.type === 'pair' && pair.children.some((c) => c.fieldName === 'value' && this.carriesGraph(c)));
      case 'call':
        return this.callCarries(expr);
      default:
        return false;
    }
  }

  private gradRecorded(node: SyntaxNode): boolean {
    const mode = this.deps.gradMode.at(node);
    return mode === 'enabled' || mode === 'explicit';
  }

  private callCarries(call: SyntaxNode): boolean {
    const { text, imports, modules } = this.deps;
    if (modules.isForwardCall(call)) return this.gradRecorded(call) && !modules.recordsNoGraph(call) && modules.forwardGives(call, GRAPH);
    const name = dottedName(callee(call), text);
    // `F.cross_entropy(...)` and `torch.cat(...)` look like method calls but call module functions.
    const qualified = name ? imports.qualify(name) : null;
    const m = methodCall(call, text);
    if (m && !qualified) {
      if (GRAPH_ENDING_METHODS.has(m.method)) return false;
      // `self.loss.disc_loss(real, fake)` of another file's class whose method returns `.item()`.
      const project = modules.projectMethodsCalled(call);
      if (project?.length && project.every((facts) => NO_GRAPH.has(facts.returns))) return false;
      // `self.triplet_loss(F0, F1)`: a method of this file, judged by what it returns.
      const own = /^(self|cls)$/.test(dottedName(m.receiver, text) ?? '') ? this.ownMethod(call, m.method) : null;
      if (own) return this.gradRecorded(call) && this.returnsGraph(own);
      // `self.G_loss(G=self.G, D=self.D, ...)`: a loss object run on models builds their graph.
      if (LOSS_NAME.test(m.method) && this.gradRecorded(call)) {
        const { positional, keywords } = callArguments(call, text);
        if ([...positional, ...keywords.values()].some((a) => modules.isModuleExpr(a) || this.carriesGraph(a))) return true;
      }
      // Tensor methods keep the receiver's graph (`out.mean()`, `loss.cpu()`, `x.view(-1)`).
      return this.carriesGraph(m.receiver);
    }
    if (!name) return false;
    if (PLAIN_BUILTINS.has(name)) return false;
    // A function of this file is judged by what it returns, not by its name (`reduce_loss` returning `.item()`).
    const defs = this.deps.functionsNamed(name);
    if (defs.length === 1 && !qualified) return this.gradRecorded(call) && this.returnsGraph(defs[0]!);
    // Calling an object of a plain class runs its `__call__` (`loss_compute(out, y, norm)` returning
    // `loss.item() * norm`): judged by what that returns, as a function of this file is.
    const called = !qualified && !name.includes('.') ? this.instanceCallCarries(call, name) : null;
    if (called !== null) return called;
    const args = callArguments(call, text);
    const anyArgCarries = () => [...args.positional, ...args.keywords.values()].some((a) => this.carriesGraph(a));
    if (qualified) {
      // Gradients from `autograd.grad` have a graph only when asked for one (`create_graph=True`).
      if (qualified.startsWith('torch.autograd.')) return literalBool(args.keywords.get('create_graph')) === true;
      return GRAPH_KEEPING_QUALIFIED.test(qualified) && this.gradRecorded(call) && anyArgCarries();
    }
    if (LOSS_NAME.test(lastSegment(name)) || name === 'sum' || name === 'max' || name === 'min' || name === 'abs') {
      return this.gradRecorded(call) && anyArgCarries();
    }
    return false;
  }

  /**
   * Whether calling `name`, an object of a plain class of this file or the project, gives a graph by
   * what the class's `__call__` returns; null where that cannot be told (a module, whose call is a
   * forward pass, or a class the analysis does not know).
   */
  private instanceCallCarries(call: SyntaxNode, name: string): boolean | null {
    const { modules } = this.deps;
    // A parameter's class where it is read (its function's calls), else the name's across the file.
    const def = this.deps.definitions.reaching(scopeOf(call), name, call.start);
    const cls = def?.kind === 'parameter' ? modules.parameterClass(def.node) : modules.instanceClassOf(name);
    if (!cls) return null;
    if ('project' in cls) {
      const returns = cls.project.module ? undefined : cls.project.methods.__call__?.returns;
      if (returns === undefined || returns === 'unknown' || returns === 'tensor') return null;
      return returns === 'graph' && this.gradRecorded(call);
    }
    if (modules.isModuleClass(cls.local)) return null;
    const methods = modules.methodsOfLocalClass(cls.local, '__call__');
    return methods.length === 1 ? this.gradRecorded(call) && this.returnsGraph(methods[0]!) : null;
  }

  /** The method `self.name(...)` calls: the only one of that name, or the one of the caller's own class. */
  private ownMethod(call: SyntaxNode, name: string): SyntaxNode | null {
    const methods = this.deps.functionsNamed(name).filter((f) => classOfMethod(f) !== null);
    if (methods.length <= 1) return methods[0] ?? null;
    const caller = enclosingFunction(call);
    const owner = caller ? classOfMethod(caller) : null;
    const mine = methods.filter((f) => classOfMethod(f) === owner);
    return mine.length === 1 ? mine[0]! : null;
  }

  private returnsGraph(fn: SyntaxNode): boolean {
    return this.deps.returnsGraph(fn);
  }

  /** Some return of `fn` gives a value that carries a graph, its parameters standing for the callers' values. */
  computeReturnsGraph(fn: SyntaxNode): boolean {
    return this.whileReturning(() => this.deps.returnsOf(fn).some((r) => {
      const value = r.children.find((c) => c.named && c.type !== 'comment');
      return value !== undefined && this.carriesGraph(value);
    }));
  }

  private whileReturning<T>(work: () => T): T {
    this.returning++;
    try {
      return work();
    } finally {
      this.returning--;
    }
  }

  private nameCarries(use: SyntaxNode, name: string): boolean {
    const scope = scopeOf(use);
    const def = this.deps.definitions.reaching(scope, name, use.start);
    if (def) {
      // Only while working out what a function returns: inside it, a parameter's value is the caller's.
      if (def.kind === 'parameter') return this.returning > 0 && this.parameterCarries(def.node, name);
      if (def.kind === 'for' || def.kind === 'with') return false;
      if (def.kind === 'augmented') {
        const left = def.node.children.find((c) => c.fieldName === 'left');
        return (def.value !== null && this.carriesGraph(def.value)) || (left !== undefined && left !== use && this.priorValueCarries(left, name));
      }
      if (!def.value) return false;
      const value = unparenthesize(def.value);
      if (def.unpackIndex > 0 && is(value, 'call')) {
        const m = methodCall(value, this.deps.text);
        const qualified = dottedName(callee(value), this.deps.text);
        if ((m && VALUES_INDICES.has(m.method)) || (qualified && /^torch\.(max|min|topk|sort)$/.test(this.deps.imports.qualify(qualified) ?? ''))) return false;
      }
      // `output, loss = train(...)` where `train` returns `output, loss.item()`: only that part counts.
      const part = def.unpackIndex >= 0 && is(value, 'call') ? this.returnedPart(value, def.unpackIndex) : null;
      if (part) return this.whileReturning(() => part.some((element) => this.carriesGraph(element)));
      // `loss, acc = model(x)` whose `forward` returns `loss, acc.item()`: that element is a number.
      if (def.unpackIndex >= 0 && NO_GRAPH.has(this.deps.unpackedKind(value, def.unpackIndex))) return false;
      if (this.carriesGraph(value)) return true;
      // `loss.backward()` in the same scope proves the `loss` it reads has a graph, whatever produced it;
      // of `loss, err = f(...)`, only `loss`.
      const backpropagated = this.deps.backpropagatedDefinitions(scope).has(def.node) && (def.unpackIndex < 0 || this.deps.backpropagatedIn(scope).has(name));
      return backpropagated && this.gradRecorded(def.node) && !this.endsGraph(value);
    }
    return false;
  }

  /**
   * A parameter carries a graph when a call in this file passes it one (`def triplet_loss(self, F0,
   * F1)` called with two forward outputs): what the function computes from it, and returns or keeps,
   * carries that graph too.
   */
  private parameterCarries(parameter: SyntaxNode, name: string): boolean {
    const fn = parameter.parent?.parent;
    if (!fn || fn.type !== 'function_definition') return false;
    const list = parameter.parent!.children.filter((c) => c.named && c.type !== 'comment');
    let index = list.indexOf(parameter);
    if (index < 0 || parameter.type === 'list_splat_pattern' || parameter.type === 'dictionary_splat_pattern') return false;
    const first = list[0];
    const bound = first?.type === 'identifier' && /^(self|cls)$/.test(nodeText(first, this.deps.text));
    if (bound) index--;
    if (index < 0) return false;
    for (const call of this.deps.callersOf(fn) ?? []) {
      const { positional, keywords } = callArguments(call, this.deps.text);
      const argument = keywords.get(name) ?? positional[index];
      if (argument && this.carriesGraph(argument)) return true;
    }
    return false;
  }

  /**
   * The elements at `index` of the tuples that a function of this file returns, when every return
   * statement returns a tuple literal; null otherwise.
   */
  private returnedPart(call: SyntaxNode, index: number): SyntaxNode[] | null {
    const name = dottedName(callee(call), this.deps.text);
    const method = name && /^(self|cls)\.\w+$/.test(name) ? this.ownMethod(call, name.slice(name.indexOf('.') + 1)) : null;
    const defs = method ? [method] : name ? this.deps.functionsNamed(name) : [];
    if (defs.length !== 1) return null;
    const parts: SyntaxNode[] = [];
    for (const r of this.deps.returnsOf(defs[0]!)) {
      const value = r.children.find((c) => c.named && c.type !== 'comment');
      const tuple = value ? unparenthesize(value) : null;
      if (!tuple || (tuple.type !== 'expression_list' && tuple.type !== 'tuple')) return null;
      const element = tuple.children.filter((c) => c.named && c.type !== 'comment')[index];
      if (!element) return null;
      parts.push(element);
    }
    return parts.length ? parts : null;
  }

  private priorValueCarries(left: SyntaxNode, name: string): boolean {
    const def = this.deps.definitions.reaching(scopeOf(left), name, left.start);
    if (def?.kind === 'parameter') return this.returning > 0 && this.parameterCarries(def.node, name);
    return def !== undefined && def.node !== left.parent && def.value !== null && this.carriesGraph(def.value);
  }

  /** The branch of a conditional expression is a name its test proves is no tensor. */
  private provenNotTensor(conditional: SyntaxNode, branch: SyntaxNode, taken: boolean): boolean {
    const test = conditional.children.filter((c) => c.named && c.type !== 'comment')[1];
    return test !== undefined && narrowedByTest(test, branch, taken, this.deps.text, (n) => this.deps.imports.qualify(n)) !== null;
  }

  /** Values that certainly hold no graph, whatever their inputs. */
  endsGraph(expression: SyntaxNode): boolean {
    const expr = unparenthesize(expression);
    if (expr.type === 'integer' || expr.type === 'float' || expr.type === 'string' || expr.type === 'none' || expr.type === 'true' || expr.type === 'false') return true;
    if (expr.type === 'conditional_expression') {
      const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
      return [parts[0], parts[2]].every((p, i) => p !== undefined && (this.provenNotTensor(expr, p, i === 0) || this.endsGraph(p)));
    }
    if (is(expr, 'call')) {
      const m = methodCall(expr, this.deps.text);
      if (m) return GRAPH_ENDING_METHODS.has(m.method);
      const name = dottedName(callee(expr), this.deps.text);
      return name !== null && PLAIN_BUILTINS.has(name);
    }
    if (is(expr, 'attribute')) {
      const attr = field(expr, 'attribute');
      return attr !== null && GRAPH_FREE_ATTRIBUTES.has(nodeText(attr, this.deps.text));
    }
    return false;
  }
}

/** The function body that `node` belongs to, or the module. */
export function bodyScope(node: SyntaxNode): SyntaxNode | null {
  const fn = enclosingFunction(node);
  return fn ? bodyOf(fn) : null;
}
