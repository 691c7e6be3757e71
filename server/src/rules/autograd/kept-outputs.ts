// Which model outputs evaluation code keeps on the GPU in a list across a loop, and how each is
// moved off it: OOM007's findings, also asked by OOM001 for the code its guard would turn grad off in.
import { field, is, walk, type SyntaxNode } from '../../parser/syntax';
import type { Definition } from '../../semantic/definitions';
import type { GradMode } from '../../semantic/grad-mode';
import { trainsNowhere } from './accumulators';
import { gpuModelOutput, stepsSampleState } from './gpu-outputs';
import { addedEveryIteration, keptAcrossIterations, listAdditions, listAdditionsIn, readsWorkOnCpu, visiblyOffGpu, walksData, type ListAddition } from './kept-lists';
import type { SemanticModel } from '../../semantic/model';
import { nodeText, referencesIn } from '../../semantic/names';
import { classOfMethod, enclosingFunction, enclosingLoops, functionName, scopeOf, within } from '../../semantic/scopes';

/** One model output kept on the GPU, and the call that moves it off. */
export interface KeptOutput {
  /** The value added to the list. */
  value: SyntaxNode;
  /** The forward pass (or helper call) the value is the output of. */
  origin: SyntaxNode;
  list: string;
  /** `.detach().cpu()` where the forward pass records a graph, else `.cpu()`. */
  call: '.cpu()' | '.detach().cpu()';
  /** Every later read of the list takes CPU tensors, and the loop walks data (not a per-step sampling loop). */
  safe: boolean;
}

/** Grad turned off where a guard is about to go: at the forward passes it names, in one scope. */
export interface GuardToCome {
  /** The function (or the module) the guarded code is in. */
  scope: SyntaxNode;
  /** The guarded statements (or function). */
  guarded: readonly SyntaxNode[];
  gradOff: (origin: SyntaxNode) => boolean;
}

/**
 * The outputs OOM007 reports. With a guard to come, those of the guard's scope as they would be with
 * grad off where it says: each is judged as OOM007 will judge it after the guard, from the same facts.
 * (Whether a list's items may move is judged from the additions of the same scope only, so leaving
 * out other scopes changes no answer.)
 */
export function outputsKeptOnGpu(model: SemanticModel, guard?: GuardToCome): KeptOutput[] {
  if (!model.projectUsesGpu) return [];
  const modeAt = (origin: SyntaxNode): GradMode => (guard?.gradOff(origin) ? 'disabled' : model.gradMode.at(origin));
  // An output of guarded code is added in a loop that holds guarded code or lies inside it.
  const overlapsGuard = (site: SyntaxNode, g: GuardToCome): boolean => {
    const loop = enclosingLoops(site)[0];
    return loop !== undefined && g.guarded.some((node) => within(node, loop) || within(loop, node));
  };
  const additions = guard ? listAdditionsIn(model, guard.scope).filter((a) => overlapsGuard(a.site, guard)) : listAdditions(model);
  const found: { addition: ListAddition; value: SyntaxNode; origin: SyntaxNode; creations: Definition[]; withGraph: boolean; perStep: boolean }[] = [];
  for (const addition of additions) {
    const loop = enclosingLoops(addition.site)[0];
    if (!loop) continue;
    // With grad on, only code that never trains is evaluation; the outputs then also hold a graph.
    const evaluates = (origin: SyntaxNode | null) => origin !== null
      && (modeAt(origin) === 'disabled' || trainsNowhere(model, addition.site, addition.list));
    // A one-off loop on constructed inputs (a smoke test) keeps little, as OOM001 judges its forwards.
    const oneOff = (origin: SyntaxNode | null) => origin !== null && is(origin, 'call') && model.runsOnceOnSmallInputs(origin);
    const origins = addition.values.map((v) => gpuModelOutput(model, v, loop)).map((o) => (evaluates(o) && !oneOff(o) ? o : null));
    const outputs = addition.values.flatMap((value, i) => (origins[i] ? [{ value, origin: origins[i] }] : []));
    const withGraph = origins.some((o) => o !== null && modeAt(o) !== 'disabled');
    if (!outputs.length || !addedEveryIteration(model, addition, loop)) continue;
    // Within a module's own forward pass a list holds that call's activations or outputs, as many as
    // the batch it was given (SAM's per-image masks): whoever keeps the result keeps it, and is judged there.
    if (inModuleForward(model, addition.site)) continue;
    const perStep = !walksData(model, loop);
    const moduleOutput = buildsModuleOutput(model, addition.site, addition.list);
    if (perStep && (moduleOutput || !origins.some((o) => o !== null && stepsSampleState(model, o, loop)))) continue;
    // A module's method that cuts its own input into chunks (`x[i * bs:(i + 1) * bs]`) builds its output from them.
    if (moduleOutput && slicesOwnParameter(model, loop)) continue;
    const creations = keptAcrossIterations(model, addition, loop);
    if (creations) for (const { value, origin } of outputs) found.push({ addition, value, origin, creations, withGraph, perStep });
  }
  const fixed = new Set(found.map((f) => f.value));
  return found.map(({ addition, value, origin, creations, withGraph, perStep }) => {
    // (With a guard, `additions` are already those of its scope.)
    const sameList = (guard ? additions : listAdditionsIn(model, scopeOf(addition.site))).filter((a) => a.list === addition.list);
    // Items of one list must end up on one device, and later reads must accept CPU tensors.
    // A list reached through a dict key may be read anywhere the dict goes.
    // A tensor joined onto itself (`preds = torch.cat((preds, out))`) may have been created on the GPU.
    // In a sampling loop each step's copy waits for the GPU, a sync per step that one copy after the loop avoids.
    const safe = !perStep && addition.receiver.type !== 'subscript' && addition.site.type !== 'assignment' && sameList.every((a) => a.values.every((v) => fixed.has(v) || visiblyOffGpu(model, v)))
      && readsWorkOnCpu(model, addition.list, creations, sameList);
    return { value, origin, list: addition.list, call: withGraph ? '.detach().cpu()' : '.cpu()', safe };
  });
}

