// Forward passes whose output never reaches a backward pass, grouped into the regions that one fix
// can guard: a whole function that never trains, or a run of statements inside code that does.
import { field, is, type SyntaxNode } from '../../parser/syntax';
import type { EvalRegion } from '../../semantic/eval-context';
import { modelQuery, type SemanticModel } from '../../semantic/model';
import { groupBy, sameItems } from '../../semantic/group-by';
import { classFreezesItself, FREEZES_TEXT, UNFREEZES_TEXT } from '../../semantic/freezing';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from '../../semantic/names';
import { classOfMethod, enclosingFunction, functionName, isStatement, positionalParameterNames, scopeOf, statementOf, within } from '../../semantic/scopes';
import { scanForGradients } from '../../semantic/gradient-needs';
import { nodesWithin } from '../../semantic/subtree';

/**
 * A call of a function or method defined in this file that itself runs forward passes: those are
 * reported where they run, not again at every caller. (A plain function such as
 * `def model(x): return x @ w + b` runs none; calling it is the forward pass.)
 */
export function callsFunctionOfThisFile(model: SemanticModel, call: SyntaxNode): boolean {
  const name = dottedName(callee(call), model.text);
  if (!name) return false;
  const last = lastSegment(name);
  if (last === 'forward' || last === '__call__') return false;
  return model.functionsNamed(last).some((fn) => model.forwardCallsOf(fn).some((c) => c !== call));
}

/** Grad-enabled forward passes that this rule considers, in document order, with the helper calls below. */
export function candidateForwards(model: SemanticModel): SyntaxNode[] {
  const forwards = model.forwardCalls.filter((c) => model.gradMode.at(c) === 'enabled' && !model.modules.recordsNoGraph(c) && !callsFunctionOfThisFile(model, c));
  const helpers = HELPER_CALLS.of(model);
  if (!helpers.size) return forwards;
  return [...forwards, ...helpers.keys()].sort((a, b) => a.start - b.start);
}

/**
 * Calls of a function or method of this file that returns the output of its own forward pass, with
 * the function they call. Where the function is shared (it feeds the loss of the training step and
 * a log line, or a method returns its output to whoever holds the object), each call builds the
 * function's graph and the call site decides whether anything uses it: `pi_l_old =
 * compute_loss_pi(data).item()` before the training step that calls it again, `get_policy(obs)` in
 * `get_action`, `samples = model.generate(z)` only saved as images.
 */
export const HELPER_CALLS = modelQuery('helper forward calls', (model, _: void): Map<SyntaxNode, SyntaxNode> => {
  const out = new Map<SyntaxNode, SyntaxNode>();
  // Only the calls of a name this file defines one function under can call a helper: they are looked
  // up by name instead of every call being read.
  for (const name of model.functionNames()) for (const [call, helper] of HELPER_CALLS_OF_NAME.of(model, name)) out.set(call, helper);
  return out;
});

type HelperCall = readonly [call: SyntaxNode, helper: SyntaxNode];

const NO_HELPER_CALLS: readonly HelperCall[] = [];

/** The helper calls (see HELPER_CALLS) of the one function of this file named `name`: kept while they are the same. */
const HELPER_CALLS_OF_NAME = modelQuery('helper forward calls of a name', (model, name: string): readonly HelperCall[] => {
  const helpers = model.functionsNamed(name);
  if (helpers.length !== 1) return NO_HELPER_CALLS;
  const helper = helpers[0]!;
  // Whether it is a method, and of which class, is read from around it.
  model.readsStatementOf(helper);
  // A function that runs no forward pass returns none (asked first: most functions run none, and
  // their calls are then not gathered at all).
  if (!model.forwardCallsOf(helper).length) return NO_HELPER_CALLS;
  const out: HelperCall[] = [];
  let returnsOutput: boolean | undefined;
  // A plain function is called by its name, a method through an attribute.
  for (const call of model.callsOfName(name, classOfMethod(helper) !== null)) {
    if (within(call, helper) || !mayCall(model, call, helper)) continue;
    returnsOutput ??= returnsForwardOutput(model, helper);
    if (returnsOutput && model.modeAt(call) === 'enabled') out.push([call, helper]);
  }
  return out.length ? out : NO_HELPER_CALLS;
}, { reads: 'key', equals: (a, b) => sameItems(a, b, (x, y) => x[0] === y[0] && x[1] === y[1]) });

