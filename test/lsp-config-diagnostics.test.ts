// A broken `[tool.oomlint]` shows where the user looks: diagnostics on pyproject.toml at the bad
// key's line, withdrawn once the file is fixed, and one message per set of problems whose "Show"
// opens the file there.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, FileChangeType } from 'vscode-languageserver';
import { configProblemDiagnostics } from '../server/src/lsp/config-diagnostics';
import { CONFIG_PROBLEMS_NOTIFICATION, CONFIG_STATUS_OPTION, type ConfigProblemsParams } from '../server/src/lsp/protocol';
import { shortName, statusChanges } from '../client/src/config-status-items';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

let folder: string;
before(() => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-config-'));
});
after(() => rmSync(folder, { recursive: true, force: true }));

function project(name: string, pyproject: string): { root: string; pyproject: string; pyprojectUri: string } {
  const root = join(folder, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'pyproject.toml'), pyproject);
  return { root, pyproject: join(root, 'pyproject.toml'), pyprojectUri: pathToFileURL(join(root, 'pyproject.toml')).href };
}

test('a wrong value and an unknown key are diagnostics on their lines; fixing the file withdraws them', async () => {
  const { root, pyproject, pyprojectUri } = project(
    'wrong-values',
    '[project]\nname = "demo"\n\n[tool.oomlint]\nmax-pinned-workers = "eight"\n  max_batch_size = 64\n',
  );
  const client = await LspTestClient.start();
  try {
    const uri = pathToFileURL(join(root, 'train.py')).href;
    await client.open(uri, TRAIN, 1);
    // The defaults still lint the file.
    assert.equal((await client.diagnosticsAt(uri, 1)).diagnostics.length, 1);
    const published = await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length === 2, 'two configuration problems');
    const [wrongType, unknownKey] = published.diagnostics;
    // The value alone is underlined, and quoted.
    assert.deepEqual(wrongType!.range, { start: { line: 4, character: 21 }, end: { line: 4, character: 28 } });
    assert.match(String(wrongType!.message), /^\u2018max-pinned-workers\u2019 must be a positive integer, not \u2018"eight"\u2019; the default is used$/);
    assert.equal(wrongType!.severity, DiagnosticSeverity.Error);
    assert.equal(wrongType!.source, 'oomlint');
    // The key alone, and its likely spelling as a quick fix.
    assert.deepEqual(unknownKey!.range, { start: { line: 5, character: 2 }, end: { line: 5, character: 16 } });
    assert.match(String(unknownKey!.message), /did you mean \u2018max-batch-size\u2019/);
    const actions = (await client.codeActions(pyprojectUri, unknownKey!.range, [unknownKey!])) ?? [];
    assert.deepEqual(
      actions.map((a) => [a.title, a.edit?.changes?.[pyprojectUri]]),
      [['Replace with max-batch-size', [{ range: unknownKey!.range, newText: 'max-batch-size' }]]],
    );

    writeFileSync(pyproject, '[project]\nname = "demo"\n\n[tool.oomlint]\nmax-pinned-workers = 8\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: pyprojectUri, type: FileChangeType.Changed }],
    });
    await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length === 0, 'problems withdrawn once fixed');
    // Fixed in one step: the file went from two problems to none, never through another set.
    assert.deepEqual(client.publicationsFor(pyprojectUri).map((p) => p.diagnostics.length), [2, 0]);
    // The document is linted again with the fixed file, and the problems do not come back.
    await client.waitFor('a second lint of the document', () => (client.publicationsFor(uri).length >= 2 ? true : undefined));
    assert.equal(client.publicationsFor(pyprojectUri).at(-1)!.diagnostics.length, 0);
  } finally {
    await client.stop();
  }
});

test('fixing one of two problems leaves the other in place, without a moment with none', async () => {
  const { root, pyproject, pyprojectUri } = project('one-fixed', '[tool.oomlint]\nmax-pined-workers = 4\nselct = ["OOM001"]\n');
  const client = await LspTestClient.start();
  try {
    await client.open(pathToFileURL(join(root, 'train.py')).href, TRAIN, 1);
    await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length === 2, 'two problems');
    writeFileSync(pyproject, '[tool.oomlint]\nmax-pinned-workers = 4\nselct = ["OOM001"]\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pyprojectUri, type: FileChangeType.Changed }] });
    const after = await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length === 1, 'the problem left');
    assert.match(String(after.diagnostics[0]!.message), /selct/);
    assert.deepEqual(client.publicationsFor(pyprojectUri).map((p) => p.diagnostics.length), [2, 1]);
  } finally {
    await client.stop();
  }
});

test('a pyproject.toml of 20,000 unknown keys publishes eleven diagnostics, the last counting the rest', async () => {
  const keys = Array.from({ length: 20_000 }, (_, i) => `key${i} = ${i}\n`).join('');
  const { root, pyprojectUri } = project('many-keys', `[tool.oomlint]\n${keys}`);
  const client = await LspTestClient.start();
  try {
    await client.open(pathToFileURL(join(root, 'train.py')).href, TRAIN, 1);
    const published = await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length > 0, 'the problems');
    assert.equal(published.diagnostics.length, 11);
    assert.equal(published.diagnostics.at(-1)!.message, 'and 19,990 more problems in this file');
    const announced = await client.waitFor('the announcement', () => client.messageRequests[0]);
    assert.match(announced.message, /line 2: unknown key \u2018key0\u2019 .*\(and 19,999 more\)/);
  } finally {
    await client.stop();
  }
});

