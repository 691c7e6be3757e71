// One analysis of a notebook's joined cells, handed out cell by cell: each Python code cell gets the
// findings that start in it, with positions, ranges and fixes in its own lines.
import type { Diagnostic } from '../core/types';
import { cellIndexAtRow } from '../notebooks/notebook-text';
import { CellPlace, type NotebookSnapshot } from './cell-place';
import type { LintResult } from './document-linter';
import { toLspDiagnostic } from './lsp-diagnostic';
import type { RuleDocLink } from './rule-doc-links';

/** By cell URI: the results of `analysed`, the joined text of `snapshot`. */
export function cellResults(analysed: LintResult, snapshot: NotebookSnapshot, ruleDocLink: RuleDocLink): Map<string, LintResult> {
  const { layout, joined, cells } = snapshot;
  const byCell: Diagnostic[][] = layout.cells.map(() => []);
  for (const diagnostic of analysed.diagnostics) byCell[cellIndexAtRow(layout.cells, joined.lineOf(diagnostic.start))]?.push(diagnostic);
  const results = new Map<string, LintResult>();
  layout.cells.forEach((_, index) => {
    const { uri, version } = cells[index]!;
    const place = new CellPlace(snapshot, index);
    const stamp = { uri, version, ruleDocLink };
    const diagnostics = byCell[index]!;
    // A notebook left unanalysed (too large) says so once, in its first code cell.
    const notAnalysed = index === 0 ? analysed.lspDiagnostics : [];
    results.set(uri, {
      uri,
      version,
      revision: analysed.revision,
      source: analysed.source,
      get root() {
        return analysed.root;
      },
      settings: analysed.settings,
      diagnostics,
      lspDiagnostics: [...notAnalysed, ...diagnostics.map((d) => toLspDiagnostic(place, d, stamp))],
      place,
    });
  });
  return results;
}
