// What the rules know about a file, built from one walk of its syntax tree. Every fact is a query of
// the file's database (see engine/database.ts), worked out when first asked: a rule that never asks for
// grad modes never pays for them. An open document's database lives from version to version, and each
// answer serves a later version exactly when nothing it read changed.
import type { Settings } from '../core/settings';
import type { SourceText } from '../core/source';
import { field, is, type SyntaxNode } from '../parser/syntax';
import { argparseIn, classesByName, IntResolver, reloadSitesIn, type ArgparseSetup, type ArgumentOption, type StatementArgparse } from './argparse';
import { DefinitionIndex, groupDefinitions, indexDefinitions, type Definition, type StatementDefinitionGroups } from './definitions';
import { Database, Input, Query, stateKey, type QueryOptions } from './engine/database';
import { EachItem, ItemIndex, Sequence } from './engine/sequence';
import { EvalContextAnalysis, evalStatementsByBlock, sameEvalRegion } from './eval-context';
import { needsGradients } from './gradient-needs';
import { calleeVerdictOf, ForwardFlowAnalysis, type ForwardFate, type ScopeGraph } from './forward-flow';
import { contextModeOf, GradModeAnalysis, withModeOf, type GradMode } from './grad-mode';
import { GraphAnalysis } from './graph';
import { ImportTable, qualifyThrough, type Imports } from './imports';
import { classKindsOf, classSignatures, ModuleAnalysis, moduleCallsIn, sameClassKinds, sameClassSignatures, sameInstanceClass, type ClassKinds, type NameQuestion } from './modules';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, referencesIn, unparenthesize } from './names';
import { classOfMethod, decoratorExpression, decoratorsOf, enclosingFunction, enclosingLoops, functionName, scopeOf, topLevelStatementOf, within } from './scopes';
import { nodesWithin } from './subtree';
import { groupBy, joined, sameItems, sameMembers } from './group-by';
import { NO_PROJECT, sameSymbolFacts, type ExternalCall, type PathWords, type ProjectView, type SymbolFacts, type ValueKind } from './project-facts';
import { returnedKind, unpackedKind, valueKindOf, type ValueDeps } from './values';
import { runsOnce, runsOnceOnSmallInputs, type RepetitionDeps } from './repetition';

const NO_NODES: readonly SyntaxNode[] = [];
const NO_NAMES: ReadonlySet<string> = new Set();

/** Declares a fact about a file: a query of the file's database, keyed by `K` (see engine/database.ts). */
export function modelQuery<K, V>(name: string, compute: (model: SemanticModel, key: K) => V, options?: QueryOptions<SemanticModel, K, V>): Query<SemanticModel, K, V> {
  return new Query(name, compute, options);
}

/** The file's top-level statements: what an edit replaces a run of. */
export const STATEMENTS = new Sequence<SemanticModel, SyntaxNode>('top-level statements', (model) => model.root.children, (statement) => statement.start);

/**
 * A fact about one top-level statement, read from the statement's subtree and from what it asks the
 * database: it serves every later version in which the statement is the same node and what it asked is
 * unchanged. The value must not hold offsets, which move when text before the statement changes.
 */
export class StatementFact<V> {
  readonly query: Query<SemanticModel, SyntaxNode, V>;
  private readonly each: EachItem<SemanticModel, SyntaxNode, V>;

  constructor(name: string, compute: (model: SemanticModel, statement: SyntaxNode) => V) {
    this.query = new Query(name, compute, { reads: 'key' });
    this.each = new EachItem(STATEMENTS, this.query);
  }

  of(model: SemanticModel, statement: SyntaxNode): V {
    return this.query.of(model, statement);
  }

  /** The fact of each top-level statement, in document order (reads the file's list of statements). */
  ofEach(model: SemanticModel): readonly V[] {
    return this.each.values(model.db);
  }

  /** For an index over the statements (see ItemIndex). */
  get eachItem(): EachItem<SemanticModel, SyntaxNode, V> {
    return this.each;
  }
}

/**
 * The named nodes of each kind in a statement's subtree, in document order. Tokens (`(`, `for`, `+=`)
 * are left out: no analysis asks for them, and they are about half of all nodes.
 */
const KINDS_IN_STATEMENT = new Query<SemanticModel, SyntaxNode, ReadonlyMap<string, readonly SyntaxNode[]>>('nodes by kind', (_model, statement) => {
  const found = new Map<string, SyntaxNode[]>();
  // In document order; a token with nothing under it (about half of all nodes) is not even stacked.
  const stack: SyntaxNode[] = [statement];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.named) {
      const list = found.get(n.type);
      if (list) list.push(n);
      else found.set(n.type, [n]);
    }
    const children = n.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (child.named || child.children.length) stack.push(child);
    }
  }
  return found;
}, { reads: 'key' });

/** The nodes of `kind` in a top-level statement's subtree, in document order. */
function ofKindIn(model: SemanticModel, statement: SyntaxNode, kind: string): readonly SyntaxNode[] {
  return KINDS_IN_STATEMENT.of(model, statement).get(kind) ?? NO_NODES;
}

export class SemanticModel {
  readonly text: string;
  /** Where the facts about this file are memoised: an open document's lives from version to version. */
  readonly db: Database<SemanticModel>;

  constructor(
    readonly root: SyntaxNode,
    readonly source: SourceText,
    readonly settings: Settings,
    readonly path: string | undefined,
    /**
     * Names bound by code that runs before this text (earlier cells of a notebook): local name ->
     * qualified name. Only the choice of how to write an added torch call reads them.
     */
    private readonly earlierImports: ReadonlyMap<string, string> = new Map(),
    /** The database of the document's earlier versions, which this version continues; a new one by default. */
    db?: Database<SemanticModel>,
    /** What the rest of the project says about the names this file imports from it. */
    project: ProjectView = NO_PROJECT,
  ) {
    this.text = source.text;
    if (db) {
      db.advance(this);
      this.db = db;
    } else {
      this.db = new Database<SemanticModel>(this, false);
    }
    this.db.state(PROJECT).set(this.db, project);
  }

  /**
   * The facts of the project's symbol that `qualified` names (as the imports qualify a name), or
   * undefined when it is not one of the project's files' (see ProjectView.symbol).
   */
  projectSymbol(qualified: string | null): SymbolFacts | undefined {
    return qualified ? PROJECT_SYMBOL.of(this, qualified) : undefined;
  }

  private valueReader: ValueDeps | undefined;

  private get values(): ValueDeps {
    return (this.valueReader ??= {
      text: this.text,
      imports: this.imports,
      definitions: this.definitions,
      isModuleExpr: (e) => this.modules.isModuleExpr(e),
      carriesGraph: (e) => this.graph.carriesGraph(e),
      projectSymbol: (q) => this.projectSymbol(q),
      functionsNamed: (name) => this.functionsNamed(name),
      returnsOf: (fn) => this.returnsOf(fn),
      methodRunBy: (call) => this.modules.methodRunBy(call),
    });
  }

  /**
   * Whether `node` runs once per run of the program, not once per item of some data: module code
   * outside loops, `__init__`, a test, a function whose callers all run once (see repetition.ts).
   */
  runsOnce(node: SyntaxNode): boolean {
    return runsOnce(this.repetition, node);
  }

  /** A call that runs once, on small inputs (a tensor made from a shape, one item, one batch), or in `__init__` or a test. */
  runsOnceOnSmallInputs(call: SyntaxNode): boolean {
    return runsOnceOnSmallInputs(this.repetition, call);
  }

  private repetitionDeps: RepetitionDeps | undefined;

  /** One object for the model's life, which the answers of repetition.ts are kept for. */
  private get repetition(): RepetitionDeps {
    return (this.repetitionDeps ??= { text: this.text, callersOf: (fn) => this.callersOf(fn), externalCallsOf: (fn) => this.externalCallsOfFunction(fn).calls, isTestFunction: (fn) => this.isTestFunction(fn), imports: this.imports, definitions: this.definitions, functionsNamed: (name) => this.functionsNamed(name), identifiersNamed: (name) => this.identifiersNamed(name), returnsOf: (fn) => this.returnsOf(fn), isForwardCall: (call) => this.modules.isForwardCall(call), isModuleName: (name) => this.modules.isModuleName(name), resolveInt: (expression) => this.ints.resolve(expression)?.value ?? null });
  }

  /** What `expression` evaluates to where it stands: a module, a tensor with or without its graph, a number... */
  valueKind(expression: SyntaxNode): ValueKind {
    return valueKindOf(this.values, expression);
  }