/**
 * Whether a call of the helper's name may call the helper: not a method call on an object that the
 * file shows is something else (a distribution's `sample()`, an instance of another of its classes).
 */
function mayCall(model: SemanticModel, call: SyntaxNode, helper: SyntaxNode): boolean {
  const m = methodCall(call, model.text);
  const receiver = m ? dottedName(m.receiver, model.text) : null;
  if (!receiver || receiver === 'self') return true;
  if (model.modules.isDistributionAt(m!.receiver)) return false;
  const cls = model.modules.instanceClassOf(receiver);
  const owner = classOfMethod(helper);
  const ownerName = owner && is(owner, 'class_definition') ? field(owner, 'name') : null;
  return !cls || !('local' in cls) || ownerName === null || cls.local === nodeText(ownerName, model.text);
}

/**
 * The helper never trains itself and returns the output of a forward pass of its own. For a plain
 * function, some caller must also train on it (otherwise the forward is reported inside).
 */
function returnsForwardOutput(model: SemanticModel, helper: SyntaxNode): boolean {
  // Most functions run no forward pass: that is asked first, since whether one trains is dearer to tell.
  const forwards = model.forwardCallsOf(helper);
  if (!forwards.length || model.needsGradients(helper)) return false;
  const method = classOfMethod(helper) !== null;
  return forwards.some((c) => {
    // (A call of another function of this file that runs forwards is judged there.)
    if (model.modeAt(c) !== 'enabled' || callsFunctionOfThisFile(model, c)) return false;
    const reach = model.forwardFlow.localReach(c);
    return reach.returns && !reach.backward && !reach.escapes && (method || model.forwardFlow.fateOf(c) === 'backward');
  });
}

/** Method names that scikit-learn and friends share with models. */
const NOT_TORCH_METHODS = new Set(['predict', 'predict_proba', 'transform', 'score', 'fit', 'decision_function']);

/** Calls that build, configure or move models rather than run them. */
const BUILDING_CALLEE = /build|make|create|setup|configure|init|load|to_device|check|export|apply|register|context|_method/i;

const SIMPLE_STATEMENTS = new Set(['expression_statement', 'return_statement', 'assert_statement', 'delete_statement', 'print_statement']);


/** The file freezes parameters and unfreezes none: read once per version, not per forward pass. */
const FREEZES_ONLY = modelQuery('freezes parameters only', (model, _: undefined) => FREEZES_TEXT.test(model.text) && !UNFREEZES_TEXT.test(model.text));

/**
 * The forward pass runs a model whose parameters were frozen before it (`for p in ema.parameters():
 * p.requires_grad_(False)`, `ema.requires_grad_(False)`), named where the call is or handed in by
 * every caller in this file (`evaluate(ema, val_loader)`): with no input that requires grad, it
 * records no graph, so a guard saves nothing (an EMA or teacher copy evaluated without no_grad).
 * So does an instance of a class that freezes itself when built (`self.inception = InceptionV3()`
 * for FID, see semantic/freezing.ts), this file's or another's.
 */
export function runsFrozenModel(model: SemanticModel, call: SyntaxNode): boolean {
  const name = dottedName(callee(call), model.text);
  if (name && builtFrozen(model, name)) return true;
  if (!FREEZES_ONLY.of(model, undefined)) return false;
  if (!name || name.includes('.')) return false;
  const scope = scopeOf(call);
  if (frozenBefore(model, scope, name, call.start)) return true;
  const fn = enclosingFunction(call);
  if (!fn || model.definitions.reaching(scope, name, call.start)?.kind !== 'parameter') return false;
  const index = positionalParameterNames(fn, model.text).indexOf(name);
  const callers = model.callersOf(fn);
  if (index < 0 || !callers?.length || model.externalCallsOfFunction(fn).calls.length) return false;
  return callers.every((caller) => {
    const { positional, keywords } = callArguments(caller, model.text);
    const argument = keywords.get(name) ?? positional[index];
    return argument?.type === 'identifier' && frozenBefore(model, scopeOf(caller), nodeText(argument, model.text), caller.start);
  });
}

