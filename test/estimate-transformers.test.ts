// The estimate's per-token formulas for transformer layers against PyTorch: test/estimate/
// transformer_layers.py writes BERT's, GPT-2's and LLaMA's layers after Hugging Face's eager code, and
// takes PyTorch's own TransformerEncoderLayer, and counts what each saves for backward (on the CPU, so
// dropout masks are 4 bytes and attention is eager). Skipped when no Python has torch.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { savedBytesPerTokenPerLayer, type TransformerConfig, type TransformerFamily } from '../server/src/estimate/transformer-models';
import { REPO_ROOT } from './support/paths';
import { findPythonWithTorch } from './torch/find-python-with-torch';

const python = findPythonWithTorch();

interface Counted {
  config: { hidden: number; heads: number; intermediate: number; tokens: number; keyValueHeads: number; llamaIntermediate: number };
  sdpa: boolean;
  bert: number;
  gpt2: number;
  llama: number;
  'torch-encoder': number;
}

test('saved bytes per token and layer match PyTorch within 2%', { skip: python ? false : 'no Python that can import torch' }, async () => {
  const { stdout } = await promisify(execFile)(python!.command, [join(REPO_ROOT, 'test', 'estimate', 'transformer_layers.py')], {
    env: { ...process.env, PATH: python!.pathEnv, PYTHONDONTWRITEBYTECODE: '1' },
    timeout: 120_000,
  });
  const counted = JSON.parse(stdout.trim().split('\n').at(-1)!) as Counted;
  const { hidden, heads, intermediate, tokens, keyValueHeads, llamaIntermediate } = counted.config;
  const config = (family: TransformerFamily): TransformerConfig => ({
    family, vocabulary: 0, hidden, layers: 1, heads, keyValueHeads: family === 'llama' ? keyValueHeads : heads,
    intermediate: family === 'llama' ? llamaIntermediate : family === 'gpt2' ? 4 * hidden : intermediate,
    maxPositions: tokens, head: { kind: 'none' }, eagerAttention: family !== 'llama' || !counted.sdpa, dropout: family !== 'llama',
  });
  const off: string[] = [];
  for (const family of ['bert', 'gpt2', 'llama', 'torch-encoder'] as const) {
    const formula = savedBytesPerTokenPerLayer(config(family), tokens, 4);
    if (Math.abs(formula - counted[family]) > 0.02 * counted[family]) off.push(`${family}: formula ${formula}, PyTorch ${counted[family]}`);
  }
  assert.deepEqual(off, []);
});