  /** What the element at `index` of `value` unpacked is (`_, acc = model(x)`; see values.ts unpackedKind). */
  unpackedKind(value: SyntaxNode, index: number): ValueKind {
    return unpackedKind(this.values, value, index);
  }

  /** The kind every return of `fn` gives ('unknown' when they differ). */
  returnedKind(fn: SyntaxNode): ValueKind {
    return returnedKind(this.values, fn);
  }

  /** The calls that other files of the project make of this file's top-level function `name`. */
  externalCallsOf(name: string): readonly ExternalCall[] {
    return EXTERNAL_CALLS.of(this, name);
  }

  /**
   * The calls that other files make of `fn`: of a top-level function, by what they import; of a
   * method, on objects known to be of its class where there are such calls (`exact`), else of any
   * method of its name (other classes may have one).
   */
  externalCallsOfFunction(fn: SyntaxNode): { calls: readonly ExternalCall[]; exact: boolean } {
    const name = functionName(fn, this.text);
    const cls = classOfMethod(fn);
    if (cls !== null) {
      const className = is(cls, 'class_definition') ? field(cls, 'name') : null;
      const typed = className && cls.parent?.type === 'module' ? EXTERNAL_CALLS.of(this, `${nodeText(className, this.text)}.${name}`) : [];
      return typed.length ? { calls: typed, exact: true } : { calls: EXTERNAL_METHOD_CALLS.of(this, name), exact: false };
    }
    return { calls: fn.parent?.type === 'module' || fn.parent?.parent?.type === 'module' ? EXTERNAL_CALLS.of(this, name) : [], exact: true };
  }

  /** Some file of the project, this one or another, moves models or tensors to a GPU. */
  get projectUsesGpu(): boolean {
    return this.usesGpu || PROJECT_USES_GPU.of(this, undefined);
  }

  /** The words of the paths that the project's other files write (see checkpoint-files.ts). */
  get projectWrittenPaths(): readonly PathWords[] {
    return PROJECT_WRITTEN_PATHS.of(this, undefined);
  }

  /**
   * Notes that the answer being worked out (keyed by `node`) reads the rest of `node`'s top-level
   * statement: a node may outlive an edit elsewhere in its statement, the statement only an edit
   * outside it. Returns the statement.
   */
  readsStatementOf(node: SyntaxNode): SyntaxNode {
    return this.db.observe(() => topLevelStatementOf(node));
  }

  /** The nodes of `kind` in `statement`'s subtree (a top-level statement of this file), in document order. */
  nodesOfKindIn(statement: SyntaxNode, kind: string): readonly SyntaxNode[] {
    return ofKindIn(this, statement, kind);
  }

  /** The file's nodes of `kind`, in document order. */
  nodesOfKind(kind: string): readonly SyntaxNode[] {
    return NODES_OF_KIND.of(this, kind);
  }

  /**
   * The nodes of `kind` in the top-level statement that holds `node`, or in the whole file for the
   * module node, in document order: among them, all those within `node`.
   */
  nodesOfKindAround(node: SyntaxNode, kind: string): readonly SyntaxNode[] {
    if (!node.parent) return this.nodesOfKind(kind);
    return ofKindIn(this, topLevelStatementOf(node), kind);
  }

  /** The nodes of `kind` within `node` (itself included), in document order: found by search in `nodesOfKindAround`. */
  nodesOfKindWithin(node: SyntaxNode, kind: string): readonly SyntaxNode[] {
    return nodesWithin(this.nodesOfKindAround(node, kind), node);
  }

  private importsView: Imports | undefined;

  /**
   * The file's imports. An open document's answers read them one question at a time (the binding of
   * one name, whether torch is imported), so that an edit to an import statement works out again only
   * what read a binding it changed; a file analysed once reads the table itself.
   */
  get imports(): Imports {
    return this.db.records ? (this.importsView ??= importsViewOf(this)) : IMPORTS.of(this);
  }

  private definitionIndex: DefinitionIndex | undefined;

  /** Where each name gets its value, per scope (a view of the database: see DefinitionIndex). */
  get definitions(): DefinitionIndex {
    return (this.definitionIndex ??= definitionIndexOf(this));
  }

  private moduleAnalysis: ModuleAnalysis | undefined;

  /** Which names and expressions hold modules, and which calls run them (asked of the database: see ModuleAnalysis). */
  get modules(): ModuleAnalysis {
    return (this.moduleAnalysis ??= moduleAnalysisOf(this));
  }

  get gradMode(): GradModeAnalysis {
    return GRAD_MODE.of(this);
  }

  /**
   * `gradMode.at(node)` as an answer of its own: worked out again in every version (the modes are),
   * but an answer that reads it through here is reused while the mode stays the same.
   */
  modeAt(node: SyntaxNode): GradMode {
    return MODE_AT.of(this, node);
  }

  private graphAnalysis: GraphAnalysis | undefined;

  /** Which values carry an autograd graph (a view of the database). */
  get graph(): GraphAnalysis {
    return (this.graphAnalysis ??= graphAnalysisOf(this));
  }

  private evalContextAnalysis: EvalContextAnalysis | undefined;

  /** Evaluation regions: functions, loops and code after `model.eval()` (a view of the database). */
  get evalContext(): EvalContextAnalysis {
    return (this.evalContextAnalysis ??= evalContextOf(this));
  }

  private forwardFlowAnalysis: ForwardFlowAnalysis | undefined;

  /** Where forward passes' outputs go: to a backward pass, out of sight, or nowhere (a view of the database). */
  get forwardFlow(): ForwardFlowAnalysis {
    return (this.forwardFlowAnalysis ??= forwardFlowOf(this));
  }

  /** `call` is one of `backwardCalls`. */
  isBackwardCall(call: SyntaxNode): boolean {
    return BACKWARD_CALLS_IN_STATEMENT.of(this, topLevelStatementOf(call)).includes(call);
  }

  /** The same function object every time, so that answers keyed by it stay with this model. */
  readonly lookupFunctions = (name: string): readonly SyntaxNode[] => this.functionsNamed(name);

  /** The code (a function, a loop, a statement), or a helper of this file it calls, computes gradients. */
  needsGradients(node: SyntaxNode): boolean {
    return needsGradients(node, this.text, this.lookupFunctions, this.othersTrain);
  }

  /** The file is analysed with the rest of its project (its view is not the empty one). */
  get inProject(): boolean {
    return this.db.state(PROJECT).get(this.db) !== NO_PROJECT;
  }

  /**
   * Whether a call of `name` (a dotted callee that is not this file's function) trains: by the
   * project's facts, another file's function that trains, or a method (`__call__` for a plain name,
   * which for a module is its `forward`) of an object of a project class that does; or a method of an
   * object of this file's class.
   */
  private readonly othersTrain = (name: string): boolean => CALLEE_TRAINS.of(this, name);

  get ints(): IntResolver {
    return INTS.of(this);
  }

  /** Calls that run a model's forward pass, in document order. */
  get forwardCalls(): readonly SyntaxNode[] {
    return FORWARD_CALLS.of(this);
  }

  /** The forward calls in the body of `fn` itself (not of functions defined inside it), in document order. */
  forwardCallsOf(fn: SyntaxNode): readonly SyntaxNode[] {
    if (!fn.parent) return NO_NODES;
    return FORWARD_CALLS_BY_FUNCTION.of(this, topLevelStatementOf(fn)).get(fn) ?? NO_NODES;
  }

  /** The forward calls whose scope (function, lambda or module, see `scopeOf`) is `scope`. */
  forwardCallsInScope(scope: SyntaxNode): readonly SyntaxNode[] {
    return FORWARD_CALLS_BY_SCOPE.of(this).get(scope) ?? NO_NODES;
  }

  /** The forward calls of one top-level statement, in document order. */
  forwardCallsIn(statement: SyntaxNode): readonly SyntaxNode[] {
    return FORWARD_CALLS_IN_STATEMENT.of(this, statement);
  }

  /** The forward calls inside `node`'s subtree, in document order. */
  forwardCallsWithin(node: SyntaxNode): readonly SyntaxNode[] {
    return nodesWithin(this.forwardCalls, node);
  }

  /** A function whose returned graph is used for training (see EvalContextDeps.feedsTraining). */
  feedsTraining(fn: SyntaxNode, name: string): boolean {
    const returnsGraph = this.returnsOf(fn).some((r) => r.children.some((c) => c.named && c.type !== 'comment' && this.graph.carriesGraph(c)));
    if (!returnsGraph) return false;
    if (name === 'sample' || name === 'generate') return true;
    // Another file's caller that trains; where the calls are of any method of the name, all of them.
    const { calls, exact } = this.externalCallsOfFunction(fn);
    if (exact ? calls.some((call) => call.callerTrains) : calls.length > 0 && calls.every((call) => call.callerTrains)) return true;
    return (this.callersOf(fn) ?? []).some((call) => {
      const caller = enclosingFunction(call);
      return caller !== null && this.needsGradients(caller);
    });
  }