/** Every value of `name` is an instance of a class that freezes itself (see runsFrozenModel). */
function builtFrozen(model: SemanticModel, name: string): boolean {
  const cls = model.modules.instanceClassOf(name);
  if (!cls) return false;
  return 'project' in cls ? cls.project.freezesItself : FROZEN_CLASS.of(model, cls.local);
}

/** This file's class named so freezes itself (see semantic/freezing.ts). */
const FROZEN_CLASS = modelQuery('class freezes itself', (model, name: string) => {
  const cls = model.classNamed(name);
  return cls !== null && classFreezesItself(cls, model.text);
});

/**
 * `for p in NAME.parameters(): p.requires_grad_(False)` or `NAME.requires_grad_(False)` in `scope` before
 * `offset` (`name` a plain name): found among the calls of those two methods on `name`, not by walking the scope.
 */
function frozenBefore(model: SemanticModel, scope: SyntaxNode, name: string, offset: number): boolean {
  const { text } = model;
  const before = (node: SyntaxNode): boolean => node.start < offset && scopeOf(node) === scope;
  const freezes = model.methodCallsOn(name, 'requires_grad_').some((call) => before(call) && FREEZES_TEXT.test(nodeText(call, text)));
  return freezes || model.methodCallsOn(name, 'parameters').some((call) => {
    const loop = call.parent;
    if (loop?.type !== 'for_statement' || call.fieldName !== 'right' || !before(loop)) return false;
    const body = loop.children.find((c) => c.fieldName === 'body');
    return body !== undefined && FREEZES_TEXT.test(nodeText(body, text));
  });
}


export class UnusedForwardRegions {
  private readonly regionByCall = new Map<SyntaxNode, EvalRegion | null>();
  private readonly functionVerdict = new Map<SyntaxNode, boolean>();
  private readonly statementRegion = new Map<SyntaxNode, EvalRegion>();
  private readonly enabled: boolean;
  /** The candidates by their statement and by their function, in order, made when first asked. */
  private byStatement: ReadonlyMap<SyntaxNode, readonly SyntaxNode[]> | undefined;
  private byFunction: ReadonlyMap<SyntaxNode, readonly SyntaxNode[]> | undefined;
  /** Per block, its statements and where each stands (asked once per run of statements). */
  private readonly statementsOf = new Map<SyntaxNode, { statements: SyntaxNode[]; index: Map<SyntaxNode, number> }>();

  constructor(private readonly model: SemanticModel, private readonly candidates: readonly SyntaxNode[]) {
    this.enabled = !FREEZES_TEXT.test(model.text);
  }

  /** The region of a forward whose output is never backpropagated, or null. */
  regionOf(call: SyntaxNode): EvalRegion | null {
    if (this.regionByCall.has(call)) return this.regionByCall.get(call)!;
    let region: EvalRegion | null = null;
    if (this.enabled && this.isModelRun(call) && this.model.forwardFlow.fateOf(call) === 'unused' && !this.trainsOutOfSight(enclosingFunction(call)) && !this.runForEffectsOnTraining(call)) {
      const fn = enclosingFunction(call);
      if (fn && this.wholeFunctionUnused(fn)) {
        region = { kind: 'function', node: fn, statements: [], reason: { kind: 'unused-function', name: functionName(fn, this.model.text) } };
      } else {
        region = this.runOfStatements(statementOf(call));
      }
    }
    this.regionByCall.set(call, region);
    return region;
  }

