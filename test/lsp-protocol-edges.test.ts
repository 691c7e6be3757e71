// Protocol corners a real client can reach: versions that go backwards, requests after `shutdown`,
// and a client that never answers `workspace/configuration`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCodes } from 'vscode-languageserver';
import { LspTestClient } from './lsp-client';

const CLEAN = 'import torch\nx = 1\n';
const FLAGGED = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n';

test('newer text with a lower version number still gets its diagnostics', async () => {
  const client = await LspTestClient.start();
  try {
    const uri = 'untitled:versions.py';
    await client.open(uri, CLEAN, 5);
    await client.diagnosticsAt(uri, 5);
    await client.change(uri, 3, [{ text: FLAGGED }]);
    const published = await client.diagnosticsAt(uri, 3);
    assert.deepEqual(published.diagnostics.map((d) => d.code), ['OOM001']);
  } finally {
    await client.stop();
  }
});

test('requests after shutdown are refused with InvalidRequest', async () => {
  const client = await LspTestClient.start();
  const uri = 'untitled:shutdown.py';
  await client.open(uri, FLAGGED, 1);
  await client.diagnosticsAt(uri, 1);
  await client.connection.sendRequest('shutdown');
  await assert.rejects(
    client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 11 } }),
    (error: { code?: number }) => error.code === ErrorCodes.InvalidRequest,
  );
  await client.connection.sendNotification('exit');
  client.connection.dispose();
});

test('a client that never answers workspace/configuration still gets diagnostics, with the defaults', async () => {
  const client = await LspTestClient.start();
  try {
    client.connection.onRequest('workspace/configuration', () => new Promise(() => undefined));
    const uri = 'untitled:silent-client.py';
    await client.open(uri, FLAGGED, 1);
    const published = await client.diagnosticsAt(uri, 1);
    assert.deepEqual(published.diagnostics.map((d) => d.code), ['OOM001']);
  } finally {
    await client.stop();
  }
});