/**
 * A module's own method that joins its steps' outputs into the tensor it returns (a decoder's step
 * loop in `Decoder.inference`, not a loop over data), or that runs within the module's forward pass:
 * the list is the model's output or its activations, on the model's device by design. A list that a
 * method run from outside returns as it is (a sampler's trajectory) is a collection for the caller.
 */
function buildsModuleOutput(model: SemanticModel, site: SyntaxNode, list: string): boolean {
  const fn = enclosingFunction(site);
  const cls = fn ? classOfMethod(fn) : null;
  const name = cls && is(cls, 'class_definition') ? field(cls, 'name') : null;
  if (!fn || !name || !model.modules.isModuleClass(nodeText(name, model.text))) return false;
  if (inModuleForward(model, site)) return true;
  const base = list.split(/[.[]/)[0]!;
  const joins = (call: SyntaxNode) => is(call, 'call') && referencesIn(field(call, 'arguments') ?? call, model.text).includes(base);
  return model.returnsOf(fn).some((r) => {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    if (!value) return false;
    // `return torch.stack(outputs)`, or `outputs = self._parse_outputs(outputs)` before `return outputs`.
    if (model.nodesOfKindWithin(value, 'call').some(joins)) return true;
    const def = model.definitions.reaching(scopeOf(r), base, r.start);
    return def?.kind === 'assign' && def.value !== null && joins(def.value);
  });
}

/** `site` is in a method of one of the file's module classes that runs as part of its forward pass. */
function inModuleForward(model: SemanticModel, site: SyntaxNode): boolean {
  const fn = enclosingFunction(site);
  const cls = fn ? classOfMethod(fn) : null;
  const name = cls && is(cls, 'class_definition') ? field(cls, 'name') : null;
  if (!fn || !name || !model.modules.isModuleClass(nodeText(name, model.text))) return false;
  return runsInForward(model, cls as SyntaxNode & { type: 'class_definition' }, functionName(fn, model.text));
}

/** The method `name` of `cls` runs as part of its forward pass: `forward`, or a method one of those calls on `self`. */
function runsInForward(model: SemanticModel, cls: SyntaxNode & { type: 'class_definition' }, name: string): boolean {
  const methods = new Map<string, SyntaxNode>();
  for (const statement of field(cls, 'body')?.children ?? []) {
    const definition = is(statement, 'decorated_definition') ? field(statement, 'definition') : statement;
    if (definition?.type === 'function_definition') methods.set(functionName(definition, model.text), definition);
  }
  const reached = new Set<string>();
  const pending = ['forward'];
  while (pending.length) {
    const method = methods.get(pending.pop()!);
    if (!method) continue;
    walk(method, (node) => {
      if (!is(node, 'call')) return true;
      const called = /^self\.(\w+)$/.exec(nodeText(field(node, 'function') ?? node, model.text))?.[1];
      if (called && methods.has(called) && !reached.has(called)) {
        reached.add(called);
        pending.push(called);
      }
      return true;
    });
  }
  return name === 'forward' || reached.has(name);
}

/** The loop's body slices (`x[a:b]`) a parameter of the function it runs in. */
function slicesOwnParameter(model: SemanticModel, loop: SyntaxNode): boolean {
  const fn = enclosingFunction(loop);
  if (!fn) return false;
  let found = false;
  walk(loop, (node) => {
    if (found || !is(node, 'subscript')) return !found;
    const value = field(node, 'value');
    const index = field(node, 'subscript');
    if (value?.type === 'identifier' && index?.type === 'slice') {
      const scope = scopeOf(node);
      if (scope === fn && model.definitions.reaching(scope, nodeText(value, model.text), node.start)?.kind === 'parameter') found = true;
    }
    return !found;
  });
  return found;
}
