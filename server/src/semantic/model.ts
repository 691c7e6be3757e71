// What the rules know about a file, built from one walk of its syntax tree. Everything is
// computed lazily and memoised: a rule that never asks for grad modes never pays for them.
import type { Settings } from '../core/settings';
import type { SourceText } from '../core/source';
import { field, is, walk, type Node, type SyntaxNode } from '../parser/syntax';
import { argparseIn, IntResolver, reloadSitesIn, type ArgparseSetup, type ArgumentOption, type StatementArgparse } from './argparse';
import { DefinitionIndex, indexDefinitions, StatementDefinitions } from './definitions';
import { EvalContextAnalysis } from './eval-context';
import { needsGradients } from './gradient-needs';
import { ForwardFlowAnalysis, type KeptFlow } from './forward-flow';
import { CheckedStatementFact, FactStore, FunctionFact, lazilyMergedParts, MemorySlot, MergeSlot, mergedParts, ModuleFact, patchedFromVersionToVersion, StatementFact, type LazilyMergedParts, type MergedParts, type PatchedValue, type StatementValues, type VersionMemory } from './facts';
import { enteredManager, GradModeAnalysis, managerReadsName, withItemManager, type FunctionModes, type GradMode } from './grad-mode';
import { carriedGradModes, type GradModeReads } from './grad-modes-kept';
import { GraphAnalysis } from './graph';
import { ImportTable } from './imports';
import { advancedHistory, nameHistorySlot, type NameHistory, type NameHistorySlot } from './name-history';
import { carryAnswers, MODULE_ANSWERS, type AnswersOfVersion, type ModuleAnswers, type StatementReads } from './module-answers';
import { ModuleAnalysis, moduleEvidenceIn, type ModuleAnswer } from './modules';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, referencesIn, unparenthesize } from './names';
import { classOfMethod, decoratorExpression, enclosingFunction, functionName, scopeOf, topLevelStatementOf, within } from './scopes';
import { nodesIn, nodesWithin } from './subtree';
import { groupBy, joined, mergeGroups } from './group-by';

const NO_FUNCTIONS: readonly SyntaxNode[] = [];

/** The nodes of each kind in a top-level statement's subtree, in document order. */
const KINDS_IN_STATEMENT = new StatementFact('nodes by kind', (_model, statement) => {
  const found = new Map<string, SyntaxNode[]>();
  walk(statement, (n) => {
    const list = found.get(n.type);
    if (list) list.push(n);
    else found.set(n.type, [n]);
  });
  return found;
});

/** The nodes of `kind` in a top-level statement's subtree, in document order. */
function ofKindIn(model: SemanticModel, statement: SyntaxNode, kind: string): readonly SyntaxNode[] {
  return KINDS_IN_STATEMENT.of(model, statement).get(kind) ?? NO_FUNCTIONS;
}

