// Protocol corners a real client can reach: versions that go backwards, requests and documents after
// `shutdown`, a client that never answers `workspace/configuration`, and framing a client breaks.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { ErrorCodes } from 'vscode-languageserver';
import { LspTestClient, SERVER_BUNDLE } from './lsp-client';

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

test('a document opened after shutdown is not taken in: the parser is gone', async () => {
  const client = await LspTestClient.start();
  const uri = 'untitled:after-shutdown.py';
  await client.connection.sendRequest('shutdown');
  await client.open(uri, FLAGGED, 1);
  await client.change(uri, 2, [{ text: FLAGGED + 'x = 2\n' }]);
  // Round trips after the notifications: a lint queued by them would have run by the last answer.
  for (let i = 0; i < 3; i++) {
    await assert.rejects(client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 11 } }));
  }
  assert.deepEqual(client.publicationsFor(uri), []);
  assert.deepEqual(client.logs.filter((l) => l.type === 1), []);
  const exited = new Promise<number | null>((resolve) => client.onServerExit(resolve));
  await client.connection.sendNotification('exit');
  assert.equal(await exited, 0);
  client.connection.dispose();
});

test('broken message framing stops the server with a reason, instead of leaving it silent', { timeout: 30_000 }, async () => {
  const server = spawn(process.execPath, [SERVER_BUNDLE, '--stdio'], { stdio: 'pipe' });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  server.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } })));
  // A body that is not JSON keeps the framing: the server stays.
  server.stdin.write(frame('{"jsonrpc": '));
  server.stdin.write('Content-Type: text/plain\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}');
  assert.equal(await exited, 1);
  assert.match(stderr, /the client broke the message framing \(Header must provide a Content-Length property\.\)/);
});