  /** A pytest or unittest module, whose `test_*` functions are tests rather than evaluation code. */
  get isTestModule(): boolean {
    return IS_TEST_MODULE.of(this);
  }

  /**
   * A test that a test runner runs: a `test*` function of a test module that its own file calls
   * nowhere but once from module code (a `__main__` block that runs the tests by hand). One the file
   * calls from a loop or another function (a script `pmnist_test.py` whose `__main__` runs `test()`
   * after every epoch) is the file's own evaluation code, run as often as its callers run.
   */
  isTestFunction(fn: SyntaxNode): boolean {
    if (!this.isTestModule || !/^test/i.test(functionName(fn, this.text))) return false;
    const callers = this.callersOf(fn);
    return !callers?.length || callers.every((call) => enclosingFunction(call) === null && !enclosingLoops(call).length);
  }

  /** The file moves tensors or models to a GPU somewhere. */
  get usesGpu(): boolean {
    return USES_GPU.of(this);
  }

  /** The file's one class definition named `name` (nested ones count), or null when it has none or several. */
  classNamed(name: string): SyntaxNode | null {
    const found = this.nodesOfKind('class_definition').filter((cls) => {
      const id = is(cls, 'class_definition') ? field(cls, 'name') : null;
      return id !== null && nodeText(id, this.text) === name;
    });
    return found.length === 1 ? found[0]! : null;
  }

  /** The functions (and methods) of this file named `name`, in document order: the same array until an edit changes them. */
  functionsNamed(name: string): readonly SyntaxNode[] {
    return FUNCTIONS_BY_NAME.lookup(this.db, name);
  }

  /**
   * Call sites of a function in this file, or null when the function escapes (passed as a value,
   * so callers elsewhere cannot be seen).
   */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null {
    const name = functionName(fn, this.text);
    if (!name) return null;
    if (classOfMethod(fn) !== null) {
      // The same list for every method of that name, so answers about it can be memoised per list.
      return ESCAPING_ATTRIBUTES.has(this.db, name) ? null : CALLS_BY_ATTRIBUTE.lookup(this.db, name);
    }
    // A function defined inside another is called by that name only from inside the other (two
    // `def _step():` in two methods are two functions).
    const outer = fn.parent ? enclosingFunction(fn) : null;
    const visible = (node: SyntaxNode) => outer === null || within(node, outer);
    const escapes = ESCAPING_IDENTIFIERS.lookup(this.db, name).some(visible);
    if (escapes) return null;
    // A top-level function's callers are the index's own list, so answers about it are memoised per list too.
    return outer === null ? CALLS_BY_NAME.lookup(this.db, name) : CALLS_BY_NAME.lookup(this.db, name).filter(visible);
  }

  /** The file's identifiers spelled `name` (every use: reads, writes, parameters, attribute names), in document order. */
  identifiersNamed(name: string): readonly SyntaxNode[] {
    return IDENTIFIERS_BY_NAME.lookup(this.db, name);
  }

  /** The calls of the method `method` on the plain name `name` (`name.method(...)`), in document order. */
  methodCallsOn(name: string, method: string): readonly SyntaxNode[] {
    return CALLS_ON_NAME.lookup(this.db, `${name}.${method}`);
  }

  /** The calls whose callee is the plain name `name` (`name(...)`), or with `viaAttribute` its method `x.name(...)`, in document order. */
  callsOfName(name: string, viaAttribute: boolean): readonly SyntaxNode[] {
    return (viaAttribute ? CALLS_BY_ATTRIBUTE : CALLS_BY_NAME).lookup(this.db, name);
  }

  /** The names this file defines functions (and methods) under. */
  functionNames(): Iterable<string> {
    return FUNCTIONS_BY_NAME.keys(this.db);
  }

  /** Return statements of `fn` itself (not of functions defined inside it). */
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[] {
    return RETURNS.of(this, fn);
  }

  /**
   * No value of the file can be a PyTorch tensor: it imports only the standard library and libraries
   * that make none (see Imports.importsNoTorch), and no other file of the project calls a function of
   * it, which could hand it tensors (a course's NumPy notebook with a `backward()` of its own); or it
   * is code of another framework with autograd of its own (Paddle, MXNet), importing nothing of PyTorch.
   */
  get holdsNoTorchValues(): boolean {
    return HOLDS_NO_TORCH_VALUES.of(this);
  }

  /** Names whose `.backward()` is called (or passed to `autograd.grad/backward`) in this scope. */
  backpropagatedIn(scope: SyntaxNode): ReadonlySet<string> {
    return BACKPROPAGATED_IN.of(this, scope);
  }

  /**
   * The definitions (their nodes) whose value a backward pass in this scope reads: the one reaching
   * each backpropagated name, and those an update of it reads in turn (`loss = crit(out, y)` before
   * `loss += reg`). A later `loss = loss.item()` is not among them.
   */
  backpropagatedDefinitions(scope: SyntaxNode): ReadonlySet<SyntaxNode> {
    return BACKPROPAGATED_DEFINITIONS.of(this, scope);
  }

  /** `x.backward()`, `torch.autograd.backward(x)`, `torch.autograd.grad(x, ...)`, `scaler.scale(x).backward()`. */
  get backwardCalls(): readonly SyntaxNode[] {
    return BACKWARD_CALLS.of(this);
  }

  /** The tensors a backward call differentiates. */
  backwardTargets(call: SyntaxNode): SyntaxNode[] {
    const m = methodCall(call, this.text);
    const receiver = m ? dottedName(m.receiver, this.text) ?? '' : '';
    // `accelerator.backward(loss)`, `fabric.backward(loss)`, `self.manual_backward(loss)` take the loss as argument.
    if (m?.method === 'manual_backward' || (m?.method === 'backward' && /(^|\.)(accelerator|fabric|engine|model_engine|deepspeed|trainer)$/.test(receiver))) {
      return callArguments(call, this.text).positional.slice(0, 1);
    }
    if (m?.method === 'backward' && !/autograd$/.test(receiver)) {
      // `scaler.scale(loss).backward()`: the scaled loss is `loss`.
      if (is(m.receiver, 'call') && methodCall(m.receiver, this.text)?.method === 'scale') {
        return callArguments(m.receiver, this.text).positional.slice(0, 1);
      }
      return [m.receiver];
    }
    const { positional, keywords } = callArguments(call, this.text);
    const first = positional[0] ?? keywords.get('outputs') ?? keywords.get('tensors');
    return first ? [first] : [];
  }

  /**
   * Last name segments (`saved_log_probs`, `total_loss`) of values that flow into a backward call:
   * lists and sums kept on purpose for a later `backward()` (REINFORCE, gradient accumulation).
   */
  get backpropSources(): ReadonlySet<string> {
    return BACKPROP_SOURCES.of(this);
  }

  /** How to write `torch.no_grad` here, and the import to add when torch is not imported. */
  torchMember(member: string): { expression: string; needsImport: boolean } {
    const imports = this.imports;
    const direct = imports.localNameOf(`torch.${member}`);
    if (direct) return { expression: direct, needsImport: false };
    const torch = imports.localNameOf('torch');
    if (torch) return { expression: `${torch}.${member}`, needsImport: false };
    for (const [local, qualified] of this.earlierImports) {
      // The file's own definitions of that name would shadow the earlier import.
      if (imports.resolveName(local) !== undefined || this.definitions.definitionsOf(this.root, local).length > 0) continue;
      if (qualified === `torch.${member}`) return { expression: local, needsImport: false };
      if (qualified === 'torch') return { expression: `${local}.${member}`, needsImport: false };
    }
    return { expression: `torch.${member}`, needsImport: true };
  }
}

// The facts of the file that the model provides.

/** The project's view, an input of the database: answers that read it are worked out again when another file's facts change. */
const PROJECT = stateKey(() => new Input<ProjectView>(NO_PROJECT));

const PROJECT_SYMBOL = modelQuery('project symbol', (model, qualified: string) => model.db.state(PROJECT).get(model.db).symbol(qualified), { reads: 'key', equals: sameSymbolFacts });

const EXTERNAL_CALLS = modelQuery('external calls', (model, name: string) => model.db.state(PROJECT).get(model.db).externalCallsOf(name), { reads: 'key', equals: sameCalls });

