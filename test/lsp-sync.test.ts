// Document sync and diagnostics through the real server over stdio.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, TextDocumentSyncKind, type TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ruleByCode } from '../server/src/rules';
import { LspTestClient, textOf } from './lsp-client';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
const EVALUATE = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8');
const FLAGGED = 'total_loss += loss';

let client: LspTestClient;
let folder: string;
let counter = 0;
const fileUri = (name: string) => pathToFileURL(join(folder, `${++counter}-${name}`)).href;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-sync-'));
  client = await LspTestClient.start();
});

after(async () => {
  await client.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Line and UTF-16 column of the first occurrence of `needle`. */
function positionOf(text: string, needle: string): { line: number; character: number } {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} not in text`);
  return TextDocument.create('memory:', 'python', 0, text).positionAt(offset);
}

test('initialize announces incremental sync, code actions, hover and the fix-all command', async () => {
  const result = client.initializeResult!;
  assert.equal(result.serverInfo?.name, 'oomlint');
  const { capabilities } = result;
  assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental });
  assert.equal(capabilities.hoverProvider, true);
  assert.deepEqual(capabilities.executeCommandProvider?.commands, ['oomlint.applyFixAll', 'oomlint.showRuleDocumentation']);
  const codeActions = capabilities.codeActionProvider;
  assert.ok(typeof codeActions === 'object');
  assert.deepEqual(codeActions.codeActionKinds, ['quickfix', 'source.fixAll.oomlint']);

  const watched = await client.waitFor('the pyproject.toml watcher registration', () =>
    client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'),
  );
  assert.deepEqual(watched.registerOptions, { watchers: [{ globPattern: '**/pyproject.toml' }] });
  await client.waitFor('the configuration change registration', () =>
    client.registrations.find((r) => r.method === 'workspace/didChangeConfiguration'),
  );
});

test('VS Code\'s transport, node IPC, serves the same diagnostics', async () => {
  const overIpc = await LspTestClient.start({ transport: 'ipc' });
  try {
    const uri = fileUri('ipc.py');
    await overIpc.open(uri, TRAIN, 1);
    const published = await overIpc.diagnosticsAt(uri, 1);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, textOf(TRAIN, d.range)]),
      [['OOM003', FLAGGED]],
    );
  } finally {
    await overIpc.stop();
  }
});

test('didOpen publishes diagnostics stamped with the version, with the fixes in data', async () => {
  const uri = fileUri('train.py');
  await client.open(uri, TRAIN, 7);
  const published = await client.diagnosticsAt(uri, 7);
  assert.equal(published.diagnostics.length, 1);
  const [diagnostic] = published.diagnostics;
  assert.equal(diagnostic!.code, 'OOM003');
  assert.equal(diagnostic!.source, 'oomlint');
  assert.equal(diagnostic!.severity, DiagnosticSeverity.Warning);
  assert.equal(textOf(TRAIN, diagnostic!.range), FLAGGED);

  const repository = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url;
  const rule = ruleByCode('OOM003')!;
  assert.equal(diagnostic!.codeDescription?.href, `${repository}/blob/main/docs/rules/OOM003-${rule.meta.name}.md`);

  const data = diagnostic!.data as { uri: string; version: number; fixes: { title: string; applicability: string; edits: { range: unknown; newText: string }[] }[] };
  assert.equal(data.uri, uri);
  assert.equal(data.version, 7);
  assert.deepEqual(
    data.fixes.map((f) => [f.applicability, f.edits.map((e) => e.newText)]),
    [
      ['safe', ['.detach()']],
      ['unsafe', ['.item()']],
    ],
  );
  const endOfLoss = { line: diagnostic!.range.end.line, character: diagnostic!.range.end.character };
  assert.deepEqual(data.fixes[0]!.edits[0]!.range, { start: endOfLoss, end: endOfLoss });
});

test('didOpen again without didClose replaces the document: no hover or stale diagnostics of the old text', async () => {
  // Found by the server fuzz target: the second document started at the revision the first had
  // been linted at, so the first's cached result answered for it and its own was never published.
  const uri = fileUri('opened-twice.py');
  await client.open(uri, TRAIN, 3);
  const first = await client.diagnosticsAt(uri, 3);
  assert.equal(first.diagnostics.length, 1);
  const count = client.publicationsFor(uri).length;
  await client.open(uri, 'import torch\n', 3);
  assert.equal(await client.hover(uri, first.diagnostics[0]!.range.start), null);
  const second = await client.diagnostics(uri, () => client.publicationsFor(uri).length > count, 'diagnostics of the text opened again');
  assert.deepEqual(second.diagnostics, []);
});

test('ranged changes move diagnostics with the text, through CJK and emoji', async () => {
  const uri = fileUri('moving.py');
  let local = TextDocument.create(uri, 'python', 1, TRAIN);
  await client.open(uri, TRAIN, 1);
  await client.diagnosticsAt(uri, 1);

  const flaggedLine = positionOf(TRAIN, FLAGGED).line;
  // Applied in order, each against the text the previous one left, as LSP specifies.
  const changes: TextDocumentContentChangeEvent[] = [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# 训练循环 🚀🚀\n# second line\n' },
    // The flagged line moved down by two; insert a line above it.
    {
      range: { start: { line: flaggedLine + 2, character: 0 }, end: { line: flaggedLine + 2, character: 0 } },
      text: '        print("损失", loss)  # 📉\n',
    },
    // Wide characters before the flagged code on its own line.
    {
      range: { start: { line: flaggedLine + 3, character: 8 }, end: { line: flaggedLine + 3, character: 8 } },
      text: 'tag = "😀中文"; ',
    },
  ];
  local = TextDocument.update(local, changes, 2);
  await client.change(uri, 2, changes);
  const moved = await client.diagnosticsAt(uri, 2);
  const text = local.getText();
  assert.equal(moved.diagnostics.length, 1);
  const range = moved.diagnostics[0]!.range;
  assert.deepEqual(range.start, positionOf(text, FLAGGED));
  assert.equal(range.start.line, flaggedLine + 3);
  assert.equal(range.start.character, '        tag = "😀中文"; '.length);
  assert.equal(textOf(text, range), FLAGGED);

  // The incrementally parsed document must report what a fresh open of the same text reports.
  const fresh = fileUri('fresh.py');
  await client.open(fresh, text, 1);
  const fromScratch = await client.diagnosticsAt(fresh, 1);
  assert.deepEqual(
    fromScratch.diagnostics.map((d) => d.range),
    moved.diagnostics.map((d) => d.range),
  );

  // Deleting the wide characters again brings the column back.
  const removal: TextDocumentContentChangeEvent[] = [
    { range: { start: { line: flaggedLine + 3, character: 8 }, end: { line: flaggedLine + 3, character: 8 + 'tag = "😀中文"; '.length } }, text: '' },
  ];
  local = TextDocument.update(local, removal, 3);
  await client.change(uri, 3, removal);
  const back = await client.diagnosticsAt(uri, 3);
  assert.deepEqual(back.diagnostics[0]!.range.start, { line: flaggedLine + 3, character: 8 });
  assert.equal(textOf(local.getText(), back.diagnostics[0]!.range), FLAGGED);
});

test('typing a problem in, one keystroke per change, ends with it reported', async () => {
  const uri = fileUri('typing.py');
  const before = TRAIN.replace(`        ${FLAGGED}\n`, '');
  let local = TextDocument.create(uri, 'python', 1, before);
  await client.open(uri, before, 1);
  assert.equal((await client.diagnosticsAt(uri, 1)).diagnostics.length, 0);

  let at = local.positionAt(before.indexOf('    return total_loss'));
  let version = 1;
  for (const character of `        ${FLAGGED}\n`) {
    const change = { range: { start: at, end: at }, text: character };
    local = TextDocument.update(local, [change], ++version);
    at = local.positionAt(local.offsetAt(at) + 1);
    await client.change(uri, version, [change]);
  }
  const typed = await client.diagnosticsAt(uri, version);
  assert.equal(local.getText(), TRAIN);
  assert.deepEqual(
    typed.diagnostics.map((d) => [d.code, textOf(TRAIN, d.range)]),
    [['OOM003', FLAGGED]],
  );
  // Never a result for an older version after a newer one.
  const versions = client.publicationsFor(uri).map((p) => p.version ?? -1);
  assert.deepEqual(versions, [...versions].sort((a, b) => a - b));
});

test('notebook cells and untitled documents are linted like files', async () => {
  const cell = `vscode-notebook-cell:${pathToFileURL(join(folder, 'analysis.ipynb')).pathname}#W0sZmlsZQ%3D%3D`;
  await client.open(cell, EVALUATE, 3);
  const inCell = await client.diagnosticsAt(cell, 3);
  assert.deepEqual(
    inCell.diagnostics.map((d) => [d.code, textOf(EVALUATE, d.range)]),
    [['OOM001', 'model(x)']],
  );

  const untitled = 'untitled:Untitled-1';
  await client.open(untitled, TRAIN, 1);
  const inUntitled = await client.diagnosticsAt(untitled, 1);
  assert.deepEqual(
    inUntitled.diagnostics.map((d) => d.code),
    ['OOM003'],
  );
});

test('closing a document withdraws its diagnostics', async () => {
  const uri = fileUri('closing.py');
  await client.open(uri, TRAIN, 1);
  assert.equal((await client.diagnosticsAt(uri, 1)).diagnostics.length, 1);
  await client.close(uri);
  const cleared = await client.diagnostics(uri, (p) => p.diagnostics.length === 0, 'cleared diagnostics');
  assert.equal(cleared.version, undefined);
});
