// Transformers from their configuration: Hugging Face architectures (BERT, RoBERTa, DistilBERT, GPT-2,
// LLaMA, Mistral) and torch.nn.TransformerEncoder. Parameters are counted from the shapes of the
// layers; the bytes saved for backward per token are counted tensor by tensor from the layers' eager
// PyTorch code, as Korthikanti et al. (2022) count them (34h + 5as bytes per token per layer for a
// 16-bit BERT layer with dropout; docs/estimate.md derives each term).
import type { InputShape, KnownModel } from './model-knowledge';
import { inputBytes, lossBytes, maskBytes, type FootprintOptions } from './model-knowledge';
import type { ModelFootprint } from './step-memory';

export type TransformerFamily = 'bert' | 'distilbert' | 'gpt2' | 'llama' | 'torch-encoder';

export interface TransformerConfig {
  family: TransformerFamily;
  vocabulary: number;
  hidden: number;
  layers: number;
  heads: number;
  /** Key and value heads (grouped-query attention); `heads` when not grouped. */
  keyValueHeads: number;
  intermediate: number;
  maxPositions: number;
  /** The output head: a language-model head over the vocabulary, a classifier, or none. */
  head: { kind: 'lm'; tied: boolean } | { kind: 'classifier'; labels: number } | { kind: 'none' };
  /** Attention keeps its seq x seq probabilities (eager attention) rather than running fused. */
  eagerAttention: boolean;
  /** Dropout is active in training (BERT, GPT-2: 0.1; LLaMA: 0). */
  dropout: boolean;
}

/** Well-known checkpoints by their hub name, so `from_pretrained("gpt2")` needs no download. */
export const KNOWN_CHECKPOINTS: Record<string, Omit<TransformerConfig, 'head' | 'eagerAttention'>> = {
  'bert-base-uncased': bert(30522, 768, 12, 12, 3072),
  'bert-base-cased': bert(28996, 768, 12, 12, 3072),
  'bert-large-uncased': bert(30522, 1024, 24, 16, 4096),
  'bert-large-cased': bert(28996, 1024, 24, 16, 4096),
  'roberta-base': { ...bert(50265, 768, 12, 12, 3072), maxPositions: 514 },
  'roberta-large': { ...bert(50265, 1024, 24, 16, 4096), maxPositions: 514 },
  'distilbert-base-uncased': { ...bert(30522, 768, 6, 12, 3072), family: 'distilbert' },
  gpt2: gpt2(768, 12, 12),
  'gpt2-medium': gpt2(1024, 24, 16),
  'gpt2-large': gpt2(1280, 36, 20),
  'gpt2-xl': gpt2(1600, 48, 25),
  'meta-llama/Llama-2-7b-hf': llama(32000, 4096, 32, 32, 32, 11008, 4096),
  'meta-llama/Llama-2-13b-hf': llama(32000, 5120, 40, 40, 40, 13824, 4096),
  'meta-llama/Meta-Llama-3-8B': llama(128256, 4096, 32, 32, 8, 14336, 8192),
  'mistralai/Mistral-7B-v0.1': llama(32000, 4096, 32, 32, 8, 14336, 32768),
  'TinyLlama/TinyLlama-1.1B-Chat-v1.0': llama(32000, 2048, 22, 32, 4, 5632, 2048),
};

function bert(vocabulary: number, hidden: number, layers: number, heads: number, intermediate: number): Omit<TransformerConfig, 'head' | 'eagerAttention'> {
  return { family: 'bert', vocabulary, hidden, layers, heads, keyValueHeads: heads, intermediate, maxPositions: 512, dropout: true };
}

function gpt2(hidden: number, layers: number, heads: number): Omit<TransformerConfig, 'head' | 'eagerAttention'> {
  return { family: 'gpt2', vocabulary: 50257, hidden, layers, heads, keyValueHeads: heads, intermediate: 4 * hidden, maxPositions: 1024, dropout: true };
}

function llama(vocabulary: number, hidden: number, layers: number, heads: number, keyValueHeads: number, intermediate: number, maxPositions: number): Omit<TransformerConfig, 'head' | 'eagerAttention'> {
  return { family: 'llama', vocabulary, hidden, layers, heads, keyValueHeads, intermediate, maxPositions, dropout: false };
}

/** The parameters of a configuration, layer by layer. */
export function transformerParameters(config: TransformerConfig): { total: number; largest: number } {
  const { hidden: h, intermediate: f, layers, vocabulary: v, maxPositions: p, heads, keyValueHeads } = config;
  const kv = (h / heads) * keyValueHeads;
  let embeddings = 0;
  let perLayer = 0;
  let final = 0;
  switch (config.family) {
    case 'bert':
      embeddings = v * h + p * h + 2 * h + 2 * h;
      perLayer = 4 * (h * h + h) + 2 * h + (h * f + f) + (f * h + h) + 2 * h;
      final = config.head.kind === 'classifier' ? h * h + h : 0;
      break;
    case 'distilbert':
      embeddings = v * h + p * h + 2 * h;
      perLayer = 4 * (h * h + h) + 2 * h + (h * f + f) + (f * h + h) + 2 * h;
      final = config.head.kind === 'classifier' ? h * h + h : 0;
      break;
    case 'gpt2':
      embeddings = v * h + p * h;
      perLayer = 2 * h + (h * 3 * h + 3 * h) + (h * h + h) + 2 * h + (h * f + f) + (f * h + h);
      final = 2 * h;
      break;
    case 'llama':
      embeddings = v * h;
      perLayer = h * h + 2 * h * kv + h * h + 3 * h * f + 2 * h;
      final = h;
      break;
    case 'torch-encoder':
      perLayer = 3 * h * h + 3 * h + h * h + h + (h * f + f) + (f * h + h) + 4 * h;
      break;
  }
  const head = config.head.kind === 'lm' ? (config.head.tied ? 0 : v * h) : config.head.kind === 'classifier' ? h * config.head.labels + config.head.labels : 0;
  const largest = Math.max(v * h, h * f, h * 3 * h);
  return { total: embeddings + layers * perLayer + final + head, largest };
}

