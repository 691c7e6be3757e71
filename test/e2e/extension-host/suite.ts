// Runs inside code-server's extension host, next to the oomlint extension under development (the
// workbench loads it from the URL's `payload`). Checks the extension through the VS Code API, as
// another extension would see it. A thrown error makes the extension host exit with code 1.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as vscode from 'vscode';
import { plainTextMessage, problemsMessage } from '../../../server/src/lsp/lsp-diagnostic';
import { SUITE_LOG_PREFIX } from './suite-log';

const WAIT_MS = 60_000;
const EXTENSION_ID = 'oomlint.oomlint';

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (typeof code === 'object') return String(code.value);
  return String(code);
}

function oomlintDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'oomlint');
}

/** Resolves with the document's oomlint diagnostics once `accept` holds for them. */
function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: vscode.Diagnostic[]) => boolean,
  what: string,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      subscription.dispose();
      clearTimeout(timer);
    };
    const check = (): void => {
      const diagnostics = oomlintDiagnostics(uri);
      if (!accept(diagnostics)) return;
      finish();
      resolve(diagnostics);
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      finish();
      const shown = oomlintDiagnostics(uri).map((d) => `${codeOf(d)} line ${d.range.start.line + 1}`);
      reject(new Error(`timed out waiting for ${what}; ${uri.path} has [${shown.join(', ')}]`));
    }, WAIT_MS);
    check();
  });
}

/** Resolves once `done` holds, checked whenever some document's diagnostics change. */
function diagnosticsSettle(done: () => boolean, what: string, describe: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      subscription.dispose();
      clearTimeout(timer);
    };
    const check = (): void => {
      if (!done()) return;
      finish();
      resolve();
    };
    const subscription = vscode.languages.onDidChangeDiagnostics(check);
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out waiting for ${what}; there are:\n${describe()}`));
    }, WAIT_MS);
    check();
  });
}

function hasCodes(...codes: string[]): (diagnostics: vscode.Diagnostic[]) => boolean {
  return (diagnostics) => codes.every((code) => diagnostics.some((d) => codeOf(d) === code));
}

async function openPython(fileName: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the workbench opened no folder');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, fileName));
  await vscode.window.showTextDocument(document);
  assert.equal(document.languageId, 'python');
  return document;
}

async function diagnosticsOfTrainPy(): Promise<void> {
  const document = await openPython('train.py');
  const diagnostics = await waitForDiagnostics(document.uri, hasCodes('OOM001', 'OOM003'), 'OOM001 and OOM003');
  const lineOf = (code: string): string => {
    const diagnostic = diagnostics.find((d) => codeOf(d) === code);
    assert.ok(diagnostic);
    return document.lineAt(diagnostic.range.start.line).text.trim();
  };
  assert.equal(lineOf('OOM003'), 'total_loss += loss');
  assert.equal(lineOf('OOM001'), 'out = model(x)');
  assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, `${EXTENSION_ID} is not active`);
}

async function preferredFixOfOOM003(): Promise<void> {
  const document = await openPython('train.py');
  const [flagged] = (await waitForDiagnostics(document.uri, hasCodes('OOM003'), 'OOM003')).filter(
    (d) => codeOf(d) === 'OOM003',
  );
  assert.ok(flagged);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    document.uri,
    flagged.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  // The command's results do not carry their diagnostics; the range holds only OOM003's, though.
  const preferred = actions.filter((a) => a.isPreferred);
  const offered = actions.map((a) => `${a.title}${a.isPreferred ? ' (preferred)' : ''}`);
  assert.equal(preferred.length, 1, `one preferred fix expected on OOM003's range; offered: ${offered.join(' | ')}`);
  const [fix] = preferred;
  assert.ok(fix?.edit, `the preferred fix "${fix?.title}" carries no edit`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.equal(document.lineAt(flagged.range.start.line).text.trim(), 'total_loss += loss.detach()');
  // The fix removes this diagnostic and leaves the other one alone.
  await waitForDiagnostics(
    document.uri,
    (diagnostics) => !diagnostics.some((d) => codeOf(d) === 'OOM003') && diagnostics.some((d) => codeOf(d) === 'OOM001'),
    'OOM003 to go while OOM001 stays',
  );
}