  /**
   * Stricter than a forward-call guess, since no name says "evaluation" here: not a constructor
   * (`Generator(ngpu)`), not a scikit-learn style method, and not a detached generator output in
   * code that trains (a GAN's `netD(netG(z).detach())` step).
   */
  private isModelRun(call: SyntaxNode): boolean {
    let target = call.children.find((c) => c.fieldName === 'function') ?? null;
    // `self.model["generator"](z)` runs a model kept in a collection.
    if (target?.type === 'subscript') target = target.children.find((c) => c.fieldName === 'value') ?? null;
    const name = dottedName(target, this.model.text);
    if (!name) return false;
    const last = lastSegment(name);
    // A capitalised name is a class being constructed, unless the file assigns it a value (`G = nn.Sequential(...)`).
    const constructs = /^[A-Z]/.test(last) && !this.model.definitions.allDefinitionsOf(name).some((d) => d.kind === 'assign');
    if (constructs || NOT_TORCH_METHODS.has(last) || BUILDING_CALLEE.test(last)) return false;
    const detached = call.parent?.type === 'attribute' && /^\.\s*detach\b/.test(this.model.text.slice(call.end, call.parent.end));
    const fn = enclosingFunction(call);
    if (fn && this.model.isTestModule && isTestCode(this.model, fn)) return false;
    if (fn) {
      // Construction, not computation; and a function nobody in this file calls runs in a grad mode
      // this file cannot see (its callers may well hold `torch.no_grad()`).
      if (functionName(fn, this.model.text) === '__init__') return false;
      const callers = this.model.callersOf(fn);
      // (Code that trains runs with gradients on wherever it is called from.)
      if ((!callers || !callers.length) && !isLightningTrainingHook(this.model, fn) && !this.model.needsGradients(fn) && !this.inferenceOnlyModel(name, fn) && !this.calledWithGradElsewhere(fn)) return false;
    }
    return !(detached && fn !== null && this.model.needsGradients(fn));
  }

  /**
   * Other files of the project call `fn`, and every one of those calls runs with grad mode on in code
   * that does not train (`policy.select_action(state)` on every step of an environment loop). (Where
   * some do not, a method's calls are reported where they are made: see `reportedWhereDefined`.)
   */
  private calledWithGradElsewhere(fn: SyntaxNode): boolean {
    // A module's `forward` (and any `__call__`) runs when the object is called: calls of it by its
    // own name are not all of its calls.
    const name = functionName(fn, this.model.text);
    if (name === 'forward' || name.startsWith('__')) return false;
    const { calls } = this.model.externalCallsOfFunction(fn);
    return calls.length > 0 && calls.every((call) => !call.gradDisabled && !call.callerTrains);
  }

  /**
   * `self.model` of a class that puts it in eval mode in `__init__` and never back in train mode: the
   * class only runs it for inference (a feature extractor's `get_vec`), whoever calls the method.
   */
  private inferenceOnlyModel(callee: string, fn: SyntaxNode): boolean {
    const attribute = /^self\.\w+/.exec(callee)?.[0];
    const owner = classOfMethod(fn);
    if (!attribute || !owner) return false;
    const { text } = this.model;
    const init = this.model.functionsNamed('__init__').find((f) => classOfMethod(f) === owner);
    if (!init) return false;
    let evalInInit = false;
    for (const call of this.model.nodesOfKindAround(owner, 'call')) {
      if (!within(call, owner)) continue;
      const m = methodCall(call, text);
      if (!m || dottedName(m.receiver, text) !== attribute) continue;
      if (m.method === 'train') return false;
      if (m.method === 'eval' && within(call, init) && call.parent?.type === 'expression_statement') evalInInit = true;
    }
    if (!evalInInit) return false;
    // Not replaced by another model outside `__init__`.
    return !this.model.nodesOfKindAround(owner, 'assignment').some((a) => {
      const left = a.children.find((c) => c.fieldName === 'left');
      return within(a, owner) && !within(a, init) && left !== undefined && dottedName(left, text) === attribute;
    });
  }

  /**
   * The function trains (zeroes gradients, steps an optimizer) but no backward pass is in sight: not
   * in its code, nor in a helper of this file it calls. The backward pass is then in something it
   * calls that the file cannot see into (timm's `loss_scaler(loss, optimizer)`), which may receive
   * any of its forwards' outputs.
   */
  private trainsOutOfSight(fn: SyntaxNode | null): boolean {
    if (!fn || !this.model.needsGradients(fn)) return false;
    if (nodesWithin(this.model.backwardCalls, fn).length) return false;
    if (scanForGradients(fn, this.model.text).callees.some((name) => this.model.functionsNamed(name).some((helper) => this.model.needsGradients(helper)))) return false;
    return !this.model.nodesOfKindWithin(fn, 'call').some((call) => this.trainingMethodCall(call));
  }