test('invalid TOML is a diagnostic at the column the parser names, announced once with a Show button', async () => {
  const { root, pyprojectUri } = project('bad-toml', '[tool.oomlint]\nselect = ["OOM001" "OOM002"]\n');
  const client = await LspTestClient.start();
  client.answerMessage = (params) => params.actions?.find((a) => a.title === 'Show') ?? null;
  try {
    const first = pathToFileURL(join(root, 'a.py')).href;
    const second = pathToFileURL(join(root, 'b.py')).href;
    await client.open(first, TRAIN, 1);
    await client.open(second, TRAIN, 1);
    const published = await client.diagnostics(pyprojectUri, (p) => p.diagnostics.length === 1, 'the TOML error');
    assert.match(String(published.diagnostics[0]!.message), /^invalid TOML/);
    // The character the parser names, not the rest of the line.
    assert.deepEqual(published.diagnostics[0]!.range, { start: { line: 1, character: 19 }, end: { line: 1, character: 20 } });

    const shown = await client.waitFor('the document shown after "Show"', () => client.shownDocuments[0]);
    assert.equal(shown.uri, pyprojectUri);
    assert.equal(shown.takeFocus, true);
    assert.deepEqual(shown.selection, published.diagnostics[0]!.range);
    await client.diagnosticsAt(second, 1);
    // Two documents and a settings change later, the same problems are still announced only once.
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.waitFor('a re-lint', () => (client.publicationsFor(second).length >= 2 ? true : undefined));
    assert.equal(client.messageRequests.length, 1);
    assert.match(client.messageRequests[0]!.message, /pyproject\.toml line 2: invalid TOML/);
  } finally {
    await client.stop();
  }
});

test('configProblemDiagnostics covers the key or value a problem names, or the one character a syntax error names', () => {
  const [onKey, onColumn, unplaced, warning] = configProblemDiagnostics([
    { file: 'pyproject.toml', line: 2, column: 4, endLine: 2, endColumn: 11, detail: { kind: 'unknown-key', key: 'exclud', suggestion: 'exclude', known: [] }, replacement: 'exclude' },
    { file: 'pyproject.toml', line: 2, column: 14, detail: { kind: 'invalid-toml', reason: 'x', column: 14 } },
    { file: 'pyproject.toml', line: 1, detail: { kind: 'not-found' } },
    { file: 'pyproject.toml', line: 3, column: 17, endLine: 3, endColumn: 24, severity: 'warning', detail: { kind: 'limit-not-raised', key: 'max-file-size', value: '"100GB"', limit: '10 MiB' } },
  ]);
  assert.deepEqual(onKey!.range, { start: { line: 1, character: 3 }, end: { line: 1, character: 10 } });
  assert.deepEqual(onKey!.data, { kind: 'config-replacement', replacement: 'exclude' });
  assert.deepEqual(onColumn!.range, { start: { line: 1, character: 13 }, end: { line: 1, character: 14 } });
  assert.deepEqual(unplaced!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.equal(unplaced!.data, undefined);
  assert.equal(warning!.severity, DiagnosticSeverity.Warning);
});

test('a client with a status of its own is sent the files with problems, and an empty list once they are fixed; no message', async () => {
  const { root, pyproject, pyprojectUri } = project('status', '[tool.oomlint]\nmax-pined-workers = 4\n');
  const client = await LspTestClient.start({ initializationOptions: { [CONFIG_STATUS_OPTION]: true } });
  const statuses = client.record<ConfigProblemsParams>(CONFIG_PROBLEMS_NOTIFICATION);
  try {
    await client.open(pathToFileURL(join(root, 'train.py')).href, TRAIN, 1);
    const shown = await client.waitFor('the status', () => statuses.at(-1));
    assert.equal(shown.items.length, 1);
    assert.equal(shown.items[0]!.uri, pyprojectUri);
    assert.equal(shown.items[0]!.error, true);
    assert.equal(shown.items[0]!.showTitle, 'Show');
    assert.match(shown.items[0]!.message, /pyproject\.toml line 2: unknown key \u2018max-pined-workers\u2019; did you mean \u2018max-pinned-workers\u2019\?/);
    assert.deepEqual(shown.items[0]!.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 17 } });

    writeFileSync(pyproject, '[tool.oomlint]\nmax-pinned-workers = 4\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pyprojectUri, type: FileChangeType.Changed }] });
    await client.waitFor('the status cleared', () => (statuses.at(-1)?.items.length === 0 ? true : undefined));
    assert.deepEqual(client.messageRequests, []);
  } finally {
    await client.stop();
  }
});

test('the status item names the file by its folder, and is replaced or taken away as the list says', () => {
  assert.equal(shortName('file:///home/me/proj%20one/pyproject.toml'), 'proj one/pyproject.toml');
  const item = (uri: string) => ({ uri, message: 'm', error: true, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, showTitle: 'Show' });
  assert.deepEqual(statusChanges(new Set(['file:///a/pyproject.toml', 'file:///b/pyproject.toml']), [item('file:///b/pyproject.toml')]), {
    show: [item('file:///b/pyproject.toml')],
    remove: ['file:///a/pyproject.toml'],
  });
});
