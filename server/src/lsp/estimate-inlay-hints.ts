// textDocument/inlayHint: at the end of a training batch size's line and of the model's line, the
// step's estimated peak and, with a target GPU, whether it fits; the hover gives the breakdown.
import { InlayHintRequest, type Connection, type InlayHint, type InlayHintParams } from 'vscode-languageserver';
import { formatGiB } from '../estimate/gpu-size';
import type { TrainingEstimate } from '../estimate/estimate';
import type { Messages } from '../l10n';
import type { DocumentLinter } from './document-linter';
import { placedEstimates } from './estimate-hover';

function label(estimate: TrainingEstimate, messages: Messages): string {
  const fit = estimate.fit;
  return messages.estimateInlayHint({
    peak: formatGiB(estimate.peakBytes!),
    gpu: fit ? formatGiB(fit.gpuBytes) : null,
    fits: fit?.fits ?? null,
    largest: fit?.largestBatch ?? 0,
  });
}

export async function estimateInlayHints(params: InlayHintParams, linter: DocumentLinter): Promise<InlayHint[]> {
  const result = await linter.current(params.textDocument.uri);
  if (!result) return [];
  const from = result.place.offsetAt(params.range.start);
  const to = result.place.offsetAt(params.range.end);
  const hints: InlayHint[] = [];
  const shown = new Set<number>();
  for (const { estimate, batchRow, modelRows } of placedEstimates(result)) {
    // One hint per line: the batch size's, and the model's last line when it is another.
    for (const row of [batchRow, modelRows?.last ?? null]) {
      if (row === null || shown.has(row)) continue;
      const end = result.source.lineEnd(row);
      if (end < from || end > to) continue;
      shown.add(row);
      hints.push({ position: result.place.rangeOf(end, end).start, label: label(estimate, linter.messages), paddingLeft: true });
    }
  }
  return hints;
}

export function registerEstimateInlayHints(connection: Connection, linter: DocumentLinter): void {
  connection.onRequest(InlayHintRequest.type, (params) => estimateInlayHints(params, linter));
}
