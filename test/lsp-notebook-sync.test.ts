// Notebooks synced as notebooks (VS Code's notebookDocument/* messages): the Python cells are analysed
// as `oomlint check` analyses the notebook, as one program in cell order, and each cell gets the
// findings in it, in its own lines, with fixes written into the cells they change.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams, TextDocumentEdit } from 'vscode-languageserver';
import { plainTextMessage, problemsMessage } from '../server/src/lsp/lsp-diagnostic';
import type { DiagnosticData } from '../server/src/lsp/protocol';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const EVALUATE_WITHOUT_IMPORT = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8').replace('import torch\n', '');
const REALISTIC = join(FIXTURES_DIR, 'notebooks', 'cifar10-resnet.ipynb');
const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const MARKDOWN = 1;
const CODE = 2;

let client: LspTestClient;
let folder: string;
let counter = 0;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-notebook-'));
  client = await LspTestClient.start();
});
after(async () => {
  await client.stop();
  rmSync(folder, { recursive: true, force: true });
});

interface CellSpec {
  kind: number;
  source: string;
}

interface OpenedNotebook {
  notebook: string;
  cells: string[];
}

const code = (source: string): CellSpec => ({ kind: CODE, source });
const markdown = (source: string): CellSpec => ({ kind: MARKDOWN, source });

async function openNotebook(specs: (CellSpec | string)[]): Promise<OpenedNotebook> {
  const cellSpecs = specs.map((s) => (typeof s === 'string' ? code(s) : s));
  const notebook = pathToFileURL(join(folder, `${++counter}.ipynb`)).href;
  const path = new URL(notebook).pathname;
  const cells = cellSpecs.map((_, i) => `vscode-notebook-cell:${path}#cell${i}`);
  await client.connection.sendNotification('notebookDocument/didOpen', {
    notebookDocument: { uri: notebook, notebookType: 'jupyter-notebook', version: 1, cells: cells.map((document, i) => ({ kind: cellSpecs[i]!.kind, document })) },
    cellTextDocuments: cells.map((uri, i) => ({ uri, languageId: cellSpecs[i]!.kind === CODE ? 'python' : 'markdown', version: 1, text: cellSpecs[i]!.source })),
  });
  return { notebook, cells };
}

/** Sends one text change to a cell, as VS Code sends a keystroke. */
async function typeInto(opened: OpenedNotebook, cell: number, version: number, line: number, character: number, text: string): Promise<void> {
  await client.connection.sendNotification('notebookDocument/didChange', {
    notebookDocument: { uri: opened.notebook, version },
    change: {
      cells: {
        textContent: [{ document: { uri: opened.cells[cell], version }, changes: [{ range: { start: { line, character }, end: { line, character } }, text }] }],
      },
    },
  });
}

/**
 * Every cell's latest diagnostics, once the notebook's analysis that published `cell` is complete: a
 * notebook's cells are published together, so a request answered after one arrived follows all.
 */
async function settledDiagnostics(opened: OpenedNotebook, accept: (p: PublishDiagnosticsParams) => boolean, cell: number): Promise<Map<number, Diagnostic[]>> {
  await client.diagnostics(opened.cells[cell]!, accept, `diagnostics of cell ${cell}`);
  await client.hover(opened.cells[cell]!, { line: 0, character: 0 });
  const all = new Map<number, Diagnostic[]>();
  opened.cells.forEach((uri, i) => {
    const last = client.publicationsFor(uri).at(-1);
    if (last?.diagnostics.length) all.set(i, last.diagnostics);
  });
  return all;
}

