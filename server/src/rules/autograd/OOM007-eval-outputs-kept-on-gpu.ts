import { appendCall } from '../../fixes/edits';
import { nodeText } from '../../semantic/names';
import { outputsKeptOnGpu } from './kept-outputs';
import type { Rule } from '../rule';

export const OOM007: Rule = {
  meta: {
    code: 'OOM007',
    name: 'eval-outputs-kept-on-gpu',
    summary: 'Evaluation loop collects model outputs in a list while they are still on the GPU',
    defaultSeverity: 'information',
    fixable: 'always',
    doc: {
      whatItDoes: `Checks loops over data (a DataLoader, a dataset, batches drawn with \`next\`, a counting loop that slices
batches out of a tensor by its index) and sampling loops (each step feeds the model's previous output back
in, as denoising loops do) for model outputs that are
added to a list created before the loop, on every iteration, while still on the GPU, when the forward pass
runs with gradients disabled (\`torch.no_grad()\`, \`torch.inference_mode()\` and the like, also through a decorator of the file that
applies one, or a guarded caller), or with them on in
code that never trains (no \`backward()\` or optimizer step in the function, outputs not returned to a caller
that trains): such outputs also keep their graph, and the fix then stores \`.detach().cpu()\`. Outputs are the
forward pass's result and what is read from it (\`out[0]\`, \`out.logits\`, \`out.softmax(1)\`,
\`torch.sigmoid(out)\`, \`F.normalize(features)\`), directly, through a variable or through a helper of the file
that returns one (\`img = self.p_sample(img, t)\`), concatenated onto a tensor that grows with every batch
(\`preds = torch.cat((preds, out))\`, starting from an empty tensor), added with \`append\`,
\`extend\` or \`+= [...]\`, or stored in a dict created empty before the loop under a key read from the loop's own
targets, as it is or formatted (\`outputs[i] = out\` in \`for i, (x, y) in enumerate(loader)\`, \`outputs[f"{i}_flip"]\`;
not arithmetic on them such as \`i % 2\`, whose keys come round again). It does not report values already moved with \`.cpu()\`, \`.numpy()\`, \`.tolist()\`,
\`.item()\` or \`.to("cpu")\`; lists re-created, cleared or popped inside the loop; additions made only on some
iterations (\`if i == 0:\`); loops bounded by something other than the data (ensemble members,
augmentations, decoding steps, repeated passes over one batch); and files that never use a GPU. Values that
are small per batch are left out on purpose: losses, reductions (\`out.mean()\`, \`out.sum(1)\`; reductions of
features such as \`hidden_states.mean(dim=1)\` still count), comparisons, and class indices from \`argmax\`,
\`max\`, \`topk\` or \`multinomial\`. They do pile up on the device too, but a few numbers per sample rarely
exhaust it, and reporting every metric would bury the outputs that do.`,
      whyIsThisBad: `Every tensor in the list keeps its CUDA memory for as long as the list lives. Logits, probabilities
and features are as large as the batch times the output size, so collecting them over a whole validation
or test set makes device memory grow with the size of the dataset, next to the model and the current batch,
until the evaluation runs out of CUDA memory near its end. Slices and views such as \`out[0]\` keep the whole
output alive. Moving each batch's result to the CPU keeps GPU memory flat and the results in host memory,
which is where metrics and NumPy need them anyway. The copy has a price, since each one waits for the GPU:
on an H200, an evaluation of 200 batches of 21-class 128x128 logits peaked at 9.42 GiB with the outputs kept
on the GPU and at 0.28 GiB with \`.detach().cpu()\`, but took 10.8 s instead of 0.4 s. Where only
predictions or a metric are needed, keeping \`logits.argmax(dim=1)\` or the batch's metric keeps far less.`,
      example: `all_probs = []
with torch.no_grad():
    for images, _ in test_loader:
        logits = model(images.cuda())
        all_probs.append(logits.softmax(1))
probs = torch.cat(all_probs).cpu().numpy()`,
      useInstead: `all_probs = []
with torch.no_grad():
    for images, _ in test_loader:
        logits = model(images.cuda())
        all_probs.append(logits.softmax(1).cpu())
probs = torch.cat(all_probs).cpu().numpy()`,
      fixSafety: `Appending \`.cpu()\` to the stored value is safe when every later read of the list works as well on CPU
tensors: it is joined with \`torch.cat\`/\`torch.stack\` and then moved with \`.cpu()\`, \`.numpy()\` or \`.tolist()\`,
handed to NumPy, SciPy, pandas or scikit-learn, or only measured with \`len\`. Otherwise the fix is unsafe:
code that combines the collected outputs with GPU tensors (labels kept on the device, for example) would
then mix devices and fail, and lists kept on \`self\` or returned can be read anywhere. It is unsafe in a
sampling loop too (each step feeds the model's output back in): every step's copy then waits for the GPU,
a sync per step that slows sampling, to be weighed against the memory it saves. Where grad is on, the fix stores \`.detach().cpu()\`: the same values, without the graph that nothing backpropagates.`,
      references: [
        { title: 'torch.Tensor.cpu', url: 'https://pytorch.org/docs/stable/generated/torch.Tensor.cpu.html' },
        { title: 'CUDA semantics: memory management', url: 'https://pytorch.org/docs/stable/notes/cuda.html#memory-management' },
        { title: 'torch.no_grad', url: 'https://pytorch.org/docs/stable/generated/torch.no_grad.html' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    for (const kept of outputsKeptOnGpu(model)) {
      ctx.report({
        node: kept.value,
        message: ctx.messages.oom007OutputKeptOnGpu({ value: nodeText(kept.value, model.text), list: kept.list }),
        fixes: [{ title: ctx.messages.addCall({ call: kept.call }), applicability: kept.safe ? 'safe' : 'unsafe', edits: appendCall(kept.value, kept.call) }],
      });
    }
  },
};
