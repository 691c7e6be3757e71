// A notebook in the server, in process: its joined text is an open document like a file's, so an
// edit in one cell is an edit of that text within the cell's lines, and what the analysis keeps from
// one version for the next (its memory) is kept for the notebook as for a file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentLinter } from '../server/src/lsp/document-linter';
import type { DocumentSettingsProvider } from '../server/src/lsp/document-settings';
import { DocumentStore } from '../server/src/lsp/document-store';
import { NotebookDocuments } from '../server/src/lsp/notebook-sync';
import { sharedAnalyzer } from './support/analyzer';

const settings = { generation: 0, forDocument: () => Promise.resolve({ enable: true, excluded: false, analysis: {} }) } as unknown as DocumentSettingsProvider;
const log = { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined };
const NOTEBOOK = 'file:///project/train.ipynb';
const cellUri = (i: number) => `vscode-notebook-cell:/project/train.ipynb#c${i}`;

const CELLS = [
  'import torch\n',
  'def evaluate(model, loader):\n    model.eval()\n    for x in loader:\n        print(model(x).shape)\n',
  'batch_size = 64\n',
  'evaluate(net, test_loader)\n',
];

function setUp(parser: Awaited<ReturnType<typeof sharedAnalyzer>>['parser']) {
  const documents = new DocumentStore(parser);
  const notebooks = new NotebookDocuments();
  const linter = new DocumentLinter(documents, settings, () => undefined, log, notebooks);
  notebooks.open({
    notebookDocument: { uri: NOTEBOOK, notebookType: 'jupyter-notebook', version: 1, cells: CELLS.map((_, i) => ({ kind: 2, document: cellUri(i) })) },
    cellTextDocuments: CELLS.map((text, i) => ({ uri: cellUri(i), languageId: 'python', version: 1, text })),
  });
  return { documents, notebooks, linter };
}

const type = (notebooks: NotebookDocuments, cell: number, version: number, line: number, text: string) =>
  notebooks.change({
    notebookDocument: { uri: NOTEBOOK, version },
    change: { cells: { textContent: [{ document: { uri: cellUri(cell), version }, changes: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text }] }] } },
  });

test('a keystroke in one cell changes the joined text within that cell, and the notebook keeps its memory', async () => {
  const { parser } = await sharedAnalyzer();
  const { documents, notebooks, linter } = setUp(parser);
  try {
    const notebook = notebooks.get(NOTEBOOK)!;
    const codes = async () => (await Promise.all(CELLS.map((_, i) => linter.current(cellUri(i))))).map((r) => r?.diagnostics.map((d) => d.code));
    assert.deepEqual(await codes(), [[], ['OOM001'], [], []]);
    // What is published: the cells with findings only.
    assert.deepEqual((await linter.resultsFor(NOTEBOOK)).map((r) => r.uri), [cellUri(1)]);
    const textBefore = notebook.joined.text;
    const cellStart = notebook.snapshot().layout.cellAt(2).start;
    type(notebooks, 2, 2, 0, '# a comment\n');
    const textAfter = notebook.joined.text;
    // Everything before the cell is as it was, and so is everything after its edit.
    assert.equal(textAfter.slice(0, cellStart), textBefore.slice(0, cellStart));
    assert.equal(textAfter.slice(cellStart + '# a comment\n'.length), textBefore.slice(cellStart));
    assert.deepEqual(await codes(), [[], ['OOM001'], [], []]);
    // Edited, so the notebook gets an analysis session that serves its next keystroke, as an edited
    // file does: the same session, not one made anew each time (the linter's private map is read).
    const sessions = (linter as unknown as { sessions: Map<string, unknown> }).sessions;
    const session = sessions.get(NOTEBOOK);
    assert.ok(session);
    type(notebooks, 2, 3, 0, 'x = 1\n');
    await linter.resultsFor(NOTEBOOK);
    assert.equal(sessions.get(NOTEBOOK), session);
    assert.equal(linter.sessionsHeld, 1);
    // Each cell's result is at its own version.
    const results = await Promise.all(CELLS.map((_, i) => linter.current(cellUri(i))));
    assert.deepEqual(results.map((r) => [r?.uri, r?.version]), CELLS.map((_, i) => [cellUri(i), i === 2 ? 3 : 1]));
  } finally {
    documents.dispose();
    notebooks.dispose();
  }
});

test('a cell that turns into markdown leaves the program, and later cells keep their numbers', async () => {
  const { parser } = await sharedAnalyzer();
  const { documents, notebooks, linter } = setUp(parser);
  try {
    notebooks.change({
      notebookDocument: { uri: NOTEBOOK, version: 2 },
      change: { cells: { data: [{ kind: 1, document: cellUri(0) }] } },
    });
    const layout = notebooks.get(NOTEBOOK)!.snapshot().layout;
    assert.deepEqual([0, 1, 2].map((i) => layout.cellAt(i).cell), [2, 3, 4]);
    assert.equal(layout.cellCount, 3);
    assert.equal(await linter.current(cellUri(0)), undefined, 'a markdown cell has no result');
    // Without the import cell, the fix in the evaluation cell brings its own import.
    const evaluation = await linter.current(cellUri(1));
    assert.deepEqual(evaluation!.diagnostics.map((d) => d.code), ['OOM001']);
    assert.ok(evaluation!.diagnostics[0]!.fixes.some((f) => f.edits.some((e) => e.newText === 'import torch\n')));
  } finally {
    documents.dispose();
    notebooks.dispose();
  }
});

test('a markdown cell removed above renumbers the cells a message names, though the code did not change', async () => {
  const { parser } = await sharedAnalyzer();
  const documents = new DocumentStore(parser);
  const notebooks = new NotebookDocuments();
  const linter = new DocumentLinter(documents, settings, () => undefined, log, notebooks);
  const uri = 'file:///project/finetune.ipynb';
  const cell = (i: number) => `vscode-notebook-cell:/project/finetune.ipynb#m${i}`;
  const cells = [
    { kind: 1 as const, text: '# Fine-tuning' },
    { kind: 2 as const, text: 'import torch\nmodel = build().cuda()\nstate = torch.load("pretrained.pt")\nmodel.load_state_dict(state)\n' },
    { kind: 1 as const, text: '## Training' },
    { kind: 2 as const, text: 'for x, y in loader:\n    loss = criterion(model(x.cuda()), y.cuda())\n    optimizer.zero_grad()\n    loss.backward()\n    optimizer.step()\n    torch.save(model.state_dict(), "pretrained.pt")\n' },
  ];
  try {
    notebooks.open({
      notebookDocument: { uri, notebookType: 'jupyter-notebook', version: 1, cells: cells.map((c, i) => ({ kind: c.kind, document: cell(i) })) },
      cellTextDocuments: cells.map((c, i) => ({ uri: cell(i), languageId: c.kind === 2 ? 'python' : 'markdown', version: 1, text: c.text })),
    });
    const loopNamed = async () => (await linter.current(cell(1)))?.diagnostics.find((d) => d.code === 'OOM009')?.message ?? '';
    assert.match(await loopNamed(), /the loop in cell 4, line 1/);
    notebooks.change({
      notebookDocument: { uri, version: 2 },
      change: { cells: { structure: { array: { start: 0, deleteCount: 1 }, didClose: [{ uri: cell(0) }] } } },
    });
    assert.match(await loopNamed(), /the loop in cell 3, line 1/);
  } finally {
    documents.dispose();
    notebooks.dispose();
  }
});