/** Parameters autocast copies to 16 bits and saves: the weights of the layers' matrix multiplications and of the head. */
export function castParameters(config: TransformerConfig): number {
  const { hidden: h, intermediate: f, heads, keyValueHeads, vocabulary: v } = config;
  const kv = (h / heads) * keyValueHeads;
  const perLayer = config.family === 'llama' ? 2 * h * h + 2 * h * kv + 3 * h * f : 4 * h * h + 2 * h * f;
  const head = config.head.kind === 'lm' ? v * h : config.head.kind === 'classifier' ? h * config.head.labels + (config.family === 'bert' ? h * h : 0) : 0;
  return config.layers * perLayer + head;
}

/** Bytes saved for backward per token by one layer, in float32, at sequence length `t` (see the file's comment). */
export function savedBytesPerTokenPerLayer(config: TransformerConfig, t: number, mask = 1): number {
  const { hidden: h, intermediate: f, heads: a } = config;
  const e = 4;
  const masks = config.dropout;
  // Eager attention keeps the probabilities before and after dropout (and the dropout mask); fused
  // attention keeps a log-sum-exp per head and token.
  const attention = config.eagerAttention ? a * t * (masks ? 2 * e + mask : e) : a * e;
  switch (config.family) {
    case 'bert':
    case 'distilbert':
      return e * (8 * h + 2 * f) + (masks ? 2 * h * mask : 0) + attention + 4 * e;
    case 'gpt2':
      // GPT-2's tanh GELU is written out in Python ops, which keep five intermediate-sized tensors.
      return e * (8 * h + 5 * f) + (masks ? 2 * h * mask : 0) + attention + 4 * e;
    case 'llama':
      // Each RMSNorm keeps its input and three hidden-sized tensors besides; q after the rotary
      // embedding, k and v (repeated for grouped-query attention), the attention's output as o_proj
      // reads it; SwiGLU's gate, its SiLU, up and their product. Fused attention keeps its output too.
      return e * (12 * h + 4 * f) + (config.eagerAttention ? 0 : e * h) + attention + 4 * e;
    case 'torch-encoder':
      // The layer's input, q, k, v, the attention output, both norms' inputs and the first's output;
      // the feed-forward's ReLU output and its dropped copy.
      // Without dropout the feed-forward's ReLU output is what linear2 saves: one intermediate-sized tensor.
      return e * (8 * h + (masks ? 2 : 1) * f) + (masks ? (2 * h + f) * mask : 0) + attention + 4 * e;
  }
}

/** A transformer model from its configuration. */
export function transformerModel(config: TransformerConfig, label: string, defaultLength: number | null): KnownModel {
  const { total, largest } = transformerParameters(config);
  const length = Math.min(defaultLength ?? config.maxPositions, config.maxPositions);
  return {
    label,
    defaultInput: { kind: 'tokens', length },
    fixedInput: false,
    checkpointsItself: config.family !== 'torch-encoder',
    footprintAt(input: InputShape, options: FootprintOptions = {}): ModelFootprint | { unknown: string } {
      const t = input.kind === 'tokens' ? input.length : input.kind === 'features' ? (input.rows ?? 1) : 0;
      if (t <= 0) return { unknown: `${label} takes token sequences` };
      const perLayer = savedBytesPerTokenPerLayer(config, t, maskBytes(options));
      const embeddingAndHead = 4 * config.hidden * 3;
      const loss = config.head.kind === 'lm' ? lossBytes({ kind: 'per-token', vocabulary: config.vocabulary }, { kind: 'tokens', length: t }) : lossBytes({ kind: 'classes', classes: config.head.kind === 'classifier' ? config.head.labels : 1 }, input);
      return {
        parameters: total,
        trainableParameters: total,
        bufferBytes: config.family === 'bert' ? config.maxPositions * 8 * 2 : 0,
        largestParameter: largest,
        savedBytesPerSample: options.checkpointing ? checkpointedBytesPerSample(config, t, maskBytes(options)) + t * embeddingAndHead : t * (config.layers * perLayer + embeddingAndHead),
        transientBytes: largest * 4,
        // Language models: the logits, their shifted copy and their gradient; else the gradients of the widest activation.
        transientBytesPerSample: t * 4 * (config.head.kind === 'lm' ? 3 * config.vocabulary : 2 * config.intermediate),
        inputBytesPerSample: config.family === 'torch-encoder' ? 0 : inputBytes({ kind: 'tokens', length: t }),
        lossBytesPerSample: loss.saved,
        castParameters: castParameters(config),
      };
    },
  };
}

/**
 * Bytes saved per sample with gradient checkpointing of every layer (Hugging Face's
 * `gradient_checkpointing_enable()`): each layer keeps its input, and one layer's activations exist
 * again while its backward runs.
 */
export function checkpointedBytesPerSample(config: TransformerConfig, t: number, mask = 1): number {
  return t * (config.layers * 4 * config.hidden + savedBytesPerTokenPerLayer(config, t, mask));
}
