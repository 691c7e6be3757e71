// The estimate in the editor: hovering a training DataLoader's batch size or the model's construction
// shows the step's estimated memory, its parts and, with oomlint.targetGpuMemory, the fit.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MarkupContent } from 'vscode-languageserver';
import { GPU_MEMORY_NOTIFICATION } from '../server/src/lsp/protocol';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const SCRIPT = `import torch
import torchvision
from torch.utils.data import DataLoader

model = torchvision.models.alexnet(num_classes=10).cuda()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
train_loader = DataLoader(train_set, batch_size=512, shuffle=True)
for images, labels in train_loader:
    loss = torch.nn.functional.cross_entropy(model(images.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
`;

async function hoverAt(line: number, character: number, options: { locale?: string; gpu?: string } = {}): Promise<string | null> {
  const client = await LspTestClient.start({
    ...(options.locale ? { locale: options.locale } : {}),
    settings: () => (options.gpu ? { targetGpuMemory: options.gpu } : {}),
  });
  try {
    const uri = pathToFileURL(join(FIXTURES_DIR, 'lsp', 'estimate-hover.py')).href;
    await client.open(uri, SCRIPT, 1);
    await client.diagnosticsAt(uri, 1);
    const hover = await client.hover(uri, { line, character });
    if (!hover) return null;
    assert.ok(MarkupContent.is(hover.contents));
    return hover.contents.value;
  } finally {
    await client.stop();
  }
}

test('the batch size and the model line show the estimate; other lines do not', async () => {
  const onBatch = await hoverAt(6, 45);
  assert.match(onBatch ?? '', /\*\*≈ [\d.]+ GiB per training step\*\* \(torchvision alexnet, batch 512\)/);
  assert.match(onBatch ?? '', /weights 218 MiB · gradients 218 MiB · optimizer state 435 MiB/);
  assert.match(await hoverAt(4, 10) ?? '', /per training step/);
  assert.equal(await hoverAt(9, 6), null);
});

test('with a target GPU the hover says whether the step fits, in the client\'s language', async () => {
  assert.match(await hoverAt(6, 45, { gpu: '2GB' }) ?? '', /Does not fit the 2\.0 GiB GPU .*batch \d+ fits\./);
  assert.match(await hoverAt(6, 45, { gpu: '2GB', locale: 'zh-cn' }) ?? '', /放不下 2\.0 GiB 的 GPU/);
  assert.match(await hoverAt(6, 45, { gpu: '80GB', locale: 'ru' }) ?? '', /Помещается в GPU на 80\.0 GiB/);
});

test('the GPU the client reads is OOM004\'s target when no setting names one; a setting wins', async () => {
  const run = async (settings: Record<string, unknown>) => {
    const client = await LspTestClient.start({ settings: () => settings });
    try {
      const uri = pathToFileURL(join(FIXTURES_DIR, 'lsp', 'estimate-readout.py')).href;
      await client.open(uri, SCRIPT, 1);
      const before = (await client.diagnosticsAt(uri, 1)).diagnostics.map((d) => d.code);
      await client.connection.sendNotification(GPU_MEMORY_NOTIFICATION, { totalMiB: 2048 });
      // The problem list cuts messages to their first clause; the hover gives them whole.
      const hover = await client.hover(uri, { line: 6, character: 45 });
      return { before, hover: hover && MarkupContent.is(hover.contents) ? hover.contents.value : '' };
    } finally {
      await client.stop();
    }
  };
  // Batch 512 is at the fixed limit: reported as such until a 2 GiB GPU is read, then by the estimate.
  const read = await run({});
  assert.deepEqual(read.before, ['OOM004']);
  assert.match(read.hover, /estimated at [\d.]+ GiB, [\d.]+ GiB with the CUDA context and allocator headroom, more than the GPU's 2\.0 GiB/);
  assert.match(read.hover, /Does not fit the 2\.0 GiB GPU/);
  const configured = await run({ targetGpuMemory: '80GB' });
  assert.deepEqual(configured.before, []);
  assert.match(configured.hover, /Fits the 80\.0 GiB GPU/);
});

test('inlay hints: the peak at the end of the batch size\'s and the model\'s lines, the fit with a GPU', async () => {
  const client = await LspTestClient.start({ settings: () => ({ targetGpuMemory: '2GB' }) });
  try {
    const uri = pathToFileURL(join(FIXTURES_DIR, 'lsp', 'estimate-inlay.py')).href;
    await client.open(uri, SCRIPT, 1);
    const lines = SCRIPT.split('\n');
    const hints = (await client.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } })) ?? [];
    assert.deepEqual(hints.map((h) => h.position), [{ line: 6, character: lines[6]!.length }, { line: 4, character: lines[4]!.length }]);
    for (const hint of hints) assert.match(String(hint.label), /^≈ [\d.]+ GiB per step; does not fit the 2\.0 GiB GPU, batch \d+ does$/);
    // A range that holds neither line gets none.
    assert.deepEqual(await client.inlayHints(uri, { start: { line: 7, character: 0 }, end: { line: 9, character: 0 } }), []);
    // A change of settings asks the editor for the hints again.
    const before = client.inlayHintRefreshes;
    client.settings = () => ({ targetGpuMemory: '80GB' });
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.waitFor('an inlay hint refresh', () => (client.inlayHintRefreshes > before ? true : undefined));
    const after = (await client.inlayHints(uri, { start: { line: 6, character: 0 }, end: { line: 7, character: 0 } })) ?? [];
    assert.match(String(after[0]?.label), /^≈ [\d.]+ GiB per step; fits the 80\.0 GiB GPU$/);
  } finally {
    await client.stop();
  }
});
