// The estimate of a training step's memory: its arithmetic, its knowledge of models, and what it
// reads from scripts (each input with its line, or said to be assumed; unknowns said, not guessed).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import { parseGpuMemory } from '../server/src/estimate/gpu-size';
import { accumulationPlan, estimateStep, largestFittingBatch, optimizerStateBytesPerParameter, type OptimizerSetup, type StepSetup } from '../server/src/estimate/step-memory';
import { KNOWN_CHECKPOINTS, savedBytesPerTokenPerLayer, transformerParameters } from '../server/src/estimate/transformer-models';
import { TORCHVISION_PROVENANCE, torchvisionModel } from '../server/src/estimate/torchvision-models';
import { trainingEstimatesOf } from '../server/src/rules/data/training-estimates';
import { SemanticModel } from '../server/src/semantic/model';
import { sharedAnalyzer } from './support/analyzer';

const adam: OptimizerSetup = { kind: 'adam', momentum: false, amsgrad: false, centered: false, weightDecay: false, foreach: null, fused: false };
const GiB = 1024 ** 3;

function setup(overrides: Partial<StepSetup> = {}): StepSetup {
  return {
    footprint: {
      parameters: 1_000_000, trainableParameters: 1_000_000, bufferBytes: 0, largestParameter: 500_000,
      savedBytesPerSample: 1_000_000, transientBytes: 2_000_000, transientBytesPerSample: 100_000, inputBytesPerSample: 10_000, lossBytesPerSample: 40,
    },
    optimizer: adam,
    precision: 'float32',
    activationDivisor: 1,
    gradientsFreedBeforeForward: true,
    device: 'cuda',
    ...overrides,
  };
}

async function estimatesOf(text: string, settings: Record<string, unknown> = {}, device: 'cuda' | 'cpu' = 'cuda') {
  const analyzer = await sharedAnalyzer();
  const model = new SemanticModel(analyzer.parser.parseToSyntax(text), new SourceText(text), resolveSettings(settings), undefined);
  try {
    return trainingEstimatesOf(model, { gpuBytes: settings.targetGpuMemory ? parseGpuMemory(String(settings.targetGpuMemory))! : null, device }).map((e) => e.estimate);
  } finally {
    model.db.release();
  }
}

describe('the arithmetic of a step', () => {
  test('optimizer state per parameter follows the optimizer and its options', () => {
    assert.equal(optimizerStateBytesPerParameter(adam, 4), 8);
    assert.equal(optimizerStateBytesPerParameter({ ...adam, amsgrad: true }, 4), 12);
    assert.equal(optimizerStateBytesPerParameter({ ...adam, kind: 'sgd' }, 4), 0);
    assert.equal(optimizerStateBytesPerParameter({ ...adam, kind: 'sgd', momentum: true }, 4), 4);
    assert.equal(optimizerStateBytesPerParameter({ ...adam, kind: 'rmsprop', momentum: true, centered: true }, 4), 12);
    assert.equal(optimizerStateBytesPerParameter({ ...adam, kind: 'adam-8bit' }, 4), 2);
    assert.equal(optimizerStateBytesPerParameter(adam, 2), 4);
  });

  test('parts scale with the batch where they should, and the peak is the largest phase', () => {
    const one = estimateStep(setup(), 1);
    const ten = estimateStep(setup(), 10);
    assert.equal(one.parts.weights, ten.parts.weights);
    assert.equal(ten.parts.activations, 10 * (1_000_000 + 40));
    assert.equal(ten.parts.batch, 100_000);
    // Gradients set to None: no gradient is computed beside an existing one.
    assert.equal(ten.parts.backwardTransient, 1_000_000);
    assert.equal(ten.phase, 'backward');
    const kept = estimateStep(setup({ gradientsFreedBeforeForward: false }), 10);
    assert.equal(kept.parts.backwardTransient, 3_000_000);
    // With no activations to speak of, the optimizer step's temporaries make the peak.
    const tiny = estimateStep(setup({ footprint: { ...setup().footprint, savedBytesPerSample: 0, transientBytesPerSample: 0, inputBytesPerSample: 0, lossBytesPerSample: 0 } }), 1);
    assert.equal(tiny.phase, 'optimizer-step');
  });

  test('half precision halves weights and saved bytes; autocast keeps float32 weights and saves 16-bit copies', () => {
    const full = estimateStep(setup(), 8);
    const half = estimateStep(setup({ precision: 'float16' }), 8);
    const mixed = estimateStep(setup({ precision: 'autocast-float16' }), 8);
    assert.equal(half.parts.weights, full.parts.weights / 2);
    assert.equal(mixed.parts.weights, full.parts.weights);
    assert.equal(mixed.parts.activations, 8 * (500_000 + 40) + 2_000_000);
  });

  test('the largest batch that fits, and the accumulation that keeps the effective batch', () => {
    const s = setup();
    const fitting = largestFittingBatch(s, 2 * GiB);
    assert.ok(fitting > 0);
    const need = (batch: number) => estimateStep(s, batch).peakBytes * 1.1 + 0.5 * GiB;
    assert.ok(need(fitting) <= 2 * GiB && need(fitting + 1) > 2 * GiB);
    assert.equal(largestFittingBatch(s, 0.4 * GiB), 0);
    assert.deepEqual(accumulationPlan(256, 96), { microBatch: 64, steps: 4, effectiveBatch: 256 });
    assert.deepEqual(accumulationPlan(100, 30), { microBatch: 25, steps: 4, effectiveBatch: 100 });
    assert.deepEqual(accumulationPlan(97, 40), { microBatch: 33, steps: 3, effectiveBatch: 99 });
    assert.equal(accumulationPlan(64, 64), null);
  });

  test('GPU sizes read as people write them, in powers of 1024', () => {
    assert.equal(parseGpuMemory('24GB'), 24 * GiB);
    assert.equal(parseGpuMemory('80 GiB'), 80 * GiB);
    assert.equal(parseGpuMemory('24564MiB'), 24564 * 1024 ** 2);
    assert.equal(parseGpuMemory('16'), 16 * GiB);
    assert.equal(parseGpuMemory('lots'), undefined);
  });
});

