// The arithmetic of a training step's memory: what the model, optimizer, precision and batch add up
// to at the step's peak. Pure numbers in, numbers out; what the code says is found elsewhere.

/** How the model's tensors are stored and computed. */
export type Precision = 'float32' | 'autocast-float16' | 'autocast-bfloat16' | 'float16' | 'bfloat16';

/** The optimizers whose state is known, by what they keep per parameter. */
export type OptimizerKind =
  | 'sgd' | 'adam' | 'adamw' | 'adam-8bit' | 'adagrad' | 'rmsprop' | 'adadelta' | 'adamax' | 'nadam' | 'radam' | 'lion' | 'adafactor';

export interface OptimizerSetup {
  kind: OptimizerKind;
  /** SGD and RMSprop: a momentum other than 0 keeps a buffer per parameter. */
  momentum: boolean;
  /** Adam and AdamW: `amsgrad=True` keeps a third state. */
  amsgrad: boolean;
  /** RMSprop: `centered=True` keeps a running mean of the gradients. */
  centered: boolean;
  /** SGD, Adam: weight decay added to the gradients (not decoupled) makes a temporary copy under foreach. */
  weightDecay: boolean;
  /** `foreach=` as written; null: PyTorch's default (foreach on CUDA). */
  foreach: boolean | null;
  /** `fused=True`: the update runs in one kernel without temporaries. */
  fused: boolean;
}

/** What the memory of a model depends on, at one input size, in float32 (see the knowledge tables). */
export interface ModelFootprint {
  parameters: number;
  /** Parameters that receive gradients (all, unless the code freezes some). */
  trainableParameters: number;
  bufferBytes: number;
  /** Elements of the largest parameter tensor: the temporaries of an unfused optimizer step. */
  largestParameter: number;
  /** Bytes autograd saves for backward per sample, in float32. */
  savedBytesPerSample: number;
  /**
   * Bytes of the backward pass beyond the saved ones: a part per step (a new gradient beside the one
   * already accumulated, absent when gradients are set to None), and a part per sample (float32).
   */
  transientBytes: number;
  transientBytesPerSample: number;
  /** Bytes of one sample of the model's input batch (and its targets) as it reaches the GPU. */
  inputBytesPerSample: number;
  /** Bytes the loss saves per sample (a cross-entropy keeps its log-probabilities), in float32. */
  lossBytesPerSample: number;
  /**
   * Parameters whose 16-bit copies autocast makes and saves for backward: the weights of matrix
   * multiplications and convolutions, but not the first layer's when its input needs no gradient,
   * nor embeddings and norms, which autocast leaves in float32. Undefined: all parameters.
   */
  castParameters?: number;
}

export interface StepSetup {
  footprint: ModelFootprint;
  optimizer: OptimizerSetup | null;
  precision: Precision;
  /** Gradient checkpointing: the saved bytes are divided by this (1: none). */
  activationDivisor: number;
  /** `zero_grad()` sets gradients to None (the default since PyTorch 2.0), so the forward pass runs without them. */
  gradientsFreedBeforeForward: boolean;
  /** The device the estimate is for: optimizer defaults differ (foreach on CUDA). */
  device: 'cuda' | 'cpu';
}

export interface StepParts {
  weights: number;
  gradients: number;
  optimizerState: number;
  activations: number;
  batch: number;
  backwardTransient: number;
}

export interface StepEstimate {
  parts: StepParts;
  /** The step's peak: the largest of its phases (forward, backward, optimizer step). */
  peakBytes: number;
  phase: 'loading' | 'forward' | 'backward' | 'optimizer-step';
  /** The optimizer step's temporaries, within the optimizer-step phase. */
  optimizerTransient: number;
}

/** Memory outside the peak that a GPU must also hold. */
export const CUDA_CONTEXT_BYTES = 0.5 * 1024 ** 3;
/** The caching allocator rounds blocks up and cannot always reuse freed ones: headroom over the peak. */
export const ALLOCATOR_HEADROOM = 0.1;

function bytesPerElement(precision: Precision): number {
  return precision === 'float16' || precision === 'bfloat16' ? 2 : 4;
}

/** Fraction of float32 saved bytes kept under the precision: autocast saves most tensors in 16 bits. */
function savedFraction(precision: Precision): number {
  return precision === 'float32' ? 1 : 0.5;
}

/** Optimizer state per trainable parameter, in elements of the parameters' dtype (8-bit states: bytes). */
export function optimizerStateBytesPerParameter(optimizer: OptimizerSetup | null, parameterBytes: number): number {
  if (!optimizer) return 0;
  switch (optimizer.kind) {
    case 'sgd': return optimizer.momentum ? parameterBytes : 0;
    case 'adam':
    case 'adamw': return (optimizer.amsgrad ? 3 : 2) * parameterBytes;
    case 'adam-8bit': return 2;
    case 'adagrad': return parameterBytes;
    case 'rmsprop': return (1 + (optimizer.momentum ? 1 : 0) + (optimizer.centered ? 1 : 0)) * parameterBytes;
    case 'adadelta':
    case 'adamax':
    case 'nadam':
    case 'radam': return 2 * parameterBytes;
    case 'lion': return parameterBytes;
    // Factored second moments: a row and a column per matrix, small beside the matrix.
    case 'adafactor': return 0;
  }
}

