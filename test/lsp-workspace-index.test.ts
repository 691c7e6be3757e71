// The workspace index through the real server over stdio: it is built in the background with
// work-done progress, an open document's analysis sees the rest of its project, and a change of
// another file's summary (on disk or in the editor) re-lints the open documents that import it,
// while a change that leaves the summary as it was re-lints nothing else.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspTestClient } from './lsp-client';

/** A decorator of the project that runs what it decorates with gradients off. */
const HELPERS = `import functools

import torch


def inference(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.no_grad():
            return fn(*args, **kwargs)
    return wrapper
`;

/** The same decorator, no longer turning gradients off. */
const HELPERS_PLAIN = HELPERS.replace('with torch.no_grad():', 'if True:');

/** An evaluation loop that is fine only because of the decorator from helpers.py. */
const MAIN = `import torch

from helpers import inference


@inference
def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        logits = model(images)
        correct += (logits.argmax(1) == labels).sum().item()
    return correct
`;

const UNRELATED = `def add(a, b):
    return a + b
`;

const hasOom001 = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'OOM001');

interface Workspace {
  client: LspTestClient;
  folder: string;
  uri: (name: string) => string;
}

/**
 * Runs `body` with a server on a fresh workspace of these files, once its index is built (`minimal`:
 * a client without capabilities, so without progress: the server's log says when).
 */
async function withIndexedWorkspace(files: Record<string, string>, body: (workspace: Workspace) => Promise<void>, minimal = false): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'oomlint-workspace-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const client = await LspTestClient.start({ workspaceFolders: [folder], minimal });
    try {
      if (minimal) await logLine(client, 'Python files in', 0);
      else await client.waitFor('the end of the indexing progress', () => client.progress.find((p) => p.value.kind === 'end'));
      await body({ client, folder, uri: (name) => pathToFileURL(join(folder, name)).href });
    } finally {
      await client.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The next log line that contains `text`, after the first `from` lines. */
function logLine(client: LspTestClient, text: string, from: number): Promise<string> {
  return client.waitFor(`a log line with "${text}"`, () => client.logs.slice(from).find((l) => l.message.includes(text))?.message);
}

test('the index is built with progress that begins and ends with file counts, and Python files are watched', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN, 'unrelated.py': UNRELATED }, async ({ client }) => {
  assert.equal(client.progressTokens.length, 1);
  const kinds = client.progress.map((p) => p.value.kind);
  assert.equal(kinds[0], 'begin');
  assert.equal(kinds.at(-1), 'end');
  assert.ok(client.progress.every((p) => p.token === client.progressTokens[0]));
  const begin = client.progress[0]!.value;
  const end = client.progress.at(-1)!.value;
  assert.equal(begin.kind === 'begin' && begin.message, '0 / 3 files');
  assert.equal(end.message, '3 / 3 files');
  const watched = await client.waitFor('the Python file watcher', () =>
    client.registrations.find((r) => JSON.stringify(r.registerOptions).includes('**/*.py')),
  );
  assert.equal(watched.method, 'workspace/didChangeWatchedFiles');
  }));

test('a client without work-done progress gets none, and its documents see the index all the same', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN }, async ({ client, uri }) => {
    assert.match(client.logs.find((l) => l.message.includes('Python files in'))!.message, /indexed 2 of 2 Python files/);
    assert.deepEqual(client.progressTokens, []);
    assert.deepEqual(client.progress, []);
    await client.open(uri('main.py'), MAIN, 1);
    assert.deepEqual((await client.diagnosticsAt(uri('main.py'), 1)).diagnostics.map((d) => d.code), []);
  }, true));

test('a finding that depends on another file is right in a document opened after indexing', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN }, async ({ client, uri }) => {
  await client.open(uri('main.py'), MAIN, 1);
  const published = await client.diagnosticsAt(uri('main.py'), 1);
  assert.deepEqual(published.diagnostics.map((d) => d.code), []);
  // The same text outside the workspace does not know what the decorator does.
  const outside = pathToFileURL(join(tmpdir(), 'oomlint-not-in-a-workspace', 'main.py')).href;
  await client.open(outside, MAIN, 1);
  assert.ok(hasOom001(await client.diagnosticsAt(outside, 1)));
  }));

test('a change of helpers.py on disk re-lints main.py; a change that keeps its summary does not', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN }, async ({ client, folder, uri }) => {
  const main = uri('main.py');
  await client.open(main, MAIN, 1);
  await client.diagnosticsAt(main, 1);
  const changed = () => client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('helpers.py'), type: 2 }] });

  let logs = client.logs.length;
  let published = client.publicationsFor(main).length;
  writeFileSync(join(folder, 'helpers.py'), `# A comment changes no summary.\n${HELPERS}`);
  await changed();
  assert.match(await logLine(client, 'changed file(s) again', logs), /read 1 changed file\(s\) again: 0 summary\(ies\) changed; 0 open document/);
  assert.equal(client.publicationsFor(main).length, published);

  logs = client.logs.length;
  published = client.publicationsFor(main).length;
  writeFileSync(join(folder, 'helpers.py'), HELPERS_PLAIN);
  await changed();
  assert.match(await logLine(client, 'changed file(s) again', logs), /1 summary\(ies\) changed; 1 open document/);
  const relinted = await client.diagnostics(main, (p) => client.publicationsFor(main).length > published && hasOom001(p), 'main.py linted again');
  assert.equal(relinted.version, 1);
  }));