describe('knowledge of models', () => {
  test('Hugging Face parameter counts from the configuration match the published ones', () => {
    const bert = { ...KNOWN_CHECKPOINTS['bert-base-uncased']!, head: { kind: 'none' as const }, eagerAttention: false };
    // BertModel without its pooler: 109,482,240 with it (768 * 768 + 768).
    assert.equal(transformerParameters(bert).total, 109_482_240 - 768 * 768 - 768);
    const gpt2 = { ...KNOWN_CHECKPOINTS.gpt2!, head: { kind: 'lm' as const, tied: true }, eagerAttention: false };
    assert.equal(transformerParameters(gpt2).total, 124_439_808);
    const llama = { ...KNOWN_CHECKPOINTS['meta-llama/Llama-2-7b-hf']!, head: { kind: 'lm' as const, tied: false }, eagerAttention: false };
    assert.equal(transformerParameters(llama).total, 6_738_415_616);
  });

  test('a BERT layer in 16 bits saves 34h + 5as bytes per token, as Korthikanti et al. count', () => {
    const config = { ...KNOWN_CHECKPOINTS['bert-base-uncased']!, head: { kind: 'none' as const }, eagerAttention: true };
    const h = config.hidden;
    const s = 512;
    // The formula counts float32 (4-byte) tensors; halving them gives the 16-bit count, masks excepted.
    const float32 = savedBytesPerTokenPerLayer(config, s);
    const sixteen = (float32 - 2 * h - config.heads * s - 16) / 2 + 2 * h + config.heads * s;
    assert.equal(sixteen, 34 * h + 5 * config.heads * s);
  });

  test('torchvision models come from the measured table, with a classifier of the asked width', () => {
    const alexnet = torchvisionModel('alexnet')!;
    const ten = torchvisionModel('alexnet', { numClasses: 10 })!;
    const at224 = alexnet.footprintAt({ kind: 'image', size: 224, channels: 3 });
    const ten224 = ten.footprintAt({ kind: 'image', size: 224, channels: 3 });
    assert.ok(!('unknown' in at224) && !('unknown' in ten224));
    assert.equal(at224.parameters, 61_100_840);
    assert.equal(ten224.parameters, 61_100_840 - 4097 * 990);
    assert.equal(torchvisionModel('not_a_model'), null);
  });

  test('the table covers detection, segmentation and video too, and records what measured it', () => {
    assert.match(TORCHVISION_PROVENANCE.torch, /^\d+\.\d+/);
    assert.match(TORCHVISION_PROVENANCE.torchvision, /^\d+\.\d+/);
    const cases = [
      { name: 'resnet50', parameters: 25_557_032, input: { kind: 'image', size: 224, channels: 3 } },
      { name: 'fasterrcnn_resnet50_fpn', parameters: null, input: { kind: 'image', size: 800, channels: 3 } },
      { name: 'deeplabv3_resnet50', parameters: null, input: { kind: 'image', size: 520, channels: 3 } },
      { name: 'r3d_18', parameters: 33_371_472, input: { kind: 'image', size: 112, channels: 3 } },
    ] as const;
    for (const { name, parameters, input } of cases) {
      const footprint = torchvisionModel(name)?.footprintAt(input);
      assert.ok(footprint && !('unknown' in footprint), name);
      if (parameters !== null) assert.equal(footprint.parameters, parameters, name);
      assert.ok(footprint.savedBytesPerSample > 0, name);
    }
  });

  test('the slowest models to measure are in the table, a fixed-size one at the size it was measured', () => {
    // Parameter counts as torchvision publishes them.
    const fixed = [
      { name: 'vit_l_16', parameters: 304_326_632, size: 224 },
      { name: 'vit_h_14', parameters: 632_045_800, size: 224 },
      { name: 'mvit_v1_b', parameters: 36_610_672, size: 224 },
      { name: 'mvit_v2_s', parameters: 34_537_744, size: 224 },
      { name: 's3d', parameters: 8_320_048, size: 224 },
    ];
    for (const { name, parameters, size } of fixed) {
      const model = torchvisionModel(name)!;
      assert.ok(model.fixedInput, name);
      assert.equal(model.defaultInput.kind === 'image' && model.defaultInput.size, size, name);
      const footprint = model.footprintAt(model.defaultInput);
      assert.ok(!('unknown' in footprint) && footprint.parameters === parameters && footprint.savedBytesPerSample > 0, name);
    }
    for (const name of ['maskrcnn_resnet50_fpn_v2', 'keypointrcnn_resnet50_fpn']) {
      const footprint = torchvisionModel(name)?.footprintAt({ kind: 'image', size: 800, channels: 3 });
      assert.ok(footprint && !('unknown' in footprint) && footprint.savedBytesPerSample > 0, name);
    }
  });
});

