// `torch.cuda.empty_cache()` run on every training step: in a loop whose own iteration is a
// training step (it calls backward() or an optimizer's step() at its level, not in a nested loop),
// or in a per-step hook of Lightning or the Hugging Face Trainer.
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { joined } from '../../semantic/group-by';
import { modelQuery, StatementFact, type SemanticModel } from '../../semantic/model';
import { callee, dottedName, lastSegment, methodCall, nodeText } from '../../semantic/names';
import { bodyOf, classOfMethod, enclosingFunction, enclosingLoops, functionName } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';

export interface PerStepEmptyCache {
  call: SyntaxNode;
  /** The training loop, or the per-step hook, that runs the call on every step. */
  where: 'loop' | 'hook';
}

const EMPTY_CACHE = new Set(['torch.cuda.empty_cache', 'torch.cuda.memory.empty_cache']);

/**
 * `step()` receivers that update weights: optimizers (`optimizer`, `opt_g`, `self.optim`), AMP's
 * `scaler.step(optimizer)`, DeepSpeed's `model_engine.step()`. Not schedulers, environments,
 * meters or checkpoint managers, whose `step()` a per-epoch loop calls too.
 */
const OPTIMIZER_LIKE = /(^|_)(opt|optim|optimizer|optimiser|scaler|engine|model_engine)s?(_|$|\d)|^optimizer|optimizer$/i;
const NOT_AN_OPTIMIZER = /sched/i;

/** Hooks that run once per training batch. */
const PER_STEP_HOOKS = new Set([
  'training_step', 'on_train_batch_start', 'on_train_batch_end', 'on_before_backward', 'on_after_backward',
  'on_before_optimizer_step', 'on_before_zero_grad', 'optimizer_step', 'on_step_begin', 'on_step_end', 'on_substep_end',
]);
const HOOK_OWNER = /Lightning|Callback|\bpl\.|\bL\./;

/** Places that run only on some steps, or not at all on a normal one. */
const OCCASIONAL = new Set(['except_clause', 'finally_clause', 'else_clause', 'elif_clause', 'boolean_operator', 'lambda', 'function_definition', 'while_statement', 'for_statement']);

/** A condition that only asks whether CUDA is there, which every step passes the same way. */
const DEVICE_CHECK = /is_available|cuda|gpu|device/i;

/** Most helper calls followed to find a training step. */
const HELPER_DEPTH = 3;

const PER_STEP = modelQuery('empty_cache calls run on every training step', (model, _: void): readonly PerStepEmptyCache[] => find(model));

export function perStepEmptyCacheCalls(model: SemanticModel): readonly PerStepEmptyCache[] {
  return PER_STEP.of(model);
}

/** A top-level statement's calls of `torch.cuda.empty_cache`, under the file's imports. */
const EMPTY_CACHE_CALLS_IN_STATEMENT = new StatementFact(
  'empty_cache calls',
  (model, statement) => model.nodesOfKindIn(statement, 'call').filter((call) => {
    const name = dottedName(callee(call), model.text);
    return name !== null && EMPTY_CACHE.has(model.imports.qualify(name) ?? '');
  }),
);

function find(model: SemanticModel): PerStepEmptyCache[] {
  const found: PerStepEmptyCache[] = [];
  for (const call of joined(EMPTY_CACHE_CALLS_IN_STATEMENT.ofEach(model))) {
    const loop = enclosingLoops(call)[0];
    const region = loop ? bodyOf(loop) : perStepHook(model, call);
    if (!region || !runsEveryTime(model, call, region)) continue;
    if (loop ? trainsAtItsLevel(model, loop) : true) found.push({ call, where: loop ? 'loop' : 'hook' });
  }
  return found;
}