  /**
   * A forward pass whose output is thrown away, as a statement of its own, in a function that
   * backpropagates: it runs for what it does to the model (hooks that record style and content
   * losses, the neural style tutorial's `model(input_img)` before `loss.backward()`), which the
   * backward pass reads.
   */
  private runForEffectsOnTraining(call: SyntaxNode): boolean {
    const statement = call.parent;
    if (statement?.type !== 'expression_statement' || statement.children.filter((c) => c.named && c.type !== 'comment').length !== 1) return false;
    const fn = enclosingFunction(call);
    return fn !== null && nodesWithin(this.model.backwardCalls, fn).length > 0;
  }

  /** `agent.train_net()` on an object of a class the project shows, whose method of that name trains. */
  private trainingMethodCall(call: SyntaxNode): boolean {
    const m = methodCall(call, this.model.text);
    const receiver = m ? dottedName(m.receiver, this.model.text) : null;
    return m !== null && receiver !== null && receiver !== 'self' && this.model.modules.methodOfInstanceTrains(receiver, m.method);
  }

  /** The function never trains and none of its forwards' outputs reach a backward pass or leave it. */
  private wholeFunctionUnused(fn: SyntaxNode): boolean {
    let verdict = this.functionVerdict.get(fn);
    if (verdict === undefined) {
      this.byFunction ??= groupBy(this.candidates, enclosingFunction);
      verdict = !this.model.needsGradients(fn) && (this.byFunction.get(fn) ?? []).every((c) => this.model.forwardFlow.fateOf(c) === 'unused');
      this.functionVerdict.set(fn, verdict);
    }
    return verdict;
  }

  /** Consecutive statements of one block that each run an unused forward share one region. */
  private runOfStatements(statement: SyntaxNode): EvalRegion {
    const existing = this.statementRegion.get(statement);
    if (existing) return existing;
    const block = statement.parent;
    let siblings = [statement];
    let index = 0;
    if (block) {
      let known = this.statementsOf.get(block);
      if (!known) {
        const statements = block.children.filter((c) => isStatement(c));
        this.statementsOf.set(block, (known = { statements, index: new Map(statements.map((s, i) => [s, i])) }));
      }
      siblings = known.statements;
      index = known.index.get(statement) ?? -1;
    }
    // Only simple statements join a run: a `with` around a compound statement or a definition would
    // guard far more than the forward, or nothing at all.
    this.byStatement ??= groupBy(this.candidates, statementOf);
    const byStatement = this.byStatement;
    const hasUnused = (s: SyntaxNode) => SIMPLE_STATEMENTS.has(s.type) && (byStatement.get(s) ?? []).some((c) => this.model.forwardFlow.fateOf(c) === 'unused');
    let first = index;
    while (first > 0 && hasUnused(siblings[first - 1]!)) first--;
    let last = index;
    while (last + 1 < siblings.length && hasUnused(siblings[last + 1]!)) last++;
    const statements = siblings.slice(first, last + 1);
    // Beside a backward pass of the same function, the output reaches it, if at all, only detached.
    const fn = enclosingFunction(statement);
    const beside = fn && this.model.backpropagatedIn(fn).size ? functionName(fn, this.model.text) : null;
    const region: EvalRegion = { kind: 'statement', node: statements[0]!, statements, reason: beside ? { kind: 'unused-output', beside } : { kind: 'unused-output' } };
    for (const s of statements) this.statementRegion.set(s, region);
    return region;
  }
}

/**
 * A call of another file's method that runs a forward pass (see the modules' `projectMethodsCalled`)
 * which that file reports inside the method (see `calledWithGradElsewhere`): the method keeps its
 * forward's output to itself, and every call of it in the other files runs with grad mode on in code
 * that does not train, so the method's own forward is the one to guard.
 */
export function reportedWhereDefined(model: SemanticModel, call: SyntaxNode): boolean {
  const methods = model.modules.projectMethodsCalled(call);
  return methods !== undefined && methods.length > 0 && methods.every((facts) => facts.keepsForwardOutputs && facts.calledWithGradOnly === true);
}

export function forwardName(model: SemanticModel, call: SyntaxNode): string {
  const fn = call.children.find((c) => c.fieldName === 'function');
  return fn ? nodeText(fn, model.text) : 'model';
}

