// Where the code link of a diagnostic and a hover's "Full documentation" lead: to the client's own
// rule page command when it names one (VS Code opens the bundled page, offline), else to the website.
// And diagnostic messages are plain text: Problems shows no Markdown, so no raw backticks.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MarkupContent } from 'vscode-languageserver';
import { plainTextMessage } from '../server/src/lsp/lsp-diagnostic';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
const COMMAND = 'oomlint.openRuleDocs';

let folder: string;
before(() => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-links-'));
});
after(() => rmSync(folder, { recursive: true, force: true }));

test('a client that names its rule page command gets command links in Problems and in hovers', async () => {
  const client = await LspTestClient.start({ initializationOptions: { ruleDocsCommand: COMMAND } });
  try {
    const uri = pathToFileURL(join(folder, 'train.py')).href;
    await client.open(uri, TRAIN, 1);
    const [diagnostic] = (await client.diagnosticsAt(uri, 1)).diagnostics;
    const link = `command:${COMMAND}?${encodeURIComponent('["OOM003"]')}`;
    assert.equal(diagnostic!.codeDescription?.href, link);
    // What VS Code's command opener reads back: the query holds a JSON list of arguments.
    const url = new URL(link);
    assert.deepEqual(JSON.parse(decodeURIComponent(url.search.slice(1))), ['OOM003']);

    const hover = await client.hover(uri, diagnostic!.range.start);
    assert.ok(hover && MarkupContent.is(hover.contents));
    assert.ok(hover.contents.value.endsWith(`[Full documentation](${link})`), hover.contents.value);
  } finally {
    await client.stop();
  }
});

test('other clients get the page on the website, and an unusable command name is ignored', async () => {
  const client = await LspTestClient.start({ initializationOptions: { ruleDocsCommand: 'rm -rf /' } });
  try {
    const uri = pathToFileURL(join(folder, 'web.py')).href;
    await client.open(uri, TRAIN, 1);
    const [diagnostic] = (await client.diagnosticsAt(uri, 1)).diagnostics;
    assert.match(diagnostic!.codeDescription?.href ?? '', /^https:\/\/.+\/docs\/rules\/OOM003-[a-z-]+\.md$/);
  } finally {
    await client.stop();
  }
});

test('diagnostic messages carry no Markdown: code spans become typographic quotes', async () => {
  const client = await LspTestClient.start();
  try {
    const uri = pathToFileURL(join(folder, 'message.py')).href;
    await client.open(uri, TRAIN, 1);
    const [diagnostic] = (await client.diagnosticsAt(uri, 1)).diagnostics;
    assert.doesNotMatch(String(diagnostic!.message), /`/);
    assert.match(String(diagnostic!.message), /^\u2018total_loss\u2019 accumulates \u2018loss\u2019 with its autograd graph/);
  } finally {
    await client.stop();
  }
  assert.equal(plainTextMessage('`a` and `b[0]` but not ``'), '\u2018a\u2019 and \u2018b[0]\u2019 but not ``');
});

test('the light bulb offers "Show documentation for OOMxxx": the client\'s page command, or the website through showDocument', async () => {
  const withCommand = await LspTestClient.start({ initializationOptions: { ruleDocsCommand: COMMAND } });
  try {
    const uri = pathToFileURL(join(folder, 'docs-action.py')).href;
    await withCommand.open(uri, TRAIN, 1);
    const [diagnostic] = (await withCommand.diagnosticsAt(uri, 1)).diagnostics;
    const actions = (await withCommand.codeActions(uri, diagnostic!.range, [diagnostic!])) ?? [];
    const show = actions.filter((a) => a.title === 'Show documentation for OOM003');
    assert.equal(show.length, 1, actions.map((a) => a.title).join(' | '));
    assert.deepEqual(show[0]!.command, { title: 'Show documentation for OOM003', command: COMMAND, arguments: ['OOM003'] });
    assert.equal(show[0]!.edit, undefined);
  } finally {
    await withCommand.stop();
  }

  // Another client (Neovim, Helix): the server's own command asks the client to open the website.
  const plain = await LspTestClient.start();
  try {
    const uri = pathToFileURL(join(folder, 'docs-web.py')).href;
    await plain.open(uri, TRAIN, 1);
    const [diagnostic] = (await plain.diagnosticsAt(uri, 1)).diagnostics;
    const actions = (await plain.codeActions(uri, diagnostic!.range, [diagnostic!], ['quickfix'])) ?? [];
    const show = actions.find((a) => a.title === 'Show documentation for OOM003');
    assert.ok(show?.command, actions.map((a) => a.title).join(' | '));
    assert.equal(show.command.command, 'oomlint.showRuleDocumentation');
    assert.equal(await plain.executeCommand(show.command.command, show.command.arguments ?? []), true);
    const [shown] = plain.shownDocuments;
    assert.ok(shown);
    assert.equal(shown.external, true);
    assert.match(shown.uri, /^https:\/\/.+\/docs\/rules\/OOM003-[a-z-]+\.md$/);
    await assert.rejects(plain.executeCommand('oomlint.showRuleDocumentation', ['NOPE']), /expects \[code\]/);
  } finally {
    await plain.stop();
  }

  // A client that cannot open documents is offered nothing it could not do.
  const minimal = await LspTestClient.start({ minimal: true });
  try {
    const uri = pathToFileURL(join(folder, 'docs-minimal.py')).href;
    await minimal.open(uri, TRAIN, 1);
    const [diagnostic] = (await minimal.diagnosticsAt(uri, 1)).diagnostics;
    const actions = (await minimal.codeActions(uri, diagnostic!.range, [diagnostic!])) ?? [];
    assert.ok(actions.length > 0);
    assert.ok(!actions.some((a) => a.title.startsWith('Show documentation')), actions.map((a) => a.title).join(' | '));
  } finally {
    await minimal.stop();
  }
});