async function noGradDecoratorDecidesOOM001(): Promise<void> {
  const document = await openPython('evaluate.py');
  const decoratorLine = document.getText().split('\n').findIndex((line) => line.trim() === '@torch.no_grad()');
  assert.ok(decoratorLine >= 0, 'evaluate.py has no @torch.no_grad() line');
  const decorator = document.lineAt(decoratorLine).rangeIncludingLineBreak;
  const decoratorText = document.getText(decorator);
  // An empty publication fires no change event, so "clean" is shown by the diagnostic that comes when
  // the decorator goes and leaves when it is back.
  const removal = new vscode.WorkspaceEdit();
  removal.delete(document.uri, decorator);
  assert.ok(await vscode.workspace.applyEdit(removal));
  await waitForDiagnostics(document.uri, hasCodes('OOM001'), 'OOM001 once @torch.no_grad() is removed');
  const restore = new vscode.WorkspaceEdit();
  restore.insert(document.uri, decorator.start, decoratorText);
  assert.ok(await vscode.workspace.applyEdit(restore));
  await waitForDiagnostics(
    document.uri,
    (diagnostics) => !diagnostics.some((d) => codeOf(d) === 'OOM001'),
    'OOM001 to go once @torch.no_grad() is back',
  );
}

/** What `oomlint check --format json` says of one finding in a notebook. */
interface CliFinding {
  cell: number;
  code: string;
  message: string;
  location: { row: number; column: number };
  end_location: { row: number; column: number };
}

/** A finding as compared: its cell (1-based among all cells), code, message and range in the cell. */
const findingKey = (cell: number, code: string, message: string, range: readonly number[]) => `cell ${cell} ${range.join(':')} ${code} ${message}`;

async function notebookFindingsEqualTheCli(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  // Imports in the first code cell, then data, model, training and evaluation, with markdown between.
  const notebookUri = vscode.Uri.joinPath(extension.extensionUri, 'test', 'fixtures', 'notebooks', 'cifar10-resnet.ipynb');
  const cli = spawnSync(process.execPath, [vscode.Uri.joinPath(extension.extensionUri, 'dist', 'cli.js').fsPath, 'check', notebookUri.fsPath, '--format', 'json', '--exit-zero'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const expected = (JSON.parse(cli.stdout) as CliFinding[]).map((f) =>
    findingKey(f.cell, f.code, problemsMessage(plainTextMessage(f.message)), [f.location.row, f.location.column, f.end_location.row, f.end_location.column]),
  );
  assert.ok(expected.length >= 5, `the CLI found only: ${expected.join('\n')}`);

  const notebook = await vscode.workspace.openNotebookDocument(notebookUri);
  await vscode.window.showNotebookDocument(notebook);
  const cells = notebook.getCells();
  const actual = () =>
    cells.flatMap((cell) =>
      oomlintDiagnostics(cell.document.uri).map((d) => {
        const { start, end } = d.range;
        return findingKey(cell.index + 1, codeOf(d), d.message, [start.line + 1, start.character + 1, end.line + 1, end.character + 1]);
      }),
    );
  // The cells are published together: wait until as many findings as the CLI's have arrived.
  await diagnosticsSettle(() => actual().length >= expected.length, `${expected.length} findings in the notebook's cells`, () => actual().join('\n'));
  assert.deepEqual(actual().sort(), [...expected].sort());
}

const CHECKS: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  ['train.py gets OOM001 and OOM003 on the right lines', diagnosticsOfTrainPy],
  ['the preferred quick fix for OOM003 detaches the loss and clears the diagnostic', preferredFixOfOOM003],
  ['in evaluate.py, OOM001 comes and goes with @torch.no_grad()', noGradDecoratorDecidesOOM001],
  ['a realistic notebook gets, cell by cell, exactly the findings `oomlint check` reports', notebookFindingsEqualTheCli],
];

/** Entry point the extension host calls (extensionTestsPath). */
export async function run(): Promise<void> {
  for (const [name, check] of CHECKS) {
    await check();
    console.log(`${SUITE_LOG_PREFIX} ok ${name}`);
  }
  console.log(`${SUITE_LOG_PREFIX} all ${CHECKS.length} checks passed`);
}
