import { DEFAULT_SETTINGS } from '../../core/settings';
import type { Fix } from '../../core/types';
import type { ResolvedInt } from '../../semantic/argparse';
import { dataLoadersOf, literalPlace, originDetail } from './dataloaders';
import type { RuleMessages } from '../../l10n/messages';
import { unparenthesize } from '../../semantic/names';
import type { Rule } from '../rule';

export const OOM004: Rule = {
  meta: {
    code: 'OOM004',
    name: 'oversized-batch-size',
    summary: 'A training DataLoader uses a batch size at or above the configured limit',
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
\`.cuda()\`, \`"cuda"\` or \`device\`) are not checked.`,
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
constant or argparse default may feed other loaders too. No fix is offered when the size is computed.`,
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
    for (const loader of loaders.calls) {
            const batchSize = loader.argument('batch_size');
      if (batchSize.kind !== 'given' || unparenthesize(batchSize.value).type === 'none') continue;
      // A batch sampler decides the batches itself; `batch_size` then has to stay at its default.
      const batchSampler = loader.argument('batch_sampler');
      if (batchSampler.kind === 'unknown' || (batchSampler.kind === 'given' && unparenthesize(batchSampler.value).type !== 'none')) continue;
      const resolved = loaders.resolveInt(batchSize.value);
      if (!resolved || resolved.value < settings.maxBatchSize || !loaders.isTraining(loader)) continue;
      ctx.report({
        node: batchSize.site,
        message: ctx.messages.oom004BatchSize({
          loader: loader.name,
          perProcess: loaders.isDistributed(loader),
          batchSize: resolved.value,
          origin: originDetail(resolved, batchSize, model.text),
          limit: settings.maxBatchSize,
        }),
        fixes: halvingFix(resolved, settings.maxBatchSize, ctx.messages),
      });
    }
  },
};

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
