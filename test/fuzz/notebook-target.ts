// Notebooks in the editor against the command line: a notebook made of mutated real files cut into
// cells (with magics, markdown cells, CRLF), opened in the server's notebook model, then edited cell
// by cell and rearranged at random. After every change the editor's findings, cell by cell, must be
// those of `oomlint check`'s analysis of the same cells (code, message, cell and range), every range
// and fix edit must lie inside its cell, and reading and joining a notebook must cost about what
// JSON.parse of it costs (a budget checked here rather than in a timed unit test).
import type { Analyzer } from '../../server/src/analysis/analyzer';
import { SourceText } from '../../server/src/core/source';
import { messagesFor } from '../../server/src/l10n';
import { DocumentLinter, type LintResult } from '../../server/src/lsp/document-linter';
import type { DocumentSettingsProvider } from '../../server/src/lsp/document-settings';
import { DocumentStore } from '../../server/src/lsp/document-store';
import { plainTextMessage, problemsMessage } from '../../server/src/lsp/lsp-diagnostic';
import { NotebookDocuments } from '../../server/src/lsp/notebook-sync';
import type { DiagnosticData } from '../../server/src/lsp/protocol';
import { withCellLines } from '../../server/src/notebooks/cell-messages';
import { readNotebook } from '../../server/src/notebooks/notebook-json';
import { cellIndexAtRow, cellLineOf, joinCells } from '../../server/src/notebooks/notebook-text';
import { sharedAnalyzer } from '../support/analyzer';
import { mutate, seedTexts } from './analysis-target';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

const MAGICS = ['%matplotlib inline', '!pip install torch', '%time out = model(x)', 'files = !ls', 'torch.load?', '%%time', '%%bash\necho hi'];
const TYPED = ['x', '\n', 'import torch\n', 'model.eval()\n', 'for x in loader:\n    out = model(x)\n', '    ', ')', '"""', '%time ', '!ls\n', '\r\n', '中'];

interface Cell {
  uri: string;
  kind: 1 | 2;
  /** The cell document's language, which a change of kind alone leaves as it was. */
  language: 'python' | 'markdown';
  text: string;
  version: number;
}

/** Whether a position lies in `text`: an existing line, at most at its end. */
function inside(text: SourceText, p: { line: number; character: number }): boolean {
  return p.line >= 0 && p.line < text.lineCount && p.character >= 0 && p.character <= text.lineEnd(p.line) - text.lineStart(p.line);
}

/** A finding as compared: cell (1-based among all cells), code, the message Problems shows, range in the cell. */
type Key = string;

const key = (cell: number, code: string, message: string, range: readonly number[]): Key => `cell ${cell} ${range.join(':')} ${code} ${message}`;

const settings = { generation: 0, forDocument: () => Promise.resolve({ enable: true, excluded: false, analysis: {} }), forget: () => undefined } as unknown as DocumentSettingsProvider;
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined };

export class NotebookTarget implements FuzzTarget {
  readonly name = 'notebook';
  private analyzer!: Analyzer;
  private seeds: string[] = [];
  private counter = 0;
  private cellCounter = 0;

  async prepare(): Promise<void> {
    this.analyzer = await sharedAnalyzer();
    this.seeds = seedTexts().filter((t) => t.length < 20_000);
  }

  async run(random: Random): Promise<FuzzFailure[]> {
    const failures: FuzzFailure[] = [];
    const cells = this.makeCells(random);
    const log: string[] = [`open ${JSON.stringify(cells.map((c) => [c.kind, c.text]))}`];
    const documents = new DocumentStore(this.analyzer.parser);
    const notebooks = new NotebookDocuments();
    const linter = new DocumentLinter(documents, settings, () => undefined, silent, notebooks);
    const uri = `file:///fuzz/${++this.counter}.ipynb`;
    let version = 1;
    try {
      notebooks.open({
        notebookDocument: { uri, notebookType: 'jupyter-notebook', version, cells: cells.map((c) => ({ kind: c.kind, document: c.uri })) },
        cellTextDocuments: cells.map((c) => ({ uri: c.uri, languageId: c.language, version: c.version, text: c.text })),
      });
      failures.push(...(await this.compare(cells, linter, log)));
      const steps = 1 + random.int(6);
      for (let step = 0; step < steps && !failures.length; step++) {
        version++;
        log.push(this.change(random, cells, notebooks, uri, version));
        failures.push(...(await this.compare(cells, linter, log)));
      }
    } catch (error) {
      failures.push({ kind: 'crash', detail: error instanceof Error ? (error.stack ?? error.message) : String(error), input: log.join('\n') });
    } finally {
      documents.dispose();
      notebooks.dispose();
    }
    if (random.int(8) === 0) failures.push(...this.readingBudget(random));
    return failures;
  }