describe('the training setup of a script', () => {
  const script = [
    'import torch, torchvision',
    'from torch.utils.data import DataLoader',
    'from torchvision import transforms',
    'model = torchvision.models.alexnet(num_classes=10).cuda()',
    'optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)',
    'tf = transforms.RandomResizedCrop(160)',
    'train_loader = DataLoader(train_set, batch_size=256, shuffle=True)',
    'for x, y in train_loader:',
    '    with torch.autocast("cuda", dtype=torch.bfloat16):',
    '        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())',
    '    loss.backward()',
    '    optimizer.step()',
    '    optimizer.zero_grad()',
    '',
  ].join('\n');

  test('each input says its line; what was not found is said to be assumed', async () => {
    const [estimate] = await estimatesOf(script);
    assert.ok(estimate);
    assert.equal(estimate.line, 7);
    assert.equal(estimate.batchSize, 256);
    const lines = Object.fromEntries(estimate.inputs.map((i) => [i.name, i.line]));
    assert.deepEqual(lines, { model: 4, 'batch size': 7, optimizer: 5, precision: 9, input: 6, 'gradient checkpointing': null, gradients: 13 });
    assert.ok(estimate.assumptions.some((a) => a.startsWith('gradient checkpointing')));
    assert.deepEqual(estimate.unknown, []);
    assert.ok(estimate.peakBytes! > 0 && estimate.parts!.optimizerState === estimate.parts!.weights);
  });

  test('with a GPU size: whether it fits, the largest batch that does, and the accumulation plan', async () => {
    const [small] = await estimatesOf(script, { targetGpuMemory: '1.5GB' });
    assert.equal(small!.fit!.fits, false);
    assert.ok(small!.fit!.largestBatch > 0 && small!.fit!.largestBatch < 256);
    assert.equal(small!.fit!.accumulation!.effectiveBatch, 256);
    const [large] = await estimatesOf(script, { targetGpuMemory: '80GB' });
    assert.equal(large!.fit!.fits, true);
  });

  test('weights that come with another build of a fixed-size model make it unknown, not the measured one', async () => {
    const built = (call: string) => script.replace('torchvision.models.alexnet(num_classes=10)', call);
    for (const weights of ['torchvision.models.ViT_H_14_Weights.IMAGENET1K_SWAG_E2E_V1', 'torchvision.models.ViT_H_14_Weights.DEFAULT', '"DEFAULT"']) {
      const [estimate] = await estimatesOf(built(`torchvision.models.vit_h_14(weights=${weights})`));
      assert.equal(estimate!.peakBytes, null, weights);
      assert.match(estimate!.unknown.join(' '), /builds a model for 518-pixel inputs/, weights);
    }
    // The linear-probe weights come with the model the table measured (224 pixels).
    const [linear] = await estimatesOf(built('torchvision.models.vit_h_14(weights=torchvision.models.ViT_H_14_Weights.IMAGENET1K_SWAG_LINEAR_V1)'));
    assert.ok(linear!.peakBytes! > 0);
    const [b16] = await estimatesOf(built('torchvision.models.vit_b_16(weights="IMAGENET1K_SWAG_E2E_V1")'));
    assert.match(b16!.unknown.join(' '), /builds a model for 384-pixel inputs/);
  });

  test('a model oomlint does not know is said, with no number', async () => {
    const text = script.replace('torchvision.models.alexnet(num_classes=10)', 'MysteryNet()');
    const [estimate] = await estimatesOf(text);
    assert.equal(estimate!.peakBytes, null);
    assert.ok(estimate!.unknown.some((u) => u.startsWith('model:')), estimate!.unknown.join('\n'));
  });

  test('an MLP of the file counts its parameters exactly; an unresolved size makes it unknown', async () => {
    const mlp = [
      'import torch',
      'from torch import nn',
      'from torch.utils.data import DataLoader',
      'HIDDEN = 512',
      'class Net(nn.Module):',
      '    def __init__(self, inputs=784):',
      '        super().__init__()',
      '        self.fc1 = nn.Linear(inputs, HIDDEN)',
      '        self.act = nn.ReLU()',
      '        self.fc2 = nn.Linear(HIDDEN, 10)',
      '    def forward(self, x):',
      '        return self.fc2(self.act(self.fc1(x)))',
      'model = Net().cuda()',
      'optimizer = torch.optim.Adam(model.parameters())',
      'loader = DataLoader(ds, batch_size=64, shuffle=True)',
      '',
    ].join('\n');
    const [estimate] = await estimatesOf(mlp);
    const params = 784 * 512 + 512 + 512 * 10 + 10;
    assert.equal(estimate!.parts!.weights, params * 4);
    assert.equal(estimate!.parts!.optimizerState, params * 8);
    // fc2's input (the ReLU's output) is saved once; the batch itself is the input part.
    assert.equal(estimate!.parts!.activations, 64 * (512 * 4 + 10 * 4));
    const [unknown] = await estimatesOf(mlp.replace('nn.Linear(HIDDEN, 10)', 'nn.Linear(HIDDEN, classes)'));
    assert.equal(unknown!.peakBytes, null);
  });

  test('Hugging Face models by checkpoint, with their sequence length and checkpointing', async () => {
    const text = [
      'import torch',
      'from transformers import AutoModelForCausalLM',
      'from torch.utils.data import DataLoader',
      'model = AutoModelForCausalLM.from_pretrained("gpt2").cuda()',
      'model.gradient_checkpointing_enable()',
      'optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)',
      'enc = tokenizer(texts, max_length=512, truncation=True)',
      'train_loader = DataLoader(ds, batch_size=8, shuffle=True)',
      '',
    ].join('\n');
    const [estimate] = await estimatesOf(text);
    assert.equal(estimate!.model, 'AutoModelForCausalLM (gpt2)');
    assert.equal(estimate!.parts!.weights, 124_439_808 * 4);
    assert.deepEqual(estimate!.inputs.find((i) => i.name === 'input'), { name: 'input', value: '512 tokens (max_length=512)', line: 7 });
    const [full] = await estimatesOf(text.replace('model.gradient_checkpointing_enable()\n', ''));
    assert.ok(full!.parts!.activations > 2 * estimate!.parts!.activations);
  });
});