export class SemanticModel {
  private readonly byKind = new Map<string, SyntaxNode[]>();
  readonly text: string;
  /** Facts the analyses derive from this file, each declared once as a key (see facts.ts). */
  readonly facts: FactStore;

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
    /** The tree is an open document's, whose unchanged statements the next version reuses (see FactStore). */
    keepsStatementFacts = false,
    /** What the analysis of the document's last version left for this one (see VersionMemory). */
    memory?: VersionMemory,
  ) {
    this.text = source.text;
    this.facts = new FactStore(this, keepsStatementFacts, memory);
    memory?.set(LAST_VERSION, this);
  }

  /** The nodes of `kind` in `statement`'s subtree (a top-level statement of this file), in document order. */
  nodesOfKindIn(statement: SyntaxNode, kind: string): readonly SyntaxNode[] {
    return ofKindIn(this, statement, kind);
  }

  /** The file's nodes of `kind`, in document order. */
  nodesOfKind(kind: string): readonly SyntaxNode[] {
    let list = this.byKind.get(kind);
    if (!list) {
      list = this.root.type === kind ? [this.root] : [];
      for (const statement of this.root.children) {
        for (const node of ofKindIn(this, statement, kind)) list.push(node);
      }
      this.byKind.set(kind, list);
    }
    return list;
  }

  /**
   * The nodes of `kind` in the top-level statement that holds `node`, or in the whole file for the
   * module node, in document order: among them, all those within `node`.
   */
  nodesOfKindAround(node: SyntaxNode, kind: string): readonly SyntaxNode[] {
    if (!node.parent) return this.nodesOfKind(kind);
    return ofKindIn(this, topLevelStatementOf(node), kind);
  }

  get imports(): ImportTable {
    return this.facts.module(IMPORTS);
  }

  get definitions(): DefinitionIndex {
    return this.facts.module(DEFINITIONS);
  }

  get modules(): ModuleAnalysis {
    return this.facts.module(MODULES);
  }

  get gradMode(): GradModeAnalysis {
    return this.facts.module(GRAD_MODE);
  }

  get graph(): GraphAnalysis {
    return this.facts.module(GRAPH);
  }

  get evalContext(): EvalContextAnalysis {
    return this.facts.module(EVAL_CONTEXT);
  }

  /** Where forward passes' outputs go: to a backward pass, out of sight, or nowhere. */
  get forwardFlow(): ForwardFlowAnalysis {
    return this.facts.module(FORWARD_FLOW);
  }

  /** `call` is one of `backwardCalls`. */
  isBackwardCall(call: SyntaxNode): boolean {
    return this.facts.module(BACKWARD_CALL_SET).has(call);
  }

  /** The same function object every time, so that answers keyed by it stay with this model. */
  readonly lookupFunctions = (name: string): readonly SyntaxNode[] => this.functionsNamed(name);

  /** The code (a function, a loop, a statement), or a helper of this file it calls, computes gradients. */
  needsGradients(node: SyntaxNode): boolean {
    return needsGradients(node, this.text, this.lookupFunctions);
  }

  get ints(): IntResolver {
    return this.facts.module(INTS);
  }

  /** Calls that run a model's forward pass, in document order. */
  get forwardCalls(): readonly SyntaxNode[] {
    return this.facts.module(FORWARD_CALLS);
  }

  /** The forward calls in the body of `fn` itself (not of functions defined inside it), in document order. */
  forwardCallsOf(fn: SyntaxNode): readonly SyntaxNode[] {
    return this.facts.module(FORWARD_CALLS_BY_FUNCTION).get(fn) ?? NO_FUNCTIONS;
  }

  /** The forward calls whose scope (function, lambda or module, see `scopeOf`) is `scope`. */
  forwardCallsInScope(scope: SyntaxNode): readonly SyntaxNode[] {
    return this.facts.module(FORWARD_CALLS_BY_SCOPE).get(scope) ?? NO_FUNCTIONS;
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
    return (this.callersOf(fn) ?? []).some((call) => {
      const caller = enclosingFunction(call);
      return caller !== null && this.needsGradients(caller);
    });
  }

  /** A pytest or unittest module, whose `test_*` functions are tests rather than evaluation code. */
  get isTestModule(): boolean {
    return this.facts.module(IS_TEST_MODULE);
  }

  /** The file moves tensors or models to a GPU somewhere. */
  get usesGpu(): boolean {
    return this.facts.module(USES_GPU);
  }

  functionsNamed(name: string): readonly SyntaxNode[] {
    const byName = this.facts.module(FUNCTIONS_BY_NAME);
    return byName.get(name) ?? NO_FUNCTIONS;
  }

  /**
   * For an open document, which names' functions (`functionsNamed`) its edits changed, version after
   * version; undefined where nothing is kept from one version to the next.
   */
  get functionNameHistory(): NameHistory | undefined {
    return this.facts.module(FUNCTION_NAME_HISTORY);
  }

  /**
   * For an open document, which names its edits changed the calls or the other uses of (`callsOfName`,
   * and so `callersOf`), version after version; undefined where nothing is kept from one version to the next.
   */
  get callNameHistory(): NameHistory | undefined {
    return this.facts.module(CALL_NAME_HISTORY);
  }

  /**
   * Call sites of a function in this file, or null when the function escapes (passed as a value,
   * so callers elsewhere cannot be seen).
   */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null {
    const name = functionName(fn, this.text);
    if (!name) return null;
    const index = this.callIndex;
    if (classOfMethod(fn) !== null) {
      // The same list for every method of that name, so answers about it can be kept per list.
      return index.attributeEscapes(name) ? null : index.callsOfAttribute(name);
    }
    // A function defined inside another is called by that name only from inside the other (two
    // `def _step():` in two methods are two functions).
    const outer = fn.parent ? enclosingFunction(fn) : null;
    const visible = (node: SyntaxNode) => outer === null || within(node, outer);
    const escapes = index.usesNamed(name).some(visible);
    if (escapes) return null;
    // A top-level function's callers are the index's own list, so answers about it are kept per list too.
    return outer === null ? index.callsNamed(name) : index.callsNamed(name).filter(visible);
  }

  /** The file's identifiers spelled `name` (every use: reads, writes, parameters, attribute names), in document order. */
  identifiersNamed(name: string): readonly SyntaxNode[] {
    return this.facts.module(IDENTIFIERS_BY_NAME).get(name);
  }

  /** The calls whose callee is the plain name `name` (`name(...)`), or with `viaAttribute` its method `x.name(...)`, in document order. */
  callsOfName(name: string, viaAttribute: boolean): readonly SyntaxNode[] {
    return viaAttribute ? this.callIndex.callsOfAttribute(name) : this.callIndex.callsNamed(name);
  }

  /** The names this file defines functions (and methods) under, with those functions. */
  get functionsByName(): ReadonlyMap<string, readonly SyntaxNode[]> {
    return this.facts.module(FUNCTIONS_BY_NAME);
  }

  /** Calls grouped by callee name, and names used other than as a callee, gathered per name on first use. */
  private get callIndex(): CallIndex {
    return this.facts.module(CALL_INDEX);
  }

  /** Return statements of `fn` itself (not of functions defined inside it). */
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[] {
    return this.facts.function(RETURNS, fn);
  }

  /** Names whose `.backward()` is called (or passed to `autograd.grad/backward`) in this scope. */
  backpropagatedIn(scope: SyntaxNode): ReadonlySet<string> {
    return this.facts.function(BACKPROPAGATED_IN, scope);
  }

  /** `x.backward()`, `torch.autograd.backward(x)`, `torch.autograd.grad(x, ...)`, `scaler.scale(x).backward()`. */
  get backwardCalls(): readonly SyntaxNode[] {
    return this.facts.module(BACKWARD_CALLS);
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
    return this.facts.module(BACKPROP_SOURCES);
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

// Facts of the whole file that the model provides, each computed once per model (see facts.ts).

const RETURNS = new FunctionFact<readonly SyntaxNode[]>('returns', (_model, fn) =>
  nodesIn(fn, ['return_statement']).filter((r) => enclosingFunction(r) === fn));

const BACKPROPAGATED_IN = new FunctionFact<ReadonlySet<string>>('names backpropagated', (model, scope) => {
  const names = new Set<string>();
  for (const call of model.facts.module(BACKWARD_CALLS_BY_SCOPE).get(scope) ?? NO_FUNCTIONS) {
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

/** Whether a top-level statement holds imports (anywhere in it). */
const HAS_IMPORTS = new StatementFact('has imports', (model, statement) => ofKindIn(model, statement, 'import_statement').length + ofKindIn(model, statement, 'import_from_statement').length > 0);

const IMPORTS_KEPT = new MemorySlot<PatchedValue<ImportTable, boolean>>('imports');

/** For an open document, the table of its last version while no statement with imports came or went. */
const IMPORTS = new ModuleFact('imports', (model: SemanticModel) => {
  const build = () => new ImportTable(model.nodesOfKind('import_statement'), model.nodesOfKind('import_from_statement'), model.text);
  return patchedFromVersionToVersion(model, IMPORTS_KEPT, HAS_IMPORTS, build, (table, removed, added) =>
    removed.some(Boolean) || added.some(Boolean) ? build() : table);
});

const DEFINITIONS_IN_STATEMENT = new StatementFact('definitions', (model, statement) => {
  return indexDefinitions(model.text, model.root, {
    assignments: ofKindIn(model, statement, 'assignment'),
    augmented: ofKindIn(model, statement, 'augmented_assignment'),
    fors: ofKindIn(model, statement, 'for_statement'),
    withItems: ofKindIn(model, statement, 'with_item'),
    walruses: ofKindIn(model, statement, 'named_expression'),
    functions: ofKindIn(model, statement, 'function_definition'),
  });
});

/**
 * For an open document, the index of its last version, patched with the definitions of the statements
 * its edit replaced (most edits replace one); otherwise built from every statement's.
 */
const DEFINITIONS = new ModuleFact('definitions', (model: SemanticModel) =>
  patchedFromVersionToVersion(
    model,
    DEFINITIONS_KEPT,
    DEFINITIONS_IN_STATEMENT,
    () => new DefinitionIndex(model.root, DEFINITIONS_IN_STATEMENT.ofEach(model)),
    (index, removed, added) => {
      index.patch(model.root, removed, added);
      return index;
    },
  ),
);

const DEFINITIONS_KEPT = new MemorySlot<PatchedValue<DefinitionIndex, StatementDefinitions>>('definitions');

/**
 * An edited document's model of its last version, held until the next version's replaces it. Nothing
 * reads it: it keeps one instance of each of the model's classes alive between edits. V8 holds the
 * shape (map) of a class's instances only as long as some instance lives, and frees the optimized code
 * that was compiled for it with it; without a live model, each full collection between two keystrokes
 * (the idle collections, see IdleMemoryRelease) threw away the compiled analysis, and the next edits ran
 * at about twice their cost until V8 compiled it again. One version's model is held, never more: its
 * module node holds its own statements only (see the memory test).
 */
const LAST_VERSION = new MemorySlot<SemanticModel>('the last version\'s model');

const MODULE_EVIDENCE_IN_STATEMENT = new StatementFact('module evidence', (model, statement) => moduleEvidenceIn(ofKindIn(model, statement, 'call'), model.text));

/** The names the file calls a module-only method on, merged from its statements' (kept for an open document). */
const MODULE_EVIDENCE = new MergeSlot<ReadonlySet<string>, string, true>('module evidence', (names) => [...names].map((name) => [name, true] as const));

const MODULES = new ModuleFact('modules', (model: SemanticModel) => {
  const evidence = mergedParts(model, MODULE_EVIDENCE, MODULE_EVIDENCE_IN_STATEMENT);
  const carried = carriedAnswers(model);
  const analysis = new ModuleAnalysis({
    text: model.text,
    imports: model.imports,
    definitions: model.definitions,
    classes: () => model.nodesOfKind('class_definition'),
    evidence,
    functionsNamed: model.lookupFunctions,
    answers: carried?.answers,
    classKinds: carried?.kept.classKinds,
    ...(model.facts.keepsStatementFacts ? { forwardCalls: () => model.facts.module(FORWARD_CALL_SET) } : {}),
  });
  if (carried) carried.kept.classKinds = analysis.classKinds;
  return analysis;
});

/** What a top-level statement contributes to what the module answers read (see ModuleAnswers). */
const STATEMENT_READS = new StatementFact('what module answers read', (model, statement): StatementReads => {
  const names = new Set<string>();
  for (const definitions of DEFINITIONS_IN_STATEMENT.of(model, statement).byKind) for (const d of definitions) names.add(d.name);
  for (const name of MODULE_EVIDENCE_IN_STATEMENT.of(model, statement)) names.add(name);
  for (const fn of ofKindIn(model, statement, 'function_definition')) names.add(functionName(fn, model.text));
  const classes = ofKindIn(model, statement, 'class_definition').map((cls) => {
    const name = is(cls, 'class_definition') ? field(cls, 'name') : null;
    const bases = is(cls, 'class_definition') ? field(cls, 'superclasses') : null;
    return `${name ? nodeText(name, model.text) : ''}(${bases ? nodeText(bases, model.text) : ''})`;
  });
  return { names, classes };
});

/**
 * The module answers this version starts with: for an open document, those of its last version that
 * its edit left standing; this version's answers are then kept for the next.
 */
function carriedAnswers(model: SemanticModel): { answers: ModuleAnswers; kept: AnswersOfVersion } | undefined {
  const memory = model.facts.memory;
  if (!memory) return undefined;
  const statements = model.facts.valuesOfEach(STATEMENT_READS);
  const importsKey = model.imports.key;
  const { answers, classKinds } = carryAnswers(memory.get(MODULE_ANSWERS), importsKey, statements);
  const kept: AnswersOfVersion = { answers, importsKey, statements, ...(classKinds ? { classKinds } : {}) };
  memory.set(MODULE_ANSWERS, kept);
  return { answers, kept };
}

const GRAD_MODE = new ModuleFact('gradMode', (model: SemanticModel) => {
  const { memory } = model.facts;
  const analysis = new GradModeAnalysis(
    {
      text: model.text,
      imports: model.imports,
      callersOf: (fn) => model.callersOf(fn),
      valueOfName: (name) => {
        const def = model.definitions.reaching(scopeOf(name), nodeText(name, model.text), name.start);
        return def?.kind === 'assign' ? def.value : null;
      },
      setGradEnabledStatements: joined(SET_GRAD_ENABLED_IN_STATEMENT.ofEach(model)),
      keepsNodeAnswers: model.facts.keepsStatementFacts,
    },
    memory && carriedGradModesOf(model, memory),
  );
  // The modes only, which grow as this version asks: the analysis itself would keep this version's whole model.
  memory?.set(GRAD_MODES_KEPT, { modes: analysis.functionModesSoFar, importsKey: model.imports.key, statements: model.facts.valuesOfEach(GRAD_MODE_READS) });
  return analysis;
});

/** An open document's grad modes of its last version, kept for the next (see grad-modes-kept.ts). */
const GRAD_MODES_KEPT = new MemorySlot<{ modes: FunctionModes; importsKey: string; statements: StatementValues<GradModeReads> }>('grad modes');

function carriedGradModesOf(model: SemanticModel, memory: VersionMemory): Map<SyntaxNode, GradMode> | undefined {
  const kept = memory.get(GRAD_MODES_KEPT);
  if (!kept || kept.importsKey !== model.imports.key) return undefined;
  return carriedGradModes({
    modes: kept.modes,
    before: kept.statements,
    now: model.facts.valuesOfEach(GRAD_MODE_READS),
    calleesOf: (fn) => calleesOf(fn, model.text),
    functionsNamed: (name) => model.functionsNamed(name),
  });
}

/** Per function (or method), the callee names of the calls in its subtree: they depend on that subtree alone. */
const CALLEES = new WeakMap<SyntaxNode, readonly string[]>();

/** The callee names (`f` of `f(...)`, `f` of `x.f(...)`) of the calls in `fn`'s subtree, its nested functions' too. */
function calleesOf(fn: SyntaxNode, text: string): readonly string[] {
  let names = CALLEES.get(fn);
  if (!names) {
    const found = new Set<string>();
    for (const call of nodesIn(fn, ['call'])) {
      const name = calleeName(call, 'identifier', text) ?? calleeName(call, 'attribute', text);
      if (name !== null) found.add(name);
    }
    CALLEES.set(fn, (names = [...found]));
  }
  return names;
}

/** The name a call's callee has when it is of `type`: the identifier, or the attribute's name. */
function calleeName(call: SyntaxNode, type: 'identifier' | 'attribute', text: string): string | null {
  const target = callee(call);
  if (target?.type !== type) return null;
  const name = type === 'identifier' ? target : target.children.find((c) => c.fieldName === 'attribute');
  return name ? nodeText(name, text) : null;
}

const DEFINITION_STATEMENTS = new Set(['function_definition', 'class_definition', 'decorated_definition']);

const GRAD_MODE_READS = new StatementFact('grad mode reads', (model, statement): GradModeReads => {
  const calls = CALLS_IN_STATEMENT.of(model, statement);
  const definition = statement.type === 'decorated_definition' ? field(statement as Node<'decorated_definition'>, 'definition') : statement;
  const name = definition && DEFINITION_STATEMENTS.has(definition.type) ? definition.children.find((c) => c.fieldName === 'name') : undefined;
  const decorators: string[] = [];
  for (const decorator of ofKindIn(model, statement, 'decorator')) {
    const expression = decoratorExpression(decorator);
    const bare = expression && unparenthesize(expression);
    const target = bare && is(bare, 'call') ? callee(bare) : bare;
    if (target?.type === 'identifier') decorators.push(nodeText(target, model.text));
  }
  const bindsOutside = ofKindIn(model, statement, 'global_statement').length > 0 || ofKindIn(model, statement, 'nonlocal_statement').length > 0;
  return {
    definitionOnly: DEFINITION_STATEMENTS.has(statement.type) && !bindsOutside,
    bindsOutside,
    switches: SET_GRAD_ENABLED_IN_STATEMENT.of(model, statement).includes(statement),
    readsModuleNames: readsModuleNamesForGradMode(model, statement),
    bound: name ? nodeText(name, model.text) : '',
    callees: [...calls.callsByName.keys(), ...calls.callsByAttribute.keys()],
    values: [...calls.escapingIdentifiers.keys(), ...calls.escapingAttributes],
    functions: [...FUNCTIONS_IN_STATEMENT.of(model, statement).keys()],
    decorators,
  };
});

/**
 * Some context manager outside any function of the statement is a bare name (`with ctx:`, a branch of
 * `with a if c else b:`, `stack.enter_context(ctx)`): its grad mode is what the module-level
 * assignment of that name holds (see the grad mode analysis' `valueOfName`), wherever that is.
 */
function readsModuleNamesForGradMode(model: SemanticModel, statement: SyntaxNode): boolean {
  const atModuleLevel = (node: SyntaxNode) => scopeOf(node).type === 'module';
  if (ofKindIn(model, statement, 'with_item').some((item) => atModuleLevel(item) && managerReadsName(withItemManager(item)))) return true;
  return SET_GRAD_ENABLED_IN_STATEMENT.of(model, statement).some((switchStatement) => {
    const call = switchStatement.children.find((c) => c.named);
    return call !== undefined && atModuleLevel(call) && managerReadsName(enteredManager(call, model.text));
  });
}

/** A top-level statement's statements `torch.set_grad_enabled(...)` and `stack.enter_context(...)`. */
const SET_GRAD_ENABLED_IN_STATEMENT = new StatementFact('grad mode switches', (model, statement) =>
  ofKindIn(model, statement, 'expression_statement').filter((s) => {
    const call = s.children.find((c) => c.named);
    const name = call && is(call, 'call') ? dottedName(field(call, 'function'), model.text) : null;
    return name !== null && /(^|\.)(set_grad_enabled|enter_context)$/.test(name);
  }),
);

const GRAPH = new ModuleFact('graph', (model: SemanticModel) => new GraphAnalysis({
  text: model.text,
  imports: model.imports,
  definitions: model.definitions,
  gradMode: model.gradMode,
  modules: model.modules,
  backpropagatedIn: (scope) => model.backpropagatedIn(scope),
  functionsNamed: model.lookupFunctions,
  returnsOf: (fn) => model.returnsOf(fn),
  callersOf: (fn) => model.callersOf(fn),
}));

const EVAL_CONTEXT = new ModuleFact('evalContext', (model: SemanticModel) => new EvalContextAnalysis(
  {
    text: model.text,
    evalFunctionNames: model.settings.evalFunctionNames,
    isTestModule: model.isTestModule,
    isModuleName: (name) => model.modules.isModuleName(name),
    feedsTraining: (fn, name) => model.feedsTraining(fn, name),
    needsGradients: (node) => model.needsGradients(node),
    functionsNamed: model.lookupFunctions,
  },
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

const FORWARD_FLOW = new ModuleFact('forwardFlow', (model: SemanticModel) => {
  const { memory } = model.facts;
  let keptFlows = memory?.get(KEPT_FLOWS);
  if (memory && !keptFlows) memory.set(KEPT_FLOWS, (keptFlows = new WeakMap()));
  return new ForwardFlowAnalysis({
    text: model.text,
    isBackwardCall: (call) => model.isBackwardCall(call),
    functionsNamed: model.lookupFunctions,
    needsGradients: (fn) => model.needsGradients(fn),
    callersOf: (fn) => model.callersOf(fn),
    isModuleName: (name) => model.modules.isModuleName(name),
    ...(keptFlows ? { keptFlows } : {}),
  });
});

/** An open document's functions' def-use graphs, kept from version to version (see KeptFlow). */
const KEPT_FLOWS = new MemorySlot<WeakMap<SyntaxNode, KeptFlow>>('def-use graphs of functions');

const BACKWARD_CALL_SET = new ModuleFact('backwardCallSet', (model: SemanticModel) => new Set(model.backwardCalls));

/** A statement's argparse options, parsing functions and the names it binds to parsed arguments (see argparseIn). */
const ARGPARSE_IN_STATEMENT = new StatementFact('argparse', (model, statement) => argparseIn(ofKindIn(model, statement, 'call'), model.text, model.definitions));

// (A statement's later option for a dest replaces its earlier one; the file's last statement with one wins.)
const ARGPARSE_OPTIONS = new MergeSlot<StatementArgparse, string, readonly ArgumentOption[]>('argparse options', (part) => part.options.map(([dest, option]) => [dest, [option]] as const));
const ARGPARSE_PARSING_FUNCTIONS = new MergeSlot<StatementArgparse, string, true>('functions that return parsed arguments', (part) => part.parsingFunctions.map((name) => [name, true] as const));
const ARGPARSE_NAMESPACES = new MergeSlot<StatementArgparse, string, true>('names bound to parsed arguments', (part) => part.namespaces.map((name) => [name, true] as const));
const ARGPARSE_BOUND_BY_CALLEE = new MergeSlot<StatementArgparse, string, readonly string[]>('names bound to what a call returns', (part) => part.boundByCallee);

/** The statements' argparse pieces merged; for an open document the merges are kept and patched (see MergedParts). */
function argparseSetup(model: SemanticModel): ArgparseSetup {
  const merge = <V>(slot: MergeSlot<StatementArgparse, string, V>) => mergedParts(model, slot, ARGPARSE_IN_STATEMENT);
  const options = merge(ARGPARSE_OPTIONS);
  const parsing = merge(ARGPARSE_PARSING_FUNCTIONS);
  const namespaces = merge(ARGPARSE_NAMESPACES);
  const bound = merge(ARGPARSE_BOUND_BY_CALLEE);
  let boundToParsed: Set<string> | undefined;
  return {
    option: (dest) => options.itemsInDocumentOrder(dest).at(-1),
    isParsingFunction: (name) => parsing.has(name),
    isNamespace: (name) => {
      if (namespaces.has(name)) return true;
      boundToParsed ??= new Set([...parsing.keys()].flatMap((fn) => bound.itemsInDocumentOrder(fn)));
      return boundToParsed.has(name);
    },
  };
}

const INTS = new ModuleFact('ints', (model: SemanticModel) => new IntResolver(
  model.text,
  model.definitions,
  argparseSetup(model),
  (name, viaAttribute) => model.callsOfName(name, viaAttribute),
  () => RELOAD_SITES_IN_STATEMENT.ofEach(model),
));

/** Where each top-level statement may set parsed arguments again (see reloadSitesIn). */
const RELOAD_SITES_IN_STATEMENT = new StatementFact('argparse reload sites', (model, statement) => reloadSitesIn(statement, model.text));

/**
 * The forward calls of each function. A call's function lies in the call's top-level statement, so
 * each statement's forward calls are grouped on their own, once per list: a statement keeps its list
 * (the same array) from version to version while its calls are classified the same, and with it the
 * groups. The groups of different statements have different functions.
 */
const FORWARD_CALLS_BY_FUNCTION = new ModuleFact('forward calls by function', (model: SemanticModel) => {
  const byFunction = new Map<SyntaxNode, SyntaxNode[]>();
  for (const calls of FORWARD_CALLS_IN_STATEMENT.ofEach(model)) {
    let groups = FORWARD_CALLS_GROUPED.get(calls);
    if (!groups) FORWARD_CALLS_GROUPED.set(calls, (groups = groupBy(calls, enclosingFunction)));
    for (const [fn, group] of groups) byFunction.set(fn, group);
  }
  return byFunction;
});

/** A statement's forward calls grouped by function, per list of them (see FORWARD_CALLS_BY_FUNCTION). */
const FORWARD_CALLS_GROUPED = new WeakMap<readonly SyntaxNode[], Map<SyntaxNode, SyntaxNode[]>>();

const FORWARD_CALLS_BY_SCOPE = new ModuleFact('forward calls by scope', (model: SemanticModel) => groupBy(model.forwardCalls, scopeOf));

/** The backward calls by scope (see `scopeOf`): each scope's names backpropagated are read from its own. */
const BACKWARD_CALLS_BY_SCOPE = new ModuleFact('backward calls by scope', (model: SemanticModel) => groupBy(model.backwardCalls, scopeOf));


/** A statement's forward calls: kept while the answers about names that classified them stay the same. */
const FORWARD_CALLS_IN_STATEMENT = new CheckedStatementFact<readonly SyntaxNode[], ModuleAnswer>(
  'forward calls',
  (model, statement) => {
    const { forward, questions } = model.modules.forwardCallsAmong(ofKindIn(model, statement, 'call'));
    return { value: forward, questions };
  },
  (model, question) => model.modules.answer(question),
  (model) => model.modules.answerHistory,
);

const FORWARD_CALLS = new ModuleFact('forwardCalls', (model: SemanticModel) =>
  joined(FORWARD_CALLS_IN_STATEMENT.ofEach(model)),
);

const FORWARD_CALL_SET = new ModuleFact('forward call set', (model: SemanticModel): ReadonlySet<SyntaxNode> => new Set(model.forwardCalls));

const IS_TEST_MODULE = new ModuleFact('isTestModule', (model: SemanticModel) => {
  const path = (model.path ?? '').replace(/\\/g, '/');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (/^test_.*\.py$|_test\.py$|^conftest\.py$/.test(base) || /(^|\/)tests?\//.test(path)) return true;
  return model.imports.resolveName('pytest') !== undefined || model.imports.resolveName('unittest') !== undefined;
});

const USES_GPU = new ModuleFact('usesGpu', (model: SemanticModel) => /\.cuda\(|["']cuda(:\d+)?["']|\bdevice\b|\.to\(\s*(dev|gpu|rank|local_rank)/.test(model.text));

const FUNCTIONS_IN_STATEMENT = new StatementFact('functions by name', (model, statement) =>
  groupBy(ofKindIn(model, statement, 'function_definition'), (fn) => functionName(fn, model.text)),
);

const FUNCTIONS_BY_NAME = new ModuleFact('functionsByName', (model: SemanticModel) => mergeGroups(FUNCTIONS_IN_STATEMENT.ofEach(model)));

const FUNCTION_NAMES_KEPT = nameHistorySlot<ReadonlyMap<string, readonly SyntaxNode[]>>('function names');

const FUNCTION_NAME_HISTORY = new ModuleFact('function name history', (model: SemanticModel) =>
  nameHistoryOf(model, FUNCTION_NAMES_KEPT, FUNCTIONS_IN_STATEMENT, (part) => part.keys()),
);

/**
 * For an open document, the history of the names `namesOf` reads from each top-level statement's
 * `fact`, brought to this version (see name-history.ts); undefined where nothing is kept between versions.
 */
function nameHistoryOf<P>(model: SemanticModel, slot: NameHistorySlot<P>, fact: StatementFact<P>, namesOf: (part: P) => Iterable<string>): NameHistory | undefined {
  const { memory } = model.facts;
  return memory && model.facts.keepsStatementFacts ? advancedHistory(memory, slot, model.facts.valuesOfEach(fact), namesOf) : undefined;
}

const IDENTIFIERS_IN_STATEMENT = new StatementFact('identifiers by name', (model, statement) =>
  groupBy(ofKindIn(model, statement, 'identifier'), (id) => nodeText(id, model.text)),
);

// An analysis asks for few names (two in a 10,000-line file), so they are merged name by name; for an
// open document, kept from version to version where the edit brought and took no identifier of the name.
const IDENTIFIERS_BY_NAME = new ModuleFact('identifiers by name', (model: SemanticModel) => lazilyMergedParts(model, IDENTIFIERS_MERGED, IDENTIFIERS_IN_STATEMENT));

const IDENTIFIERS_MERGED = new MemorySlot<LazilyMergedParts<string, SyntaxNode>>('identifiers by name');

/** One top-level statement's calls by callee name and the names it uses other than as a callee. */
interface StatementCalls {
  callsByName: Map<string, SyntaxNode[]>;
  callsByAttribute: Map<string, SyntaxNode[]>;
  escapingIdentifiers: Map<string, SyntaxNode[]>;
  escapingAttributes: Set<string>;
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
    escapingIdentifiers,
    escapingAttributes,
  };
});

type CallGroups = MergedParts<StatementCalls, string, SyntaxNode[]>;
type CallGroupsSlot = MergeSlot<StatementCalls, string, SyntaxNode[]>;

const CALL_NAMES_KEPT = nameHistorySlot<StatementCalls>('call names');

const CALL_NAME_HISTORY = new ModuleFact('call name history', (model: SemanticModel) =>
  nameHistoryOf(model, CALL_NAMES_KEPT, CALLS_IN_STATEMENT, (part) => [
    ...part.callsByName.keys(),
    ...part.callsByAttribute.keys(),
    ...part.escapingIdentifiers.keys(),
    ...part.escapingAttributes,
  ]),
);

const CALLS_BY_NAME: CallGroupsSlot = new MergeSlot('calls by callee name', (part) => part.callsByName);
const CALLS_BY_ATTRIBUTE: CallGroupsSlot = new MergeSlot('calls by method name', (part) => part.callsByAttribute);
const ESCAPING_IDENTIFIERS: CallGroupsSlot = new MergeSlot('names used other than as a callee', (part) => part.escapingIdentifiers);
const ESCAPING_ATTRIBUTES = new MergeSlot<StatementCalls, string, true>('attributes used other than as a callee', (part) => [...part.escapingAttributes].map((attribute) => [attribute, true] as const));

/**
 * The file's calls by callee name and its names used other than as a callee, in document order. The
 * statements' parts are merged name by name, each merge on first use, kept for an open document from
 * version to version (see MergedParts), with each name's list in document order, put together when
 * first asked after an edit that changed it.
 */
class CallIndex {
  private readonly merges = new Map<CallGroupsSlot, CallGroups>();
  private escapingAttributes: MergedParts<StatementCalls, string, true> | undefined;

  constructor(private readonly model: SemanticModel) {}

  /**
   * The nodes of `name` in the merge `slot` keeps, in document order. The same array every time in a
   * version (and in later ones, until an edit changes them): answers about a list of callers are kept
   * per list (see GradModeAnalysis).
   */
  private group(slot: CallGroupsSlot, name: string): readonly SyntaxNode[] {
    let merged = this.merges.get(slot);
    if (!merged) this.merges.set(slot, (merged = mergedParts(this.model, slot, CALLS_IN_STATEMENT)));
    return merged.itemsInDocumentOrder(name);
  }

  callsNamed(name: string): readonly SyntaxNode[] {
    return this.group(CALLS_BY_NAME, name);
  }

  callsOfAttribute(name: string): readonly SyntaxNode[] {
    return this.group(CALLS_BY_ATTRIBUTE, name);
  }

  usesNamed(name: string): readonly SyntaxNode[] {
    return this.group(ESCAPING_IDENTIFIERS, name);
  }

  attributeEscapes(name: string): boolean {
    this.escapingAttributes ??= mergedParts(this.model, ESCAPING_ATTRIBUTES, CALLS_IN_STATEMENT);
    return this.escapingAttributes.has(name);
  }
}

const CALL_INDEX = new ModuleFact('callIndex', (model: SemanticModel) => new CallIndex(model));

/** A statement's backward calls, judged under the file's imports (`autograd.grad` depends on them). */
const BACKWARD_CALLS_IN_STATEMENT = new StatementFact(
  'backward calls',
  (model, statement) => ofKindIn(model, statement, 'call').filter((call) => isBackwardCallNode(model, call)),
  (model) => model.imports.key,
);

const BACKWARD_CALLS = new ModuleFact('backwardCalls', (model: SemanticModel) =>
  joined(BACKWARD_CALLS_IN_STATEMENT.ofEach(model)),
);

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
  // Kept as lists: a set per name costs several times the memory, and every open document keeps these.
  return new Map([...feeds].map(([key, sources]): [string, readonly string[]] => [key, [...sources]]));
});

/** What names are built from, merged from the statements' (kept for an open document). */
const FEEDS = new MergeSlot<ReadonlyMap<string, readonly string[]>, string, readonly string[]>('what names are built from', (part) => part);

const BACKPROP_SOURCES = new ModuleFact('backpropSources', (model: SemanticModel) => {
  const feeds = mergedParts(model, FEEDS, FEEDS_IN_STATEMENT);
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
    for (const sources of feeds.valuesOf(key)) for (const source of sources) reach(source);
  }
  return keys;
});

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