const EXTERNAL_METHOD_CALLS = modelQuery('external method calls', (model, name: string) => model.db.state(PROJECT).get(model.db).externalMethodCallsOf(name), {
  reads: 'key',
  equals: sameCalls,
});

const PROJECT_METHODS = modelQuery('project methods named', (model, name: string) => model.db.state(PROJECT).get(model.db).methodsNamed(name), {
  reads: 'key',
  equals: (a, b) => JSON.stringify(a) === JSON.stringify(b),
});

function sameCalls(a: readonly ExternalCall[], b: readonly ExternalCall[]): boolean {
  return sameItems(a, b, (x, y) => x.gradDisabled === y.gradDisabled && x.inLoop === y.inLoop && x.callerTrains === y.callerTrains && JSON.stringify(x.passes) === JSON.stringify(y.passes));
}

const PROJECT_WRITTEN_PATHS = modelQuery('project written paths', (model, _: undefined) => model.db.state(PROJECT).get(model.db).writtenPaths(), {
  reads: 'key',
  equals: (a, b) => JSON.stringify(a) === JSON.stringify(b),
});

const PROJECT_USES_GPU = modelQuery('project uses a GPU', (model, _: undefined) => model.db.state(PROJECT).get(model.db).usesGpu, { reads: 'key' });

const NODES_OF_KIND = modelQuery('nodes of a kind', (model, kind: string): readonly SyntaxNode[] => {
  const list = model.root.type === kind ? [model.root] : [];
  for (const statement of model.root.children) for (const node of ofKindIn(model, statement, kind)) list.push(node);
  return list;
});

const RETURNS = modelQuery('returns', (model, fn: SyntaxNode): readonly SyntaxNode[] =>
  nodesIn(model, fn, 'return_statement').filter((r) => enclosingFunction(r) === fn), { reads: 'key' });

/** The nodes of `kind` in `node`'s subtree, from its top-level statement's nodes of that kind. */
function nodesIn(model: SemanticModel, node: SyntaxNode, kind: string): readonly SyntaxNode[] {
  return nodesWithin(ofKindIn(model, topLevelStatementOf(node), kind), node);
}

const BACKPROPAGATED_IN = modelQuery('names backpropagated', (model, scope: SyntaxNode): ReadonlySet<string> => {
  const names = new Set<string>();
  for (const call of BACKWARD_CALLS_BY_SCOPE.of(model).get(scope) ?? NO_NODES) {
    for (const target of model.backwardTargets(call)) {
      // `output["loss"].backward()`: the dict holds the loss with its graph.
      const base = unparenthesize(target).type === 'subscript' ? target.children.find((c) => c.fieldName === 'value') : target;
      const name = base ? dottedName(base, model.text) : null;
      if (!name) continue;
      names.add(name);
      // `loss = sum(losses) if isinstance(losses, tuple) else losses`: `losses` is the same value.
      const def = model.definitions.reaching(scope, name, call.start);
      if (def?.kind === 'assign' && def.value && def.unpackIndex < 0) for (const source of sameValueSources(def.value, model.text)) names.add(source);
    }
  }
  return names;
});

const HOLDS_NO_TORCH_VALUES = modelQuery('holds no torch values', (model, _: void): boolean =>
  model.imports.usesOtherAutogradOnly ||
  (model.imports.importsNoTorch && ![...model.functionNames()].some((name) => model.functionsNamed(name).some((fn) => model.externalCallsOfFunction(fn).calls.length > 0))),
);

const BACKPROPAGATED_DEFINITIONS = modelQuery('definitions backpropagated', (model, scope: SyntaxNode): ReadonlySet<SyntaxNode> => {
  const out = new Set<SyntaxNode>();
  const names = model.backpropagatedIn(scope);
  for (const call of BACKWARD_CALLS_BY_SCOPE.of(model).get(scope) ?? NO_NODES) {
    for (const name of names) {
      let def = model.definitions.reaching(scope, name, call.start);
      // An update reads the value before it: `loss += reg`, `loss = loss / steps`.
      while (def && def.kind !== 'parameter' && !out.has(def.node)) {
        out.add(def.node);
        const updates = def.kind === 'augmented' || (def.kind === 'assign' && def.value !== null && readsName(def.value, name, model.text));
        def = updates ? model.definitions.reaching(scope, name, def.node.start) : undefined;
      }
    }
  }
  return out;
});

/** Whether `expression` reads `name` (an identifier, or a dotted name such as `self.loss`). */
function readsName(expression: SyntaxNode, name: string, text: string): boolean {
  if (dottedName(expression, text) === name) return true;
  return expression.children.some((c) => c.named && readsName(c, name, text));
}

/** A top-level statement's import statements (anywhere in it), in document order. */
const IMPORT_STATEMENTS = new StatementFact('import statements', (model, statement) => [...ofKindIn(model, statement, 'import_statement'), ...ofKindIn(model, statement, 'import_from_statement')]);

const IMPORTS_INDEX = new ItemIndex('imports', IMPORT_STATEMENTS.eachItem, (imports): [string, readonly SyntaxNode[]][] => (imports.length ? [['', imports]] : []));

/**
 * The file's imports. What reads them is worked out again only when the bindings change: a table with
 * the same bindings as the last one is the last one.
 */
const IMPORTS = modelQuery(
  'imports',
  (model, _: void) => {
    const statements = IMPORTS_INDEX.lookup(model.db, '');
    return new ImportTable(statements.filter((s) => s.type === 'import_statement'), statements.filter((s) => s.type === 'import_from_statement'), model.text);
  },
  { reads: 'key', equals: (a, b) => a.key === b.key },
);

/** The imports' answer to one question, reused while that answer stays the same (see `SemanticModel.imports`). */
const IMPORT_BINDING = modelQuery('import binding', (model, local: string) => IMPORTS.of(model).resolveName(local), { reads: 'key' });
const IMPORT_LOCAL_NAME = modelQuery('import local name', (model, qualified: string) => IMPORTS.of(model).localNameOf(qualified), { reads: 'key' });
const IMPORTS_MATCHING = modelQuery('imports matching', (model, pattern: RegExp) => IMPORTS.of(model).importsMatching(pattern), { reads: 'key' });
const IMPORTS_TORCH = modelQuery('imports torch', (model, _: void) => IMPORTS.of(model).importsTorch, { reads: 'key' });
const OTHER_FRAMEWORK_ONLY = modelQuery('imports another framework only', (model, _: void) => IMPORTS.of(model).usesOtherFrameworkOnly, { reads: 'key' });
const IMPORTS_NO_TORCH = modelQuery('imports no torch', (model, _: void) => IMPORTS.of(model).importsNoTorch, { reads: 'key' });
const OTHER_AUTOGRAD_ONLY = modelQuery('imports another autograd framework only', (model, _: void) => IMPORTS.of(model).usesOtherAutogradOnly, { reads: 'key' });

function importsViewOf(model: SemanticModel): Imports {
  const bindingOf = (local: string): string | undefined => IMPORT_BINDING.of(model, local);
  return {
    entries: () => IMPORTS.of(model).entries(),
    // The whole table's key holds the star modules, so reading the table is reading them.
    get stars() {
      return IMPORTS.of(model).stars;
    },
    resolveName: bindingOf,
    qualify: (dotted) => qualifyThrough(dotted, bindingOf),
    localNameOf: (qualified) => IMPORT_LOCAL_NAME.of(model, qualified),
    importsMatching: (pattern) => IMPORTS_MATCHING.of(model, pattern),
    get importsTorch() {
      return IMPORTS_TORCH.of(model);
    },
    get usesOtherFrameworkOnly() {
      return OTHER_FRAMEWORK_ONLY.of(model);
    },
    get importsNoTorch() {
      return IMPORTS_NO_TORCH.of(model);
    },
    get usesOtherAutogradOnly() {
      return OTHER_AUTOGRAD_ONLY.of(model);
    },
  };
}

const DEFINITIONS_IN_STATEMENT = new StatementFact('definitions', (model, statement) => {
  const definitions = indexDefinitions(model.text, model.root, {
    assignments: ofKindIn(model, statement, 'assignment'),
    augmented: ofKindIn(model, statement, 'augmented_assignment'),
    fors: ofKindIn(model, statement, 'for_statement'),
    withItems: ofKindIn(model, statement, 'with_item'),
    walruses: ofKindIn(model, statement, 'named_expression'),
    functions: ofKindIn(model, statement, 'function_definition'),
  });
  return groupDefinitions(definitions);
});

