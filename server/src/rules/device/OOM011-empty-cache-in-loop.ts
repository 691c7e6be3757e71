import type { Fix } from '../../core/types';
import { endsLine, startsLine } from '../../fixes/edits';
import type { SyntaxNode } from '../../parser/syntax';
import { perStepEmptyCacheCalls } from './empty-cache';
import type { SemanticModel } from '../../semantic/model';
import { nodeText } from '../../semantic/names';
import { statementOf, statementsOf } from '../../semantic/scopes';
import type { RuleMessages } from '../../l10n/messages';
import type { Rule } from '../rule';

export const OOM011: Rule = {
  meta: {
    code: 'OOM011',
    name: 'empty-cache-in-loop',
    summary: '`torch.cuda.empty_cache()` on every training step frees no live tensor and slows each step',
    defaultSeverity: 'information',
    fixable: 'sometimes',
    // Real code calls it on every step on purpose too: sparse-convolution training with inputs of
    // varying size (FCGF with MinkowskiEngine, whose author recommends it), so precision is below 95%.
    offByDefault: true,
    doc: {
      whatItDoes: `Checks for \`torch.cuda.empty_cache()\` that runs on every training step: in a loop whose own iteration
calls \`backward()\` or an optimizer's \`step()\` (directly or through a helper of the same file), or in a
per-batch hook such as Lightning's \`training_step\` and \`on_train_batch_end\` or a Trainer callback's
\`on_step_end\`. It does not report calls made only now and then (\`if step % 100 == 0\`, behind an option
such as \`if args.empty_cache\`), calls in an \`except\` or \`finally\` block (recovering from an out-of-memory
error), calls once per epoch in a loop around the batch loop, and evaluation loops: these run once per
epoch, usually under \`torch.no_grad()\`, and there releasing the cache between inputs of very different
sizes, or before another model loads, can be a fair trade. Some training code calls it on every step on
purpose too: sparse-convolution training whose inputs change size every step, or memory held by an
allocator outside PyTorch's (MinkowskiEngine's author suggests the call for it). That is why the rule is
off by default.`,
      whyIsThisBad: `\`empty_cache()\` only hands back to the driver the blocks that PyTorch's caching allocator holds and no
tensor uses. It cannot free a tensor that is still referenced, so a leak (memory that grows from step to
step) stays exactly as it was. It costs on every step: it waits for the GPU to finish its queued work,
and the next step's forward pass must get the released memory back from the driver with \`cudaMalloc\`
instead of reusing cached blocks. On an H200, calling it in every step of a small training loop made the
allocator call \`cudaMalloc\` about 20 times a step instead of never and each step about 4% slower, and
lowered the peak reserved memory by nothing. Memory that grows during training comes from tensors kept
alive: losses or outputs kept or summed with graphs that no backward pass frees (OOM002, OOM003),
outputs kept on the GPU (OOM007), graphs retained (\`retain_graph=True\`, OOM006) or chained through state
carried between batches (OOM008).`,
      example: `import torch

for images, labels in loader:
    optimizer.zero_grad()
    loss = criterion(model(images.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()
    torch.cuda.empty_cache()`,
      useInstead: `import torch

for images, labels in loader:
    optimizer.zero_grad()
    loss = criterion(model(images.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()`,
      fixSafety: `The fix, removing the call, is display-only: it never changes results, but where another process shares
the GPU, or memory is fragmented by inputs of very different sizes, the call may be there on purpose.
Calling it once per epoch, or every few hundred steps, keeps most of that benefit at a small cost.`,
      references: [
        { title: 'CUDA semantics: memory management', url: 'https://pytorch.org/docs/stable/notes/cuda.html#memory-management' },
        { title: 'torch.cuda.empty_cache', url: 'https://pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html' },
        { title: 'huggingface/transformers#31530: Removed torch.cuda.empty_cache from train loop', url: 'https://github.com/huggingface/transformers/pull/31530' },
        { title: 'PyTorch FAQ: my model reports "cuda runtime error(2): out of memory"', url: 'https://pytorch.org/docs/stable/notes/faq.html#my-model-reports-cuda-runtime-error-2-out-of-memory' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    for (const { call, where } of perStepEmptyCacheCalls(model)) {
      ctx.report({
        node: call,
        message: ctx.messages.oom011EmptyCache({ call: nodeText(call, model.text), where }),
        fixes: removalFix(model, call, ctx.messages),
      });
    }
  },
};

/** Deletes the statement's lines, where it has them to itself and its block keeps another statement. */
function removalFix(model: SemanticModel, call: SyntaxNode, messages: RuleMessages): Fix[] {
  const statement = statementOf(call);
  if (statement.type !== 'expression_statement' || statement.children.filter((c) => c.named).length !== 1 || statement.children[0] !== call) return [];
  const block = statement.parent;
  if (!block || statementsOf(block).length < 2 || !startsLine(model, statement) || !endsLine(model, statement)) return [];
  const { source } = model;
  const start = source.lineStart(source.lineOf(statement.start));
  const lastRow = source.lineOf(statement.end);
  const end = lastRow + 1 < source.lineCount ? source.lineStart(lastRow + 1) : model.text.length;
  return [{ title: messages.oom011RemoveCall(), applicability: 'display-only', edits: [{ start, end, newText: '' }] }];
}
