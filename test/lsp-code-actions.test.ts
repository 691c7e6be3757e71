// Code actions, fix-all, the fix-all command, "ignore on this line" and hover, each applied the way an
// editor applies them and checked against the diagnostics the server publishes afterwards.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MarkupContent, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ruleByCode } from '../server/src/rules';
import { applyWorkspaceEdit, editsAsChanges, LspTestClient, textOf } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
const EVALUATE = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8');
const BOTH = `${TRAIN}\n\n${EVALUATE.replace('import torch\n', '')}`;

let client: LspTestClient;
let folder: string;
let counter = 0;
const fileUri = (name: string) => pathToFileURL(join(folder, `${++counter}-${name}`)).href;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'oomlint-lsp-actions-'));
  client = await LspTestClient.start();
});

after(async () => {
  await client.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** An open document mirrored on the test's side. */
interface Mirror {
  uri: string;
  document: TextDocument;
  diagnostics: Diagnostic[];
}

async function openDocument(name: string, text: string): Promise<Mirror> {
  const uri = fileUri(name);
  await client.open(uri, text, 1);
  const published = await client.diagnosticsAt(uri, 1);
  return { uri, document: TextDocument.create(uri, 'python', 1, text), diagnostics: published.diagnostics };
}

/** Applies the action's edit locally, sends it as ranged changes, and returns the next diagnostics. */
async function apply(mirror: Mirror, action: CodeAction | undefined): Promise<Mirror> {
  assert.ok(action, 'expected a code action');
  const { text, edits } = applyWorkspaceEdit(mirror.document, action.edit);
  const version = mirror.document.version + 1;
  await client.change(mirror.uri, version, editsAsChanges(edits, mirror.document));
  const document = TextDocument.create(mirror.uri, 'python', version, text);
  const published = await client.diagnosticsAt(mirror.uri, version);
  return { uri: mirror.uri, document, diagnostics: published.diagnostics };
}

async function actionsFor(mirror: Mirror, diagnostic: Diagnostic, only?: string[]): Promise<CodeAction[]> {
  return (await client.codeActions(mirror.uri, diagnostic.range, [diagnostic], only)) ?? [];
}

const byTitle = (actions: CodeAction[], pattern: RegExp) => actions.find((a) => pattern.test(a.title));

test('quick fixes for OOM003: safe fix preferred, unsafe one labelled, applying it clears the diagnostic', async () => {
  const opened = await openDocument('train.py', TRAIN);
  const [diagnostic] = opened.diagnostics;
  assert.equal(diagnostic?.code, 'OOM003');
  const actions = await actionsFor(opened, diagnostic!);

  const detach = byTitle(actions, /detach/);
  const item = byTitle(actions, /item/);
  assert.equal(detach?.kind, 'quickfix');
  assert.equal(detach?.isPreferred, true);
  assert.deepEqual(detach?.diagnostics, [diagnostic]);
  assert.match(item?.title ?? '', /\(unsafe\)$/);
  assert.notEqual(item?.isPreferred, true);
  assert.ok(byTitle(actions, /^Ignore OOM003 on this line$/));
  // One safe fix in the document: "Fix all" would only repeat it.
  assert.equal(byTitle(actions, /^Fix all/), undefined);

  const fixed = await apply(opened, detach);
  assert.match(fixed.document.getText(), /total_loss \+= loss\.detach\(\)\n/);
  assert.deepEqual(fixed.diagnostics, []);
});

test('quick fix for OOM001 adds @torch.no_grad() above the function', async () => {
  const opened = await openDocument('evaluate.py', EVALUATE);
  const [diagnostic] = opened.diagnostics;
  assert.equal(diagnostic?.code, 'OOM001');
  const actions = await actionsFor(opened, diagnostic!);
  const preferred = actions.filter((a) => a.isPreferred);
  assert.equal(preferred.length, 1);
  const fixed = await apply(opened, preferred[0]);
  assert.match(fixed.document.getText(), /\n@torch\.no_grad\(\)\ndef evaluate\(model, loader\):/);
  assert.deepEqual(fixed.diagnostics, []);
});

test("a diagnostic from an older version gets no actions, and an old action's edit is refused", async () => {
  const opened = await openDocument('stale.py', TRAIN);
  const stale = opened.diagnostics[0]!;
  const staleActions = await actionsFor(opened, stale);
  assert.ok(staleActions.length > 0);

  const header = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' };
  await client.change(opened.uri, 2, [header]);
  const current = (await client.diagnosticsAt(opened.uri, 2)).diagnostics[0]!;

  assert.deepEqual(await actionsFor(opened, stale), []);
  assert.ok((await actionsFor(opened, current)).length > 0);
  // The edit computed for version 1 names version 1, so an editor at version 2 refuses it.
  const movedOn = TextDocument.update(opened.document, [header], 2);
  assert.throws(() => applyWorkspaceEdit(movedOn, byTitle(staleActions, /detach/)?.edit), /version 1, document is at 2/);
});

test('source.fixAll.oomlint applies every safe fix at once, and source.fixAll finds it too', async () => {
  const opened = await openDocument('both.py', BOTH);
  assert.deepEqual(
    opened.diagnostics.map((d) => d.code),
    ['OOM003', 'OOM001'],
  );
  const whole = { start: { line: 0, character: 0 }, end: opened.document.positionAt(BOTH.length) };
  const [fixAll, ...others] = (await client.codeActions(opened.uri, whole, [], ['source.fixAll.oomlint'])) ?? [];
  assert.deepEqual(others, []);
  assert.equal(fixAll?.kind, 'source.fixAll.oomlint');
  assert.equal(fixAll?.title, 'Fix all oomlint problems');

  const generic = (await client.codeActions(opened.uri, whole, [], ['source.fixAll'])) ?? [];
  assert.deepEqual(generic, [fixAll]);
  const quickFixesOnly = (await client.codeActions(opened.uri, whole, opened.diagnostics, ['quickfix'])) ?? [];
  assert.ok(quickFixesOnly.length > 0);
  assert.ok(quickFixesOnly.every((a) => a.kind === 'quickfix'));

  const fixed = await apply(opened, fixAll);
  const text = fixed.document.getText();
  assert.match(text, /total_loss \+= loss\.detach\(\)\n/);
  assert.match(text, /@torch\.no_grad\(\)\ndef evaluate/);
  assert.doesNotMatch(text, /\.item\(\)/);
  assert.deepEqual(fixed.diagnostics, []);
});

test('the light bulb offers "Fix all oomlint problems" as a quick fix when the document has two safe fixes', async () => {
  const opened = await openDocument('lightbulb.py', BOTH);
  const first = opened.diagnostics[0]!;
  // VS Code's light bulb and Ctrl+. send no `only`; its quick-fix filter sends `quickfix`.
  for (const only of [undefined, ['quickfix']]) {
    const actions = await actionsFor(opened, first, only);
    const fixAll = actions.filter((a) => a.title === 'Fix all oomlint problems');
    assert.equal(fixAll.length, 1, `one fix-all for only=${String(only)}`);
    assert.equal(fixAll[0]!.kind, 'quickfix');
    assert.notEqual(fixAll[0]!.isPreferred, true);
    assert.equal(actions.at(-1), fixAll[0], 'listed after the fixes of the problem at hand');
  }
  const fixed = await apply(opened, byTitle(await actionsFor(opened, first), /^Fix all/));
  assert.deepEqual(fixed.diagnostics, []);
  assert.match(fixed.document.getText(), /total_loss \+= loss\.detach\(\)\n/);
  assert.match(fixed.document.getText(), /@torch\.no_grad\(\)\ndef evaluate/);
});

test('the oomlint.applyFixAll command sends the fix-all edit with workspace/applyEdit', async () => {
  const opened = await openDocument('command.py', BOTH);
  const before = client.appliedEdits.length;
  assert.equal(await client.executeCommand('oomlint.applyFixAll', [opened.uri, 1]), true);
  const request = await client.waitFor('workspace/applyEdit', () => client.appliedEdits[before]);
  assert.equal(request.label, 'Fix all oomlint problems');
  const fixed = await apply(opened, { title: 'applied by the server', edit: request.edit });
  assert.deepEqual(fixed.diagnostics, []);

  await assert.rejects(client.executeCommand('oomlint.applyFixAll', [opened.uri, 1]), /version 2, not 1/);
  assert.equal(await client.executeCommand('oomlint.applyFixAll', [opened.uri, 2]), false);
  assert.equal(client.appliedEdits.length, before + 1);
});

test('"Ignore OOM003 on this line" writes a noqa comment that silences it', async () => {
  const opened = await openDocument('ignore.py', TRAIN);
  const ignore = byTitle(await actionsFor(opened, opened.diagnostics[0]!), /^Ignore OOM003/);
  const ignored = await apply(opened, ignore);
  assert.match(ignored.document.getText(), /^ {8}total_loss \+= loss {2}# noqa: OOM003$/m);
  assert.deepEqual(ignored.diagnostics, []);
});

test('"Ignore" extends an existing noqa list rather than adding a second comment', async () => {
  const text = TRAIN.replace('total_loss += loss\n', 'total_loss += loss  # noqa: OOM001\n');
  const opened = await openDocument('extend.py', text);
  assert.equal(opened.diagnostics.length, 1);
  const ignored = await apply(opened, byTitle(await actionsFor(opened, opened.diagnostics[0]!), /^Ignore OOM003/));
  assert.match(ignored.document.getText(), /total_loss \+= loss {2}# noqa: OOM001, OOM003\n/);
  assert.deepEqual(ignored.diagnostics, []);
});

test('"Ignore" never writes into a continued line; when offered, it silences the diagnostic', async () => {
  const text = TRAIN.replace('total_loss += loss\n', 'total_loss += loss + \\\n            0 * loss\n');
  const opened = await openDocument('continued.py', text);
  assert.deepEqual(
    opened.diagnostics.map((d) => d.code),
    ['OOM003'],
  );
  const ignore = byTitle(await actionsFor(opened, opened.diagnostics[0]!), /^Ignore OOM003/);
  if (!ignore) return;
  const ignored = await apply(opened, ignore);
  assert.match(ignored.document.getText(), /loss \+ \\\n {12}0 \* loss {2}# noqa: OOM003\n/);
  assert.deepEqual(ignored.diagnostics, []);
});

test('hover over a flagged range sums up the rule: why it costs memory, the fixes here, a link to the full page', async () => {
  const opened = await openDocument('hover.py', TRAIN);
  const diagnostic = opened.diagnostics[0]!;
  const inside = { line: diagnostic.range.start.line, character: diagnostic.range.start.character + 3 };
  const hover = await client.hover(opened.uri, inside);
  assert.ok(hover && MarkupContent.is(hover.contents));
  assert.equal(hover.contents.kind, 'markdown');
  const rule = ruleByCode('OOM003')!;
  const value = hover.contents.value;
  assert.ok(value.startsWith(`**OOM003** ${rule.meta.name}: ${rule.meta.summary}.`), value);
  assert.match(value, /\n\*\*Why it costs memory:\*\* Adding a tensor that requires grad to a running total makes the total a tensor that requires grad, whose `grad_fn` points at this iteration's loss, which points at this iteration's graph\. The next iteration adds to that total, chaining the graphs together, and nothing in the chain can be freed while the total lives\.\n/);
  assert.match(value, /\n\*\*Fix:\*\* Add \.detach\(\); or Add \.item\(\) \(unsafe: review it\)\.\n/);
  // The page itself is one click away, not in the hover.
  assert.doesNotMatch(value, /## What it does|## Example/);
  assert.match(value, /\n\[Full documentation\]\(https:\/\/[^)]+\/OOM003-[a-z-]+\.md\)$/);
  assert.deepEqual(hover.range, diagnostic.range);
  assert.equal(textOf(TRAIN, hover.range), 'total_loss += loss');

  assert.equal(await client.hover(opened.uri, { line: 0, character: 2 }), null);
});
