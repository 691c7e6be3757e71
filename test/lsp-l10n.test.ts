// The server speaks the client's language (`initialize`'s `locale`): diagnostics, fix and action
// titles, and hovers, in Chinese and Russian; English for any other locale.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MarkupContent } from 'vscode-languageserver';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
const EVALUATE = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8');
const BOTH = `${TRAIN}\n\n${EVALUATE.replace('import torch\n', '')}`;

interface Seen {
  messages: string[];
  titles: string[];
  hover: string;
}

/** What a client in `locale` sees for the training loop and the evaluation in one file. */
async function seenIn(locale: string | undefined): Promise<Seen> {
  const client = await LspTestClient.start(locale === undefined ? {} : { locale });
  try {
    const uri = pathToFileURL(join(FIXTURES_DIR, 'lsp', `l10n-${locale ?? 'none'}.py`)).href;
    await client.open(uri, BOTH, 1);
    const { diagnostics } = await client.diagnosticsAt(uri, 1);
    assert.ok(diagnostics.length >= 2, 'both findings');
    const titles: string[] = [];
    for (const d of diagnostics) titles.push(...((await client.codeActions(uri, d.range, [d])) ?? []).map((a) => a.title));
    const first = diagnostics[0]!;
    const hover = await client.hover(uri, { line: first.range.start.line, character: first.range.start.character + 1 });
    assert.ok(hover && MarkupContent.is(hover.contents));
    return { messages: diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)), titles: [...new Set(titles)], hover: hover.contents.value };
  } finally {
    await client.stop();
  }
}

test('zh-CN: Chinese messages, fix titles, action titles and hovers', async () => {
  const seen = await seenIn('zh-CN');
  for (const message of seen.messages) assert.match(message, /\p{Script=Han}/u, message);
  assert.ok(seen.titles.includes('添加 .detach()'), seen.titles.join(' | '));
  assert.ok(seen.titles.includes('添加 .item()（不安全）'), seen.titles.join(' | '));
  assert.ok(seen.titles.includes('修复所有 oomlint 问题'), seen.titles.join(' | '));
  assert.ok(seen.titles.some((t) => /^在此行忽略 OOM00\d$/.test(t)), seen.titles.join(' | '));
  assert.match(seen.hover, /\*\*为何占用显存：\*\*/);
  assert.match(seen.hover, /\*\*修复：\*\* 添加 \.detach\(\)；或 添加 \.item\(\)（不安全修复：请先检查）。/);
  assert.match(seen.hover, /\[完整文档\]\(/);
});

test('ru: Russian messages, fix titles, action titles and hovers', async () => {
  const seen = await seenIn('ru');
  for (const message of seen.messages) assert.match(message, /\p{Script=Cyrillic}/u, message);
  assert.ok(seen.titles.includes('Добавить .detach()'), seen.titles.join(' | '));
  assert.ok(seen.titles.includes('Добавить .item() (небезопасно)'), seen.titles.join(' | '));
  assert.ok(seen.titles.includes('Исправить все проблемы oomlint'), seen.titles.join(' | '));
  assert.ok(seen.titles.some((t) => /^Игнорировать OOM00\d в этой строке$/.test(t)), seen.titles.join(' | '));
  assert.match(seen.hover, /\*\*Почему это расходует память:\*\*/);
  assert.match(seen.hover, /\[Полная документация\]\(/);
});

test('another locale, or none, is English', async () => {
  for (const locale of ['de', undefined]) {
    const seen = await seenIn(locale);
    assert.ok(seen.titles.includes('Fix all oomlint problems'), seen.titles.join(' | '));
    assert.ok(seen.titles.includes('Add .item() (unsafe)'), seen.titles.join(' | '));
    assert.match(seen.hover, /\*\*Why it costs memory:\*\*/);
    for (const message of seen.messages) assert.doesNotMatch(message, /\p{Script=Han}|\p{Script=Cyrillic}/u, message);
  }
});
