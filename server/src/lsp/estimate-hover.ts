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

/** The Markdown of the estimate whose batch size or model is on the line of `offset`, or null. */
export function estimateHoverText(result: LintResult, offset: number, messages: Messages): string | null {
  const root = result.root;
  if (!root) return null;
  const row = result.source.position(offset).line;
  const path = documentPath(result.uri);
  const model = new SemanticModel(root, result.source, resolveSettings(result.settings.analysis), path);
  try {
    const found = trainingEstimatesOf(model).find(({ estimate, loader, batchSite }) => {
      if (estimate.peakBytes === null) return false;
      if (batchSite?.row === row) return true;
      const built = trainingSetupOf(model, loader?.call ?? null).modelNode;
      return built !== null && built.row <= row && row <= built.endRow;
    });
    return found ? render(found.estimate, messages) : null;
  } finally {
    model.db.release();
  }
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
