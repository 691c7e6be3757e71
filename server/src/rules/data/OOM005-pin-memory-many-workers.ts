import { DEFAULT_SETTINGS } from '../../core/settings';
import type { Fix } from '../../core/types';
import type { SyntaxNode } from '../../parser/syntax';
import type { ResolvedInt } from '../../semantic/argparse';
import { dataLoadersOf, literalPlace, originDetail } from './dataloaders';
import type { RuleMessages } from '../../l10n/messages';
import { nodeText } from '../../semantic/names';
import type { Rule } from '../rule';

/** What the fix lowers `num_workers` to (below the limit when the limit is lower). */
const SUGGESTED_WORKERS = 4;

export const OOM005: Rule = {
  meta: {
    code: 'OOM005',
    name: 'pin-memory-many-workers',
    summary: 'A DataLoader pins memory while running many worker processes',
    defaultSeverity: 'warning',
    fixable: 'always',
    doc: {
      whatItDoes: `Checks \`torch.utils.data.DataLoader(...)\` calls that pass \`pin_memory=True\` together with a
\`num_workers\` at or above \`max-pinned-workers\` (${DEFAULT_SETTINGS.maxPinnedWorkers} unless configured). Both values may be literals,
constants assigned once, argparse defaults (also through \`main(parse_args())\`, or \`self.opt\` when every instance
of the class is built with the parsed arguments), function parameters whose
default and call sites (in this file and in the project's other files: \`get_loader(num_workers=4)\` in \`train.py\`
means the default of \`get_loader\` is never used) all give one number, attributes of a settings class (\`CFG.num_workers\`), entries of an unchanged
dict literal, entries of a \`**kwargs\` dictionary, or \`a if torch.cuda.is_available() else b\` (the value with a
GPU; other conditions only when both branches agree), also for a \`**kwargs\` dictionary chosen that way
(\`{"num_workers": 8, "pin_memory": True} if use_cuda else {}\`); \`pin_memory\` also
counts as true when it is \`torch.cuda.is_available()\`. Loaders that leave \`pin_memory\` off, or whose
worker count cannot be worked out statically, are not reported.`,
      whyIsThisBad: `With \`pin_memory=True\` a thread in the training process copies every batch the workers produce
into page-locked (pinned) host memory, so that the copy to the GPU can run asynchronously. Each worker
keeps \`prefetch_factor\` batches in flight, so the pinned footprint grows with the number of workers,
and CUDA's host allocator caches pinned blocks instead of giving them back. Pinned pages cannot be
swapped out; they are allocated through the CUDA driver, so running short fails with \`CUDA error: out
of memory\` in the pin-memory thread even while the GPU has room, and under distributed training every
process on the machine pins its own share. Beyond a handful of workers, more workers rarely speed up
loading but keep multiplying this memory.`,
      example: `from torch.utils.data import DataLoader

train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=16, pin_memory=True)`,
      useInstead: `from torch.utils.data import DataLoader

train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4, pin_memory=True)`,
      fixSafety: `Both fixes are unsafe. Lowering \`num_workers\` to 4 (or below \`max-pinned-workers\` when that is
lower), edited where the value is set (the argument, the constant, or the argparse default), can slow
down data loading when decoding is expensive; a constant or default may feed other loaders too. Setting \`pin_memory=False\` at the call makes each
host-to-device copy synchronous, which can slow every step.`,
      references: [
        { title: 'torch.utils.data: memory pinning', url: 'https://pytorch.org/docs/stable/data.html#memory-pinning' },
        { title: 'torch.utils.data: single- and multi-process data loading', url: 'https://pytorch.org/docs/stable/data.html#single-and-multi-process-data-loading' },
        { title: 'CUDA semantics: use pinned memory buffers', url: 'https://pytorch.org/docs/stable/notes/cuda.html#use-pinned-memory-buffers' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model, settings } = ctx;
    const loaders = dataLoadersOf(model);
    for (const loader of loaders.calls) {
            const pinMemory = loader.argument('pin_memory');
      const workers = loader.argument('num_workers');
      if (pinMemory.kind !== 'given' || workers.kind !== 'given') continue;
      const pinned = loaders.pinsMemory(pinMemory.value);
      const resolved = pinned ? loaders.resolveInt(workers.value) : null;
      if (!pinned || !resolved || resolved.value < settings.maxPinnedWorkers) continue;
      ctx.report({
        node: pinMemory.site,
        message: ctx.messages.oom005PinnedWorkers({
          loader: loader.name,
          pinMemory: nodeText(pinMemory.value, model.text).replace(/\s+/g, ' '),
          byDefault: pinned === 'argparse-default',
          workers: resolved.value,
          origin: originDetail(resolved, workers, model.text),
          limit: settings.maxPinnedWorkers,
        }),
        fixes: [...fewerWorkersFix(resolved, workers.value, settings.maxPinnedWorkers, ctx.messages), noPinningFix(pinMemory.value, ctx.messages)],
      });
    }
  },
};

function fewerWorkersFix(resolved: ResolvedInt, value: SyntaxNode, limit: number, messages: RuleMessages): Fix[] {
  const target = Math.min(SUGGESTED_WORKERS, limit - 1);
  if (target < 0) return [];
  // Edit the literal where the count is set, so an argparse default or constant stays the one place to change it.
  const edited = resolved.literal ?? value;
  return [{
    title: messages.setArgument({ name: 'num_workers', value: String(target), place: literalPlace(resolved) }),
    applicability: 'unsafe',
    edits: [{ start: edited.start, end: edited.end, newText: String(target) }],
  }];
}

function noPinningFix(value: SyntaxNode, messages: RuleMessages): Fix {
  return {
    title: messages.setArgument({ name: 'pin_memory', value: 'False', place: null }),
    applicability: 'unsafe',
    edits: [{ start: value.start, end: value.end, newText: 'False' }],
  };
}
