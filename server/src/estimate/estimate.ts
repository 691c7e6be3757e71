// A training setup and a batch size made into an estimate of the step's peak memory, with every input
// it used, what it assumed, and what it could not know.
import { describeInput } from './model-knowledge';
import { accumulationPlan, ALLOCATOR_HEADROOM, CUDA_CONTEXT_BYTES, estimateStep, largestFittingBatch, requiredBytes, type StepEstimate, type StepParts, type StepSetup } from './step-memory';
import type { Sourced, TrainingSetup } from './training-setup';

export interface EstimateInput {
  /** What the input is (`model`, `optimizer`, `batch size`, ...). */
  name: string;
  value: string;
  /** 1-based line it came from; null when assumed. */
  line: number | null;
}

export interface TrainingEstimate {
  /** 1-based line the estimate is reported at: the batch size's, else the model's. */
  line: number;
  model: string | null;
  batchSize: number | null;
  /** Null when the model or the batch size is unknown. */
  peakBytes: number | null;
  parts: StepParts | null;
  phase: StepEstimate['phase'] | null;
  inputs: EstimateInput[];
  assumptions: string[];
  unknown: string[];
  /** Outside the peak: the CUDA context, and the allocator's rounding and fragmentation. */
  outsidePeak: { cudaContextBytes: number; allocatorHeadroom: number };
  fit: FitVerdict | null;
  /** Bytes per sample and per step, to answer "what batch fits" when the batch itself is unknown. */
  setup: StepSetup | null;
}

export interface FitVerdict {
  gpuBytes: number;
  /** Peak plus context plus headroom. */
  requiredBytes: number | null;
  fits: boolean | null;
  largestBatch: number;
  accumulation: { microBatch: number; steps: number; effectiveBatch: number } | null;
}

export interface EstimateOptions {
  /** The GPU to fit, in bytes; null when unknown. */
  gpuBytes: number | null;
  device: 'cuda' | 'cpu';
}

/** The estimate of one training setup at one batch size (null when the batch size is unknown). */
export function estimateTraining(setup: TrainingSetup, batch: Sourced<number> | null, fallbackLine: number, options: EstimateOptions): TrainingEstimate {
  const inputs: EstimateInput[] = [];
  const assumptions: string[] = [];
  const unknown: string[] = [];
  const note = (name: string, sourced: Sourced<unknown>) => {
    inputs.push({ name, value: sourced.says, line: sourced.line });
    if (sourced.line === null) assumptions.push(`${name}: ${sourced.says}`);
  };
  if (setup.model) note('model', setup.model);
  else unknown.push(`model: ${setup.modelUnknown ?? 'not found'}`);
  if (batch) note('batch size', { ...batch, says: `${batch.value} (${batch.says})` });
  else unknown.push('batch size: no training DataLoader whose batch_size resolves');
  note('optimizer', setup.optimizer);
  note('precision', setup.precision);
  if (setup.input) note('input', { ...setup.input, says: `${describeInput(setup.input.value)} (${setup.input.says})` });
  note('gradient checkpointing', setup.checkpointing);
  note('gradients', setup.gradientsFreed);
  const result: TrainingEstimate = {
    line: batch?.line ?? setup.model?.line ?? fallbackLine,
    model: setup.model?.value.label ?? null,
    batchSize: batch?.value ?? null,
    peakBytes: null,
    parts: null,
    phase: null,
    inputs,
    assumptions,
    unknown,
    outsidePeak: { cudaContextBytes: CUDA_CONTEXT_BYTES, allocatorHeadroom: ALLOCATOR_HEADROOM },
    fit: null,
    setup: null,
  };
  if (!setup.model || !setup.input) return result;
  const known = setup.model.value;
  const footprint = known.footprintAt(setup.input.value, { checkpointing: setup.checkpointing.value, device: options.device });
  if ('unknown' in footprint) {
    unknown.push(`activations: ${footprint.unknown}`);
    return result;
  }
  if (setup.checkpointing.value && !known.checkpointsItself) assumptions.push('gradient checkpointing: not modelled for this model; saved activations counted in full (an upper bound)');
  if (!setup.optimizer.value) assumptions.push('optimizer state: none counted');
  if (options.device === 'cuda' && setup.optimizer.value && setup.optimizer.value.foreach === null && !['sgd', 'adam-8bit', 'adafactor', 'lion'].includes(setup.optimizer.value.kind)) assumptions.push('optimizer step: foreach implementation (PyTorch 2 default on CUDA), temporaries the size of the parameters');
  assumptions.push('all parameters trainable');
  const stepSetup: StepSetup = {
    footprint,
    optimizer: setup.optimizer.value,
    precision: setup.precision.value,
    activationDivisor: 1,
    gradientsFreedBeforeForward: setup.gradientsFreed.value,
    device: options.device,
  };
  result.setup = stepSetup;
  if (batch) {
    const step = estimateStep(stepSetup, batch.value);
    result.peakBytes = step.peakBytes;
    result.parts = step.parts;
    result.phase = step.phase;
  }
  if (options.gpuBytes !== null) {
    const largestBatch = largestFittingBatch(stepSetup, options.gpuBytes);
    const required = result.peakBytes === null ? null : requiredBytes(result.peakBytes);
    const fits = required === null ? null : required <= options.gpuBytes;
    result.fit = {
      gpuBytes: options.gpuBytes,
      requiredBytes: required,
      fits,
      largestBatch,
      accumulation: batch && fits === false ? accumulationPlan(batch.value, largestBatch) : null,
    };
  }
  return result;
}
