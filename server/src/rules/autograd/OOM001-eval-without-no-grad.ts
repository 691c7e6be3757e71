import type { Fix, TextEdit } from '../../core/types';
import { addDecorator, addImport, wrapStatements } from '../../fixes/edits';
import { hasErrors, type SyntaxNode } from '../../parser/syntax';
import type { EvalRegion } from '../../semantic/eval-context';
import { candidateForwards, forwardName, GradOffEvidence, HELPER_CALLS, UnusedForwardRegions } from './unused-forwards';
import { groupBy } from '../../semantic/group-by';
import type { SemanticModel } from '../../semantic/model';
import { classOfMethod, enclosingFunction, functionName, isCompound, scopeOf, statementOf } from '../../semantic/scopes';
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
A helper that returns a forward pass's output to both training and logging (\`compute_loss(data)\`
called once for \`.item()\` before the training step), or a method of the file's model that returns one
(\`samples = vae.generate(z)\` only saved as images), is reported at each call whose result is not used.
Code under \`torch.no_grad()\`, \`torch.inference_mode()\`, \`torch.set_grad_enabled(False)\` (also entered
through an \`ExitStack\`), a \`@torch.no_grad()\` decorator, a helper that every caller in the file runs with
gradients off, and Lightning's evaluation hooks is not reported. Neither is an output that leaves what the
file shows: returned from a function that nothing in the file calls, stored on an object, or produced by a
function handed to another as a value. Nor is code that calls \`.numpy()\` on a model output without
detaching it: PyTorch refuses that while the output is part of a graph, so such code runs with gradients
off, guarded where the file cannot show it. It reports each unguarded function or region once, at its first
forward pass.`,
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
      fixSafety: `Adding \`@torch.no_grad()\` or wrapping the evaluation loop in \`with torch.no_grad():\` is safe when the
region computes no gradients: regions that call \`backward()\`, \`step()\`, \`autograd.grad\` or
\`requires_grad_()\` are never reported. Decorating a function that returns a model output is marked
unsafe, because a caller in another file might backpropagate through it. \`import torch\` is added when
the file does not import it. Where the output was followed to no backward pass inside code that also
trains, the fix wraps just those statements and is marked unsafe: it is worth a look before it lands in a
training loop.`,
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
      const named = helpers.has(call) ? null : model.evalContext.regionOf(call);
      return (named && !leavesTheFile(model, call) ? named : null) ?? unused.regionOf(call);
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
      // A forward that runs once on small inputs (a demo, a shape check, a smoke test) holds one
      // small graph for a while: the waste that runs out of memory grows with the data.
      if (model.runsOnceOnSmallInputs(call)) continue;
      if (gradOff.provesGradOff(scopeOf(call))) continue;
      if (helpers.has(call) && ownForwardReported(helpers.get(call)!)) continue;
      // Evaluation by its name, its data or model.eval(); otherwise by where the output goes.
      const region = regionOf(call);
      if (!region || reported.has(regionKey(region))) continue;
      reported.add(regionKey(region));
      const forward = forwardName(model, call);
      // Not a forward pass itself: a call of a helper of this file that runs one and returns its output.
      ctx.report({
        node: call,
        message: ctx.messages.oom001UnusedGraph({ forward, isForwardPass: forwards.has(call), reason: region.reason }),
        fixes: guardFix(ctx, region, call),
      });
    }
  },
};

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

function guardFix(ctx: RuleContext, region: EvalRegion, call: SyntaxNode): Fix[] {
  const { model } = ctx;
  // Where the parser had to recover, a rewrite is no better than a guess.
  if (hasErrors(region.node) || region.statements.some(hasErrors)) return [];
  const noGrad = model.torchMember('no_grad');
  const importEdits: TextEdit[] = noGrad.needsImport ? [addImport(model, 'import torch')] : [];
  if (region.kind === 'function') {
    const fn = region.node;
    if (model.text.slice(fn.start, fn.start + 5) === 'async') return [];
    const edits = addDecorator(model, fn, `${noGrad.expression}()`);
    if (!edits) return [];
    const returnsOutput = model.returnsOf(fn).some((r) => r.children.some((c) => c.named && model.graph.carriesGraph(c)));
    return [{
      title: ctx.messages.oom001DecorateFunction({ fn: functionName(fn, model.text), decorator: noGrad.expression }),
      applicability: returnsOutput ? 'unsafe' : 'safe',
      edits: [...importEdits, ...edits],
    }];
  }
  if (region.kind === 'statement') {
    // A `with` around a compound statement would guard far more than the forward.
    if (region.statements.some(isCompound)) return [];
    // Inside code that trains: the output was followed to no backward pass, but a guard placed in
    // training code deserves a look before it lands.
    const edits = wrapStatements(model, region.statements[0]!, region.statements[region.statements.length - 1]!, `with ${noGrad.expression}():`);
    if (!edits) return [];
    return [{ title: ctx.messages.oom001WrapForward({ guard: noGrad.expression }), applicability: 'unsafe', edits: [...importEdits, ...edits] }];
  }
  const [first, last] = region.kind === 'loop' ? [region.node, region.node] : spanOfForwards(model, region, call);
  const edits = wrapStatements(model, first, last, `with ${noGrad.expression}():`);
  if (!edits) return [];
  return [{
    title: region.kind === 'loop' ? ctx.messages.oom001WrapLoop({ guard: noGrad.expression }) : ctx.messages.oom001WrapEvaluation({ guard: noGrad.expression }),
    applicability: 'safe',
    edits: [...importEdits, ...edits],
  }];
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
