import { isRuleEnabled } from '../../core/settings';
import type { Fix, TextEdit } from '../../core/types';
import { addDecorator, addImport, appendCall, wrapStatements } from '../../fixes/edits';
import { hasErrors, is, type SyntaxNode } from '../../parser/syntax';
import type { EvalRegion } from '../../semantic/eval-context';
import { candidateForwards, forwardName, GradOffEvidence, HELPER_CALLS, reportedWhereDefined, runsFrozenModel, UnusedForwardRegions } from './unused-forwards';
import { outputsKeptOnGpu } from './kept-outputs';
import { trainingOffCallsOf } from './training-flags';
import { groupBy } from '../../semantic/group-by';
import type { SemanticModel } from '../../semantic/model';
import { classOfMethod, enclosingFunction, functionName, isCompound, isStatement, scopeOf, statementOf, within, withinAnyOf } from '../../semantic/scopes';
import { callArguments, callee, dottedName, literalBool, methodCall, nodeText, referencesIn, unparenthesize } from '../../semantic/names';
import { nodesIn, nodesWithin } from '../../semantic/subtree';
import type { Rule, RuleContext } from '../rule';

export const OOM001: Rule = {
  meta: {
    code: 'OOM001',
    name: 'eval-without-no-grad',
    summary: 'Evaluation code runs the model with autograd recording',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks for forward passes that run while gradient recording is on and whose output never
reaches a backward pass. Two kinds of evidence count. Evaluation code: functions named like \`evaluate\`,
\`validate\`, \`test\`, \`predict\`, \`infer\`, \`generate\` or \`sample\`, loops over validation or test
loaders, code after \`model.eval()\`, methods of a class that puts its model in eval mode in \`__init__\`
for good. And, whatever the code is called, where the output goes: the rule
follows it through assignments, unpacking, arithmetic, method calls, the lists and dicts it is put into,
and the returns of functions to their callers in the same file; a forward pass whose output reaches no
\`backward()\`, \`torch.autograd.grad\` or training helper is reported: a test-set forward every 50 steps of
a training loop, a sampling helper that only saves images, a prediction after training at module level.
A detached copy carries none of the graph, so a forward whose output reaches a backward pass only through \`.detach()\`
(a target network's output used as a constant target, a teacher's logits) is reported too, as the backward pass that
uses none of its graph.
A forward pass run as a statement of its own in a function that backpropagates (\`model(input_img)\` before
\`loss.backward()\` in neural style transfer, whose hooks record the losses) is training, not waste, and so is one
whose output is handed to an object whose method backpropagates it (a criterion module of another file whose
\`forward\` calls \`backward()\`: calling a module runs its \`forward\`).
A helper that returns a forward pass's output to both training and logging (\`compute_loss(data)\`
called once for \`.item()\` before the training step), or a method of the file's model that returns one
(\`samples = vae.generate(z)\` only saved as images), is reported at each call whose result is not used.
A method of another file's class that runs its model with its caller's grad mode (\`trainer.predict(batch)\`,
\`policy_net.get_action(state)\`) is a forward pass where it is called, unless it keeps its outputs to itself and
every call of it runs with gradients on outside training: then the forward inside it is reported, in its file.
A function that trains only when a flag of its own says so (\`if train: loss.backward()\`), called in the file with
the flag off and gradients on (\`run_epoch(val_loader, train=False)\`), is reported at each such call: that is where the
guard goes, since the function trains on its other calls. A function of the file (or a method called only on \`self\`)
that some of its calls run with gradients off and others with gradients on (a helper run under \`no_grad\` after each epoch and bare every 200 steps)
is reported at each call with gradients on, where its author's guard is missing. A
method whose own code runs the model under \`no_grad\` (a \`predict\` with \`with torch.no_grad():\` inside) records no
graph where it is called, and a \`predict\`, \`infer\`, \`inference\` or \`sample\` that a class inherits from a library
base is the library's code, which the project does not hold: neither is reported.
Code under \`torch.no_grad()\`, \`torch.inference_mode()\`, \`torch.set_grad_enabled(False)\` (also entered
through an \`ExitStack\`), a \`@torch.no_grad()\` decorator, a helper that every caller in the file runs with
gradients off, and Lightning's evaluation hooks is not reported. Neither is an output that leaves what the
file shows: returned from a function that nothing in the file calls, stored on an object, or produced by a
function handed to another as a value. Nor is code that calls \`.numpy()\` on a model output without
detaching it: PyTorch refuses that while the output is part of a graph, so such code runs with gradients
off, guarded where the file cannot show it. Nor is a model that the code, or every caller in the file, froze
before running it (\`requires_grad_(False)\` on its parameters: an EMA or teacher copy records no graph), or an instance of
a class, this file's or another's, whose \`__init__\` freezes all its parameters by default (FID's Inception).
Nor is a forward that runs once on inputs the code builds itself (a \`__main__\` smoke test, a demo cell, a
shape check looping over a table of settings written in the source, on \`torch.randn(2, 3, 32, 32)\`, \`dataset[0]\` or a
loader's first batch, \`next(iter(loader))\` or \`dataiter.next()\`, a sentence written in the source or a line typed at
\`input()\`, padded to a module-level constant): it holds one small graph, while the waste that runs out of memory grows with the data.
Layers without parameters of their own (\`nn.Unfold\`, pooling, activations) and instances of another file's plain
class (a wrapper of a compiled inference engine) are not models.
It reports each unguarded function or region once, at its first forward pass or at the calls named above.`,
      whyIsThisBad: `\`model.eval()\` only switches layers such as dropout and batch norm to inference behaviour; it
does not stop autograd. While grad mode is on, every operation of the forward pass saves its inputs
and intermediate activations so that a backward pass could use them. In evaluation no backward pass
comes, yet those activations stay allocated for as long as any output, loss or metric computed from them
is alive. Evaluation therefore needs several times the memory it should, and batch sizes that train
fine run out of CUDA memory during validation.`,
      example: `def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        logits = model(images.cuda())
        correct += (logits.argmax(1) == labels.cuda()).sum().item()
    return correct`,
      useInstead: `@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        logits = model(images.cuda())
        correct += (logits.argmax(1) == labels.cuda()).sum().item()
    return correct`,
      fixSafety: `Adding \`@torch.no_grad()\` or wrapping the evaluation loop in \`with torch.no_grad():\` is safe only where the
analysis proves that nothing in the guarded code needs gradients: it calls no \`backward()\`, \`autograd.grad\`,
optimizer or scaler \`step()\`, \`zero_grad()\` or \`requires_grad_()\`, neither itself nor through the functions it
calls in this file or, checked as one project, in other files; it does not put a model in train mode before
running it (test-time adaptation, Monte Carlo dropout); and the output of every forward pass in it was
followed to a dead end, neither to a backward pass nor out of what the file shows (stored on an object,
returned to callers that cannot be seen, handed to a call that may keep it). Where any of this is not
proven, the fix is unsafe; so is the decorator on a function whose return value may take a graph to a
caller that backpropagates it: a model output, or any value not built from numbers and detached tensors
alone, unless every caller is in the file and the call's result reaches no backward pass (a KL term fed to
\`autograd.grad\` by a trust-region step is such a value). \`import torch\` is added when the file does not
import it. Where the output was followed to no backward pass inside code that also trains, the fix wraps
just those statements and is marked unsafe: it is worth a look before it lands in a training loop. Where the
guard would reveal outputs kept on the GPU across the loop (OOM007, which judges code that also trains only once
grad is off), a second fix does the whole repair: the guard, and \`.cpu()\` on each output OOM007 would then
report, found by OOM007's own analysis. It is safe only where the guard and every move are safe by OOM007's
rules, and comes first unless it is less safe than the guard alone; it is not offered where OOM007 is turned off.
Where the finding is at a call (of a function that trains only under a flag, or of a helper that other calls guard),
the fix wraps that call, and is unsafe; where the same statement runs another call that trains
(\`print(run_epoch(train_loader, optimizer), run_epoch(val_loader))\`), a guard would stop that training too, and no fix is offered.`,
      references: [
        { title: 'torch.no_grad', url: 'https://pytorch.org/docs/stable/generated/torch.no_grad.html' },
        { title: 'Autograd mechanics: locally disabling gradient computation', url: 'https://pytorch.org/docs/stable/notes/autograd.html#locally-disabling-gradient-computation' },
        { title: 'torch.inference_mode', url: 'https://pytorch.org/docs/stable/generated/torch.inference_mode.html' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    // A region is its kind and first node: a loop over test data is also the first statement of the
    // code after `model.eval()` around it, and the two are reported apart.
    const reported = new Set<string>();
    const regionKey = (region: EvalRegion) => `${region.kind}@${region.node.start}`;
    const candidates = candidateForwards(model);
    const forwards = new Set(model.forwardCalls);
    const unused = new UnusedForwardRegions(model, candidates);
    const gradOff = new GradOffEvidence(model);
    const helpers = HELPER_CALLS.of(model);
    // The evaluation region a candidate sits in, if any. A helper's call is judged by where its
    // result goes alone: names say less about code that only calls a function that runs the model.
    // (Whether the output leaves the file is asked of calls in a named region only: most are in none.)
    const regionOf = (call: SyntaxNode): EvalRegion | null => {
      if (!helpers.has(call) && runsFrozenModel(model, call)) return null;
      const named = helpers.has(call) ? null : model.evalContext.regionOf(call);
      // Evaluation by its name whose output still reaches a backward pass (a `predict()` feeding a consistency loss) needs its graph.
      return (named && !leavesTheFile(model, call) && model.forwardFlow.fateOf(call) !== 'backward' ? named : null) ?? unused.regionOf(call) ?? trainingOffPlaces(model, call)[0]?.region ?? null;
    };
    // Functions whose own forward passes are reported: calls of them are not reported again. Asked
    // for the helpers a call reaches, wherever they are, so a run over part of the file agrees.
    const forwardsByFunction = groupBy(candidates.filter((c) => !helpers.has(c)), enclosingFunction);
    const reportsInside = new Map<SyntaxNode, boolean>();
    const ownForwardReported = (fn: SyntaxNode): boolean => {
      let answer = reportsInside.get(fn);
      if (answer === undefined) {
        answer = (forwardsByFunction.get(fn) ?? []).some((c) => !gradOff.provesGradOff(scopeOf(c)) && regionOf(c) !== null);
        reportsInside.set(fn, answer);
      }
      return answer;
    };
    // Forward passes first, then calls of helpers that run one.
    const ordered = [...candidates.filter((c) => !helpers.has(c)), ...candidates.filter((c) => helpers.has(c))];
    for (const call of ordered) {
      if (gradOff.provesGradOff(scopeOf(call))) continue;
      // Another file's method whose own forward that file reports.
      if (reportedWhereDefined(model, call)) continue;
      if (helpers.has(call) && ownForwardReported(helpers.get(call)!)) continue;
      // Evaluation by its name, its data or model.eval(); otherwise by where the output goes.
      const region = regionOf(call);
      if (!region || reported.has(regionKey(region))) continue;
      // A forward that runs once on small inputs (a demo, a shape check, a smoke test) holds one
      // small graph for a while: the waste that runs out of memory grows with the data.
      if (model.runsOnceOnSmallInputs(call)) continue;
      for (const place of placesOf(model, call, region)) {
        if (reported.has(regionKey(place.region))) continue;
        reported.add(regionKey(place.region));
        // Not a forward pass itself: a call of a helper of this file that runs one and returns its output.
        const isForwardPass = place.node === call && forwards.has(call);
        ctx.report({
          node: place.node,
          message: ctx.messages.oom001UnusedGraph({ forward: place.forward, isForwardPass, reason: place.region.reason }),
          fixes: guardFix(ctx, place, call, candidates),
        });
      }
    }
  },
};

/**
 * A forward pass of a function that trains only under a flag, run by calls of this file that turn the
 * flag off with gradients on (see training-flags.ts): each call is reported, and its guard wraps it.
 */
function trainingOffPlaces(model: SemanticModel, forward: SyntaxNode): Place[] {
  const calls = trainingOffCallsOf(model, forward);
  if (!calls.length) return [];
  const fn = functionName(enclosingFunction(forward)!, model.text);
  return calls.map((off) => ({ node: off.call, region: callRegion(off.call, { kind: 'training-off', fn, flag: off.flag, value: off.value }), forward: fn }));
}

/** Whether a call in `statements` other than `reported` (and the calls around it) needs gradients. */
function othersNeedGradients(model: SemanticModel, statements: readonly SyntaxNode[], reported: SyntaxNode): boolean {
  return statements.some((statement) => nodesIn(statement, ['call']).some((other) => !within(other, reported) && !within(reported, other) && model.needsGradients(other)));
}

/** The statement of a call as the region a guard wraps. */
function callRegion(call: SyntaxNode, reason: EvalRegion['reason']): EvalRegion {
  const statement = statementOf(call);
  return { kind: 'statement', node: statement, statements: [statement], reason };
}

/** Where a finding is reported, and the region its guard covers. */
interface Place {
  node: SyntaxNode;
  region: EvalRegion;
  /** What the message names: the forward pass, or the function whose call is reported. */
  forward: string;
}

/**
 * Where the finding for a forward pass goes: where its guard belongs. A function that trains only
 * under a flag is reported at each call that turns the flag off, and a function (or a method called
 * only on `self`) that some calls guard and others do not (a helper run under `no_grad` after each
 * epoch and bare every 200 steps) at each call that does not: guarding the function itself would be
 * the wrong fix in the first case and not what its author does in the second. Anything else is
 * reported at the forward pass.
 */
function placesOf(model: SemanticModel, call: SyntaxNode, region: EvalRegion): Place[] {
  if (region.reason.kind === 'training-off') return trainingOffPlaces(model, call);
  const fn = enclosingFunction(call);
  if (fn && (region.node === fn || within(region.node, fn))) {
    const unguarded = unguardedCallsOf(model, fn);
    if (unguarded) {
      const name = functionName(fn, model.text);
      return unguarded.map((c) => ({ node: c, region: callRegion(c, { kind: 'unguarded-call', fn: name }), forward: name }));
    }
  }
  return [{ node: call, region, forward: forwardName(model, call) }];
}

/**
 * The calls of `fn` that run with gradients on, when others run it with gradients off and none is
 * left to callers in other files that run it with gradients on; null otherwise. None of these calls
 * may hand its result to a backward pass.
 */
function unguardedCallsOf(model: SemanticModel, fn: SyntaxNode): SyntaxNode[] | null {
  const callers = ownCallsOf(model, fn);
  if (!callers?.length) return null;
  const external = model.externalCallsOfFunction(fn).calls;
  if (external.some((c) => !c.gradDisabled)) return null;
  const modes = callers.map((c) => model.gradMode.at(c));
  if (modes.some((m) => m !== 'enabled' && m !== 'disabled')) return null;
  const unguarded = callers.filter((_, i) => modes[i] === 'enabled');
  const guarded = callers.length - unguarded.length + external.length;
  if (!guarded || !unguarded.length) return null;
  return unguarded.some((c) => model.forwardFlow.fateOf(c) === 'backward') ? null : unguarded;
}

/**
 * The calls of `fn` in this file from outside it, when all are known to be its: a function's calls by
 * its name; a method's, when every call of its name is on `self` or `cls` inside its own class (a
 * call of that name on another object may be another class's method). Null when some are not.
 */
function ownCallsOf(model: SemanticModel, fn: SyntaxNode): SyntaxNode[] | null {
  const callers = model.callersOf(fn);
  if (!callers) return null;
  const cls = classOfMethod(fn);
  const own = (call: SyntaxNode) => {
    if (cls === null) return true;
    const m = methodCall(call, model.text);
    return m !== null && /^(self|cls)$/.test(nodeText(m.receiver, model.text)) && within(call, cls);
  };
  return callers.every(own) ? callers.filter((c) => !within(c, fn)) : null;
}

/**
 * An evaluation-named function whose output may be backpropagated where this file cannot see: it is
 * passed around as a value (to a tracer, an exporter, a trainer), or it is a method whose callers in
 * this file pass its output on.
 */
function leavesTheFile(model: SemanticModel, call: SyntaxNode): boolean {
  const fn = enclosingFunction(call);
  if (!fn) return false;
  const callers = model.callersOf(fn);
  if (callers === null) return true;
  // A method called here whose result goes on out of the file (`forward` returning `self.inference(...)`).
  return classOfMethod(fn) !== null && callers.length > 0 && model.forwardFlow.fateOf(call) === 'escapes';
}

/** A guard's fix, the code it puts under `no_grad`, and the scope (function or module) of that code. */
interface Guard {
  fix: Fix;
  guarded: readonly SyntaxNode[];
  scope: SyntaxNode;
}

/**
 * The guard, and with it the whole repair where the guard would reveal outputs kept on the GPU
 * (OOM007): under `no_grad` evaluation code that also trains (validation inside a training loop) is
 * judged by OOM007 for the first time, and outputs it already reported lose their graph. The repair
 * moves to the CPU what OOM007 would then report, asked of OOM007's own analysis with grad off at
 * the guarded forward passes; it is safe only where the guard and every move are. It comes first
 * unless it is less safe than the guard alone.
 */
function guardFix(ctx: RuleContext, place: Place, call: SyntaxNode, candidates: readonly SyntaxNode[]): Fix[] {
  const guard = guardOnly(ctx, place, call, candidates);
  if (!guard) return [];
  const repair = isRuleEnabled('OOM007', ctx.settings) ? guardAndMove(ctx, guard) : null;
  if (!repair) return [guard.fix];
  return repair.applicability === guard.fix.applicability ? [repair, guard.fix] : [guard.fix, repair];
}

/** The guard plus moving to the CPU the outputs it reveals as kept on the GPU; null when it reveals none. */
function guardAndMove(ctx: RuleContext, { fix, guarded, scope }: Guard): Fix | null {
  const { model } = ctx;
  // The forward passes whose grad mode the guard turns off: recorded by default, in the guarded code of its own scope.
  const inGuarded = withinAnyOf(guarded);
  const gradOff = (origin: SyntaxNode) => scopeOf(origin) === scope && inGuarded(origin) && model.gradMode.at(origin) === 'enabled';
  const kept = outputsKeptOnGpu(model, { scope, guarded, gradOff }).filter((k) => gradOff(k.origin));
  if (!kept.length) return null;
  const edits = [...fix.edits, ...kept.flatMap((k) => appendCall(k.value, k.call))].sort((a, b) => a.start - b.start || a.end - b.end);
  // Two insertions at one offset would land in an order nobody chose.
  if (edits.some((e, i) => i > 0 && edits[i - 1]!.end >= e.start && (edits[i - 1]!.end > e.start || edits[i - 1]!.start === e.start))) return null;
  const lists = [...new Set(kept.map((k) => k.list))];
  return {
    title: ctx.messages.oom001AndMoveToCpu({ guardTitle: fix.title, list: lists.length === 1 ? lists[0]! : null }),
    applicability: fix.applicability === 'safe' && kept.every((k) => k.safe) ? 'safe' : 'unsafe',
    edits,
  };
}

function guardOnly(ctx: RuleContext, place: Place, call: SyntaxNode, candidates: readonly SyntaxNode[]): Guard | null {
  const { model } = ctx;
  const { region } = place;
  // Where the parser had to recover, a rewrite is no better than a guess.
  if (hasErrors(region.node) || region.statements.some(hasErrors)) return null;
  const noGrad = model.torchMember('no_grad');
  const importEdits: TextEdit[] = noGrad.needsImport ? [addImport(model, 'import torch')] : [];
  if (region.kind === 'function') {
    const fn = region.node;
    if (model.text.slice(fn.start, fn.start + 5) === 'async') return null;
    const edits = addDecorator(model, fn, `${noGrad.expression}()`);
    if (!edits) return null;
    const returnsOutput = model.returnsOf(fn).some((r) => r.children.some((c) => c.named && model.graph.carriesGraph(c)));
    return {
      fix: {
        title: ctx.messages.oom001DecorateFunction({ fn: functionName(fn, model.text), decorator: noGrad.expression }),
        applicability: !returnsOutput && provenUnneeded(model, [fn], candidates) && returnsToNoBackward(model, fn) ? 'safe' : 'unsafe',
        edits: [...importEdits, ...edits],
      },
      guarded: [fn],
      scope: fn,
    };
  }
  if (region.kind === 'statement') {
    // A `with` around a compound statement would guard far more than the forward, and one around
    // another call that trains (`history.append((run_epoch(train, opt), run_epoch(val)))`) breaks it.
    if (region.statements.some(isCompound) || othersNeedGradients(model, region.statements, place.node)) return null;
    // Inside code that trains: the output was followed to no backward pass, but a guard placed in
    // training code deserves a look before it lands.
    const edits = wrapStatements(model, region.statements[0]!, region.statements[region.statements.length - 1]!, `with ${noGrad.expression}():`);
    if (!edits) return null;
    const title = region.reason.kind === 'training-off' || region.reason.kind === 'unguarded-call' ? ctx.messages.oom001WrapCall({ fn: region.reason.fn, guard: noGrad.expression }) : ctx.messages.oom001WrapForward({ guard: noGrad.expression });
    return {
      fix: { title, applicability: 'unsafe', edits: [...importEdits, ...edits] },
      guarded: region.statements,
      scope: scopeOf(region.statements[0]!),
    };
  }
  const [first, last] = region.kind === 'loop' ? [region.node, region.node] : spanOfForwards(model, region, call);
  const edits = wrapStatements(model, first, last, `with ${noGrad.expression}():`);
  if (!edits) return null;
  const guarded = region.kind === 'loop' ? [region.node] : statementsFromTo(first, last);
  return {
    fix: {
      title: region.kind === 'loop' ? ctx.messages.oom001WrapLoop({ guard: noGrad.expression }) : ctx.messages.oom001WrapEvaluation({ guard: noGrad.expression }),
      applicability: provenUnneeded(model, guarded, candidates) && !bindsWhatIsBackpropagated(model, guarded) ? 'safe' : 'unsafe',
      edits: [...importEdits, ...edits],
    },
    guarded,
    scope: scopeOf(first),
  };
}

/**
 * The guarded code provably needs no gradients: nothing in it trains (`backward()`, an optimizer or
 * scaler step, `zero_grad()`, `autograd.grad`, through the helpers it calls in this file and the
 * project), it puts no model in train mode before running one, and every forward pass in it hands
 * its output to nothing that may backpropagate it (not to a backward pass, not out of what the file
 * shows).
 */
function provenUnneeded(model: SemanticModel, guarded: readonly SyntaxNode[], candidates: readonly SyntaxNode[]): boolean {
  if (guarded.some((node) => model.needsGradients(node))) return false;
  const forwards = guarded.flatMap((node) => nodesWithin(candidates, node));
  if (forwards.some((c) => model.forwardFlow.fateOf(c) !== 'unused')) return false;
  return !trainModeBeforeForward(model, guarded, forwards) && !callsUnreadMethodOfModelHolder(model, guarded, forwards);
}

/**
 * A method called on an object that also holds a model the guarded code runs (`agent.update()` beside
 * `agent.policy_net(x)`), of a class the analysis cannot read: such an object usually holds the
 * optimizer too, and its method may train (an agent's update, a trainer's step).
 */
function callsUnreadMethodOfModelHolder(model: SemanticModel, guarded: readonly SyntaxNode[], forwards: readonly SyntaxNode[]): boolean {
  const holders = new Set<string>();
  for (const call of forwards) {
    const name = dottedName(callee(call), model.text);
    const dot = name ? name.lastIndexOf('.') : -1;
    if (name && dot > 0 && !/^(self|cls)$/.test(name.slice(0, dot))) holders.add(name.slice(0, dot));
  }
  if (!holders.size) return false;
  const isForward = new Set(forwards);
  return guarded.some((node) => model.nodesOfKindWithin(node, 'call').some((call) => {
    const m = methodCall(call, model.text);
    const receiver = m ? dottedName(m.receiver, model.text) : null;
    return receiver !== null && holders.has(receiver) && !isForward.has(call) && model.modules.instanceClassOf(receiver) === undefined;
  }));
}

/**
 * `model.train()` before a forward pass of the guarded code: the model runs as in training (test-time
 * adaptation, Monte Carlo dropout), which is worth a look before gradients are turned off. The
 * `model.train()` that restores the mode after the last forward pass is not one.
 */
function trainModeBeforeForward(model: SemanticModel, guarded: readonly SyntaxNode[], forwards: readonly SyntaxNode[]): boolean {
  const lastForward = forwards.reduce((end, c) => Math.max(end, c.start), -1);
  return guarded.some((node) => model.nodesOfKindWithin(node, 'call').some((call) => {
    const m = methodCall(call, model.text);
    if (m?.method !== 'train' || call.start > lastForward) return false;
    const mode = callArguments(call, model.text).positional[0];
    return (!mode || literalBool(mode) !== false) && model.modules.isModuleExpr(m.receiver);
  }));
}

/**
 * What the function returns needs no graph: it returns nothing, or values that carry none (a number,
 * `.item()`, `.numpy()`, `.tolist()`, a detached tensor), or else its callers are all in this file and
 * the result of each call reaches no backward pass and nothing out of sight; and no caller in
 * another file of the project trains while the function returns more than a number. A value the
 * analysis cannot follow (a model's method it does not know runs a forward pass) is returned with the
 * graph the guard would take away: TRPO's `kl_divergence` feeding `autograd.grad`.
 */
function returnsToNoBackward(model: SemanticModel, fn: SyntaxNode): boolean {
  const values = model.returnsOf(fn).flatMap((r) => r.children.filter((c) => c.named && c.type !== 'comment'));
  if (!values.length) return true;
  if (model.externalCallsOfFunction(fn).calls.some((c) => c.callerTrains) && model.returnedKind(fn) !== 'number') return false;
  if (values.every((v) => plainValue(model, v))) return true;
  const callers = model.callersOf(fn);
  if (!callers?.length || model.externalCallsOfFunction(fn).calls.length) return false;
  return callers.every((call) => model.forwardFlow.fateOf(call) === 'unused');
}

/** How deep `plainValue` follows names and operands. */
const MAX_PLAIN_DEPTH = 6;

/**
 * A value that no guard can change: it carries no graph whatever its inputs (a literal, a number,
 * `.item()`, `.numpy()`, `.tolist()`, `.argmax()`, a detached tensor, a new tensor from a shape, what a
 * NumPy function returns) or is computed only from such values (`correct / len(loader.dataset)` after
 * `correct += ... .item()`, `torch.cat([ys, next_word])` of chosen indices), through every definition
 * of the names it reads.
 */
function plainValue(model: SemanticModel, value: SyntaxNode, depth = 0, visiting = new Set<SyntaxNode>()): boolean {
  if (depth > MAX_PLAIN_DEPTH) return false;
  const expr = unparenthesize(value);
  if (model.graph.endsGraph(expr) || ['number', 'detached', 'device'].includes(model.valueKind(expr))) return true;
  const parts = () => expr.children.filter((c) => c.named && c.type !== 'comment');
  switch (expr.type) {
    case 'tuple':
    case 'list':
    case 'expression_list':
    case 'binary_operator':
    case 'unary_operator':
    case 'boolean_operator':
    case 'conditional_expression':
      return parts().every((p) => plainValue(model, p, depth + 1, visiting));
    case 'subscript': {
      const base = expr.children.find((c) => c.fieldName === 'value');
      return base !== undefined && plainValue(model, base, depth + 1, visiting);
    }
    case 'identifier':
      return plainName(model, expr, depth, visiting);
    case 'call': {
      const qualified = model.imports.qualify(dottedName(callee(expr), model.text));
      // NumPy hands back arrays, never a tensor with a graph (it refuses one that requires grad).
      if (qualified?.startsWith('numpy.')) return true;
      const m = qualified ? null : methodCall(expr, model.text);
      // A tensor method or torch function applied to plain tensors only (`next_word.unsqueeze(0)`, `torch.cat([ys, w])`).
      if (!m && !qualified?.startsWith('torch.')) return false;
      const { positional, keywords } = callArguments(expr, model.text);
      const inputs = [...(m ? [m.receiver] : []), ...positional, ...keywords.values()];
      return inputs.every((input) => plainValue(model, input, depth + 1, visiting));
    }
    default:
      return false;
  }
}

/**
 * Every definition of the name in its scope gives a plain value (the values of `x += v` included); a
 * definition met again while it is being read (`ys = torch.cat([ys, w])`) adds nothing new.
 */
function plainName(model: SemanticModel, use: SyntaxNode, depth: number, visiting: Set<SyntaxNode>): boolean {
  const defs = model.definitions.definitionsOf(scopeOf(use), nodeText(use, model.text));
  return defs.length > 0 && defs.every((d) => {
    if ((d.kind !== 'assign' && d.kind !== 'augmented') || !d.value) return false;
    if (visiting.has(d.node)) return true;
    visiting.add(d.node);
    if (d.unpackIndex < 0) return plainValue(model, d.value, depth + 1, visiting);
    // `total, seen = 0.0, 0`: the element at that place.
    const literal = unparenthesize(d.value);
    if (literal.type === 'tuple' || literal.type === 'expression_list') {
      const element = literal.children.filter((c) => c.named && c.type !== 'comment')[d.unpackIndex];
      return element !== undefined && plainValue(model, element, depth + 1, visiting);
    }
    // `_, next_word = torch.max(prob, dim=1)`: the indices of a values-and-indices pair.
    const m = is(unparenthesize(d.value), 'call') ? methodCall(unparenthesize(d.value), model.text) : null;
    const called = dottedName(callee(unparenthesize(d.value)), model.text);
    const pair = (m && VALUES_AND_INDICES.has(m.method)) || /^torch\.(max|min|topk|sort|kthvalue|median|mode)$/.test(model.imports.qualify(called) ?? '');
    return pair && d.unpackIndex === 1;
  });
}

/** Methods (and torch functions) that return values and their indices. */
const VALUES_AND_INDICES = new Set(['max', 'min', 'topk', 'sort', 'kthvalue', 'median', 'mode']);

/**
 * Names that the guarded statements bind and that a backward pass of the same function reads
 * (`out = policy.act(x)` guarded, `loss(out).backward()` later): they would lose their graph.
 */
function bindsWhatIsBackpropagated(model: SemanticModel, guarded: readonly SyntaxNode[]): boolean {
  return guarded.some((node) => {
    const backpropagated = model.backpropagatedIn(scopeOf(node));
    if (!backpropagated.size) return false;
    return nodesIn(node, ['assignment', 'augmented_assignment']).some((a) => {
      const left = a.children.find((c) => c.fieldName === 'left');
      return left !== undefined && referencesIn(left, model.text).some((name) => backpropagated.has(name));
    });
  });
}

/** The statements of one block from `first` to `last`. */
function statementsFromTo(first: SyntaxNode, last: SyntaxNode): SyntaxNode[] {
  const siblings = first.parent?.children.filter((c) => isStatement(c)) ?? [first];
  return siblings.filter((s) => s.start >= first.start && s.end <= last.end);
}

/** From the first to the last statement after `model.eval()` that runs the model. */
function spanOfForwards(model: SemanticModel, region: EvalRegion, call: SyntaxNode): [SyntaxNode, SyntaxNode] {
  // Only forwards that run in the region: a function defined there runs when it is called.
  const runsHere = (c: SyntaxNode) => {
    const own = model.evalContext.regionOf(c);
    return model.gradMode.at(c) === 'enabled' && own?.kind === region.kind && own.node === region.node;
  };
  const withForward = region.statements.filter((s) => model.forwardCallsWithin(s).some(runsHere));
  const first = withForward[0] ?? statementOf(call);
  return [first, withForward[withForward.length - 1] ?? first];
}