test('editing helpers.py as an open document re-lints main.py; an edit that keeps its summary does not', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN }, async ({ client, folder, uri }) => {
  const main = uri('main.py');
  const helpers = uri('helpers.py');
  const helpersSummary = `summary of ${join(folder, 'helpers.py')}`;
  await client.open(main, MAIN, 1);
  await client.open(helpers, HELPERS, 1);
  assert.ok(!hasOom001(await client.diagnosticsAt(main, 1)));
  await logLine(client, helpersSummary, 0);

  let published = client.publicationsFor(main).length;
  await client.change(helpers, 2, [{ text: HELPERS_PLAIN }]);
  await client.diagnostics(main, (p) => client.publicationsFor(main).length > published && hasOom001(p), 'main.py linted with the plain decorator');

  published = client.publicationsFor(main).length;
  await client.change(helpers, 3, [{ text: HELPERS }]);
  await client.diagnostics(main, (p) => client.publicationsFor(main).length > published && !hasOom001(p), 'main.py linted with the no_grad decorator');

  const logs = client.logs.length;
  published = client.publicationsFor(main).length;
  await client.change(helpers, 4, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# A comment changes no summary.\n' }]);
  await client.diagnosticsAt(helpers, 4);
  assert.match(await logLine(client, helpersSummary, logs), /unchanged$/);
  assert.equal(client.publicationsFor(main).length, published);
  }));

/** A validation helper that is fine only because its one caller, in another file, turns gradients off. */
const VALIDATE = `def validate(model, loader):
    model.eval()
    total = 0.0
    for images, labels in loader:
        logits = model(images)
        total += (logits.argmax(1) == labels).float().mean().item()
    return total
`;

const TRAIN = `import torch

from helpers import validate


def run(model, train_loader, val_loader, optimizer):
    for epoch in range(10):
        for images, labels in train_loader:
            loss = torch.nn.functional.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            print(validate(model, val_loader))
`;

test('a change of the calls in train.py re-lints helpers.py, which it imports', () =>
  withIndexedWorkspace({ 'helpers.py': VALIDATE, 'train.py': TRAIN }, async ({ client, folder, uri }) => {
    const helpers = uri('helpers.py');
    await client.open(helpers, VALIDATE, 1);
    assert.ok(!hasOom001(await client.diagnosticsAt(helpers, 1)));
    const published = client.publicationsFor(helpers).length;
    writeFileSync(join(folder, 'train.py'), TRAIN.replace('with torch.no_grad():', 'if True:'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('train.py'), type: 2 }] });
    await client.diagnostics(helpers, (p) => client.publicationsFor(helpers).length > published && hasOom001(p), 'helpers.py linted again');
  }));

test('a change of helpers.py re-lints main.py, which imports it through wrappers.py', () =>
  withIndexedWorkspace(
    { 'helpers.py': HELPERS, 'wrappers.py': 'from helpers import inference\n', 'main.py': MAIN.replace('from helpers import', 'from wrappers import') },
    async ({ client, folder, uri }) => {
      const main = uri('main.py');
      await client.open(main, MAIN.replace('from helpers import', 'from wrappers import'), 1);
      assert.ok(!hasOom001(await client.diagnosticsAt(main, 1)));
      const published = client.publicationsFor(main).length;
      writeFileSync(join(folder, 'helpers.py'), HELPERS_PLAIN);
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('helpers.py'), type: 2 }] });
      await client.diagnostics(main, (p) => client.publicationsFor(main).length > published && hasOom001(p), 'main.py linted again');
    },
  ));

/** Loads a checkpoint by a path from its arguments: OOM009 when the project writes such checkpoints. */
const EVALUATE = `import torch


def load(model, path):
    model.load_state_dict(torch.load(path))
    return model.cuda()
`;

/** A training script that imports nothing of evaluate.py, and writes no checkpoint yet. */
const TRAIN_NO_SAVE = `import torch


def train(model, loader, optimizer):
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(model(images.cuda()), labels.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
`;

const hasOom009 = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'OOM009');

test('a checkpoint save added to train.py re-lints evaluate.py, which does not import it', () =>
  withIndexedWorkspace({ 'evaluate.py': EVALUATE, 'train.py': TRAIN_NO_SAVE }, async ({ client, folder, uri }) => {
    const evaluate = uri('evaluate.py');
    await client.open(evaluate, EVALUATE, 1);
    assert.ok(!hasOom009(await client.diagnosticsAt(evaluate, 1)), 'nothing of the project writes a checkpoint yet');
    const published = client.publicationsFor(evaluate).length;
    writeFileSync(join(folder, 'train.py'), `${TRAIN_NO_SAVE}    torch.save(model.state_dict(), "last.pt")\n`);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('train.py'), type: 2 }] });
    await client.diagnostics(evaluate, (p) => client.publicationsFor(evaluate).length > published && hasOom009(p), 'evaluate.py linted again');
  }));

test('a pyproject.toml that comes to exclude helpers.py takes its summary out of the index', () =>
  withIndexedWorkspace({ 'helpers.py': HELPERS, 'main.py': MAIN }, async ({ client, folder, uri }) => {
    const main = uri('main.py');
    await client.open(main, MAIN, 1);
    assert.ok(!hasOom001(await client.diagnosticsAt(main, 1)));
    const ended = client.progress.filter((p) => p.value.kind === 'end').length;
    writeFileSync(join(folder, 'pyproject.toml'), '[tool.oomlint]\nexclude = ["helpers.py"]\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('pyproject.toml'), type: 1 }] });
    const end = await client.waitFor('the end of the second indexing', () => client.progress.filter((p) => p.value.kind === 'end')[ended]);
    assert.equal(end.value.message, '1 / 1 files');
    // Without helpers.py's summary, the decorator is unknown and the loop records a graph.
    await client.diagnostics(main, hasOom001, 'main.py linted without helpers.py');
  }));
