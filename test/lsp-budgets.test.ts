// The server under load: a burst of changes is analysed together, and a document too large to analyse
// as you type gets one information diagnostic instead of seconds and gigabytes per keystroke.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { MAX_ANALYSED_CHARS, MAX_FOLLOWED_STATEMENTS } from '../server/src/lsp/document-linter';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
let client: LspTestClient;

before(async () => {
  client = await LspTestClient.start();
});
after(async () => {
  await client.stop();
});

test('200 changes sent together are analysed and published a few times, not 200', async () => {
  const uri = 'untitled:burst.py';
  // About 5,000 lines: an analysis takes long enough for the burst to pile up behind it.
  let text = TRAIN;
  while (text.split('\n').length < 5000) text += `\n${TRAIN}`;
  await client.open(uri, text, 1);
  await client.diagnosticsAt(uri, 1);
  const before = client.publicationsFor(uri).length;
  const sends: Promise<void>[] = [];
  for (let version = 2; version <= 201; version++) {
    sends.push(client.change(uri, version, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '#' }]));
  }
  await Promise.all(sends);
  await client.diagnosticsAt(uri, 201);
  const published = client.publicationsFor(uri).length - before;
  assert.ok(published <= 20, `${published} publications for 200 changes`);
});

test('a document too large to analyse as you type gets one information diagnostic', async () => {
  const uri = 'untitled:huge.py';
  const line = 'x = 1  # padding padding padding padding padding padding padding padding\n';
  const text = line.repeat(Math.ceil((MAX_ANALYSED_CHARS + 1) / line.length));
  await client.open(uri, text, 1);
  const published = await client.diagnosticsAt(uri, 1);
  assert.equal(published.diagnostics.length, 1);
  assert.equal(published.diagnostics[0]!.severity, DiagnosticSeverity.Information);
  assert.match(String(published.diagnostics[0]!.message), /not analysed in the editor: this file has [\d,]+ lines/);
  assert.match(String(published.diagnostics[0]!.message), /run \u2018oomlint check\u2019 on it in a terminal/);
});

test('a document of more top-level statements than the editor follows gets one information diagnostic instead of findings', async () => {
  const flagged = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n';
  const within = `${flagged}${'y = 1\n'.repeat(MAX_FOLLOWED_STATEMENTS - 4)}`;
  await client.open('untitled:statements-within.py', within, 1);
  const analysed = await client.diagnosticsAt('untitled:statements-within.py', 1);
  assert.deepEqual(analysed.diagnostics.map((d) => d.code), ['OOM001']);
  await client.open('untitled:statements-over.py', `${within}y = 1\n`, 1);
  const refused = await client.diagnosticsAt('untitled:statements-over.py', 1);
  assert.equal(refused.diagnostics.length, 1);
  assert.equal(refused.diagnostics[0]!.severity, DiagnosticSeverity.Information);
  assert.match(String(refused.diagnostics[0]!.message), /not analysed in the editor: this file has 10,001 top-level statements, more than the 10,000/);
});
