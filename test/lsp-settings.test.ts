// Settings: pulled from the client per document, pushed by clients that cannot be asked, and merged
// over `[tool.oomlint]` from the nearest pyproject.toml, which the server re-reads when it changes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, FileChangeType, type PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

/** What VS Code answers for a user who changed nothing: every setting, at its default. */
const EDITOR_DEFAULTS = {
  enable: true,
  select: [],
  ignore: [],
  severity: {},
  maxBatchSize: 512,
  maxPinnedWorkers: 8,
  evalFunctionNames: [],
  gpu: { enabled: true, intervalMs: 2000 },
};

let folder: string;
let counter = 0;
const fileUri = (name: string, inFolder = folder) => pathToFileURL(join(inFolder, `${++counter}-${name}`)).href;

before(() => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-settings-'));
});

after(() => rmSync(folder, { recursive: true, force: true }));

const severities = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => [d.code, d.severity]);
const configurationChanged = (client: LspTestClient, settings: unknown = null) =>
  client.connection.sendNotification('workspace/didChangeConfiguration', { settings });

test('the oomlint section pulled from the client sets severity, disables rules, and turns linting off', async () => {
  let editor: Record<string, unknown> = { ...EDITOR_DEFAULTS };
  const client = await LspTestClient.start({ settings: () => editor });
  try {
    const uri = fileUri('train.py');
    await client.open(uri, TRAIN, 1);
    assert.deepEqual(severities(await client.diagnosticsAt(uri, 1)), [['OOM003', DiagnosticSeverity.Warning]]);
    assert.ok(
      client.configurationRequests.some((r) => r.items.some((i) => i.section === 'oomlint' && i.scopeUri === uri)),
      'settings are asked for per document',
    );

    editor = { ...EDITOR_DEFAULTS, severity: { OOM003: 'error' } };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics[0]?.severity === DiagnosticSeverity.Error, 'OOM003 as an error');

    editor = { ...EDITOR_DEFAULTS, severity: { OOM003: 'off' } };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics.length === 0, 'OOM003 turned off');

    editor = { ...EDITOR_DEFAULTS, severity: { OOM003: 'hint' } };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics[0]?.severity === DiagnosticSeverity.Hint, 'OOM003 as a hint');

    editor = { ...EDITOR_DEFAULTS, ignore: ['OOM00'] };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics.length === 0, 'OOM00 ignored');

    editor = { ...EDITOR_DEFAULTS, enable: false };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics.length === 0 && p.version === 1, 'linting disabled');
    const everything = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
    assert.deepEqual(await client.codeActions(uri, everything, [], ['source.fixAll']), []);
  } finally {
    await client.stop();
  }
});

test('invalid editor values are logged and ignored', async () => {
  const client = await LspTestClient.start({ settings: () => ({ ...EDITOR_DEFAULTS, maxBatchSize: 'huge', severity: { OOM003: 'loud' } }) });
  try {
    const uri = fileUri('invalid.py');
    await client.open(uri, TRAIN, 1);
    assert.deepEqual(severities(await client.diagnosticsAt(uri, 1)), [['OOM003', DiagnosticSeverity.Warning]]);
    await client.waitFor('a warning about maxBatchSize', () => client.logs.find((l) => l.message.includes('oomlint.maxBatchSize')));
    await client.waitFor('a warning about severity', () => client.logs.find((l) => l.message.includes('oomlint.severity')));
  } finally {
    await client.stop();
  }
});

test('clients without workspace/configuration push settings with didChangeConfiguration', async () => {
  const client = await LspTestClient.start({ minimal: true });
  try {
    const uri = fileUri('pushed.py');
    await client.open(uri, TRAIN, 1);
    assert.deepEqual(severities(await client.diagnosticsAt(uri, 1)), [['OOM003', DiagnosticSeverity.Warning]]);
    await configurationChanged(client, { oomlint: { severity: { OOM003: 'error' } } });
    await client.diagnostics(uri, (p) => p.diagnostics[0]?.severity === DiagnosticSeverity.Error, 'pushed severity');
    assert.deepEqual(client.configurationRequests, []);
    assert.deepEqual(client.registrations, []);
  } finally {
    await client.stop();
  }
});

test('pyproject.toml settings apply, editor settings win over them, and a changed file re-lints', async () => {
  const project = join(folder, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  const pyproject = join(project, 'pyproject.toml');
  writeFileSync(pyproject, '[tool.oomlint]\nseverity = { OOM003 = "error" }\n');
  let editor: Record<string, unknown> = { ...EDITOR_DEFAULTS };
  const client = await LspTestClient.start({ settings: () => editor });
  try {
    const uri = fileUri('train.py', join(project, 'src'));
    await client.open(uri, TRAIN, 1);
    // Editor defaults do not override the project's choice.
    assert.deepEqual(severities(await client.diagnosticsAt(uri, 1)), [['OOM003', DiagnosticSeverity.Error]]);

    editor = { ...EDITOR_DEFAULTS, severity: { OOM003: 'information' } };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics[0]?.severity === DiagnosticSeverity.Information, 'editor severity');

    editor = { ...EDITOR_DEFAULTS };
    await configurationChanged(client);
    await client.diagnostics(uri, (p) => p.diagnostics[0]?.severity === DiagnosticSeverity.Error, 'project severity again');

    const changed = () =>
      client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(pyproject).href, type: FileChangeType.Changed }],
      });
    writeFileSync(pyproject, '[tool.oomlint]\nexclude = ["src"]\nseverity = { OOM003 = "error" }\n');
    await changed();
    await client.diagnostics(uri, (p) => p.diagnostics.length === 0, 'src/ excluded by the changed pyproject.toml');
    const outside = fileUri('outside.py', project);
    await client.open(outside, TRAIN, 1);
    assert.deepEqual(severities(await client.diagnosticsAt(outside, 1)), [['OOM003', DiagnosticSeverity.Error]]);

    writeFileSync(pyproject, '[tool.oomlint]\nignore = ["OOM003"]\n');
    await changed();
    await client.diagnostics(outside, (p) => p.diagnostics.length === 0, 'OOM003 ignored by the changed pyproject.toml');
  } finally {
    await client.stop();
  }
});

test('problems in pyproject.toml are logged', async () => {
  const project = join(folder, 'broken');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = "many"\n');
  const client = await LspTestClient.start();
  try {
    const uri = fileUri('train.py', project);
    await client.open(uri, TRAIN, 1);
    await client.diagnosticsAt(uri, 1);
    const logged = await client.waitFor('a logged configuration problem', () =>
      client.logs.find((l) => l.message.includes('pyproject.toml:2') && l.message.includes('max-batch-size')),
    );
    assert.equal(logged.type, 2);
  } finally {
    await client.stop();
  }
});
