import type { Fix, TextEdit } from '../../core/types';
import { indentUnit, lineIndent, startsLine } from '../../fixes/edits';
import { walk, type SyntaxNode } from '../../parser/syntax';
import { carriedStates, detachingHelpers, startsAsTensor, startsFromCall, type CarriedState } from './hidden-state';
import type { SemanticModel } from '../../semantic/model';
import { callee, nodeText } from '../../semantic/names';
import { bodyOf, statementOf, topLevelStatementOf } from '../../semantic/scopes';
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
tuples, lists and dicts and leaves \`None\` alone, once per file, at module level right above the first function,
class or loop that uses it. It is safe when no backward in the loop passes
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
    const states = carriedStates(model);
    // One `detach_state` for the file, right above the first top-level statement that uses it: every
    // later use finds it defined, and the fixes that add it insert at one place, so fix-all adds it
    // once (fixes inserting at one place wait for the next pass, which finds the helper and calls it).
    const usesOfNewHelper = states.filter((state) => helperFor(model, state) === NEW_HELPER).map((state) => topLevelStatementOf(state.loop));
    const helperAbove = usesOfNewHelper.reduce<SyntaxNode | null>((first, s) => (first && first.start <= s.start ? first : s), null);
    for (const state of states) {
      const fn = callee(state.forward);
      ctx.report({
        node: state.forward,
        message: ctx.messages.oom008HiddenCarried({ names: state.names, fn: fn ? nodeText(fn, model.text) : null, retained: state.retained }),
        fixes: detachFix(model, state, helperAbove, ctx.messages),
      });
    }
  },
};

/** `helperFor`'s answer where no helper of the file will do and `detach_state` has to be added. */
const NEW_HELPER = Symbol('new detach_state');

/**
 * How the fix detaches the state: null for `name.detach()` (every name starts as a tensor), the name
 * of a helper of the file, or NEW_HELPER. Our own helper takes anything; a project's
 * `repackage_hidden` may not take `None`.
 */
function helperFor(model: SemanticModel, state: CarriedState): string | null | typeof NEW_HELPER {
  if (state.names.every((name) => startsAsTensor(model, state.loop, name))) return null;
  const helpers = detachingHelpers(model, state.loop);
  if (helpers.includes(HELPER)) return HELPER;
  const projectHelper = helpers.find((h) => h !== HELPER);
  return projectHelper && state.names.every((n) => startsFromCall(model, state.loop, n)) ? projectHelper : NEW_HELPER;
}

function detachFix(model: SemanticModel, state: CarriedState, helperAbove: SyntaxNode | null, messages: RuleMessages): Fix[] {
  const anchor = insertionPoint(state);
  if (!anchor || !startsLine(model, anchor)) return [];
  const { source } = model;
  const nl = source.newline;
  const indent = lineIndent(model, anchor.start);
  const chosen = helperFor(model, state);
  let helper: string | null = null;
  const edits: TextEdit[] = [];
  if (chosen === NEW_HELPER) {
    const added = helperAbove ? addHelper(model, helperAbove) : null;
    if (!added) return [];
    edits.push(added);
    helper = HELPER;
  } else helper = chosen;
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
 * Adds `detach_state` at module level right above `statement`, a top-level statement (a function,
 * a class, a loop) that uses it, and above the comments that lead into it. Null when the name is taken.
 */
function addHelper(model: SemanticModel, statement: SyntaxNode): TextEdit | null {
  const { source } = model;
  if (model.identifiersNamed(HELPER).length > 0) return null;
  if (!startsLine(model, statement)) return null;
  // Comments at module level directly above the statement belong to it. (The parser may put them
  // in the block of the statement before, so the lines are read.)
  let row = source.lineOf(statement.start);
  while (row > 0 && source.lineText(row - 1).startsWith('#') && !insideString(model.root, source.lineStart(row - 1))) row--;
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

/** `offset` is inside a string literal (a line of a multi-line string that starts with `#`). */
function insideString(root: SyntaxNode, offset: number): boolean {
  let found = false;
  walk(root, (n) => {
    if (found || n.end <= offset || n.start > offset) return false;
    if (n.type === 'string') found = true;
    return !found;
  });
  return found;
}
