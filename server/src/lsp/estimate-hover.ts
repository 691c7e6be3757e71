// The estimate of a training step on hover: over a training DataLoader's batch size or the line that
// builds the model, the step's peak memory, its parts, and whether it fits the target GPU.
import { resolveSettings } from '../core/settings';
import { formatGiB } from '../estimate/gpu-size';
import type { TrainingEstimate } from '../estimate/estimate';
import type { Messages } from '../l10n';
import { trainingEstimatesOf } from '../rules/data/training-estimates';
import { trainingSetupOf } from '../estimate/training-setup';
import { SemanticModel } from '../semantic/model';
import type { LintResult } from './document-linter';
import { documentPath } from './document-path';

/** A training estimate with a peak, and the rows it is shown on: its batch size's, and its model's construction. */
export interface PlacedEstimate {
  estimate: TrainingEstimate;
  /** 0-based row of the batch size, or null where it comes from elsewhere. */
  batchRow: number | null;
  /** 0-based first and last rows of the model's construction, or null. */
  modelRows: { first: number; last: number } | null;
}

/** The file's training estimates that have a peak, with where each is shown. */
export function placedEstimates(result: LintResult): PlacedEstimate[] {
  const root = result.root;
  if (!root) return [];
  const model = new SemanticModel(root, result.source, resolveSettings(result.settings.analysis), documentPath(result.uri));
  try {
    return trainingEstimatesOf(model)
      .filter(({ estimate }) => estimate.peakBytes !== null)
      .map(({ estimate, loader, batchSite }) => {
        const built = trainingSetupOf(model, loader?.call ?? null).modelNode;
        return { estimate, batchRow: batchSite?.row ?? null, modelRows: built ? { first: built.row, last: built.endRow } : null };
      });
  } finally {
    model.db.release();
  }
}

/** The Markdown of the estimate whose batch size or model is on the line of `offset`, or null. */
export function estimateHoverText(result: LintResult, offset: number, messages: Messages): string | null {
  const row = result.source.position(offset).line;
  const found = placedEstimates(result).find(({ batchRow, modelRows }) => batchRow === row || (modelRows !== null && modelRows.first <= row && row <= modelRows.last));
  return found ? render(found.estimate, messages) : null;
}

function render(estimate: TrainingEstimate, messages: Messages): string {
  const parts = estimate.parts!;
  const lines = [
    messages.estimateHoverPeak({ peak: formatGiB(estimate.peakBytes!), model: estimate.model ?? '', batch: estimate.batchSize ?? 0 }),
    '',
    messages.estimateHoverParts({
      weights: formatGiB(parts.weights),
      gradients: formatGiB(parts.gradients),
      optimizerState: formatGiB(parts.optimizerState),
      activations: formatGiB(parts.activations),
      batch: formatGiB(parts.batch),
      backwardTransient: formatGiB(parts.backwardTransient),
    }),
  ];
  const fit = estimate.fit;
  if (fit && fit.fits !== null) lines.push('', messages.estimateHoverFit({ gpu: formatGiB(fit.gpuBytes), fits: fit.fits, needed: formatGiB(fit.requiredBytes ?? 0), largest: fit.largestBatch }));
  if (estimate.assumptions.length) lines.push('', messages.estimateHoverAssumed({ count: estimate.assumptions.length }));
  return lines.join('\n');
}
