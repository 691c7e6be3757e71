import { DEFAULT_SETTINGS } from '../../core/settings';
import type { Fix, TextEdit } from '../../core/types';
import type { ResolvedInt } from '../../semantic/argparse';
import { dataLoadersOf, literalPlace, originDetail } from './dataloaders';
import type { RuleMessages } from '../../l10n/messages';
import { callee, nodeText, unparenthesize } from '../../semantic/names';
import type { SemanticModel } from '../../semantic/model';
import type { SyntaxNode } from '../../parser/syntax';
import { formatGiB } from '../../estimate/gpu-size';
import { trainingSetupOf } from '../../estimate/training-setup';
import { accumulationEdits } from './gradient-accumulation';
import { gpuBytesOf, trainingEstimatesOf } from './training-estimates';
import type { Rule } from '../rule';

export const OOM004: Rule = {
  meta: {
    code: 'OOM004',
    name: 'oversized-batch-size',
    summary: 'A training batch does not fit the GPU by estimate, or is at or above the configured limit',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks \`torch.utils.data.DataLoader(...)\` calls that feed training and whose \`batch_size\` is at
or above \`max-batch-size\` (${DEFAULT_SETTINGS.maxBatchSize} unless configured). The size may be a literal, a constant assigned once,
an argparse default (\`args.batch_size\`, also through a function parameter filled with the parsed
arguments, as in \`main(parse_args())\`, or through \`self.opt\` when every instance of the class is built with
them), a function parameter's default or the value every call site of the
function passes, an attribute of a settings class of the file (\`CFG.batch_size\`, a dataclass field's default),
an entry of a dict literal that is never changed (\`hparams["batch_size"]\`), an entry of a \`**kwargs\` dictionary, or
\`a if torch.cuda.is_available() else b\` (the value with a GPU; other conditions only when both branches agree); it may be passed by
keyword or as the second positional argument. A loader counts as training when its name or dataset
says so (\`train_loader\`, \`MNIST(..., train=True)\`), it shuffles, or a loop over it calls
\`backward()\` or \`step()\`; loaders named or built for validation or testing, and loaders iterated only
with gradients off, are left alone. Sizes that cannot be worked out statically are not reported, nor
are argparse values that the file overwrites or reloads from a config. With a \`DistributedSampler\` the
batch size is per process, which is what each GPU has to hold. Files that never use a GPU (no
\`.cuda()\`, \`"cuda"\` or \`device\`) are not checked.

When the target GPU's memory is known (\`gpu-memory\` in \`[tool.oomlint]\`, \`oomlint.targetGpuMemory\` in
the editor, or else the GPU the editor's status bar reads), a training batch is judged by the estimated peak memory of one training step instead
of the limit, as \`oomlint estimate\` works it out: weights, gradients and optimizer state for the model
passed to the optimizer, the activations saved for backward at that batch size, precision and input
size, the batch itself and backward's transient memory, plus the CUDA context and 10% allocator
headroom. It reports a batch whose step does not fit, with the estimate and the largest batch that
fits, and leaves alone one that does, however large. Where the step cannot be estimated (a model
oomlint does not know), the limit applies and the message says why.`,
      whyIsThisBad: `During training the forward pass keeps every layer's activations for the backward pass, and
that memory grows linearly with the batch. A batch size that fits on one card overflows a smaller
one, and the error only shows up when the first full batch (or the batch with the longest sequences)
arrives. A batch sized to just fit leaves no headroom for allocator fragmentation or for an unusually
large input, so a run can fail hours in. Splitting the batch and accumulating gradients over several
steps gives nearly the same update with a fraction of the activation memory.`,
      example: `import argparse
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=1024)
args = parser.parse_args()
model = Net().cuda()
train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)`,
      useInstead: `import argparse
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=256)
parser.add_argument("--accumulation-steps", type=int, default=4)
args = parser.parse_args()
model = Net().cuda()
train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)

for step, (inputs, targets) in enumerate(train_loader):
    loss = criterion(model(inputs), targets) / args.accumulation_steps
    loss.backward()
    if (step + 1) % args.accumulation_steps == 0:
        optimizer.step()
        optimizer.zero_grad()`,
      fixSafety: `The fix halves the integer literal the batch size comes from (the argument itself, the constant,
or the argparse default) until it is below the limit: 1024 becomes 256 under the default limit of 512.
It is unsafe: it changes the effective batch, and with it the learning-rate schedule, batch-norm
statistics and results, unless the training loop then accumulates gradients over as many steps as the
batch was divided by (4 in that example), as in the code above; the fix does not add that loop. A
constant or argparse default may feed other loaders too. No fix is offered when the size is computed.
Judged by the estimate, the fix sets the literal to the largest batch that fits and divides the
batch evenly (256 becomes 64 when 96 fits), and makes the training loop accumulate gradients over as
many steps as keep the effective batch (4 there): the loop counts its batches (\`enumerate\`), the loss
is divided by the steps before \`backward()\`, and the optimizer's step (with a scaler's update,
clipping and a scheduler's step beside it) and \`zero_grad()\` run once every 4 batches. It does so
only where the loader feeds one loop with one \`backward()\` and its update in consecutive statements
after it; otherwise it lowers the batch alone and its title says the accumulation is left to do. It
is unsafe for the same reasons, and because a last incomplete group of batches in an epoch is carried
into the next.`,
      references: [
        { title: 'torch.utils.data: DataLoader', url: 'https://pytorch.org/docs/stable/data.html#torch.utils.data.DataLoader' },
        { title: 'CUDA semantics: memory management', url: 'https://pytorch.org/docs/stable/notes/cuda.html#memory-management' },
        { title: 'Automatic mixed precision examples: gradient accumulation', url: 'https://pytorch.org/docs/stable/notes/amp_examples.html#gradient-accumulation' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model, settings } = ctx;
    // A script that never touches a GPU cannot run out of GPU memory, whatever its batch size.
    if (!model.usesGpu) return;
    const loaders = dataLoadersOf(model);
    const gpuBytes = gpuBytesOf(model);
    // With a GPU size, each training batch is judged by its estimated step where the estimate is known.
    const estimates = gpuBytes === null ? [] : trainingEstimatesOf(model, { gpuBytes, device: 'cuda' });
    for (const loader of loaders.calls) {
      const batchSize = loader.argument('batch_size');
      if (batchSize.kind !== 'given' || unparenthesize(batchSize.value).type === 'none') continue;
      // A batch sampler decides the batches itself; `batch_size` then has to stay at its default.
      const batchSampler = loader.argument('batch_sampler');
      if (batchSampler.kind === 'unknown' || (batchSampler.kind === 'given' && unparenthesize(batchSampler.value).type !== 'none')) continue;
      const resolved = loaders.resolveInt(batchSize.value);
      // Without a GPU size only the fixed limit judges a batch: one below it needs no more questions.
      if (!resolved || (gpuBytes === null && resolved.value < settings.maxBatchSize) || !loaders.isTraining(loader)) continue;
      const origin = originDetail(resolved, batchSize, model.text);
      const estimate = estimates.find((e) => e.loader === loader)?.estimate;
      const fit = estimate?.fit;
      if (estimate && fit && fit.fits !== null && estimate.peakBytes !== null) {
        if (fit.fits) continue;
        ctx.report({
          node: batchSize.site,
          message: ctx.messages.oom004DoesNotFit({
            loader: loader.name,
            perProcess: loaders.isDistributed(loader),
            batchSize: resolved.value,
            origin,
            model: estimate.model ?? '',
            peak: formatGiB(estimate.peakBytes),
            needed: formatGiB(fit.requiredBytes ?? 0),
            gpu: formatGiB(fit.gpuBytes),
            fitting: fit.largestBatch,
          }),
          fixes: lowerBatchFix(model, resolved, fit.accumulation, loaders.trainingLoops(loader), ctx.messages),
        });
        continue;
      }
      if (resolved.value < settings.maxBatchSize) continue;
      const unknownModel = gpuBytes === null ? ctx.messages.oom004LimitBecauseNoGpuSize() : ctx.messages.oom004LimitBecauseUnknown({ model: modelShown(model, loader.call) });
      ctx.report({
        node: batchSize.site,
        message: ctx.messages.oom004BatchSize({
          loader: loader.name,
          perProcess: loaders.isDistributed(loader),
          batchSize: resolved.value,
          origin,
          limit: settings.maxBatchSize,
        }) + unknownModel,
        fixes: halvingFix(resolved, settings.maxBatchSize, ctx.messages),
      });
    }
  },
};

/** How the model whose memory is unknown is written, for the message. */
function modelShown(model: SemanticModel, loader: SyntaxNode): string | null {
  const node = trainingSetupOf(model, loader).modelNode;
  const target = node ? callee(node) : null;
  return target ? nodeText(target, model.text) : null;
}

/**
 * Lowers the literal to the micro-batch that fits and, where the one training loop is plain enough,
 * makes it accumulate gradients over as many steps as keep the effective batch.
 */
function lowerBatchFix(
  model: SemanticModel,
  resolved: ResolvedInt,
  plan: { microBatch: number; steps: number; effectiveBatch: number } | null,
  loops: readonly SyntaxNode[],
  messages: RuleMessages,
): Fix[] {
  const literal = resolved.literal;
  if (!literal || !plan) return [];
  const lowered: TextEdit = { start: literal.start, end: literal.end, newText: String(plan.microBatch) };
  const accumulation = loops.length === 1 ? accumulationEdits(model, loops[0]!, plan.steps) : null;
  const edits = accumulation && accumulation.every((e) => e.end <= lowered.start || e.start >= lowered.end)
    ? [...accumulation, lowered].sort((a, b) => a.start - b.start)
    : null;
  return [{
    title: messages.oom004LowerBatch({ value: plan.microBatch, steps: plan.steps, place: literalPlace(resolved), accumulates: edits !== null }),
    applicability: 'unsafe',
    edits: edits ?? [lowered],
  }];
}

function halvingFix(resolved: ResolvedInt, limit: number, messages: RuleMessages): Fix[] {
  const literal = resolved.literal;
  if (!literal) return [];
  let target = resolved.value;
  while (target >= limit && target > 0) target = Math.floor(target / 2);
  if (target < 1) return [];
  return [{
    title: messages.setArgument({ name: 'batch_size', value: String(target), place: literalPlace(resolved) }),
    applicability: 'unsafe',
    edits: [{ start: literal.start, end: literal.end, newText: String(target) }],
  }];
}
