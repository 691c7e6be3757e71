// The estimated peak memory of each training step a file sets up: the training setup the estimate
// finds, at the batch size of each training DataLoader (or of `TrainingArguments`).
import type { SyntaxNode } from '../../parser/syntax';
import { estimateTraining, type TrainingEstimate } from '../../estimate/estimate';
import { parseGpuMemory } from '../../estimate/gpu-size';
import { trainingSetupOf } from '../../estimate/training-setup';
import type { SemanticModel } from '../../semantic/model';
import { unparenthesize } from '../../semantic/names';
import { dataLoadersOf, type DataLoaderCall } from './dataloaders';

export interface LoaderEstimate {
  estimate: TrainingEstimate;
  /** The loader, for reports at its batch size; null for a batch size from `TrainingArguments`. */
  loader: DataLoaderCall | null;
  /** Where the batch size is set at the call (the keyword, the position, `**kwargs`). */
  batchSite: SyntaxNode | null;
}

/** Options of an estimate beyond the code: the GPU to fit and the device the step runs on. */
export interface EstimateRequest {
  gpuBytes: number | null;
  device: 'cuda' | 'cpu';
}

/** The GPU size the settings give (`gpu-memory`), or null. */
export function gpuBytesOf(model: SemanticModel): number | null {
  return model.settings.targetGpuMemory ? (parseGpuMemory(model.settings.targetGpuMemory) ?? null) : null;
}

/** One estimate per training DataLoader of the file; one at the model when there is none but a model. */
export function trainingEstimatesOf(model: SemanticModel, request: EstimateRequest = { gpuBytes: gpuBytesOf(model), device: 'cuda' }): LoaderEstimate[] {
  const loaders = dataLoadersOf(model);
  const found: LoaderEstimate[] = [];
  for (const loader of loaders.calls) {
    if (!loaders.isTraining(loader)) continue;
    const argument = loader.argument('batch_size');
    if (argument.kind !== 'given' || unparenthesize(argument.value).type === 'none') continue;
    const resolved = loaders.resolveInt(argument.value);
    const setup = trainingSetupOf(model, loader.call);
    const batch = resolved ? { value: resolved.value, line: argument.site.row + 1, says: loader.name ? `DataLoader ${loader.name.text}` : 'DataLoader' } : null;
    const estimate = estimateTraining(setup, batch, loader.call.row + 1, request);
    if (!resolved) estimate.line = argument.site.row + 1;
    found.push({ estimate, loader, batchSite: argument.site });
  }
  const setup = trainingSetupOf(model);
  if (!found.length && (setup.model || setup.modelNode)) {
    const line = (setup.modelNode?.row ?? 0) + 1;
    found.push({ estimate: estimateTraining(setup, setup.trainerBatch, line, request), loader: null, batchSite: null });
  }
  return found;
}
