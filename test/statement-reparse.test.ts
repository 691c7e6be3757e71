// The statement-by-statement reparse (server/src/parser/statement-reparse.ts) through an open
// document: the tree after each edit is the tree a parse from scratch gives, the statements the edit
// did not touch are the same node objects, and an edit that does not fit falls back to the full
// reparse, whose tree is the one from scratch too, however far the tree-sitter tree fell behind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OpenDocument } from '../server/src/lsp/open-document';
import type { SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';

const TEXT = [
  'import torch',
  '',
  '',
  'def train(model, loader):',
  '    for x in loader:',
  '        loss = model(x).sum()',
  '        loss.backward()',
  '',
  '',
  'def evaluate(model, loader):',
  '    outputs = [model(x) for x in loader]',
  '    return outputs',
  '',
  '',
  'class Head(torch.nn.Module):',
  '    def forward(self, x):',
  '        return x',
  '',
].join('\n');

function shape(node: SyntaxNode): unknown {
  return [node.type, node.start, node.end, node.row, node.endRow, node.fieldName, node.named, node.isError, node.isMissing, node.children.map(shape)];
}

/** Replaces the first `from` on `line` with `to`. */
function edit(document: OpenDocument, line: number, from: string, to: string, version: number): void {
  const character = document.text.split('\n')[line]!.indexOf(from);
  assert.ok(character >= 0, `${from} on line ${line}`);
  document.applyChanges([{ range: { start: { line, character }, end: { line, character: character + from.length } }, text: to }], version);
}

test('an edit inside a function parses that function alone: the tree is the one from scratch, and the other statements keep their nodes', async () => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:statement', 'python', 1, TEXT);
  try {
    const before = document.syntax(parser);
    const [imports, train, evaluate, head] = before.children;
    // A new line in the body moves everything after it by a row.
    edit(document, 11, 'return outputs', 'outputs = outputs[:1]\n    return outputs', 2);
    const after = document.syntax(parser);
    assert.deepEqual(shape(after), shape(parser.parseToSyntax(document.text)));
    assert.equal(after.children[0], imports);
    assert.equal(after.children[1], train);
    assert.notEqual(after.children[2], evaluate, 'the edited function is new');
    assert.equal(after.children[3], head, 'moved, not parsed again');
    assert.equal(head!.row, 15);
  } finally {
    document.freeTree();
  }
});

test('edits that do not fit one statement fall back to the full reparse, after statements were parsed alone as well', async () => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:fallback', 'python', 1, TEXT);
  try {
    document.syntax(parser);
    let version = 1;
    const steps: [number, string, string][] = [
      // Parsed alone: the tree-sitter tree falls behind in `evaluate`.
      [10, 'outputs = [', 'outs = ['],
      [11, 'return outputs', 'return outs'],
      // A syntax error in `train`: the whole text is parsed again, and `evaluate` must not be taken
      // from the tree-sitter tree's older version of it.
      [4, 'for x in loader:', 'for x in loader'],
      [4, 'for x in loader', 'for x in loader:'],
      // Commenting out a function's last line: the function now ends before the edit does.
      [11, 'return outs', '# return outs'],
      [11, '# return outs', 'return outs'],
      // A new statement between two others: not one statement's edit.
      [12, '', 'x = 1'],
      // An edit that reaches from one function into the next.
      [6, 'loss.backward()', 'loss.backward()  # step'],
    ];
    for (const [line, from, to] of steps) {
      edit(document, line, from, to, ++version);
      assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax(document.text)), `after ${JSON.stringify(to)}`);
    }
  } finally {
    document.freeTree();
  }
});