  private makeCells(random: Random): Cell[] {
    const text = mutate(random.pick(this.seeds), random);
    const lines = text.split('\n');
    const cells: Cell[] = [];
    let at = 0;
    while (at < lines.length) {
      const length = 1 + random.int(12);
      let source = lines.slice(at, at + length).join('\n');
      at += length;
      if (at < lines.length || random.int(2)) source += '\n';
      if (random.int(6) === 0) source = `${random.pick(MAGICS)}\n${source}`;
      if (random.int(10) === 0) source = source.replace(/\n/g, '\r\n');
      cells.push(this.cell(2, source));
      if (random.int(8) === 0) cells.push(this.cell(1, '# Notes\n\nSome *markdown*.'));
    }
    return cells;
  }

  private cell(kind: 1 | 2, text: string): Cell {
    return { uri: `vscode-notebook-cell:/fuzz/${this.counter}.ipynb#c${++this.cellCounter}`, kind, language: kind === 2 ? 'python' : 'markdown', text, version: 1 };
  }

  /** One random change, applied to the model and to `cells`; returns a line for the replay log. */
  private change(random: Random, cells: Cell[], notebooks: NotebookDocuments, uri: string, version: number): string {
    const code = cells.filter((c) => c.kind === 2);
    const choice = random.int(10);
    if (choice < 7 && code.length) {
      const cell = random.pick(code);
      const lines = new SourceText(cell.text);
      const start = random.int(cell.text.length + 1);
      const end = Math.min(cell.text.length, start + (random.int(3) === 0 ? random.int(20) : 0));
      const text = random.int(3) === 0 ? '' : random.pick(TYPED);
      const range = { start: lines.position(start), end: lines.position(end) };
      // Sent as VS Code sends it: line and character in the cell's text before the change.
      const startOffset = lines.offset(range.start);
      const endOffset = lines.offset(range.end);
      cell.text = cell.text.slice(0, startOffset) + text + cell.text.slice(endOffset);
      cell.version++;
      notebooks.change({
        notebookDocument: { uri, version },
        change: { cells: { textContent: [{ document: { uri: cell.uri, version: cell.version }, changes: [{ range, text }] }] } },
      });
      return `type ${JSON.stringify(text)} at ${JSON.stringify(range)} in cell ${cells.indexOf(cell) + 1}`;
    }
    if (choice < 8) {
      const at = random.int(cells.length + 1);
      const added = this.cell(2, random.pick(['import torch\n', 'model.eval()\n', random.pick(MAGICS), 'x = 1']));
      cells.splice(at, 0, added);
      notebooks.change({
        notebookDocument: { uri, version },
        change: { cells: { structure: { array: { start: at, deleteCount: 0, cells: [{ kind: 2, document: added.uri }] }, didOpen: [{ uri: added.uri, languageId: 'python', version: 1, text: added.text }] } } },
      });
      return `insert cell at ${at}: ${JSON.stringify(added.text)}`;
    }
    if (choice < 9 && cells.length > 1) {
      const at = random.int(cells.length);
      const [removed] = cells.splice(at, 1);
      notebooks.change({
        notebookDocument: { uri, version },
        change: { cells: { structure: { array: { start: at, deleteCount: 1 }, didClose: [{ uri: removed!.uri }] } } },
      });
      return `delete cell ${at + 1}`;
    }
    // A code cell turned into markdown, or back.
    const cell = random.pick(cells);
    cell.kind = cell.kind === 2 ? 1 : 2;
    notebooks.change({ notebookDocument: { uri, version }, change: { cells: { data: [{ kind: cell.kind, document: cell.uri }] } } });
    return `cell ${cells.indexOf(cell) + 1} becomes ${cell.kind === 2 ? 'code' : 'markdown'}`;
  }

