// OOM009 and OOM010 depend on facts about the whole file (does it use a GPU, does it start
// distributed training, does something else pick the device), which one fixture cannot vary.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sharedAnalyzer } from './support/analyzer';

async function codes(text: string, code: string): Promise<number[]> {
  const analyzer = await sharedAnalyzer();
  const source = text.split('\n');
  return analyzer.analyzeText(text, { settings: { select: [code] }, path: 'train.py' })
    .map((d) => text.slice(0, d.start).split('\n').length)
    .filter((line) => line <= source.length);
}

const RESUME = `
def resume(model, path):
    model.load_state_dict(torch.load(path))
`;

/** The project writes checkpoints: what a load without `map_location` may read back. */
const SAVE = `
def save(model, path):
    torch.save(model.state_dict(), path)
`;

describe('OOM009 file conditions', () => {
  test('a file that uses a GPU is checked', async () => {
    assert.deepEqual(await codes(`import torch\n${RESUME}${SAVE}\nnet = Net().cuda()\n`, 'OOM009'), [4]);
  });

  test('a load when nothing of the project writes a checkpoint is not: its file is published weights', async () => {
    assert.deepEqual(await codes(`import torch\n${RESUME}\nnet = Net().cuda()\n`, 'OOM009'), []);
  });

  test('a load of a file name that none of the written paths shares is not', async () => {
    const published = `import os\nimport torch\n\ndef backbone(model):\n    model.load_state_dict(torch.load("weights/resnet50_imagenet.pth"))\n`;
    const saves = `\ndef save(model, out):\n    torch.save(model.state_dict(), os.path.join(out, "checkpoint_{}.pth".format(1)))\n\nnet = Net().cuda()\n`;
    assert.deepEqual(await codes(published + saves, 'OOM009'), []);
    const own = `import os\nimport torch\n\ndef best(model, out):\n    model.load_state_dict(torch.load(os.path.join(out, "checkpoint_best.pth")))\n`;
    assert.deepEqual(await codes(own + saves, 'OOM009'), [5]);
  });

  test('a file name passed to a saving helper, or its default, is a written path', async () => {
    const helper = `import torch\n\ndef save(state, filename="model_best.pth.tar"):\n    torch.save(state, filename)\n\ndef load(model):\n    model.load_state_dict(torch.load("model_best.pth.tar"))\n\nnet = Net().cuda()\n`;
    assert.deepEqual(await codes(helper, 'OOM009'), [7]);
    const passed = helper.replace('filename="model_best.pth.tar"', 'filename').replace('\nnet =', '\nsave(net.state_dict(), "model_best.pth.tar")\nnet =');
    assert.deepEqual(await codes(passed, 'OOM009'), [7]);
  });

  test('a file with no GPU use is not', async () => {
    assert.deepEqual(await codes(`import torch\n${RESUME}\nnet = Net().to("cpu")\n`, 'OOM009'), []);
  });

  test('a file that saves its state dicts from a model moved to the CPU loads CPU tensors back', async () => {
    const saves = '\ndef save(model, path):\n    model.eval().cpu()\n    torch.save(model.state_dict(), path)\n';
    assert.deepEqual(await codes(`import torch\n${RESUME}${saves}\nnet = Net().cuda()\n`, 'OOM009'), []);
    const gpuSaves = '\ndef save(model, path):\n    torch.save(model.state_dict(), path)\n';
    assert.deepEqual(await codes(`import torch\n${RESUME}${gpuSaves}\nnet = Net().cuda()\n`, 'OOM009'), [4]);
  });

  test('a pytest file, which round-trips small CPU models, is not', async () => {
    assert.deepEqual(await codes(`import pytest\nimport torch\n${RESUME}\nnet = Net().cuda()\n`, 'OOM009'), []);
  });

  test('a torch.load that is not torch (a local function named load) is not', async () => {
    assert.deepEqual(await codes(`import torch\nfrom mylib import torch_like as torch2\n\ndef resume(model, path):\n    model.load_state_dict(torch2.load(path))\nnet = Net().cuda()\n`, 'OOM009'), []);
  });

  test('torch.load imported under another name is checked', async () => {
    assert.deepEqual(await codes(`import torch as T\n\ndef resume(model, path):\n    model.load_state_dict(T.load(path))\n    T.save(model.state_dict(), path)\nnet = Net().cuda()\n`, 'OOM009'), [4]);
  });
});

const DISTRIBUTED = `import os
import torch
import torch.distributed as dist

def main():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    model = Net().cuda()

main()
`;

describe('OOM010 file conditions', () => {
  test('a file that starts distributed training is checked', async () => {
    assert.deepEqual(await codes(DISTRIBUTED, 'OOM010'), [8]);
  });

  test('a file that does not start distributed training is not', async () => {
    assert.deepEqual(await codes(DISTRIBUTED.replace('    dist.init_process_group("nccl")\n', '').replace('os.environ["LOCAL_RANK"]', '0'), 'OOM010'), []);
  });

  test('Accelerate, Lightning and DeepSpeed set the device themselves', async () => {
    for (const line of ['from accelerate import Accelerator', 'import lightning as L', 'import pytorch_lightning as pl', 'import deepspeed']) {
      assert.deepEqual(await codes(`${line}\n${DISTRIBUTED}`, 'OOM010'), [], line);
    }
  });

  test('a file that sets CUDA_VISIBLE_DEVICES per process gives each its own GPU 0', async () => {
    const text = DISTRIBUTED.replace('    dist.init_process_group', '    os.environ["CUDA_VISIBLE_DEVICES"] = str(os.environ["LOCAL_RANK"])\n    dist.init_process_group');
    assert.deepEqual(await codes(text, 'OOM010'), []);
  });

  test('only reading CUDA_VISIBLE_DEVICES does not count', async () => {
    const text = DISTRIBUTED.replace('    dist.init_process_group', '    print(os.environ.get("CUDA_VISIBLE_DEVICES"))\n    dist.init_process_group');
    assert.deepEqual(await codes(text, 'OOM010'), [9]);
  });

  test('an imported set-up helper called first may set the device', async () => {
    const text = DISTRIBUTED.replace('    dist.init_process_group("nccl")\n', '    utils.init_distributed_mode(args)\n');
    assert.deepEqual(await codes(text, 'OOM010'), []);
  });
});
