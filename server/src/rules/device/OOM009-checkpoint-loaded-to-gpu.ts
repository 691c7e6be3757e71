import type { Fix, TextEdit } from '../../core/types';
import { endsLine, lineIndent, startsLine } from '../../fixes/edits';
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { checkpointLoads, keptThroughTraining, savesCpuCheckpoints, type CheckpointLoad, type KeptCheckpoint } from './checkpoints';
import { qualifiedCallee, usesCuda } from './distributed';
import { stringValue } from './strings';
import type { SemanticModel } from '../../semantic/model';
import { mayReadWritten, pathWords, writtenPaths } from '../../semantic/checkpoint-files';
import { callArguments, nodeText } from '../../semantic/names';
import { nodesIn } from '../../semantic/subtree';
import type { RuleMessages } from '../../l10n/messages';
import type { Rule } from '../rule';

export const OOM009: Rule = {
  meta: {
    code: 'OOM009',
    name: 'checkpoint-loaded-to-gpu',
    summary: 'A checkpoint is loaded onto the GPU it was saved from, or kept on the GPU through training',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `Checks \`torch.load(...)\` calls, in projects that use a GPU (\`.cuda()\`, a \`"cuda"\` device string,
\`DataParallel\`/\`DistributedDataParallel\`, \`torch.cuda.set_device\`, \`torch.accelerator\`, in the file or in a file its imports connect it with), whose result is a state dict: it reaches a
\`load_state_dict(...)\` call directly (\`model.load_state_dict(torch.load(path))\`), through the name it is
assigned to, or through a part of it (\`ckpt["model"]\`, \`ckpt.get("state_dict")\`, a name assigned such a part, a dict
its entries are copied into), or a loop copies each entry into the model's own tensors (\`own[name].copy_(param)\`),
also through a function of the file that hands its parameter on to one
(\`load_weights(net, torch.load(path))\`), or from a function that returns it to callers in the file that do.
It reports two things:

- the load gives no \`map_location\`, so every tensor goes back to the device it was saved from, and the
  file it reads may be one that the project writes (\`torch.save\`, or a copy such as
  \`shutil.copyfile(path, "model_best.pth")\`, in any of its files): a path spelled from arguments or settings
  (\`args.resume\`), or one whose literal words a written path shares (\`checkpoint_best\` beside
  \`checkpoint_{epoch}.pth\`). A project that writes no checkpoint, or a literal file name that none of
  its written paths spells (\`"weights/resnet50_imagenet.pth"\`), loads published weights, saved on a
  machine its code cannot tell. A file that never moves anything to a GPU writes CPU tensors when it saves a
  model or optimizer it builds itself (a tutorial's \`model_save.py\`): its paths do not count;
- the load puts the tensors on a GPU (no \`map_location\`, or one that resolves to a \`"cuda..."\` device) and the
  name that holds the checkpoint (or a state dict taken from it) is still alive when a training loop
  (a loop with a backward pass or an optimiser step, also through helpers of the file) starts later in
  the same function or module: no \`del\`, no new value such as \`checkpoint = None\`.

A \`load_state_dict\` of a GradScaler or an LR scheduler (plain numbers) does not count, nor one into a part
of another object (\`ssd_net.vgg.load_state_dict(...)\`: a backbone initialised from published pretrained
weights, which are usually saved from the CPU; \`model.module\` and \`self.model\` still count), nor one into a
torch2trt \`TRTModule\`, whose state is a serialized engine. Loads that give \`map_location\` in any form (keyword, second positional argument, a lambda, a dict), that
pass \`*args\` or \`**kwargs\` (which may carry it), whose result is a whole pickled model or data rather than a
state dict, projects that never use a GPU, files whose every saved state dict is taken from a model moved to the CPU
first (\`model.eval().cpu()\` before \`torch.save(model.state_dict(), path)\`: what they load back holds CPU tensors), and test modules (pytest or unittest files, which round-trip small CPU
models) are not reported. A load inside \`with torch.device("cpu"):\` is left alone: the code says where it
wants its tensors (\`map_location\` makes sure of it). \`torch.jit.load\` loads a scripted module, not
a state dict to copy, and is not checked. A checkpoint that is returned, stored elsewhere or handed to
a helper is not reported as kept alive: its owner decides how long it lives.`,
      whyIsThisBad: `\`torch.load\` first reads every storage into host memory and then moves it to the device recorded when it
was saved. A checkpoint saved from \`cuda:0\` is therefore rebuilt on GPU 0, in full (weights, optimiser
moments, buffers), before \`load_state_dict\` copies it into the model's own parameters: for the length of
the load, the GPU holds the model and the checkpoint side by side, and with Adam the checkpoint is about
three times the size of the weights. In a multi-GPU run every process does this on GPU 0, which then
runs out of memory (or ends up with a context and a copy per process) while the other GPUs are idle.
When the loaded dict is kept in a variable that lives through the training loop, that copy never goes
away: the training runs with the checkpoint's size less memory than it should have.`,
      example: `import torch

model = Net().cuda()
checkpoint = torch.load(args.resume)
model.load_state_dict(checkpoint["model"])
optimizer.load_state_dict(checkpoint["optimizer"])
for epoch in range(args.epochs):
    train_one_epoch(model, optimizer, loader)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, args.resume)`,
      useInstead: `import torch

model = Net().cuda()
checkpoint = torch.load(args.resume, map_location="cpu")
model.load_state_dict(checkpoint["model"])
optimizer.load_state_dict(checkpoint["optimizer"])
del checkpoint
for epoch in range(args.epochs):
    train_one_epoch(model, optimizer, loader)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, args.resume)`,
      fixSafety: `Adding \`map_location="cpu"\` is safe when everything read from the checkpoint goes to \`load_state_dict\`
(or is only tested with \`in\`): \`Module.load_state_dict\` copies each tensor into the parameter's own device
and \`Optimizer.load_state_dict\` moves its state to the device of the parameters, so the model ends up
where it was, through host memory. It is unsafe when other values are read from the checkpoint (a
metric tensor, a whole module), as they then stay on the CPU where code may expect them on the GPU.
The argument is added after the last one, so positional and keyword arguments, trailing commas and
calls that span lines stay valid. Deleting the names that hold the checkpoint after their last use
(\`del checkpoint\`) is unsafe: code after the loop, or code that this analysis cannot see, may still
need them; it is offered only when every use and every name lies in the block of the load, before
the loop.`,
      references: [
        { title: 'torch.load (map_location; storages are moved to the device they were saved from)', url: 'https://pytorch.org/docs/stable/generated/torch.load.html' },
        { title: 'Saving and loading models: saving and loading across devices', url: 'https://pytorch.org/tutorials/beginner/saving_loading_models.html#saving-loading-model-across-devices' },
        { title: 'Getting started with DDP: save and load checkpoints (map_location per rank)', url: 'https://pytorch.org/tutorials/intermediate/ddp_tutorial.html#save-and-load-checkpoints' },
        { title: 'Serialization semantics', url: 'https://pytorch.org/docs/stable/notes/serialization.html' },
        { title: 'torch.nn.Module.load_state_dict', url: 'https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.load_state_dict' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    // Tests round-trip small CPU models through files; their loads are not a training job's memory.
    if (!(usesCuda.of(model) || model.projectUsesGpu) || isTestFile(model) || savesCpuCheckpoints.of(model)) return;
    for (const load of checkpointLoads.of(model)) {
      if (!load.feedsStateDict || load.target === 'cpu' || load.target === 'unknown' || underCpuDevice(model, load.call)) continue;
      // Without `map_location` the tensors go where they were saved from: known only for the project's own checkpoints.
      if (load.target === 'absent' && !readsProjectCheckpoint(model, load.call)) continue;
      const kept = keptThroughTraining(model, load);
      if (load.target === 'absent') {
        ctx.report({
          node: load.call,
          message: ctx.messages.oom009NoMapLocation({
            call: callText(model, load.call),
            keptBy: kept ? { name: load.binding!.name, loopLine: kept.loop.row + 1 } : null,
          }),
          // Loaded into host memory, a checkpoint that stays referenced no longer holds GPU memory.
          fixes: [mapToCpuFix(model, load, ctx.messages)],
        });
      } else if (kept) {
        ctx.report({
          node: load.call,
          message: ctx.messages.oom009KeptOnGpu({ names: kept.names, loopLine: kept.loop.row + 1 }),
          fixes: deleteFix(model, kept, ctx.messages),
        });
      }
    }
  },
};

/**
 * The file a load reads may be one that this project writes (see checkpoint-files.ts): a file it
 * never writes (published weights, a converted download) was saved on a machine the code cannot tell.
 */
function readsProjectCheckpoint(model: SemanticModel, call: SyntaxNode): boolean {
  const { positional, keywords } = callArguments(call, model.text);
  const path = positional[0] ?? keywords.get('f');
  const words = path ? pathWords(model, path) : null;
  return mayReadWritten(words, [...writtenPaths.of(model), ...model.projectWrittenPaths]);
}

/** A pytest or unittest file: named `test_*.py` or `*_test.py`, or importing pytest or unittest. */
function isTestFile(model: SemanticModel): boolean {
  const base = (model.path ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  if (/^test_.*\.py$|_test\.py$/.test(base)) return true;
  return model.imports.resolveName('pytest') !== undefined || model.imports.resolveName('unittest') !== undefined;
}

/** `torch.load(path)` as written when it is short and on one line, else `torch.load(...)`. */
function callText(model: SemanticModel, call: SyntaxNode): string {
  const text = nodeText(call, model.text);
  if (text.length <= 60 && !/[\n#]/.test(text)) return text;
  const fn = is(call, 'call') ? field(call, 'function') : null;
  return `${fn ? nodeText(fn, model.text) : 'torch.load'}(...)`;
}

/** `with torch.device("cpu"):` around the load says where its tensors belong. */
function underCpuDevice(model: SemanticModel, call: SyntaxNode): boolean {
  for (let p = call.parent; p; p = p.parent) {
    if (p.type === 'function_definition') return false;
    if (p.type !== 'with_statement') continue;
    for (const item of nodesIn(p, ['with_item'])) {
      const value = item.children.find((c) => c.named);
      const context = value?.type === 'as_pattern' ? value.children.find((c) => c.named) : value;
      if (!is(context, 'call') || qualifiedCallee(model, context) !== 'torch.device') continue;
      const first = callArguments(context, model.text).positional[0];
      if (first && stringValue(first, model.text) === 'cpu') return true;
    }
  }
  return false;
}

function mapToCpuFix(model: SemanticModel, load: CheckpointLoad, messages: RuleMessages): Fix {
  const args = is(load.call, 'call') ? field(load.call, 'arguments') : null;
  const items = args ? args.children.filter((c) => c.named && c.type !== 'comment') : [];
  const quote = items.map((a) => nodeText(a, model.text)).find((t) => /^["']/.test(t))?.[0] ?? '"';
  const last = items[items.length - 1];
  const keyword = `map_location=${quote}cpu${quote}`;
  // A `map_location` that is None on a machine with a GPU: its value becomes "cpu".
  const { positional, keywords } = callArguments(load.call, model.text);
  const given = keywords.get('map_location') ?? positional[1];
  let edit: TextEdit;
  if (given) {
    edit = { start: given.start, end: given.end, newText: `${quote}cpu${quote}` };
  } else if (!last) {
    edit = { start: args!.start + 1, end: args!.start + 1, newText: keyword };
  } else {
    // One argument per line, with a trailing comma: the new one gets its own line, in the same style.
    const comma = args!.children.find((c) => c.type === ',' && c.start >= last.end);
    const closing = args!.children[args!.children.length - 1]!;
    const ownLines = comma !== undefined && closing.row > last.endRow && startsLine(model, last);
    edit = ownLines
      ? { start: model.source.lineEnd(comma.row), end: model.source.lineEnd(comma.row), newText: `${model.source.newline}${lineIndent(model, last.start)}${keyword},` }
      : { start: last.end, end: last.end, newText: `, ${keyword}` };
  }
  return {
    title: messages.oom009MapToCpu(),
    applicability: load.onlyStateDicts ? 'safe' : 'unsafe',
    edits: [edit],
  };
}

function deleteFix(model: SemanticModel, kept: KeptCheckpoint, messages: RuleMessages): Fix[] {
  const after = kept.deleteAfter;
  if (!after || !startsLine(model, after) || !endsLine(model, after)) return [];
  const row = model.source.lineOf(after.end);
  const at = model.source.lineEnd(row);
  return [{
    title: messages.oom009DeleteBeforeLoop({ names: kept.names }),
    applicability: 'unsafe',
    edits: [{ start: at, end: at, newText: `${model.source.newline}${lineIndent(model, after.start)}del ${kept.names.join(', ')}` }],
  }];
}