/** Hooks that Lightning calls during training, with gradients on (the evaluation hooks run without). */
const LIGHTNING_TRAINING_HOOK = /^on_(train|fit|epoch|batch)_(start|end|epoch_start|epoch_end|batch_start|batch_end)$|^on_train_(epoch|batch)_(start|end)$/;

function isLightningTrainingHook(model: SemanticModel, fn: SyntaxNode): boolean {
  if (!LIGHTNING_TRAINING_HOOK.test(functionName(fn, model.text))) return false;
  const owner = classOfMethod(fn);
  const bases = owner?.children.find((c) => c.fieldName === 'superclasses');
  return bases !== undefined && /Lightning|\bpl\.|\bL\./.test(nodeText(bases, model.text));
}

/** A test function or a method of a test class: unit tests check models, they do not run them for real. */
function isTestCode(model: SemanticModel, fn: SyntaxNode): boolean {
  for (let f: SyntaxNode | null = fn; f; f = f.parent ? enclosingFunction(f) : null) {
    if (model.isTestFunction(f)) return true;
    const owner = classOfMethod(f);
    if (owner) {
      const name = owner.children.find((c) => c.fieldName === 'name');
      const bases = owner.children.find((c) => c.fieldName === 'superclasses');
      if ((name && /^Test/.test(nodeText(name, model.text))) || (bases && /TestCase/.test(nodeText(bases, model.text)))) return true;
    }
  }
  return false;
}

/** Methods whose result still requires grad when their receiver does. */
const KEEPS_REQUIRES_GRAD = new Set(['cpu', 'to', 'cuda', 'float', 'double', 'half', 'squeeze', 'unsqueeze', 'view', 'reshape', 'permute', 'transpose', 'contiguous', 'clone', 'flatten', 't', 'sigmoid', 'softmax', 'log_softmax', 'exp', 'mean', 'sum', 'abs']);

/**
 * Code that shows it runs with gradients off: it calls `.numpy()` on a forward pass's output (or a
 * copy that still requires grad), which PyTorch refuses while the output is part of a graph. Such
 * code is guarded where this file cannot see (`valid(...)` called under `torch.no_grad()` from
 * another file), or its model has no trainable parameters; either way it records no graph.
 */
export class GradOffEvidence {
  private readonly numpyCalls = new Map<SyntaxNode, SyntaxNode[]>();
  private readonly verdicts = new Map<SyntaxNode, boolean>();

  constructor(private readonly model: SemanticModel) {
    for (const call of model.callsOfName('numpy', true)) {
      if (methodCall(call, model.text)?.method !== 'numpy') continue;
      const scope = scopeOf(call);
      let list = this.numpyCalls.get(scope);
      if (!list) this.numpyCalls.set(scope, (list = []));
      list.push(call);
    }
  }

  /** True when the code of this scope (a function or the module) shows it runs with gradients off. */
  provesGradOff(scope: SyntaxNode): boolean {
    let verdict = this.verdicts.get(scope);
    if (verdict === undefined) this.verdicts.set(scope, (verdict = this.compute(scope)));
    return verdict;
  }

  private compute(scope: SyntaxNode): boolean {
    const numpyCalls = this.numpyCalls.get(scope);
    if (!numpyCalls) return false;
    const { text } = this.model;
    const forwards = new Set(this.model.forwardCallsInScope(scope));
    const outputNames = new Set<string>();
    for (const f of forwards) {
      const p = f.parent;
      const left = p?.type === 'assignment' ? p.children.find((c) => c.fieldName === 'left') : undefined;
      if (left?.type === 'identifier') outputNames.add(nodeText(left, text));
    }
    return numpyCalls.some((call) => {
      let receiver = unparenthesize(methodCall(call, text)!.receiver);
      for (let inner = methodCall(receiver, text); inner && KEEPS_REQUIRES_GRAD.has(inner.method); inner = methodCall(receiver, text)) {
        receiver = unparenthesize(inner.receiver);
      }
      return forwards.has(receiver) || (receiver.type === 'identifier' && outputNames.has(nodeText(receiver, text)));
    });
  }
}
