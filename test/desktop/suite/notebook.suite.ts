// Notebooks: the Python cells of a Jupyter notebook are linted like files.
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { test } from './harness';
import { EVALUATE_FIXTURE, OOMLINT_SOURCE, SERVER_TIMEOUT_MS, codeOf } from './fixtures';
import { waitForDiagnostics } from './wait';

test('a Python cell of an unsaved Jupyter notebook gets OOM001', async () => {
  const cell = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, readFileSync(EVALUATE_FIXTURE, 'utf8'), 'python');
  const notebook = await vscode.workspace.openNotebookDocument('jupyter-notebook', new vscode.NotebookData([cell]));
  await vscode.window.showNotebookDocument(notebook);
  const cellUri = notebook.cellAt(0).document.uri;
  await waitForDiagnostics(cellUri, (ds) => ds.some((d) => d.source === OOMLINT_SOURCE && codeOf(d) === 'OOM001'), SERVER_TIMEOUT_MS);
});
