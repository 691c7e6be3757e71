// What oomlint knows of a model's memory: parameters, buffers, and the bytes a training step saves and
// needs per sample at an input size. Each kind of model (torchvision's zoo, timm's families, Hugging Face
// architectures, torch.nn layers of the project) answers through this one shape.
import type { ModelFootprint } from './step-memory';

/** The size of one sample of a model's input. */
export type InputShape =
  /** `size` x `size` pixels, `frames` of them for video. */
  | { kind: 'image'; size: number; channels: number; frames?: number }
  /** A sequence of `length` token ids. */
  | { kind: 'tokens'; length: number }
  /** A vector of `count` features per sample (`rows` of them for a sequence model). */
  | { kind: 'features'; count: number; rows?: number };

/** What a model's output feeds: the loss keeps bytes per sample that depend on it. */
export type LossShape =
  | { kind: 'classes'; classes: number }
  | { kind: 'per-pixel'; classes: number }
  | { kind: 'per-token'; vocabulary: number }
  | { kind: 'internal' };

export interface FootprintOptions {
  /** Gradient checkpointing is on (for models that implement it themselves). */
  checkpointing?: boolean;
  /**
   * Where the step runs: dropout keeps a 1-byte mask per element on CUDA (its fused kernel) and a
   * mask of the tensor's own type on the CPU.
   */
  device?: 'cuda' | 'cpu';
}

/** Bytes per element of a dropout mask on a device. */
export function maskBytes(options: FootprintOptions | undefined): number {
  return options?.device === 'cpu' ? 4 : 1;
}

export interface KnownModel {
  /** How messages name it: `torchvision resnet50`, `GPT-2 (gpt2)`, `Net (this file)`. */
  label: string;
  /** The input it is usually trained on, used when the code does not say. */
  defaultInput: InputShape;
  /** The architecture takes only `defaultInput` (position embeddings, fixed windows). */
  fixedInput: boolean;
  /** The footprint at an input size (float32), or the reason it cannot be known. */
  footprintAt(input: InputShape, options?: FootprintOptions): ModelFootprint | { unknown: string };
  /** The model implements gradient checkpointing itself (Hugging Face's `gradient_checkpointing_enable()`), which the footprint follows. */
  checkpointsItself?: boolean;
}

/** Input bytes per sample: float32 pixels or features, int64 token ids (with an attention mask and labels). */
export function inputBytes(input: InputShape): number {
  switch (input.kind) {
    case 'image': return input.channels * input.size * input.size * (input.frames ?? 1) * 4;
    case 'tokens': return input.length * 8 * 3;
    case 'features': return input.count * (input.rows ?? 1) * 4;
  }
}

/** Bytes the loss saves per sample (cross-entropy keeps its float32 log-probabilities), and its int64 targets. */
export function lossBytes(loss: LossShape, input: InputShape): { saved: number; targets: number } {
  switch (loss.kind) {
    case 'classes': return { saved: loss.classes * 4, targets: 8 };
    case 'per-pixel': {
      const pixels = input.kind === 'image' ? input.size * input.size : 0;
      return { saved: loss.classes * pixels * 4, targets: pixels * 8 };
    }
    case 'per-token': {
      const tokens = input.kind === 'tokens' ? input.length : 0;
      return { saved: loss.vocabulary * tokens * 4, targets: 0 };
    }
    case 'internal': return { saved: 0, targets: 0 };
  }
}

export function describeInput(input: InputShape): string {
  switch (input.kind) {
    case 'image': return `${input.frames ? `${input.frames}x` : ''}${input.channels}x${input.size}x${input.size}`;
    case 'tokens': return `${input.length} tokens`;
    case 'features': return input.rows ? `${input.rows}x${input.count} features` : `${input.count} features`;
  }
}