/** Every scope's definitions of each name, and the module's, merged over the statements key by key. */
const ALL_DEFINITIONS = new ItemIndex('definitions by name', DEFINITIONS_IN_STATEMENT.eachItem, (groups: StatementDefinitionGroups) => groups.byName);
const MODULE_DEFINITIONS = new ItemIndex('module definitions by name', DEFINITIONS_IN_STATEMENT.eachItem, (groups: StatementDefinitionGroups) => groups.atModule);

/** A name's definitions in the index's order (see DefinitionIndex), reused until a statement with one comes or goes. */
const ALL_DEFINITIONS_OF = modelQuery('definitions of a name', (model, name: string) => DefinitionIndex.ordered(ALL_DEFINITIONS.lookup(model.db, name)), { reads: 'key' });
const MODULE_DEFINITIONS_OF = modelQuery('module definitions of a name', (model, name: string) => DefinitionIndex.ordered(MODULE_DEFINITIONS.lookup(model.db, name)), { reads: 'key' });

/** The definitions index of one version: a view of the database, which memoises its answers. */
function definitionIndexOf(model: SemanticModel): DefinitionIndex {
  return new DefinitionIndex(model.root, {
    scopesIn: (statement) => DEFINITIONS_IN_STATEMENT.of(model, statement).byScope,
    atModule: (name) => MODULE_DEFINITIONS_OF.of(model, name),
    all: (name) => ALL_DEFINITIONS_OF.of(model, name),
  });
}

/** What a top-level statement's method calls say of their receivers (see `moduleCallsIn`). */
const MODULE_CALLS_IN_STATEMENT = new StatementFact('module calls', (model, statement) => moduleCallsIn(ofKindIn(model, statement, 'call'), model.text));

/** The names the file calls a module-only method on, merged from its statements'. */
const MODULE_EVIDENCE = new ItemIndex('module evidence', MODULE_CALLS_IN_STATEMENT.eachItem, (part): [string, readonly true[]][] => [...part.evidence].map((name) => [name, [true]]));

/** The file's calls of methods that modules have and tensors lack, by receiver, merged from its statements'. */
const MODULE_METHOD_CALLS = new ItemIndex('module method calls by receiver', MODULE_CALLS_IN_STATEMENT.eachItem, (part) => part.moduleMethodCalls);

/** A top-level statement's classes (nested ones too), each as its name and bases. */
const CLASSES_IN_STATEMENT = new StatementFact('classes', (model, statement) => classSignatures(ofKindIn(model, statement, 'class_definition'), model.text));

/** The file's classes as their names and bases: an edit that leaves them as they were changes nothing that reads them. */
const CLASS_SIGNATURES = modelQuery('class signatures', (model, _: void) => joined(CLASSES_IN_STATEMENT.ofEach(model)), { equals: sameClassSignatures });

/** What the file's classes are, which depends on their names and bases and on the imports alone. */
const CLASS_KINDS = modelQuery('class kinds', (model, _: void): ClassKinds => classKindsOf(CLASS_SIGNATURES.of(model), model.imports), { reads: 'key', equals: sameClassKinds });

/**
 * The answers to the questions about names that classifying calls asks (see ModuleAnalysis). A name
 * still being worked out (a cycle of definitions) holds no module for now.
 */
const NAME_ANSWERS: Readonly<Record<NameQuestion, Query<SemanticModel, string, boolean>>> = {
  module: nameQuestion('module'),
  loaded: nameQuestion('loaded'),
  layer: nameQuestion('layer'),
  class: nameQuestion('class'),
  distribution: nameQuestion('distribution'),
  'module class': nameQuestion('module class'),
};

/**
 * The class every value bound to a name is an instance of: asked by every statement whose calls it
 * classifies, and reused while it is the same, so that an edit to one definition of a common name
 * reclassifies only what the answer's change reaches.
 */
const INSTANCE_CLASS = modelQuery('instance class of a name', (model, name: string) => model.modules.computeInstanceClassOf(name), { reads: 'key', equals: sameInstanceClass, onCycle: () => undefined });

/** The classes of the values bound to a name, reused while they are the same (see INSTANCE_CLASS). */
const INSTANCE_CLASSES = modelQuery('instance classes of a name', (model, name: string) => model.modules.computeInstanceClassesOf(name), {
  reads: 'key',
  equals: (a, b) => a === b || (a !== undefined && b !== undefined && sameItems(a, b, sameInstanceClass)),
  onCycle: () => undefined,
});

/** What every value bound to a name is made by calling, reused while it is the same (see INSTANCE_CLASS). */
const CONSTRUCTOR_NAME = modelQuery('constructor of a name', (model, name: string) => model.modules.computeConstructorNameOf(name), { reads: 'key', onCycle: () => undefined });

/** What a name's values are made by, from constructors or annotations, reused while it is the same (see INSTANCE_CLASS). */
const MADE_BY = modelQuery('what a name is made by', (model, name: string) => model.modules.computeMadeBy(name), { reads: 'key', onCycle: () => undefined });

function nameQuestion(question: NameQuestion): Query<SemanticModel, string, boolean> {
  return modelQuery(`module answer: ${question}`, (model, name: string) => model.modules.answer(question, name), { reads: 'key', onCycle: () => false });
}

/** Whether a call runs a forward pass, for a file analysed once (an open document's statements classify their calls together). */
const IS_FORWARD_CALL = modelQuery('is a forward call', (model, call: SyntaxNode) => model.modules.classifiesAsForward(call));

/**
 * A method that runs a forward pass in its own body (a call that `classifiesAsForwardByName`), so
 * that calling it on a module is one too: read from the method and the answers about the names it calls.
 */
const METHOD_FORWARDS = modelQuery('method runs a forward', (model, method: SyntaxNode) =>
  nodesIn(model, method, 'call').some((call) => model.modules.classifiesAsForwardByName(call)), { reads: 'key', onCycle: () => false });

/**
 * A method whose own code runs every model call it makes under `no_grad` (`with torch.no_grad():`
 * around `self.forward(x)` in a `predict`): calling it runs the model and records no graph,
 * whatever its caller's grad mode. A model call is a forward pass or a call of a method of its own
 * class that runs one (`self.get_embedding(ids)`).
 */
const METHOD_RUNS_MODEL_GRAD_OFF = modelQuery('method runs its model with grad off', (model, method: SyntaxNode) => {
  const cls = classOfMethod(method);
  const runsModel = (call: SyntaxNode) => {
    if (model.modules.classifiesAsForwardByName(call)) return true;
    const m = methodCall(call, model.text);
    if (!m || !cls || nodeText(m.receiver, model.text) !== 'self') return false;
    return model.functionsNamed(m.method).some((fn) => classOfMethod(fn) === cls && METHOD_FORWARDS.of(model, fn));
  };
  const runs = nodesIn(model, method, 'call').filter((call) => enclosingFunction(call) === method && runsModel(call));
  return runs.length > 0 && runs.every((call) => model.gradMode.setAround(call) === 'disabled');
}, { reads: 'key', onCycle: () => false });

/** A method decorated to run with gradients off (`@torch.no_grad()` on a module's `forward`). */
const METHOD_DISABLES_GRAD = modelQuery('method turns grad off', (model, method: SyntaxNode) =>
  decoratorsOf(method).some((decorator) => contextModeOf(decoratorExpression(decorator), true, { text: model.text, imports: model.imports, valueOfName: () => null }) === 'disabled'), { reads: 'key' });

const CALLEE_TRAINS = modelQuery('callee trains', (model, name: string): boolean => {
  const facts = model.projectSymbol(model.imports.qualify(name));
  if (facts) return facts.kind === 'function' && facts.function.trains;
  const dot = name.lastIndexOf('.');
  // An object of another file's class or this file's (`agent.update()`, a notebook's agent): what its method does.
  return dot < 0 ? model.modules.methodOfInstanceTrains(name, '__call__') : model.modules.methodOfInstanceTrains(name.slice(0, dot), name.slice(dot + 1));
}, { reads: 'key', onCycle: () => false });

