// One analysis of a notebook's joined cells, handed out cell by cell: each Python code cell gets the
// findings that start in it, with positions, ranges and fixes in its own lines. A cell's result is
// made when asked for, so a keystroke costs nothing per cell that has no findings.
import type { Diagnostic } from '../core/types';
import { CellPlace, type NotebookSnapshot } from './cell-place';
import type { LintResult } from './document-linter';
import { toLspDiagnostic } from './lsp-diagnostic';
import type { RuleDocLink } from './rule-doc-links';

export class NotebookResults {
  /** The findings by code cell index, for the cells that have some. */
  private readonly byCell = new Map<number, Diagnostic[]>();
  private readonly made = new Map<number, LintResult>();

  constructor(
    /** The analysis of the joined text. */
    private readonly analysed: LintResult,
    private readonly snapshot: NotebookSnapshot,
    private readonly ruleDocLink: RuleDocLink,
  ) {
    const { layout, joined } = snapshot;
    for (const diagnostic of analysed.diagnostics) {
      const index = layout.indexAtRow(joined.lineOf(diagnostic.start));
      const list = this.byCell.get(index);
      if (list) list.push(diagnostic);
      else this.byCell.set(index, [diagnostic]);
    }
  }

  get revision(): number {
    return this.analysed.revision;
  }

  /** The result of one code cell, or undefined for a document that is not one of this version's code cells. */
  forCell(uri: string): LintResult | undefined {
    const index = this.snapshot.layout.indexOf(uri);
    return index === undefined ? undefined : this.result(index);
  }

  /** The results of the cells with something to show (findings, or the notebook's "not analysed"), and of `alsoCells`. */
  withFindings(alsoCells: Iterable<string> = []): LintResult[] {
    const indexes = new Set(this.byCell.keys());
    if (this.analysed.lspDiagnostics.length && this.snapshot.layout.cellCount) indexes.add(0);
    for (const uri of alsoCells) {
      const index = this.snapshot.layout.indexOf(uri);
      if (index !== undefined) indexes.add(index);
    }
    return [...indexes].sort((a, b) => a - b).map((index) => this.result(index));
  }

  private result(index: number): LintResult {
    let result = this.made.get(index);
    if (result) return result;
    const { analysed } = this;
    const { uri, version } = this.snapshot.cells[index]!;
    const place = new CellPlace(this.snapshot, index);
    const stamp = { uri, version, ruleDocLink: this.ruleDocLink };
    const diagnostics = this.byCell.get(index) ?? [];
    // A notebook left unanalysed (too large) says so once, in its first code cell.
    const notAnalysed = index === 0 ? analysed.lspDiagnostics : [];
    result = {
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
    };
    this.made.set(index, result);
    return result;
  }
}
