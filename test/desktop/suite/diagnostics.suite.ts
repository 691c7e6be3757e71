// The language server's results as the editor sees them: diagnostics, quick fixes, fix-all.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { COMMAND_IDS } from '../../../client/src/commands/command-ids';
import type { FixAllOutcome } from '../../../client/src/commands/fix-all';
import { FIX_ALL_KIND } from '../../../server/src/lsp/protocol';
import { test } from './harness';
import { EVALUATE_FIXTURE, OOMLINT_SOURCE, SERVER_TIMEOUT_MS, codeOf } from './fixtures';
import { waitForDiagnostics } from './wait';

const hasOom001 = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.source === OOMLINT_SOURCE && codeOf(d) === 'OOM001');

/**
 * The fixture file in a pinned editor: a document in no editor (or in a preview tab that another
 * editor replaced) may be closed, and the server answers nothing for closed documents.
 */
async function showFixtureFile(): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(EVALUATE_FIXTURE));
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** The fixture as an unsaved editor, so fixes never touch the file on disk. */
async function openUntitledFixture(): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'python', content: readFileSync(EVALUATE_FIXTURE, 'utf8') });
  return vscode.window.showTextDocument(document);
}

test('an evaluation function without no_grad is reported as OOM001 at its forward pass', async () => {
  const document = await showFixtureFile();
  const { uri } = document;
  const diagnostics = await waitForDiagnostics(uri, hasOom001, SERVER_TIMEOUT_MS);
  const oom001 = diagnostics.find((d) => codeOf(d) === 'OOM001');
  assert.ok(oom001);
  assert.match(document.getText(oom001.range), /^model\(images\.cuda\(\)\)$/);
  assert.equal(oom001.severity, vscode.DiagnosticSeverity.Warning);
});

test('the diagnostic offers a quick fix that adds torch.no_grad', async () => {
  const { uri } = await showFixtureFile();
  const [oom001] = (await waitForDiagnostics(uri, hasOom001, SERVER_TIMEOUT_MS)).filter((d) => codeOf(d) === 'OOM001');
  assert.ok(oom001);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    uri,
    oom001.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  // Actions that come back through this command lose their `diagnostics`, so the fix is found by kind and title.
  const guard = actions.find((a) => a.kind?.value === vscode.CodeActionKind.QuickFix.value && /no_grad/.test(a.title));
  assert.ok(guard, `no no_grad quick fix among ${JSON.stringify(actions.map((a) => a.title))}`);
  const newTexts = (guard.edit?.entries() ?? []).flatMap(([, edits]) => edits.map((e) => e.newText));
  assert.ok(newTexts.some((t) => t.includes('torch.no_grad()')), JSON.stringify(newTexts));
});

test('the fix-all code action is offered for the file', async () => {
  const document = await showFixtureFile();
  const { uri } = document;
  await waitForDiagnostics(uri, hasOom001, SERVER_TIMEOUT_MS);
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, whole, FIX_ALL_KIND);
  assert.ok(actions.some((a) => a.kind?.value === FIX_ALL_KIND), `offered: ${JSON.stringify(actions.map((a) => a.kind?.value))}`);
});

test('"Fix all problems in this file" applies the safe fix and the problem goes away', async () => {
  const editor = await openUntitledFixture();
  const { document } = editor;
  await waitForDiagnostics(document.uri, hasOom001, SERVER_TIMEOUT_MS);
  const outcome = await vscode.commands.executeCommand<FixAllOutcome>(COMMAND_IDS.fixAll);
  assert.equal(outcome, 'applied');
  assert.match(document.getText(), /@torch\.no_grad\(\)\s*\ndef evaluate/);
  await waitForDiagnostics(document.uri, (ds) => !hasOom001(ds), SERVER_TIMEOUT_MS);
});