/** The body of the Lightning or Trainer-callback per-step hook that holds `call` (outside any loop). */
function perStepHook(model: SemanticModel, call: SyntaxNode): SyntaxNode | null {
  const fn = enclosingFunction(call);
  if (!fn || !PER_STEP_HOOKS.has(functionName(fn, model.text))) return null;
  const owner = classOfMethod(fn);
  const bases = is(owner, 'class_definition') ? field(owner, 'superclasses') : null;
  return bases && HOOK_OWNER.test(nodeText(bases, model.text)) ? bodyOf(fn) : null;
}

/**
 * Nothing between the region and the call makes it occasional: no `if` other than a CUDA check
 * (`if step % 100 == 0`, `if args.empty_cache`), no `except` or `finally` (recovery from an
 * out-of-memory error), no `else` of a conditional expression.
 */
function runsEveryTime(model: SemanticModel, call: SyntaxNode, region: SyntaxNode): boolean {
  let child: SyntaxNode = call;
  let p = call.parent;
  for (; p && p !== region; child = p, p = p.parent) {
    if (OCCASIONAL.has(p.type)) return false;
    if (p.type === 'if_statement') {
      const condition = p.children.find((c) => c.fieldName === 'condition');
      if (child !== condition && (!condition || !isDeviceCheck(model, condition))) return false;
    }
    if (p.type === 'conditional_expression') {
      const parts = p.children.filter((c) => c.named && c.type !== 'comment');
      if (child !== parts[0] || !parts[1] || !isDeviceCheck(model, parts[1])) return false;
    }
  }
  return p === region;
}

function isDeviceCheck(model: SemanticModel, condition: SyntaxNode): boolean {
  const text = nodeText(condition, model.text);
  return DEVICE_CHECK.test(text) && !/%|\band\b|\bor\b/.test(text);
}

/**
 * The loop's own iteration is a training step: `backward()` or an optimizer's `step()` in its body
 * outside nested loops (not a per-epoch loop around the batch loop), directly or through a
 * helper of this file called there (`train_step(batch)`).
 */
function trainsAtItsLevel(model: SemanticModel, loop: SyntaxNode): boolean {
  const body = bodyOf(loop);
  if (!body) return false;
  const owner = enclosingFunction(loop);
  const atLevel = nodesIn(body, ['call']).filter((c) => enclosingFunction(c) === owner && enclosingLoops(c)[0] === loop);
  if (atLevel.some((c) => isTrainingCall(model, c))) return true;
  const seen = new Set<SyntaxNode>();
  let pending: readonly SyntaxNode[] = atLevel;
  for (let depth = 0; depth < HELPER_DEPTH && pending.length; depth++) {
    const next: SyntaxNode[] = [];
    for (const call of pending) {
      for (const fn of helpersCalledBy(model, call)) {
        if (seen.has(fn)) continue;
        seen.add(fn);
        const calls = nodesIn(fn, ['call']).filter((c) => enclosingFunction(c) === fn);
        // A helper that loops over batches itself is a whole epoch, not one step.
        if (calls.some((c) => isTrainingCall(model, c) && enclosingLoops(c).length === 0)) return true;
        next.push(...calls.filter((c) => enclosingLoops(c).length === 0));
      }
    }
    pending = next;
  }
  return false;
}

function isTrainingCall(model: SemanticModel, call: SyntaxNode): boolean {
  if (model.backwardCalls.includes(call)) return model.gradMode.at(call) !== 'disabled';
  const m = methodCall(call, model.text);
  if (m?.method !== 'step') return false;
  const receiver = dottedName(m.receiver, model.text);
  const last = receiver ? lastSegment(receiver) : '';
  return OPTIMIZER_LIKE.test(last) && !NOT_AN_OPTIMIZER.test(last);
}

function helpersCalledBy(model: SemanticModel, call: SyntaxNode): readonly SyntaxNode[] {
  const target = callee(call);
  if (target?.type === 'identifier') return model.functionsNamed(nodeText(target, model.text));
  const m = methodCall(call, model.text);
  if (m && dottedName(m.receiver, model.text) === 'self') return model.functionsNamed(m.method).filter((fn) => classOfMethod(fn) !== null);
  return [];
}
