// Reading notebooks, joining their cells into one Python text and splitting fixed text back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SourceText } from '../server/src/core/source';
import { readNotebook, withNewSources } from '../server/src/notebooks/notebook-json';
import { cellLineOf, joinCells, joinCellsWithMarkers, notebookLines, splitCells, type CellCode } from '../server/src/notebooks/notebook-text';

/** A notebook as nbformat writes it: keys sorted, one space of indentation, sources as line lists. */
function notebookText(sources: (string | string[])[], extra: Record<string, unknown> = {}): string {
  const cells = sources.map((source, i) => ({
    cell_type: 'code',
    execution_count: i + 1,
    metadata: {},
    outputs: [],
    source,
  }));
  return JSON.stringify({ cells, metadata: { kernelspec: { name: 'python3' } }, nbformat: 4, nbformat_minor: 5, ...extra }, null, 1) + '\n';
}

const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

test('a notebook that is not one says why, in one sentence', () => {
  const cases: [string, RegExp][] = [
    ['{"cells": [', /invalid JSON/],
    ['[]', /top level is not a JSON object/],
    [JSON.stringify({ nbformat: 3, worksheets: [] }), /nbformat 3 .*only nbformat 4/],
    [JSON.stringify({ cells: [] }), /no `nbformat`/],
    [JSON.stringify({ nbformat: 4, cells: {} }), /`cells` is missing or not a list/],
    [JSON.stringify({ nbformat: 4, cells: [{ cell_type: 'markdown', source: '' }, { cell_type: 'code' }] }), /code cell 2 has no `source`/],
    [JSON.stringify({ nbformat: 4, cells: [{ cell_type: 'code', source: [1, 2] }] }), /code cell 1 has no `source`/],
    [JSON.stringify({ nbformat: 4, cells: [{ source: 'x' }] }), /cell 1 has no `cell_type`/],
  ];
  for (const [text, message] of cases) {
    const read = readNotebook(text);
    assert.ok(!read.ok, text);
    assert.match(read.message, message, text);
  }
});

test('code cells are read with their place among all cells and the form of their source', () => {
  const text = JSON.stringify({
    nbformat: 4,
    cells: [
      { cell_type: 'markdown', source: ['# Title'] },
      { cell_type: 'code', source: ['import torch\n', 'x = 1'] },
      { cell_type: 'raw', source: 'raw' },
      { cell_type: 'code', source: 'y = 2\n' },
    ],
  });
  const read = readNotebook(text);
  assert.ok(read.ok);
  assert.equal(read.notebook.cellCount, 4);
  assert.equal(read.notebook.language, undefined);
  const r = readNotebook(JSON.stringify({ nbformat: 4, metadata: { kernelspec: { language: 'R' } }, cells: [{ cell_type: 'code', source: 'x <- 1' }] }));
  assert.ok(r.ok);
  assert.equal(r.notebook.language, 'r');
  assert.deepEqual(
    read.notebook.codeCells.map(({ index, source, sourceIsList }) => ({ index, source, sourceIsList })),
    [
      { index: 1, source: 'import torch\nx = 1', sourceIsList: true },
      { index: 3, source: 'y = 2\n', sourceIsList: false },
    ],
  );
});

const cellsOf = (...sources: string[]): CellCode[] => sources.map((source, i) => ({ cell: i + 1, source }));

