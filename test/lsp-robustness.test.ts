// Input an editor can throw at the server (binary junk, pathological nesting, very long files) must
// neither crash it nor stop it from serving the next document.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LspTestClient, textOf } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

let client: LspTestClient;

before(async () => {
  client = await LspTestClient.start();
});

after(() => client.stop());

/** The server still lints a normal document correctly. */
async function stillServes(name: string): Promise<void> {
  const uri = `untitled:${name}`;
  await client.open(uri, TRAIN, 1);
  const published = await client.diagnosticsAt(uri, 1);
  assert.deepEqual(
    published.diagnostics.map((d) => d.code),
    ['OOM003'],
  );
  assert.equal(client.serverExited, undefined);
}

/** Deterministic bytes, every value from 0 to 255 mixed with lone surrogates and line breaks. */
function binaryText(length: number): string {
  let state = 12345;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const pick = state % 20;
    text += pick === 0 ? '\ud800' : pick === 1 ? '\udfff' : pick === 2 ? '\r' : pick === 3 ? '\n' : String.fromCharCode(state % 256);
  }
  return text;
}

test('binary-looking text gets a publication, and the server keeps serving', async () => {
  const uri = 'untitled:binary';
  await client.open(uri, binaryText(20_000), 1);
  await client.diagnosticsAt(uri, 1);
  const garbled = [{ range: { start: { line: 3, character: 1 }, end: { line: 40, character: 0 } }, text: '\u0000💥\r\n\\"""' }];
  await client.change(uri, 2, garbled);
  await client.diagnosticsAt(uri, 2);
  await stillServes('after-binary');
});

test('pathologically nested code does not take the server down', async () => {
  const uri = 'untitled:nested';
  await client.open(uri, `x = ${'['.repeat(5000)}${']'.repeat(5000)}\ny = ${'f('.repeat(3000)}${')'.repeat(3000)}\n`, 1);
  await client.diagnosticsAt(uri, 1);
  await stillServes('after-nesting');
});

test('a 10,000-line file is linted, and an edit in its middle is followed incrementally', async () => {
  // Training loops spread through plain helper functions, as in a long real module.
  const copies = 100;
  const helpersBetween = 23;
  const body = TRAIN.replace('import torch\n', '');
  const helpers = (i: number) =>
    Array.from({ length: helpersBetween }, (_, j) => `def helper_${i}_${j}(a, b):\n    c = a * b\n    return c + ${j}\n`).join('\n');
  const sections = Array.from({ length: copies }, (_, i) => `${body.replace('def train(', `def train_${i}(`)}\n${helpers(i)}`);
  const text = `import torch\n${sections.join('\n')}`;
  assert.ok(text.split('\n').length >= 10_000);
  const uri = 'untitled:large';
  await client.open(uri, text, 1);
  const first = await client.diagnosticsAt(uri, 1);
  assert.equal(first.diagnostics.length, copies);
  assert.ok(first.diagnostics.every((d) => textOf(text, d.range) === 'total_loss += loss'));

  const middle = first.diagnostics[copies / 2]!.range.start.line;
  await client.change(uri, 2, [{ range: { start: { line: middle, character: 0 }, end: { line: middle, character: 0 } }, text: '\n\n' }]);
  const second = await client.diagnosticsAt(uri, 2);
  assert.equal(second.diagnostics.length, copies);
  assert.deepEqual(
    second.diagnostics.map((d) => d.range.start.line),
    first.diagnostics.map((d, i) => d.range.start.line + (i >= copies / 2 ? 2 : 0)),
  );
  await stillServes('after-large');
});

test('requests for documents that are not open get empty answers', async () => {
  const uri = 'untitled:never-opened';
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(await client.codeActions(uri, range, []), []);
  assert.equal(await client.hover(uri, range.start), null);
  await assert.rejects(client.executeCommand('oomlint.applyFixAll', [uri, 1]), /not open/);
  await assert.rejects(client.executeCommand('oomlint.applyFixAll', ['bad']), /expects \[uri, version\]/);
  await stillServes('after-unknown');
});
