// Notebooks synced as notebooks (VS Code's notebookDocument/* messages): each Python cell is linted,
// and a fix in one cell does not add `import torch` when a cell above imports it already.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, TextDocumentEdit } from 'vscode-languageserver';
import { moduleLevelImports } from '../server/src/semantic/imports';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';
import { sharedAnalyzer } from './support/analyzer';

const EVALUATE_WITHOUT_IMPORT = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8').replace('import torch\n', '');

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

interface OpenedNotebook {
  notebook: string;
  cells: string[];
}

async function openNotebook(sources: string[]): Promise<OpenedNotebook> {
  const notebook = pathToFileURL(join(folder, `${++counter}.ipynb`)).href;
  const path = new URL(notebook).pathname;
  const cells = sources.map((_, i) => `vscode-notebook-cell:${path}#cell${i}`);
  await client.connection.sendNotification('notebookDocument/didOpen', {
    notebookDocument: { uri: notebook, notebookType: 'jupyter-notebook', version: 1, cells: cells.map((document) => ({ kind: 2, document })) },
    cellTextDocuments: cells.map((uri, i) => ({ uri, languageId: 'python', version: 1, text: sources[i] })),
  });
  return { notebook, cells };
}

async function fixesOf(uri: string, version: number): Promise<{ diagnostic: Diagnostic; actions: CodeAction[] }> {
  const [diagnostic] = (await client.diagnostics(uri, (p) => p.version === version && p.diagnostics.length > 0, 'a finding')).diagnostics;
  const actions = (await client.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix'])) ?? [];
  return { diagnostic: diagnostic!, actions };
}

const editTexts = (action: CodeAction | undefined) =>
  ((action?.edit?.documentChanges ?? []) as TextDocumentEdit[]).flatMap((change) => change.edits.map((e) => ('newText' in e ? e.newText : '')));

test('the server announces notebook sync for Python cells', () => {
  const sync = client.initializeResult?.capabilities.notebookDocumentSync;
  assert.deepEqual(sync, { notebookSelector: [{ notebook: '*', cells: [{ language: 'python' }] }] });
});

test('a fix in a later cell uses the import of an earlier cell instead of adding its own', async () => {
  const { cells } = await openNotebook(['import torch\n', EVALUATE_WITHOUT_IMPORT]);
  const { diagnostic, actions } = await fixesOf(cells[1]!, 1);
  assert.equal(diagnostic.code, 'OOM001');
  const preferred = actions.find((a) => a.isPreferred);
  assert.ok(preferred, actions.map((a) => a.title).join(' | '));
  assert.deepEqual(editTexts(preferred), ['@torch.no_grad()\n']);
});

test('an alias from an earlier cell is used, and a cell with no import above it gets one', async () => {
  const { notebook, cells } = await openNotebook(['import numpy as np\nimport torch as T\n', EVALUATE_WITHOUT_IMPORT]);
  const aliased = await fixesOf(cells[1]!, 1);
  assert.deepEqual(editTexts(aliased.actions.find((a) => a.isPreferred)), ['@T.no_grad()\n']);

  // The import cell is deleted: the later cell is linted again and its fix brings its own import.
  const published = client.publicationsFor(cells[1]!).length;
  await client.connection.sendNotification('notebookDocument/didChange', {
    notebookDocument: { uri: notebook, version: 2 },
    change: { cells: { structure: { array: { start: 0, deleteCount: 1 }, didClose: [{ uri: cells[0] }] } } },
  });
  await client.diagnostics(cells[0]!, (p) => p.diagnostics.length === 0, 'the closed cell cleared');
  await client.waitFor('the later cell linted again', () => (client.publicationsFor(cells[1]!).length > published ? true : undefined));
  const alone = await fixesOf(cells[1]!, 1);
  assert.deepEqual(editTexts(alone.actions.find((a) => a.isPreferred)), ['import torch\n', '@torch.no_grad()\n']);
});

test('moduleLevelImports reads imports at module level, also under if/try, not in functions', async () => {
  const text = 'import torch as T\ntry:\n    from torch import nn\nexcept ImportError:\n    pass\ndef f():\n    import numpy as np\n';
  const root = (await sharedAnalyzer()).parser.parseToSyntax(text);
  assert.deepEqual([...moduleLevelImports(root, text)], [
    ['T', 'torch'],
    ['nn', 'torch.nn'],
  ]);
});