test('IPython lines become one-line placeholders: the other lines keep their rows and columns', () => {
  const cells = cellsOf(
    '%matplotlib inline\n!pip install torch \\\n    torchvision\nimport torch\nfiles = !ls\ntorch.load?\n?torch.save',
    '%%bash\necho hi\n  ls -l\n',
    '%%time\nfor x in range(3):\n    %timeit f(x)\n    y = x',
  );
  const joined = joinCells(cells);
  const text = joined.text.split('\n');
  const { lineCells, lineRows } = notebookLines(joined);
  // Each line of each cell has exactly one line in the joined text (7, 3 and 4), and nothing else has.
  assert.deepEqual([1, 2, 3].map((cell) => lineCells.filter((c) => c === cell).length), [7, 3, 4]);
  assert.equal(text.length, 7 + 3 + 4);
  assert.deepEqual(cellLineOf(joined.cells, 12), { cell: 3, line: 2 });
  const row = (cell: number, r: number) => text[lineCells.findIndex((c, i) => c === cell && lineRows[i] === r)];
  assert.equal(row(1, 3), 'import torch');
  assert.equal(row(3, 3), '    y = x');
  for (const placeholder of [row(1, 0), row(1, 1), row(1, 4), row(1, 5), row(1, 6), row(3, 0)]) assert.match(placeholder!, /^pass {2}# oomlint-ipython /);
  // A continuation line and a foreign cell magic's lines are comments, whose indentation Python ignores.
  assert.match(row(1, 2)!, /^ {4}# oomlint-ipython /);
  assert.match(row(2, 1)!, /^# oomlint-ipython /);
  assert.match(row(2, 2)!, /^ {2}# oomlint-ipython /);
  assert.match(row(3, 2)!, /^ {4}pass {2}# oomlint-ipython /);
  const marked = joinCellsWithMarkers(cells);
  assert.deepEqual(splitCells(marked.text, cells.length, marked.key), cells.map((c) => c.source));
});

test('lines that continue a statement or a string are Python, even when they start like a magic', () => {
  const source = [
    'message = ("%d items"',
    '           % count)',
    'ratio = total \\',
    '    % 7',
    'doc = """',
    '%not a magic, a line of the docstring',
    '!neither is this "quoted" one',
    '"""',
    "s = 'a # not a comment, (' \\",
    "    ''",
    '%matplotlib inline',
    'x = [1,  # a comment with a bracket: (',
    '     2]',
    '!ls',
  ].join('\n');
  const joined = joinCellsWithMarkers(cellsOf(source));
  const masked = joined.text.split('\n').flatMap((line, row) => (line.includes('oomlint-ipython') ? [row] : []));
  assert.deepEqual(masked, [10, 13]);
  assert.deepEqual(splitCells(joined.text, 1, joined.key), [source]);
});

test('cells split back exactly as they were, whatever their ends and contents', () => {
  const cases: string[][] = [
    ['import torch\n', 'x = 1'],
    ['', 'a = 1', ''],
    ['a = 1\n\n', '\n', 'b = 2\n'],
    ['s = """\n%not magic in a string\n"""'],
    ['# oomlint-cell n0 0 (a comment that looks like a marker)', 'x = 1'],
    ['x = 1\r\ny = 2\r\n', 'z = 3'],
  ];
  for (const sources of cases) {
    const joined = joinCellsWithMarkers(cellsOf(...sources));
    assert.deepEqual(splitCells(joined.text, sources.length, joined.key), sources, JSON.stringify(sources));
  }
});

test('a magic that a fix moved into a block moves with it; a text that lost a marker does not split', () => {
  const cells = cellsOf('import torch', 'model.eval()\nfor x in xs:\n    %time y = model(x)\n    out = model(x)');
  const joined = joinCellsWithMarkers(cells);
  const wrapped = joined.text.replace('for x in xs:\n', 'with torch.no_grad():\n    for x in xs:\n').replace(/\n( {4}(?:pass|out))/g, '\n    $1');
  const split = splitCells(wrapped, 2, joined.key);
  assert.deepEqual(split, ['import torch', 'model.eval()\nwith torch.no_grad():\n    for x in xs:\n        %time y = model(x)\n        out = model(x)']);
  const withoutMarker = joined.text.replace(/^# oomlint-cell .*\n/m, '');
  assert.equal(splitCells(withoutMarker, 2, joined.key), undefined);
});

test('new sources are spliced in: the rest of the notebook keeps every byte, lists stay lists', () => {
  const text = notebookText([['import torch\n', 'x = 1'], 'y = 2', ['z = 3\n']]);
  const read = readNotebook(text);
  assert.ok(read.ok);
  assert.equal(withNewSources(text, read.notebook, new Map()), text);
  const changed = withNewSources(text, read.notebook, new Map([[0, 'import torch\nwith torch.no_grad():\n    x = 1'], [1, 'y = 3']]));
  const parsed = JSON.parse(changed) as { cells: { source: unknown }[] };
  assert.deepEqual(parsed.cells.map((c) => c.source), [['import torch\n', 'with torch.no_grad():\n', '    x = 1'], 'y = 3', ['z = 3\n']]);
  // Laid out as nbformat lays out a list: one item a line, indented one step deeper than the key.
  assert.ok(changed.includes('   "source": [\n    "import torch\\n",\n    "with torch.no_grad():\\n",\n    "    x = 1"\n   ]\n'));
  const reread = readNotebook(changed);
  assert.ok(reread.ok);
  const back = withNewSources(changed, reread.notebook, new Map(read.notebook.codeCells.map((c, i) => [i, c.source])));
  assert.equal(back, text);
});

test('a notebook written with ASCII escapes keeps them in the sources it gets back', () => {
  const text = notebookText([['print("caf\u00e9")\n', 'x = 1']]).replace('\u00e9', '\\u00e9');
  const read = readNotebook(text);
  assert.ok(read.ok);
  const changed = withNewSources(text, read.notebook, new Map([[0, 'print("caf\u00e9")\nx = 2']]));
  assert.ok(changed.includes('"print(\\"caf\\u00e9\\")\\n"'));
  assert.deepEqual(lines(changed).length, lines(text).length);
});

test('any cells split back into themselves, magics, strings, brackets and marker look-alikes included', () => {
  const line = fc.oneof(
    fc.constantFrom('%time y = f(x)', '!pip install \\', '    torch', '%%bash', '%%time', 'x?', 'files = !ls', 'a = (1,', '  % 2)', '"""', "'''", 'if x:', '    pass', '', '\r', '# oomlint-cell n0 0', 'pass  # oomlint-ipython n0 0'),
    fc.string({ maxLength: 12 }),
  );
  const cell = fc.array(line, { maxLength: 8 }).map((lines) => lines.join('\n'));
  fc.assert(
    fc.property(fc.array(cell, { minLength: 1, maxLength: 5 }), (sources) => {
      const marked = joinCellsWithMarkers(cellsOf(...sources));
      assert.deepEqual(splitCells(marked.text, sources.length, marked.key), sources);
      // One line of joined text per line of a cell, as the line table of the text and of each cell count them.
      const joined = joinCells(cellsOf(...sources));
      const cellLines = sources.map((s, i) => new SourceText(s).lineCount - (i < sources.length - 1 && /(\r\n|\r|\n)$/.test(s) ? 1 : 0));
      assert.deepEqual(joined.cells.map((c) => c.rows), cellLines);
      assert.equal(new SourceText(joined.text).lineCount, cellLines.reduce((a, b) => a + b, 0));
    }),
    { numRuns: 300 },
  );
});

test('any new sources written into a notebook read back as written, and the old ones restore its bytes', () => {
  const source = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('a\n', '\n\n', 'x = "\\u00e9"\n\t\\', ''));
  fc.assert(
    fc.property(fc.array(fc.tuple(source, fc.boolean()), { minLength: 1, maxLength: 4 }), fc.array(source, { minLength: 4, maxLength: 4 }), (cells, replacements) => {
      const text = notebookText(cells.map(([s, asList]) => (asList ? lines(s) : s)));
      const read = readNotebook(text);
      assert.ok(read.ok);
      const changes = new Map(replacements.slice(0, cells.length).map((s, i) => [i, s]));
      const changed = withNewSources(text, read.notebook, changes);
      const reread = readNotebook(changed);
      assert.ok(reread.ok);
      assert.deepEqual(reread.notebook.codeCells.map((c) => c.source), [...changes.values()]);
      assert.deepEqual(reread.notebook.codeCells.map((c) => c.sourceIsList), cells.map(([, asList]) => asList));
      assert.equal(withNewSources(changed, reread.notebook, new Map(cells.map(([s], i) => [i, s]))), text);
    }),
    { numRuns: 300 },
  );
});

test('a key given twice counts as Jupyter counts it, the last one: the code is read and written there', () => {
  const hidden = '{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["x = 1\\n"]}';
  const shown = '{"cell_type": "code", "metadata": {}, "outputs": [], "source": "decoy = 1", "source": ["import torch\\n", "y = 2"]}';
  const text = `{"cells": [${hidden}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "cells": [{"cell_type": "markdown", "source": "# t"}, ${shown}]}`;
  const read = readNotebook(text);
  assert.ok(read.ok);
  assert.equal(read.notebook.cellCount, 2);
  assert.deepEqual(read.notebook.codeCells.map(({ index, source }) => ({ index, source })), [{ index: 1, source: 'import torch\ny = 2' }]);
  // A rewrite changes the source Jupyter reads, and nothing else.
  const changed = withNewSources(text, read.notebook, new Map([[0, 'import torch\ny = 3']]));
  assert.equal(changed, text.replace('["import torch\\n", "y = 2"]', '["import torch\\n", "y = 3"]'));
});
