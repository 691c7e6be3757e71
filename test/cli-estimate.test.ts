// `oomlint estimate` run as a user runs it: arguments, the JSON shape the issue gives, the text
// report, a GPU size from the command line or from [tool.oomlint], and unknowns said as such.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseCliArgs, UsageError } from '../server/src/cli/args';
import { REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'oomlint-estimate-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], cwd = dir) {
  const result = spawnSync(process.execPath, [CLI, 'estimate', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

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
writeFileSync(join(dir, 'train.py'), SCRIPT);

interface JsonEstimate {
  file: string;
  line: number;
  model: string | null;
  batchSize: number | null;
  peakBytes: number | null;
  parts: Record<string, number> | null;
  assumptions: string[];
  unknown: string[];
  inputs: { name: string; value: string; line: number | null }[];
  fit: { gpuBytes: number; fits: boolean | null; largestBatch: number; accumulation: { microBatch: number; steps: number; effectiveBatch: number } | null } | null;
}

test('arguments: paths, --gpu-memory, --format, --device', () => {
  assert.deepEqual(parseCliArgs(['estimate']), { kind: 'estimate', options: { paths: ['.'], format: 'text', targetGpuMemory: undefined, device: 'cuda' } });
  assert.deepEqual(parseCliArgs(['estimate', 'a.py', '--gpu-memory', '24GB', '--format', 'json', '--device', 'cpu']), {
    kind: 'estimate',
    options: { paths: ['a.py'], format: 'json', targetGpuMemory: '24GB', device: 'cpu' },
  });
  assert.deepEqual(parseCliArgs(['estimate', '--help']), { kind: 'help', topic: 'estimate' });
  assert.throws(() => parseCliArgs(['estimate', '--format', 'sarif']), UsageError);
  assert.throws(() => parseCliArgs(['estimate', '--device', 'tpu']), UsageError);
});

test('--format json: the shape of the issue, parts adding up under the peak', () => {
  const result = run(['train.py', '--format', 'json']);
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { version: number; estimates: JsonEstimate[] };
  assert.equal(report.version, 1);
  const [estimate] = report.estimates;
  assert.ok(estimate);
  assert.equal(estimate.file, 'train.py');
  assert.equal(estimate.line, 7);
  assert.equal(estimate.model, 'torchvision alexnet');
  assert.equal(estimate.batchSize, 512);
  assert.deepEqual(Object.keys(estimate.parts!), ['weights', 'gradients', 'optimizerState', 'activations', 'batch', 'backwardTransient']);
  const sum = Object.values(estimate.parts!).reduce((a, b) => a + b, 0);
  assert.ok(estimate.peakBytes! > 0 && estimate.peakBytes! <= sum);
  assert.equal(estimate.parts!.optimizerState, 2 * estimate.parts!.weights);
  // No crop in the script: the model's usual input, said to be assumed.
  assert.deepEqual(estimate.inputs.find((i) => i.name === 'input'), { name: 'input', value: "3x224x224 (the model's usual input)", line: null });
  assert.ok(estimate.assumptions.some((a) => a.startsWith('input:')));
  assert.equal(estimate.fit, null);
});

test('a GPU size: fits or not, the largest batch that does, and the accumulation that keeps the batch', () => {
  const small = JSON.parse(run(['train.py', '--format', 'json', '--gpu-memory', '2GB']).stdout) as { estimates: JsonEstimate[] };
  const fit = small.estimates[0]!.fit!;
  assert.equal(fit.fits, false);
  assert.ok(fit.largestBatch > 0 && fit.largestBatch < 512);
  assert.equal(fit.accumulation!.effectiveBatch, 512);
  assert.equal(fit.accumulation!.microBatch * fit.accumulation!.steps, 512);
  const text = run(['train.py', '--gpu-memory', '2GB']).stdout;
  assert.match(text, /train\.py:7: torchvision alexnet, batch 512: ≈ [\d.]+ GiB peak per training step/);
  assert.match(text, /does not fit a 2\.0 GiB GPU .*accumulate gradients over \d+ steps to keep the effective batch of 512/);
  assert.match(text, /outside the peak: CUDA context/);
  assert.match(run(['train.py', '--gpu-memory', '80GB']).stdout, /fits a 80\.0 GiB GPU/);
  const bad = run(['train.py', '--gpu-memory', 'lots']);
  assert.equal(bad.status, 2);
});

test('the GPU size of [tool.oomlint] gpu-memory, when the command line gives none', () => {
  const project = mkdtempSync(join(dir, 'project-'));
  writeFileSync(join(project, 'pyproject.toml'), '[tool.oomlint]\ngpu-memory = "2GB"\n');
  writeFileSync(join(project, 'train.py'), SCRIPT);
  const report = JSON.parse(run(['train.py', '--format', 'json'], project).stdout) as { estimates: JsonEstimate[] };
  assert.equal(report.estimates[0]!.fit!.gpuBytes, 2 * 1024 ** 3);
});

test('what cannot be known is said instead of a number', () => {
  writeFileSync(join(dir, 'mystery.py'), SCRIPT.replace('torchvision.models.alexnet(num_classes=10)', 'build_model(cfg)'));
  const report = JSON.parse(run(['mystery.py', '--format', 'json']).stdout) as { estimates: JsonEstimate[] };
  const [estimate] = report.estimates;
  assert.equal(estimate!.peakBytes, null);
  assert.ok(estimate!.unknown.some((u) => u.startsWith('model:')), estimate!.unknown.join('\n'));
  writeFileSync(join(dir, 'empty.py'), 'print("no training here")\n');
  assert.match(run(['empty.py']).stdout, /No training setup found/);
});