/** The module analysis of one version: a view of the database, which memoises its answers. */
function moduleAnalysisOf(model: SemanticModel): ModuleAnalysis {
  return new ModuleAnalysis({
    text: model.text,
    get imports() {
      return model.imports;
    },
    get definitions() {
      return model.definitions;
    },
    classKinds: () => CLASS_KINDS.of(model),
    evidence: { has: (name) => MODULE_EVIDENCE.has(model.db, name) },
    functionsNamed: model.lookupFunctions,
    callsOfName: (name) => model.callsOfName(name, false),
    moduleMethodCallsOn: (name) => MODULE_METHOD_CALLS.lookup(model.db, name),
    ask: (question, name) => NAME_ANSWERS[question].of(model, name),
    instanceClass: (name) => INSTANCE_CLASS.of(model, name),
    instanceClasses: (name) => INSTANCE_CLASSES.of(model, name),
    constructorName: (name) => CONSTRUCTOR_NAME.of(model, name),
    madeBy: (name) => MADE_BY.of(model, name),
    projectSymbol: (qualified) => model.projectSymbol(qualified),
    methodForwards: (method) => METHOD_FORWARDS.of(model, method),
    methodDisablesGrad: (method) => METHOD_DISABLES_GRAD.of(model, method),
    methodRunsModelGradOff: (method) => METHOD_RUNS_MODEL_GRAD_OFF.of(model, method),
    methodTrains: (method) => model.needsGradients(method),
    projectMethodsNamed: (name) => PROJECT_METHODS.of(model, name),
    returnsOf: (fn) => model.returnsOf(fn),
    isForwardCall: model.db.records
      ? (call) => FORWARD_CALLS_IN_STATEMENT.of(model, topLevelStatementOf(call)).includes(call)
      : (call) => IS_FORWARD_CALL.of(model, call),
  });
}

/** The mode a `with` statement sets for its body, reused while its managers and the imports are the same. */
const WITH_MODE = modelQuery('mode of a with statement', (model, withStatement: SyntaxNode): GradMode | null => {
  const { mode, readsName } = withModeOf(withStatement, { text: model.text, imports: model.imports, valueOfName: (name) => valueOfName(model, name) });
  // A manager that is a bare name reads its assignment, wherever that is.
  if (readsName) model.db.readVersion();
  return mode;
}, { reads: 'key' });

/** See `SemanticModel.modeAt`: it reads the version's grad modes, and its equal answers stop what reads it from being worked out again. */
const MODE_AT = modelQuery('grad mode at a node', (model, node: SyntaxNode) => model.gradMode.at(node), { reads: 'key' });

const GRAD_MODE = modelQuery('grad mode', (model, _: void) => new GradModeAnalysis({
  text: model.text,
  imports: model.imports,
  callersOf: (fn) => model.callersOf(fn),
  valueOfName: (name) => valueOfName(model, name),
  setGradEnabledStatements: joined(SET_GRAD_ENABLED_IN_STATEMENT.ofEach(model)),
  withMode: (withStatement) => WITH_MODE.of(model, withStatement),
  projectSymbol: (qualified) => model.projectSymbol(qualified),
  externalCallsOfFunction: (fn) => model.externalCallsOfFunction(fn),
}));

/** The value assigned to a name where it stands, if an assignment gives it. */
function valueOfName(model: SemanticModel, name: SyntaxNode): SyntaxNode | null {
  const def = model.definitions.reaching(scopeOf(name), nodeText(name, model.text), name.start);
  return def?.kind === 'assign' ? def.value : null;
}

/** A top-level statement's statements `torch.set_grad_enabled(...)` and `stack.enter_context(...)`. */
const SET_GRAD_ENABLED_IN_STATEMENT = new StatementFact('grad mode switches', (model, statement) =>
  ofKindIn(model, statement, 'expression_statement').filter((s) => {
    const call = s.children.find((c) => c.named);
    const name = call && is(call, 'call') ? dottedName(field(call, 'function'), model.text) : null;
    return name !== null && /(^|\.)(set_grad_enabled|enter_context)$/.test(name);
  }),
);

/** Which values carry a graph in one version: a view of the database, which memoises its answers. */
function graphAnalysisOf(model: SemanticModel): GraphAnalysis {
  return new GraphAnalysis({
    text: model.text,
    imports: model.imports,
    definitions: model.definitions,
    gradMode: model.gradMode,
    modules: model.modules,
    backpropagatedDefinitions: (scope) => model.backpropagatedDefinitions(scope),
    backpropagatedIn: (scope) => model.backpropagatedIn(scope),
    functionsNamed: model.lookupFunctions,
    returnsOf: (fn) => model.returnsOf(fn),
    callersOf: (fn) => model.callersOf(fn),
    carries: (expression, returning) => (returning ? CARRIES_GRAPH_RETURNING : CARRIES_GRAPH).of(model, expression),
    knows: (expression, returning) => model.db.known(returning ? CARRIES_GRAPH_RETURNING : CARRIES_GRAPH, expression),
    returnsGraph: (fn) => RETURNS_GRAPH.of(model, fn),
    unpackedKind: (value, index) => model.unpackedKind(value, index),
  });
}

const CARRIES_GRAPH = modelQuery('carries a graph', (model, expression: SyntaxNode) => model.graph.carries(expression), { onCycle: () => false });
const CARRIES_GRAPH_RETURNING = modelQuery('carries a graph, in a function returning it', (model, expression: SyntaxNode) => model.graph.carries(expression), { onCycle: () => false });
const RETURNS_GRAPH = modelQuery('returns a graph', (model, fn: SyntaxNode) => model.graph.computeReturnsGraph(fn), { onCycle: () => false });

/** The evaluation regions of one version: a view of the database, which memoises its answers. */
function evalContextOf(model: SemanticModel): EvalContextAnalysis {
  return new EvalContextAnalysis({
    text: model.text,
    evalFunctionNames: model.settings.evalFunctionNames,
    isTestFunction: (fn) => model.isTestFunction(fn),
    isModuleName: (name) => model.modules.isModuleName(name),
    feedsTraining: (fn, name) => model.feedsTraining(fn, name),
    needsGradients: (node) => model.needsGradients(node),
    functionsNamed: model.lookupFunctions,
    functionRegion: (fn) => FUNCTION_EVAL_REGION.of(model, fn),
    loopRegion: (loop) => LOOP_EVAL_REGION.of(model, loop),
    evalStatementsByBlock: () => EVAL_STATEMENTS_BY_BLOCK.of(model),
    statementsAfterEval: (call) => STATEMENTS_AFTER_EVAL.of(model, call),
    afterEvalRegion: (call) => AFTER_EVAL_REGION.of(model, call),
  });
}

const STATEMENTS_AFTER_EVAL = modelQuery('statements after eval()', (model, call: SyntaxNode) => model.evalContext.statementsAfterEvalOf(call));
const AFTER_EVAL_REGION = modelQuery('evaluation region after eval()', (model, call: SyntaxNode) => model.evalContext.afterEvalRegionOf(call));

const FUNCTION_EVAL_REGION = modelQuery('evaluation region of a function', (model, fn: SyntaxNode) => model.evalContext.functionRegionOf(fn));
/** Read from the loop's own subtree and the gradients its code needs: reused while the region is the same. */
const LOOP_EVAL_REGION = modelQuery('evaluation region of a loop', (model, loop: SyntaxNode) => model.evalContext.loopRegionOf(loop), { reads: 'key', equals: sameEvalRegion });

/** The file's `x.eval()` statements on modules, by the block they stand in. */
const EVAL_STATEMENTS_BY_BLOCK = modelQuery('eval() statements by block', (model, _: void) => evalStatementsByBlock(
  joined(EVAL_CALLS_IN_STATEMENT.ofEach(model)).filter((call) => {
    const receiver = dottedName(methodCall(call, model.text)!.receiver, model.text);
    return receiver !== null && model.modules.isModuleName(receiver);
  }),
));

/** A top-level statement's statements `x.eval()` (whether `x` is a module is for the file to say). */
const EVAL_CALLS_IN_STATEMENT = new StatementFact('eval() statements', (model, statement) =>
  ofKindIn(model, statement, 'call').filter((call) => {
    const m = methodCall(call, model.text);
    return m?.method === 'eval' && call.parent?.type === 'expression_statement' && dottedName(m.receiver, model.text) !== null;
  }),
);

/** The forward flow of one version: a view of the database, which memoises the graphs and fates it works out. */
function forwardFlowOf(model: SemanticModel): ForwardFlowAnalysis {
  return new ForwardFlowAnalysis({
    text: model.text,
    isBackwardCall: (call) => model.isBackwardCall(call),
    callersOf: (fn) => model.callersOf(fn),
    isModuleName: (name) => model.modules.isModuleName(name),
    isDistributionAt: (read) => model.modules.isDistributionAt(read),
    calleeVerdict: (name) => CALLEE_VERDICT.of(model, name),
    callTrains: (name) => CALLEE_TRAINS.of(model, name),
    graphOf: (scope) => SCOPE_GRAPH.of(model, scope),
    fate: (call) => FORWARD_FATE.of(model, call),
    fateKnown: (call) => model.db.known(FORWARD_FATE, call),
    readsVersion: () => model.db.readVersion(),
  });
}