async function fixesOf(uri: string, version: number): Promise<{ diagnostic: Diagnostic; actions: CodeAction[] }> {
  const [diagnostic] = (await client.diagnostics(uri, (p) => p.version === version && p.diagnostics.length > 0, 'a finding')).diagnostics;
  const actions = (await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix'])) ?? [];
  return { diagnostic: diagnostic!, actions };
}

const documentEdits = (action: CodeAction | undefined) => (action?.edit?.documentChanges ?? []) as TextDocumentEdit[];
const editTexts = (action: CodeAction | undefined) => documentEdits(action).flatMap((change) => change.edits.map((e) => ('newText' in e ? e.newText : '')));

test('the server announces notebook sync for all cells, so it knows their numbers', () => {
  const sync = client.initializeResult?.capabilities.notebookDocumentSync;
  assert.deepEqual(sync, { notebookSelector: [{ notebook: '*' }] });
});

interface CliFinding {
  cell: number;
  code: string;
  message: string;
  location: { row: number; column: number };
  end_location: { row: number; column: number };
  fix: { message: string; edits: { cell: number; content: string; location: { row: number; column: number }; end_location: { row: number; column: number } }[] } | null;
}

test('a realistic notebook gets in each cell exactly the findings `oomlint check` reports there, fixes included', async () => {
  const json = JSON.parse(readFileSync(REALISTIC, 'utf8')) as { cells: { cell_type: string; source: string[] }[] };
  const run = spawnSync(process.execPath, [CLI, 'check', REALISTIC, '--format', 'json', '--exit-zero'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const findings = JSON.parse(run.stdout) as CliFinding[];
  assert.ok(findings.some((f) => /the loop in cell \d+, line \d+/.test(f.message)), 'a message names a loop by cell and line');
  const expected = findings.map((f) => ({
    cell: f.cell,
    code: f.code,
    message: problemsMessage(plainTextMessage(f.message)),
    range: [f.location.row - 1, f.location.column - 1, f.end_location.row - 1, f.end_location.column - 1],
    fix: f.fix && { title: f.fix.message, edits: f.fix.edits.map((e) => [e.cell, e.location.row - 1, e.location.column - 1, e.end_location.row - 1, e.end_location.column - 1, e.content]) },
  }));
  // Imports in the first code cell, then data, model, training and evaluation: every later cell needs them.
  assert.deepEqual([...new Set(expected.map((f) => f.code))].sort(), ['OOM001', 'OOM002', 'OOM003', 'OOM004', 'OOM005', 'OOM009']);

  const opened = await openNotebook(json.cells.map((c) => (c.cell_type === 'code' ? code(c.source.join('')) : markdown(c.source.join('')))));
  const lastWithFindings = Math.max(...expected.map((f) => f.cell)) - 1;
  const published = await settledDiagnostics(opened, (p) => p.diagnostics.length > 0, lastWithFindings);
  const cellOfUri = new Map(opened.cells.map((uri, i) => [uri, i + 1]));
  const actual = [...published].flatMap(([index, diagnostics]) =>
    diagnostics.map((d) => {
      const data = d.data as DiagnosticData;
      const fix = data.fixes[0];
      const edits = fix && [{ uri: data.uri, edits: fix.edits }, ...(fix.elsewhere ?? [])].flatMap((doc) =>
        doc.edits.map((e) => [cellOfUri.get(doc.uri), e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.newText]),
      );
      return {
        cell: index + 1,
        code: String(d.code),
        message: d.message,
        range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
        fix: fix ? { title: fix.title, edits } : null,
      };
    }),
  );
  assert.deepEqual(actual, expected);
});

test('a fix in a later cell uses the import of an earlier cell instead of adding its own', async () => {
  const { cells } = await openNotebook(['import torch\n', EVALUATE_WITHOUT_IMPORT]);
  const { diagnostic, actions } = await fixesOf(cells[1]!, 1);
  assert.equal(diagnostic.code, 'OOM001');
  const preferred = actions.find((a) => a.isPreferred);
  assert.ok(preferred, actions.map((a) => a.title).join(' | '));
  assert.deepEqual(editTexts(preferred), ['@torch.no_grad()\n']);
});

test('an import a fix needs goes into the first code cell, as `oomlint check --fix` puts it', async () => {
  const { cells } = await openNotebook([markdown('# Evaluation'), 'batch = 32\n', EVALUATE_WITHOUT_IMPORT]);
  const { actions } = await fixesOf(cells[2]!, 1);
  const preferred = actions.find((a) => a.isPreferred);
  assert.deepEqual(
    documentEdits(preferred).map((d) => [d.textDocument.uri, d.textDocument.version, d.edits.map((e) => ('newText' in e ? [e.range.start.line, e.newText] : []))]),
    [
      [cells[2], 1, [[2, '@torch.no_grad()\n']]],
      [cells[1], 1, [[0, 'import torch\n']]],
    ],
  );
});

test('an alias from an earlier cell is used, and a cell with no import above it gets one', async () => {
  const opened = await openNotebook(['import numpy as np\nimport torch as T\n', EVALUATE_WITHOUT_IMPORT]);
  const { notebook, cells } = opened;
  const aliased = await fixesOf(cells[1]!, 1);
  assert.deepEqual(editTexts(aliased.actions.find((a) => a.isPreferred)), ['@T.no_grad()\n']);

  // The import cell is deleted: the later cell is analysed again and its fix brings its own import.
  const published = client.publicationsFor(cells[1]!).length;
  await client.connection.sendNotification('notebookDocument/didChange', {
    notebookDocument: { uri: notebook, version: 2 },
    change: { cells: { structure: { array: { start: 0, deleteCount: 1 }, didClose: [{ uri: cells[0] }] } } },
  });
  await client.waitFor('the later cell analysed again', () => (client.publicationsFor(cells[1]!).length > published ? true : undefined));
  const alone = await fixesOf(cells[1]!, 1);
  assert.deepEqual(editTexts(alone.actions.find((a) => a.isPreferred)), ['import torch\n', '@torch.no_grad()\n']);
});

test('a keystroke republishes only the cells whose diagnostics changed, and a message naming a cell and line follows it', async () => {
  const json = JSON.parse(readFileSync(REALISTIC, 'utf8')) as { cells: { cell_type: string; source: string[] }[] };
  const opened = await openNotebook(json.cells.map((c) => (c.cell_type === 'code' ? code(c.source.join('')) : markdown(c.source.join('')))));
  const modelCell = 5;
  const trainingCell = 7;
  const before = await settledDiagnostics(opened, (p) => p.diagnostics.length > 0, 9);
  // Problems shows OOM009's first clause; the hover has the whole message, which names the loop.
  const loopNamed = async () => {
    const contents = (await client.hover(opened.cells[modelCell]!, before.get(modelCell)![0]!.range.start))?.contents;
    return contents && typeof contents === 'object' && 'value' in contents ? String(contents.value) : '';
  };
  assert.match(await loopNamed(), /while the loop in cell 8, line 2 runs/);
  const counts = () => opened.cells.map((uri) => client.publicationsFor(uri).length);
  const countsBefore = counts();

  // A comment line above the training loop: the loop moves to line 3 of its cell.
  await typeInto(opened, trainingCell, 2, 0, 0, '# train\n');
  const after = await settledDiagnostics(opened, (p) => p.version === 2, trainingCell);
  assert.match(await loopNamed(), /while the loop in cell 8, line 3 runs/);
  const countsAfter = counts();
  const republished = countsAfter.flatMap((n, i) => (n > countsBefore[i]! ? [i] : []));
  // The training cell's rows moved; the data, model and evaluation cells' diagnostics are as they were.
  assert.deepEqual(republished, [trainingCell]);
  assert.deepEqual(after.get(modelCell), before.get(modelCell));
  assert.deepEqual(after.get(3), before.get(3));
  assert.deepEqual(after.get(9), before.get(9));
  assert.deepEqual(
    after.get(trainingCell)!.map((d) => d.range.start.line),
    before.get(trainingCell)!.map((d) => d.range.start.line + 1),
  );
});

test('IPython lines keep every other line in place, and a fix around one writes the magic back', async () => {
  const opened = await openNotebook(['import torch\n%matplotlib inline\n', 'model.eval()\nfor x in xs:\n    %time y = model(x)\n    out = model(x)\n    print(out)\n']);
  const { diagnostic, actions } = await fixesOf(opened.cells[1]!, 1);
  assert.equal(diagnostic.code, 'OOM001');
  assert.equal(diagnostic.range.start.line, 3);
  const wrap = actions.find((a) => /Wrap the evaluation/.test(a.title));
  assert.ok(wrap, actions.map((a) => a.title).join(' | '));
  const [change] = documentEdits(wrap);
  assert.equal(change!.textDocument.uri, opened.cells[1]);
  const source = 'model.eval()\nfor x in xs:\n    %time y = model(x)\n    out = model(x)\n    print(out)\n';
  const { TextDocument } = await import('vscode-languageserver-textdocument');
  const fixed = TextDocument.applyEdits(TextDocument.create('cell', 'python', 1, source), change!.edits.flatMap((e) => ('newText' in e ? [e] : [])));
  assert.equal(fixed, 'model.eval()\nwith torch.no_grad():\n    for x in xs:\n        %time y = model(x)\n        out = model(x)\n        print(out)\n');
});

test('"ignore on this line" writes the comment into the cell, on the finding\'s line', async () => {
  const opened = await openNotebook(['import torch\n', 'x = 1\n' + EVALUATE_WITHOUT_IMPORT]);
  const { diagnostic, actions } = await fixesOf(opened.cells[1]!, 1);
  const ignore = actions.find((a) => /Ignore OOM001/.test(a.title));
  assert.ok(ignore, actions.map((a) => a.title).join(' | '));
  const [change] = documentEdits(ignore);
  assert.equal(change!.textDocument.uri, opened.cells[1]);
  assert.deepEqual(
    change!.edits.map((e) => ('newText' in e ? [e.range.start.line, e.newText] : [])),
    [[diagnostic.range.start.line, '  # noqa: OOM001']],
  );
});