  /** The editor's findings against those of the CLI's analysis of the same cells. */
  private async compare(cells: Cell[], linter: DocumentLinter, log: string[]): Promise<FuzzFailure[]> {
    // Python code cells: of the code kind, in the Python language (the CLI's code cells of a Python notebook).
    const python = cells.map((c, i) => ({ ...c, cell: i + 1 })).filter((c) => c.kind === 2 && c.language === 'python');
    const joined = joinCells(python.map((c) => ({ cell: c.cell, source: c.text })));
    const messages = withCellLines(messagesFor('en'), (line) => cellLineOf(joined.cells, line));
    const lines = new SourceText(joined.text);
    const expected: Key[] = [];
    for (const d of this.analyzer.analyzeText(joined.text, { messages })) {
      const index = cellIndexAtRow(joined.cells, lines.lineOf(d.start));
      const cell = joined.cells[index]!;
      const own = new SourceText(python[index]!.text);
      const at = (offset: number) => {
        const p = lines.position(offset);
        const row = p.line - cell.row;
        if (row >= cell.rows) return own.position(own.text.length);
        return own.position(own.offset({ line: Math.max(0, row), character: p.character }));
      };
      const [s, e] = [at(d.start), at(d.end)];
      expected.push(key(cell.cell, d.code, problemsMessage(plainTextMessage(d.message)), [s.line, s.character, e.line, e.character]));
    }
    const actual: Key[] = [];
    const failures: FuzzFailure[] = [];
    for (const c of python) {
      const result: LintResult | undefined = await linter.current(c.uri);
      if (!result) {
        failures.push({ kind: 'no-result', detail: `cell ${c.cell} has no result`, input: log.join('\n') });
        continue;
      }
      const own = new SourceText(c.text);
      for (const d of result.lspDiagnostics) {
        const { start, end } = d.range;
        actual.push(key(c.cell, String(d.code), String(d.message), [start.line, start.character, end.line, end.character]));
        if (!inside(own, start) || !inside(own, end)) {
          failures.push({ kind: 'range', detail: `cell ${c.cell}: range ${JSON.stringify(d.range)} outside the cell`, input: log.join('\n') });
        }
        for (const fix of (d.data as DiagnosticData | undefined)?.fixes ?? []) {
          for (const doc of [{ uri: c.uri, edits: fix.edits }, ...(fix.elsewhere ?? [])]) {
            const target = cells.find((x) => x.uri === doc.uri);
            const text = new SourceText(target?.text ?? '');
            for (const edit of doc.edits) {
              if (!target || !inside(text, edit.range.start) || !inside(text, edit.range.end)) failures.push({ kind: 'fix-range', detail: `a fix edit of cell ${c.cell} lies outside ${doc.uri}: ${JSON.stringify(edit.range)}`, input: log.join('\n') });
            }
          }
        }
      }
    }
    expected.sort();
    actual.sort();
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      const missing = expected.filter((k) => !actual.includes(k));
      const extra = actual.filter((k) => !expected.includes(k));
      // The same text analysed from scratch in the editor's way: when that agrees with the CLI, the
      // difference is the incremental analysis of an edited document (files have it too).
      const fresh = await freshEditorKeys(cells, this.analyzer);
      const kind = JSON.stringify(fresh) === JSON.stringify(expected) ? 'incremental-differs' : 'differs-from-cli';
      // A text with a syntax error has no one right tree: the editor keeps a half-typed statement's
      // error inside its lines (server/src/parser/statement-reparse.ts), so only valid text must agree.
      if (kind === 'differs-from-cli' || !this.hasSyntaxError(joined.text)) {
        failures.push({ kind, detail: `editor and CLI differ: missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}`, input: log.join('\n') });
      }
    }
    return failures;
  }

  private hasSyntaxError(text: string): boolean {
    const tree = this.analyzer.parser.parse(text);
    try {
      return tree.rootNode.hasError;
    } finally {
      tree.delete();
    }
  }

  /**
   * Reading and joining grow linearly with the notebook: eight times the cells cost about eight times
   * the time (garbage collection adds some), not sixty-four times. A ratio of two sizes in one run, so
   * the machine's speed does not matter.
   */
  private readingBudget(random: Random): FuzzFailure[] {
    const count = 3_000 + random.int(5_000);
    const notebookOf = (cells: number) =>
      JSON.stringify({
        cells: Array.from({ length: cells }, (_, i) => ({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: [`x${i} = ${i}\n`, i % 4 === 0 ? '%time y = f(x)' : `y${i} = x${i} * 2`] })),
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      });
    const readAndJoin = (text: string) => () => {
      const notebook = readNotebook(text);
      if (!notebook.ok) throw new Error(notebook.message);
      joinCells(notebook.notebook.codeCells.map((c) => ({ cell: c.index + 1, source: c.source })));
    };
    const small = notebookOf(count);
    const large = notebookOf(8 * count);
    // The fastest of three runs of each, so a pause of the garbage collector does not decide.
    const fastest = (text: string) => Math.min(...[0, 1, 2].map(() => timed(readAndJoin(text))));
    const once = fastest(small);
    const eightTimes = fastest(large);
    const budget = 24 * once + 100;
    return eightTimes > budget ? [{ kind: 'budget', detail: `reading and joining ${8 * count} cells took ${eightTimes.toFixed(0)} ms, ${count} took ${once.toFixed(0)} ms: more than linear (budget ${budget.toFixed(0)} ms)`, input: `${count} cells` }] : [];
  }
}

/** The editor's findings for the cells as they are now, in a notebook opened afresh (nothing kept from edits). */
async function freshEditorKeys(cells: readonly Cell[], analyzer: Analyzer): Promise<Key[]> {
  const python = cells.map((c, i) => ({ ...c, cell: i + 1 })).filter((c) => c.kind === 2 && c.language === 'python');
  const documents = new DocumentStore(analyzer.parser);
  const notebooks = new NotebookDocuments();
  const linter = new DocumentLinter(documents, settings, () => undefined, silent, notebooks);
  try {
    const uri = 'file:///fuzz/fresh.ipynb';
    notebooks.open({
      notebookDocument: { uri, notebookType: 'jupyter-notebook', version: 1, cells: cells.map((c) => ({ kind: c.kind, document: c.uri })) },
      cellTextDocuments: cells.map((c) => ({ uri: c.uri, languageId: c.language, version: 1, text: c.text })),
    });
    const keys: Key[] = [];
    for (const c of python) {
      for (const d of (await linter.current(c.uri))?.lspDiagnostics ?? []) {
        const { start, end } = d.range;
        keys.push(key(c.cell, String(d.code), String(d.message), [start.line, start.character, end.line, end.character]));
      }
    }
    return keys.sort();
  } finally {
    documents.dispose();
    notebooks.dispose();
  }
}

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}