/** What a call of a name hands its arguments to (see `calleeVerdictOf`). */
const CALLEE_VERDICT = modelQuery('callee verdict', (model, name: string) =>
  calleeVerdictOf(name, model.text, model.lookupFunctions, (fn) => model.needsGradients(fn)), { reads: 'key' });

/** A scope's def-use graph: a function's serves every version in which it is the same node and what the graph asked is unchanged. */
const SCOPE_GRAPH = modelQuery('def-use graph', (model, scope: SyntaxNode): ScopeGraph => model.forwardFlow.buildGraph(scope), { reads: 'key' });

/** Where a forward output goes. A call whose result is returned leads back here through its callers: the safe answer meanwhile. */
const FORWARD_FATE = modelQuery('forward fate', (model, call: SyntaxNode): ForwardFate => {
  // The call may outlive an edit that gave it another function around it (see `readsStatementOf`).
  model.db.observe(() => scopeOf(call));
  return model.forwardFlow.computeFate(call);
}, { reads: 'key', onCycle: (): ForwardFate => 'escapes' });

/** A statement's argparse options, parsing functions and the names it binds to parsed arguments (see argparseIn). */
const ARGPARSE_IN_STATEMENT = new StatementFact('argparse', (model, statement) => argparseIn(ofKindIn(model, statement, 'call'), model.text, model.definitions));

// (A statement's later option for a dest replaces its earlier one; the file's last statement with one wins.)
const ARGPARSE_OPTIONS = new ItemIndex('argparse options', ARGPARSE_IN_STATEMENT.eachItem, (part: StatementArgparse) => part.options.map(([dest, option]): [string, readonly ArgumentOption[]] => [dest, [option]]));
const ARGPARSE_PARSING_FUNCTIONS = new ItemIndex('functions that return parsed arguments', ARGPARSE_IN_STATEMENT.eachItem, (part: StatementArgparse) => part.parsingFunctions.map((name): [string, readonly true[]] => [name, [true]]));
const ARGPARSE_NAMESPACES = new ItemIndex('names bound to parsed arguments', ARGPARSE_IN_STATEMENT.eachItem, (part: StatementArgparse) => part.namespaces.map((name): [string, readonly true[]] => [name, [true]]));
const ARGPARSE_BOUND_BY_CALLEE = new ItemIndex('names bound to what a call returns', ARGPARSE_IN_STATEMENT.eachItem, (part: StatementArgparse) => part.boundByCallee);

/** The statements' argparse pieces merged key by key. */
function argparseSetup(model: SemanticModel): ArgparseSetup {
  const { db } = model;
  let boundToParsed: Set<string> | undefined;
  return {
    option: (dest) => ARGPARSE_OPTIONS.lookup(db, dest).at(-1),
    isParsingFunction: (name) => ARGPARSE_PARSING_FUNCTIONS.has(db, name),
    isNamespace: (name) => {
      if (ARGPARSE_NAMESPACES.has(db, name)) return true;
      boundToParsed ??= new Set([...ARGPARSE_PARSING_FUNCTIONS.keys(db)].flatMap((fn) => ARGPARSE_BOUND_BY_CALLEE.lookup(db, fn)));
      return boundToParsed.has(name);
    },
  };
}

const INTS = modelQuery('ints', (model, _: void) => new IntResolver(
  model.text,
  model.definitions,
  argparseSetup(model),
  (name, viaAttribute) => model.callsOfName(name, viaAttribute),
  () => RELOAD_SITES_IN_STATEMENT.ofEach(model),
  {
    reloadsNamespace: (object) => RELOADS_NAMESPACE.of(model, object),
    classesByName: () => CLASSES_BY_NAME.of(model),
    parameterHoldsNamespace: (parameter) => PARAMETER_HOLDS_NAMESPACE.of(model, parameter),
  },
  // Only the calls known to be of this function: a method's calls by its name alone may be another class's.
  (fn) => {
    const external = model.externalCallsOfFunction(fn);
    return external.exact ? external.calls : [];
  },
));

const RELOADS_NAMESPACE = modelQuery('namespace set again', (model, object: string) => model.ints.scanForReloads(object));
const CLASSES_BY_NAME = modelQuery('classes by name', (model, _: void) => classesByName(model.root, model.text));
const PARAMETER_HOLDS_NAMESPACE = modelQuery('parameter holds a namespace', (model, _parameter: SyntaxNode) => model.ints.parameterHoldsNamespace(), { onCycle: () => false });

/** Where each top-level statement may set parsed arguments again (see reloadSitesIn). */
const RELOAD_SITES_IN_STATEMENT = new StatementFact('argparse reload sites', (model, statement) => reloadSitesIn(statement, model.text));

/** A statement's forward calls, grouped by the function they run in (a call's function lies in the call's statement). */
const FORWARD_CALLS_BY_FUNCTION = modelQuery('forward calls by function', (model, statement: SyntaxNode) =>
  groupBy(FORWARD_CALLS_IN_STATEMENT.of(model, statement), enclosingFunction), { reads: 'key' });

const FORWARD_CALLS_BY_SCOPE = modelQuery('forward calls by scope', (model, _: void) => groupBy(model.forwardCalls, scopeOf));

/** The backward calls by scope (see `scopeOf`): each scope's names backpropagated are read from its own. */
const BACKWARD_CALLS_BY_SCOPE = modelQuery('backward calls by scope', (model, _: void) => groupBy(model.backwardCalls, scopeOf));

/** A statement's forward calls: reused while the answers about names that classified them stay the same. */
const FORWARD_CALLS_IN_STATEMENT = new StatementFact('forward calls', (model, statement): readonly SyntaxNode[] =>
  model.modules.forwardCallsAmong(ofKindIn(model, statement, 'call')));

const FORWARD_CALLS = modelQuery('forward calls of the file', (model, _: void) => joined(FORWARD_CALLS_IN_STATEMENT.ofEach(model)));

