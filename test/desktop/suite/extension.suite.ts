// Activation, contributed commands and the rule documentation command.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMAND_IDS } from '../../../client/src/commands/command-ids';
import { test } from './harness';
import { EVALUATE_FIXTURE, OOMLINT_SOURCE, SERVER_TIMEOUT_MS, oomlintExtension } from './fixtures';
import { waitForDiagnostics } from './wait';

test('opening a Python file activates the extension and its server publishes diagnostics', async () => {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(EVALUATE_FIXTURE));
  await vscode.window.showTextDocument(document);
  await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.source === OOMLINT_SOURCE), SERVER_TIMEOUT_MS);
  assert.equal(oomlintExtension().isActive, true);
});

test('every contributed command is registered', async () => {
  const manifest = oomlintExtension().packageJSON as { contributes: { commands: { command: string }[] } };
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  assert.deepEqual(contributed, Object.values(COMMAND_IDS).sort());
  const registered = new Set(await vscode.commands.getCommands(true));
  for (const id of contributed) assert.ok(registered.has(id), `${id} is not registered`);
});

test('the rule documentation command opens the rule page rendered from the rule', async () => {
  const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMAND_IDS.openRuleDocs, 'OOM001');
  assert.ok(uri, 'the command returned no document');
  const page = await vscode.workspace.openTextDocument(uri);
  assert.match(page.getText(), /^# eval-without-no-grad \(OOM001\)/);
  assert.match(page.getText(), /## Why is this bad\?/);
});
