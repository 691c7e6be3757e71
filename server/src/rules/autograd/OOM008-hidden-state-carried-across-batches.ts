import type { Fix, TextEdit } from '../../core/types';
import { indentUnit, lineIndent, startsLine } from '../../fixes/edits';
import type { SyntaxNode } from '../../parser/syntax';
import { carriedStates, detachingHelpers, startsAsTensor, startsFromCall, type CarriedState } from './hidden-state';
import type { SemanticModel } from '../../semantic/model';
import { callee, nodeText } from '../../semantic/names';
import { bodyOf, statementOf } from '../../semantic/scopes';
import type { RuleMessages } from '../../l10n/messages';
import type { Rule } from '../rule';

/** The name of the helper the fix adds when the file has no detaching helper of its own. */
const HELPER = 'detach_state';

export const OOM008: Rule = {
  meta: {
    code: 'OOM008',
    name: 'hidden-state-carried-across-batches',
    summary: 'Recurrent state fed back into the model on the next batch without `.detach()` chains every batch\'s graph',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks training loops (loops whose body calls \`backward()\`, directly or through a helper of the same
file) for a recurrent state that a forward pass returns and the next iteration's forward pass takes back:
\`output, hidden = model(data, hidden)\` or \`out, (h, c) = lstm(x, (h, c))\`, where every assignment of the
state inside the loop is such a forward pass. It does not report state that the loop resets
(\`hidden = model.init_hidden(bsz)\`, \`hidden = None\`), detaches anywhere in the loop (\`hidden = hidden.detach()\`,
\`hidden = repackage_hidden(hidden)\`, \`hidden.detach_()\`, or a helper called on it), or rebinds in any other
way; state carried under \`torch.no_grad()\` or \`torch.inference_mode()\` (sampling, generation); loops
without a backward pass, such as a loop over the time steps of one sequence that backpropagates once
after it; and state passed into a model without being reassigned from its output.`,
      whyIsThisBad: `The state a recurrent model returns carries the autograd graph of the batch that produced it. Fed into
the next batch's forward pass, it links that batch's graph to the previous one, and so on back to the
start of the epoch: backpropagation through time is no longer truncated at the batch boundary. The
first \`backward()\` frees the saved activations of its graph, so the second one, which walks back
into that freed graph, fails with "Trying to backward through the graph a second time". The usual way
to silence that error, \`retain_graph=True\`, keeps every batch's graph and activations attached to the
state: memory grows by one batch's activations per step, and each backward walks the whole history.
With an optimizer updating the weights in place the next backward then fails on the weights' version
check instead; with updates made through \`.data\`, which autograd does not see, it runs on until CUDA
runs out of memory. Detaching the state at the start of each iteration keeps its value (the model still
sees the previous batch's context) and drops its history.`,
      example: `hidden = model.init_hidden(batch_size)
for data, targets in batches:
    optimizer.zero_grad()
    output, hidden = model(data, hidden)
    loss = criterion(output, targets)
    loss.backward()
    optimizer.step()`,
      useInstead: `def detach_state(state):
    if hasattr(state, "detach"):
        return state.detach()
    if isinstance(state, (tuple, list)):
        return type(state)(detach_state(part) for part in state)
    return state


hidden = model.init_hidden(batch_size)
for data, targets in batches:
    optimizer.zero_grad()
    hidden = detach_state(hidden)
    output, hidden = model(data, hidden)
    loss = criterion(output, targets)
    loss.backward()
    optimizer.step()`,
      fixSafety: `The fix inserts \`hidden = hidden.detach()\` right before the forward pass that takes the state back
(or before the inner loop over time steps that runs it), where the state is certainly defined, when the
state starts out as a tensor made before the loop (\`torch.zeros(...)\`). Otherwise (an LSTM's \`(h, c)\`
tuple, \`None\`, a \`model.init_hidden()\` of either kind) it calls the file's own \`repackage_hidden\`-style
helper when the state starts from a call, or adds a \`detach_state\` helper that detaches tensors inside
tuples, lists and dicts and leaves \`None\` alone. It is safe when no backward in the loop passes
\`retain_graph\`: such code fails on its second backward, and with the fix runs on the same values. With
\`retain_graph=True\` the code may run and backpropagate through every earlier batch; detaching changes
those gradients (truncated rather than full backpropagation through time), so the fix is unsafe there.`,
      references: [
        { title: 'torch.Tensor.detach', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html' },
        { title: 'PyTorch examples: word_language_model, repackage_hidden', url: 'https://github.com/pytorch/examples/blob/main/word_language_model/main.py' },
        { title: 'PyTorch FAQ: my model reports "cuda runtime error(2): out of memory"', url: 'https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory' },
        { title: 'torch.Tensor.backward (retain_graph)', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.backward.html' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    for (const state of carriedStates(model)) {
      const fn = callee(state.forward);
      ctx.report({
        node: state.forward,
        message: ctx.messages.oom008HiddenCarried({ names: state.names, fn: fn ? nodeText(fn, model.text) : null, retained: state.retained }),
        fixes: detachFix(model, state, ctx.messages),
      });
    }
  },
};

function detachFix(model: SemanticModel, state: CarriedState, messages: RuleMessages): Fix[] {
  const anchor = insertionPoint(state);
  if (!anchor || !startsLine(model, anchor)) return [];
  const { source } = model;
  const nl = source.newline;
  const indent = lineIndent(model, anchor.start);
  const allTensors = state.names.every((name) => startsAsTensor(model, state.loop, name));
  let helper: string | null = null;
  const edits: TextEdit[] = [];
  if (!allTensors) {
    // Our own helper takes anything; a project's `repackage_hidden` may not take `None`.
    const helpers = detachingHelpers(model, state.loop);
    const projectHelper = helpers.find((h) => h !== HELPER);
    helper = helpers.includes(HELPER) ? HELPER : projectHelper && state.names.every((n) => startsFromCall(model, state.loop, n)) ? projectHelper : null;
    if (!helper) {
      const added = addHelper(model);
      if (!added) return [];
      edits.push(added);
      helper = HELPER;
    }
  }
  const lines = state.names.map((name) => `${indent}${name} = ${helper ? `${helper}(${name})` : `${name}.detach()`}${nl}`).join('');
  const at = source.lineStart(source.lineOf(anchor.start));
  edits.push({ start: at, end: at, newText: lines });
  return [{
    title: helper ? messages.oom008DetachWithHelper({ names: state.names, helper }) : messages.oom008DetachBeforeForward({ names: state.names }),
    applicability: state.retained ? 'unsafe' : 'safe',
    edits,
  }];
}

/**
 * The statement to put the detach in front of: the one that runs the forward pass, or the inner
 * loop that runs it (detaching inside that loop would cut the sequence at every time step). There
 * the state is certainly defined, even where only some branches before the loop define it.
 */
function insertionPoint(state: CarriedState): SyntaxNode | null {
  const body = bodyOf(state.loop);
  if (!body) return null;
  let anchor = statementOf(state.forward);
  for (let p = state.forward.parent; p && p !== body; p = p.parent) {
    if (p.type === 'for_statement' || p.type === 'while_statement') anchor = p;
  }
  return anchor.parent?.type === 'block' ? anchor : null;
}

/**
 * Adds `detach_state` above the first top-level statement after the imports (and the comments
 * right above it), so that every use below it finds it defined. Null when the name is taken.
 */
function addHelper(model: SemanticModel): TextEdit | null {
  const { source } = model;
  if (model.identifiersNamed(HELPER).length > 0) return null;
  const header = new Set(['comment', 'import_statement', 'import_from_statement', 'future_import_statement']);
  const statements = model.root.children.filter((c) => c.named);
  let index = statements.findIndex((c, i) => !header.has(c.type) && !(i === 0 && isDocstring(c)));
  if (index < 0) return null;
  const anchor = statements[index]!;
  if (!startsLine(model, anchor)) return null;
  // Comments directly above the statement belong to it.
  let row = source.lineOf(anchor.start);
  while (index > 0 && statements[index - 1]!.type === 'comment' && source.lineOf(statements[index - 1]!.end) === row - 1) {
    index--;
    row = source.lineOf(statements[index]!.start);
  }
  const u = indentUnit(model).includes('\t') ? '\t' : indentUnit(model);
  const nl = source.newline;
  const helper = [
    `def ${HELPER}(state):`,
    `${u}"""The recurrent state without its autograd history: tensors detached, inside tuples, lists and dicts too."""`,
    `${u}if hasattr(state, "detach"):`,
    `${u}${u}return state.detach()`,
    `${u}if isinstance(state, dict):`,
    `${u}${u}return {key: ${HELPER}(value) for key, value in state.items()}`,
    `${u}if isinstance(state, (tuple, list)):`,
    `${u}${u}parts = [${HELPER}(part) for part in state]`,
    `${u}${u}return type(state)(*parts) if hasattr(state, "_fields") else type(state)(parts)`,
    `${u}return state`,
  ].join(nl);
  const at = source.lineStart(row);
  return { start: at, end: at, newText: `${helper}${nl}${nl}${nl}` };
}

function isDocstring(node: SyntaxNode): boolean {
  return node.type === 'expression_statement' && node.children.length === 1 && node.children[0]!.type === 'string';
}