const IS_TEST_MODULE = modelQuery('is a test module', (model, _: void) => {
  const path = (model.path ?? '').replace(/\\/g, '/');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (/^test_.*\.py$|_test\.py$|^conftest\.py$/.test(base) || /(^|\/)tests?\//.test(path)) return true;
  return model.imports.resolveName('pytest') !== undefined || model.imports.resolveName('unittest') !== undefined;
});

const USES_GPU = modelQuery('uses a GPU', (model, _: void) => /\.cuda\(|["']cuda(:\d+)?["']|\bdevice\b|\.to\(\s*(dev|gpu|rank|local_rank)/.test(model.text));

const FUNCTIONS_IN_STATEMENT = new StatementFact('functions by name', (model, statement) =>
  groupBy(ofKindIn(model, statement, 'function_definition'), (fn) => functionName(fn, model.text)),
);

const FUNCTIONS_BY_NAME = new ItemIndex('functions by name', FUNCTIONS_IN_STATEMENT.eachItem, (part) => part);

const IDENTIFIERS_IN_STATEMENT = new StatementFact('identifiers by name', (model, statement) =>
  groupBy(ofKindIn(model, statement, 'identifier'), (id) => nodeText(id, model.text)),
);

// An analysis asks for few names (two in a 10,000-line file), so they are merged name by name.
const IDENTIFIERS_BY_NAME = new ItemIndex('identifiers by name', IDENTIFIERS_IN_STATEMENT.eachItem, (part) => part, { lazyLookup: (part, name) => part.get(name) });

/** One top-level statement's calls by callee name and the names it uses other than as a callee. */
interface StatementCalls {
  callsByName: ReadonlyMap<string, readonly SyntaxNode[]>;
  callsByAttribute: ReadonlyMap<string, readonly SyntaxNode[]>;
  /** Calls of a method on a plain name (`loss.item()`), by `name.method`. */
  callsOnName: ReadonlyMap<string, readonly SyntaxNode[]>;
  escapingIdentifiers: ReadonlyMap<string, readonly SyntaxNode[]>;
  escapingAttributes: ReadonlySet<string>;
}

const CALLS_IN_STATEMENT = new StatementFact('calls by callee name', (model, statement): StatementCalls => {
  const { text } = model;
  const calls = ofKindIn(model, statement, 'call');
  const escapingIdentifiers = groupBy(ofKindIn(model, statement, 'identifier'), (ref) => {
    if (ref.fieldName === 'function' && ref.parent?.type === 'call') return null;
    if (ref.fieldName === 'attribute' || ref.parent?.type === 'aliased_import' || ref.parent?.type === 'dotted_name') return null;
    // The name of a definition is not a use of it (two nested `def eval_loss()` do not pass each other on).
    if (ref.fieldName === 'name' && (ref.parent?.type === 'function_definition' || ref.parent?.type === 'class_definition')) return null;
    return nodeText(ref, text);
  });
  const escapingAttributes = new Set<string>();
  for (const ref of ofKindIn(model, statement, 'attribute')) {
    if (ref.fieldName === 'function' && ref.parent?.type === 'call') continue;
    const attr = ref.children.find((c) => c.fieldName === 'attribute');
    if (attr) escapingAttributes.add(nodeText(attr, text));
  }
  return {
    callsByName: groupBy(calls, (call) => calleeName(call, 'identifier', text)),
    callsByAttribute: groupBy(calls, (call) => calleeName(call, 'attribute', text)),
    callsOnName: groupBy(calls, (call) => {
      const m = methodCall(call, text);
      return m !== null && m.receiver.type === 'identifier' ? `${nodeText(m.receiver, text)}.${m.method}` : null;
    }),
    escapingIdentifiers,
    escapingAttributes: escapingAttributes.size ? escapingAttributes : NO_NAMES,
  };
});

const CALLS_BY_NAME = new ItemIndex('calls by callee name', CALLS_IN_STATEMENT.eachItem, (part) => part.callsByName);
const CALLS_BY_ATTRIBUTE = new ItemIndex('calls by method name', CALLS_IN_STATEMENT.eachItem, (part) => part.callsByAttribute);
const CALLS_ON_NAME = new ItemIndex('method calls on a name', CALLS_IN_STATEMENT.eachItem, (part) => part.callsOnName);
const ESCAPING_IDENTIFIERS = new ItemIndex('names used other than as a callee', CALLS_IN_STATEMENT.eachItem, (part) => part.escapingIdentifiers);
const ESCAPING_ATTRIBUTES = new ItemIndex('attributes used other than as a callee', CALLS_IN_STATEMENT.eachItem, (part): [string, readonly true[]][] => [...part.escapingAttributes].map((attribute) => [attribute, [true]]));

/** The name a call's callee has when it is of `type`: the identifier, or the attribute's name. */
function calleeName(call: SyntaxNode, type: 'identifier' | 'attribute', text: string): string | null {
  const target = callee(call);
  if (target?.type !== type) return null;
  const name = type === 'identifier' ? target : target.children.find((c) => c.fieldName === 'attribute');
  return name ? nodeText(name, text) : null;
}

/** A statement's backward calls, judged under the file's imports (`autograd.grad` depends on them). */
const BACKWARD_CALLS_IN_STATEMENT = new StatementFact('backward calls', (model, statement): readonly SyntaxNode[] =>
  ofKindIn(model, statement, 'call').filter((call) => isBackwardCallNode(model, call)));

/** The file's backward calls: the same list (kept) while no statement's changes, so that what reads it is kept too. */
const BACKWARD_CALLS = modelQuery('backward calls', (model, _: void) => joined(BACKWARD_CALLS_IN_STATEMENT.ofEach(model)), { equals: sameItems });

function isBackwardCallNode(model: SemanticModel, call: SyntaxNode): boolean {
  const m = methodCall(call, model.text);
  if (m?.method === 'backward' || m?.method === 'manual_backward') return true;
  // Otherwise `autograd.grad(...)`, `ag.backward(...)`, or a plain name imported as one of them
  // (`from torch.autograd import grad as g`).
  const fn = callee(call);
  if (m && m.method !== 'grad') return false;
  if (!m && fn?.type !== 'identifier') return false;
  const name = dottedName(fn, model.text);
  const qualified = name ? model.imports.qualify(name) ?? name : '';
  return /(^|\.)autograd\.(grad|backward)$/.test(qualified) || qualified === 'torch.autograd.grad';
}

/**
 * What each name is built from in one top-level statement: for the values assigned to it and the
 * arguments appended to it, the source keys (see `sourceKey`) of the names they read.
 */
const FEEDS_IN_STATEMENT = new StatementFact('what names are built from', (model, statement) => {
  const { text } = model;
  const feeds = new Map<string, Set<string>>();
  const link = (key: string, value: SyntaxNode) => {
    let sources = feeds.get(key);
    if (!sources) feeds.set(key, (sources = new Set()));
    for (const ref of referencesIn(value, text, true)) sources.add(sourceKey(ref));
  };
  for (const kind of ['assignment', 'augmented_assignment', 'for_statement']) {
    for (const d of ofKindIn(model, statement, kind)) {
      const left = d.children.find((c) => c.fieldName === 'left');
      const right = d.children.find((c) => c.fieldName === 'right');
      if (!left || !right) continue;
      for (const ref of targetReferences(left, text)) link(sourceKey(ref), right);
    }
  }
  for (const call of ofKindIn(model, statement, 'call')) {
    const m = methodCall(call, text);
    if (m?.method !== 'append' && m?.method !== 'extend' && m?.method !== 'insert') continue;
    const name = dottedName(m.receiver, text);
    const args = field(call as SyntaxNode & { type: 'call' }, 'arguments');
    if (name && args) link(sourceKey(name), args);
  }
  // Held as lists: a set per name costs several times the memory, and every open document holds these.
  return new Map([...feeds].map(([key, sources]): [string, readonly string[]] => [key, [...sources]]));
});

/** What names are built from, merged from the statements'. */
const FEEDS = new ItemIndex('what names are built from', FEEDS_IN_STATEMENT.eachItem, (part) => part);

const BACKPROP_SOURCES = modelQuery('backprop sources', (model, _: void) => {
  // Everything reachable from the backward calls' targets through those links.
  const keys = new Set<string>();
  const pending: string[] = [];
  const reach = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    pending.push(key);
  };
  for (const call of model.backwardCalls) for (const t of model.backwardTargets(call)) for (const ref of referencesIn(t, model.text, true)) reach(sourceKey(ref));
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    for (const source of FEEDS.lookup(model.db, key)) reach(source);
  }
  return keys;
}, { reads: 'key', equals: sameMembers });

/**
 * Names whose value a expression is, up to summing or stacking it: `x`, `sum(xs)`, `xs.mean()`,
 * `torch.stack(xs).sum()`, either branch of `a if c else b`. Not arithmetic with other values.
 */
function sameValueSources(expression: SyntaxNode, text: string): string[] {
  const expr = unparenthesize(expression);
  if (expr.type === 'identifier') return [nodeText(expr, text)];
  if (expr.type === 'conditional_expression') {
    const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
    return [parts[0], parts[2]].flatMap((p) => (p ? sameValueSources(p, text) : []));
  }
  if (is(expr, 'call')) {
    const m = methodCall(expr, text);
    if (m && ['sum', 'mean'].includes(m.method)) return sameValueSources(m.receiver, text);
    const name = dottedName(callee(expr), text);
    const args = callArguments(expr, text).positional;
    if (name && /^(sum|torch\.(sum|mean|stack|cat))$/.test(name) && args.length >= 1) return sameValueSources(args[0]!, text);
  }
  return [];
}

/** The names an assignment target binds or fills: `d` for `d[k] = v` (the key `k` is only read). */
function targetReferences(target: SyntaxNode, text: string): string[] {
  const node = unparenthesize(target);
  if (node.type === 'subscript') {
    const base = node.children.find((c) => c.fieldName === 'value');
    return base ? targetReferences(base, text) : [];
  }
  if (['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'expression_list'].includes(node.type)) {
    return node.children.filter((c) => c.named && c.type !== 'comment').flatMap((c) => targetReferences(c, text));
  }
  return referencesIn(node, text);
}

/**
 * The key a name has among backprop sources: `self.x` whole (this object's attribute), `.x` for an
 * attribute of another object (`policy.saved_log_probs`), a plain name as it is. Matching then keeps
 * a local `step_losses` apart from `self.step_losses` of another class, and nothing else.
 */
export function sourceKey(name: string): string {
  if (/^self\.\w+$/.test(name)) return name;
  return name.includes('.') ? `.${lastSegment(name)}` : name;
}

/** A list or total named `name` holds values that flow into a backward call somewhere in the file. */
export function isBackpropSource(model: SemanticModel, name: string): boolean {
  const sources = model.backpropSources;
  const last = lastSegment(name);
  if (/^self\.\w+$/.test(name)) return sources.has(name) || sources.has(`.${last}`);
  if (name.includes('.')) return sources.has(`.${last}`) || sources.has(`self.${last}`) || sources.has(last);
  return sources.has(name) || sources.has(`.${name}`);
}

export type { Definition };

// What the rule families' own analyses declare their facts with (they see the engine through the model).
export { SubtreeFact } from './engine/subtree-fact';
export type { KeyPair } from './engine/database';
