import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIELD_NAMES } from '../server/src/parser/python-nodes.generated';
import { field, hasErrors, is, walk, type SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { GRAMMAR_DIR } from './support/paths';

test('committed grammar files match their provenance record', () => {
  const provenance = JSON.parse(readFileSync(join(GRAMMAR_DIR, 'provenance.json'), 'utf8')) as {
    files: { file: string; sha256: string; version: string }[];
  };
  assert.ok(provenance.files.length >= 3);
  for (const entry of provenance.files) {
    const digest = createHash('sha256').update(readFileSync(join(GRAMMAR_DIR, entry.file))).digest('hex');
    assert.equal(digest, entry.sha256, entry.file);
  }
});

test('parses Python into a typed plain tree with fields and UTF-16 offsets', async () => {
  const { parser } = await sharedAnalyzer();
  const text = '# 中文注释 🚀\nout = model(x)  # 模型\n';
  const root = parser.parseToSyntax(text);
  assert.equal(root.type, 'module');
  assert.equal(hasErrors(root), false);
  const calls: SyntaxNode[] = [];
  walk(root, (n) => void (n.type === 'call' && calls.push(n)));
  assert.equal(calls.length, 1);
  const call = calls[0]!;
  assert.ok(is(call, 'call'));
  const callee = field(call, 'function');
  assert.equal(text.slice(callee!.start, callee!.end), 'model');
  assert.equal(text.slice(call.start, call.end), 'model(x)');
  assert.equal(call.row, 1);
});

test('generated field table matches what the parser reports', async () => {
  const { parser } = await sharedAnalyzer();
  const root = parser.parseToSyntax('with torch.no_grad():\n    for a, b in zip(x, y):\n        f(a, k=b)\n');
  walk(root, (n) => {
    if (n.fieldName && n.parent) {
      assert.ok(FIELD_NAMES[n.parent.type]?.includes(n.fieldName), `${n.parent.type}.${n.fieldName}`);
    }
  });
});

test('marks syntax errors', async () => {
  const { parser } = await sharedAnalyzer();
  assert.equal(hasErrors(parser.parseToSyntax('def f(:\n  pass\n')), true);
});