/**
 * Copies the optimizer's update makes, in parameters: with the foreach implementations (PyTorch 2's
 * default on CUDA) of all the parameters at once, with the per-parameter ones (the CPU's, or
 * `foreach=False`) of one parameter at a time. Adam-like updates make the denominator (per parameter
 * its square root and the quotient, two), Adamax the absolute gradients and their stack with the
 * running maximum; weight decay added to the gradients (not AdamW's decoupled decay) a copy of them.
 */
function updateCopies(optimizer: OptimizerSetup, foreach: boolean): number {
  const decay = optimizer.weightDecay && optimizer.kind !== 'adamw' ? 1 : 0;
  switch (optimizer.kind) {
    case 'adam':
    case 'adamw':
    case 'nadam':
    case 'radam':
    case 'adadelta': return (foreach ? 1 : 2) + decay;
    case 'adagrad':
    case 'rmsprop': return 1 + decay;
    case 'adamax': return (foreach ? 1 : 3) + decay;
    case 'sgd':
    case 'lion': return decay;
    case 'adam-8bit':
    case 'adafactor': return 0;
  }
}

/** The temporaries of the optimizer's update (see updateCopies); fused updates make none. */
function optimizerTransientBytes(optimizer: OptimizerSetup | null, footprint: ModelFootprint, parameterBytes: number, device: 'cuda' | 'cpu'): number {
  if (!optimizer || optimizer.fused) return 0;
  const foreach = optimizer.foreach ?? device === 'cuda';
  const copies = updateCopies(optimizer, foreach);
  return copies * (foreach ? footprint.trainableParameters : footprint.largestParameter) * parameterBytes;
}

/** The step's memory at a batch size. */
export function estimateStep(setup: StepSetup, batchSize: number): StepEstimate {
  const { footprint, precision } = setup;
  const parameterBytes = bytesPerElement(precision);
  const weights = footprint.parameters * parameterBytes + footprint.bufferBytes * (parameterBytes / 4);
  const gradients = footprint.trainableParameters * parameterBytes;
  const optimizerState = footprint.trainableParameters * optimizerStateBytesPerParameter(setup.optimizer, parameterBytes);
  // Autocast casts each weight once per forward and saves the cast copy for backward.
  const castWeights = precision.startsWith('autocast') ? (footprint.castParameters ?? footprint.parameters) * 2 : 0;
  const activations = Math.round(batchSize * (footprint.savedBytesPerSample * savedFraction(precision) / setup.activationDivisor + footprint.lossBytesPerSample) + castWeights);
  const batch = batchSize * footprint.inputBytesPerSample;
  // The part per step is the gradient computed beside one that exists already; with gradients set to
  // None, autograd stores the new gradient itself.
  const perStep = setup.gradientsFreedBeforeForward ? 0 : footprint.transientBytes * (parameterBytes / 4);
  const backwardTransient = Math.round(perStep + batchSize * footprint.transientBytesPerSample * savedFraction(precision));
  const optimizerTransient = optimizerTransientBytes(setup.optimizer, footprint, parameterBytes, setup.device);
  const gradientsDuringForward = setup.gradientsFreedBeforeForward ? 0 : gradients;
  // The next batch arrives while the last one is still referenced; on the CPU the DataLoader's
  // collation holds the samples and their stack besides.
  const batchesWhileLoading = setup.device === 'cpu' ? 3 : 2;
  const phases: [StepEstimate['phase'], number][] = [
    ['loading', weights + optimizerState + gradientsDuringForward + batchesWhileLoading * batch],
    ['forward', weights + optimizerState + gradientsDuringForward + activations + batch],
    ['backward', weights + optimizerState + gradients + activations + batch + backwardTransient],
    ['optimizer-step', weights + optimizerState + gradients + batch + optimizerTransient],
  ];
  const [phase, peakBytes] = phases.reduce((best, next) => (next[1] > best[1] ? next : best));
  return { parts: { weights, gradients, optimizerState, activations, batch, backwardTransient }, peakBytes, phase, optimizerTransient };
}

/** What a GPU of `gpuBytes` must hold beyond the peak: the CUDA context, and the allocator's headroom. */
export function requiredBytes(peakBytes: number): number {
  return Math.round(peakBytes * (1 + ALLOCATOR_HEADROOM) + CUDA_CONTEXT_BYTES);
}

/** The largest batch whose step fits in `gpuBytes` (0 when not even one sample fits). */
export function largestFittingBatch(setup: StepSetup, gpuBytes: number, limit = 1 << 20): number {
  const fits = (batch: number) => requiredBytes(estimateStep(setup, batch).peakBytes) <= gpuBytes;
  if (!fits(1)) return 0;
  let low = 1;
  let high = 2;
  while (high <= limit && fits(high)) {
    low = high;
    high *= 2;
  }
  if (high > limit) return limit;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * A micro-batch that fits and the steps of gradient accumulation that keep the effective batch: the
 * largest divisor of the batch that fits, unless that is under half of what fits (then the batch is
 * split as evenly as the largest fitting size allows).
 */
export function accumulationPlan(batchSize: number, fitting: number): { microBatch: number; steps: number; effectiveBatch: number } | null {
  if (fitting < 1 || fitting >= batchSize) return null;
  for (let micro = fitting; micro >= Math.ceil(fitting / 2); micro--) {
    if (batchSize % micro === 0) return { microBatch: micro, steps: batchSize / micro, effectiveBatch: batchSize };
  }
  const steps = Math.ceil(batchSize / fitting);
  const microBatch = Math.ceil(batchSize / steps);
  return { microBatch, steps, effectiveBatch: microBatch * steps };
}
