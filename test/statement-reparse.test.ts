// The statement-by-statement reparse (server/src/parser/statement-reparse.ts) through an open
// document: the tree after each edit is the tree a parse from scratch gives (for a text without a
// syntax error; with one, the error stays in its statement, unless a string or bracket it leaves open
// is closed further on and the whole text is valid), the statements the edit did not touch
// are the same node objects, and an edit that does not fit falls back to the full reparse, whose tree
// is the one from scratch too, however far the tree-sitter tree fell behind.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { OpenDocument } from '../server/src/lsp/open-document';
import type { PythonParser } from '../server/src/parser/parser';
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
      // A syntax error in `train` stays in `train`, which is parsed alone.
      [4, 'for x in loader:', 'for x in loader'],
      [4, 'for x in loader', 'for x in loader:'],
      // A syntax error between two statements: the whole text is parsed again, and `evaluate` must
      // not be taken from the tree-sitter tree's older version of it.
      [8, '', '('],
      [8, '(', ''],
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

/**
 * Applies the edit and returns the new tree, with whether the whole text was parsed for it
 * (tree-sitter's reparse) rather than only some of its lines.
 */
function syntaxAfter(t: TestContext, parser: PythonParser, document: OpenDocument, apply: () => void): { root: SyntaxNode; whole: boolean; fromEarlierTree: boolean[] } {
  apply();
  const parse = t.mock.method(parser, 'parse');
  try {
    const root = document.syntax(parser);
    return {
      root,
      whole: parse.mock.calls.some((call) => call.arguments[0] === document.text),
      // Whether each parse was given an earlier tree to start from.
      fromEarlierTree: parse.mock.calls.map((call) => call.arguments[1] !== undefined && call.arguments[1] !== null),
    };
  } finally {
    parse.mock.restore();
  }
}

test('an edit that leaves a syntax error parses its statement alone: the error stays there, the other statements keep their nodes, and mending it gives the tree from scratch', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:mend', 'python', 1, TEXT);
  try {
    const before = document.syntax(parser);
    const [imports, train, , head] = before.children;
    let version = 1;
    const broken = syntaxAfter(t, parser, document, () => edit(document, 11, 'return outputs', 'returnq outputs', ++version));
    assert.equal(broken.whole, false, 'only the broken statement is parsed');
    assert.ok(parser.containsErrors(broken.root));
    assert.deepEqual([broken.root.children[0], broken.root.children[1], broken.root.children.at(-1)], [imports, train, head], 'the statements around the error are kept');
    // The error is what the statement's lines parse to alone, where they are.
    const lines = document.text.slice(broken.root.children[2]!.start, head!.start);
    const alone = parser.parseToSyntax(lines).children;
    assert.deepEqual(broken.root.children.slice(2, -1).map((s) => relative(s, broken.root.children[2]!.start)), alone.map((s) => relative(s, 0)));
    assert.ok(alone.some((s) => parser.containsErrors(s)));
    // Typing on in the broken line: still an error, still the statement alone.
    assert.equal(syntaxAfter(t, parser, document, () => edit(document, 11, 'returnq outputs', 'returnqq outputs', ++version)).whole, false);
    // Mending it parses the broken function alone, and the tree is the whole file's.
    const mended = syntaxAfter(t, parser, document, () => edit(document, 11, 'returnqq outputs', 'return outputs', ++version));
    assert.equal(mended.whole, false, 'only the broken lines are parsed');
    assert.deepEqual(shape(mended.root), shape(parser.parseToSyntax(document.text)));
    assert.equal(parser.containsErrors(mended.root), false);
    assert.deepEqual([mended.root.children[0], mended.root.children[1], mended.root.children[3]], [imports, train, head]);
    assert.equal(mended.root.children[2]!.type, 'function_definition');
  } finally {
    document.freeTree();
  }
});

test('a string opened in one statement and closed in a later one: once the whole text is valid, its tree is the one from scratch', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:triple-quotes', 'python', 1, TEXT);
  try {
    document.syntax(parser);
    // Commenting out code from `train`'s backward to the end of `evaluate` with a string: the opening
    // quotes alone leave the text invalid, and `train` keeps its own parse with the error.
    const opened = syntaxAfter(t, parser, document, () => edit(document, 6, 'loss.backward()', '"""loss.backward()', 2));
    assert.ok(parser.containsErrors(opened.root));
    assert.equal(opened.root.children.length, 4, 'the statements after the error are kept');
    // The closing quotes, typed in `evaluate`: its lines alone leave a string open, and the whole text,
    // where the string runs from `train` to here, is valid.
    const closed = syntaxAfter(t, parser, document, () => edit(document, 11, 'return outputs', 'return outputs"""', 3));
    assert.ok(closed.whole, 'the whole text is asked');
    assert.equal(parser.containsErrors(closed.root), false);
    assert.deepEqual(shape(closed.root), shape(parser.parseToSyntax(document.text)));
    assert.deepEqual(closed.root.children.map((c) => c.type), ['import_statement', 'function_definition', 'class_definition']);
    // Typing on inside the string, now part of `train`, keeps the tree from scratch.
    edit(document, 10, 'outputs = [', 'outs = [', 4);
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax(document.text)));
  } finally {
    document.freeTree();
  }
});

/** A subtree's shape with offsets counted from `origin` (rows left out: they are the file's). */
function relative(node: SyntaxNode, origin: number): unknown {
  return [node.type, node.start - origin, node.end - origin, node.fieldName, node.isError, node.isMissing, node.children.map((c) => relative(c, origin))];
}

test('a mend finds the statements parsed alone before the error as they were, and a mend next to a kept comment is parsed whole', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:mend-after', 'python', 1, TEXT);
  const breakAcross = (target: OpenDocument, version: number) =>
    // From the blank line above `evaluate` into its `def` line: an edit that reaches past one statement,
    // which leaves an unclosed parenthesis. The whole text is parsed.
    target.applyChanges([{ range: { start: { line: 8, character: 0 }, end: { line: 9, character: 'def evaluate(model, loader):'.length } }, text: '\ndef evaluate(model, loader:' }], version);
  try {
    document.syntax(parser);
    let version = 1;
    // `train` is parsed alone; then an error across statements takes the whole text (the tree-sitter
    // tree had not seen its edit). Its conversion gives `train` the subtree it had, so it keeps its
    // node, and with it what the analysis worked out about it.
    const alone = syntaxAfter(t, parser, document, () => edit(document, 6, 'loss.backward()', 'loss.sum().backward()', ++version));
    assert.equal(alone.whole, false);
    const trained = alone.root.children[1];
    const broken = syntaxAfter(t, parser, document, () => breakAcross(document, ++version));
    assert.ok(broken.whole);
    assert.ok(parser.containsErrors(broken.root));
    assert.equal(broken.root.children[1], trained, 'the statement parsed alone before keeps its node');
    const mended = syntaxAfter(t, parser, document, () => edit(document, 9, 'loader:', 'loader):', ++version));
    assert.equal(mended.whole, false, 'the statements around the error are known to parse alone as they are');
    assert.deepEqual(shape(mended.root), shape(parser.parseToSyntax(document.text)));
  } finally {
    document.freeTree();
  }
  // A comment kept in the tree (it ends a statement's last line, after a backslash) right after the
  // statement broken and mended: it may belong to either side, so both are parsed whole.
  const commented = new OpenDocument('untitled:mend-comment', 'python', 1, TEXT.replace('class Head', 'scale = 2 \\\n# noqa\nclass Head'));
  try {
    assert.ok(commented.syntax(parser).children.some((c) => c.type === 'comment'));
    assert.ok(syntaxAfter(t, parser, commented, () => edit(commented, 14, 'scale = 2', 'scale = (2', 2)).whole);
    const mended = syntaxAfter(t, parser, commented, () => edit(commented, 14, 'scale = (2', 'scale = 2', 3));
    assert.ok(mended.whole);
    assert.deepEqual(shape(mended.root), shape(parser.parseToSyntax(commented.text)));
  } finally {
    commented.freeTree();
  }
});

test('a whole parse after statements were parsed alone keeps their nodes where their subtrees are the same, moved where the text moved', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:kept-after-whole', 'python', 1, TEXT);
  try {
    document.syntax(parser);
    let version = 1;
    const trainAlone = syntaxAfter(t, parser, document, () => edit(document, 6, 'loss.backward()', 'loss.sum().backward()', ++version));
    const headAlone = syntaxAfter(t, parser, document, () => edit(document, 16, 'return x', 'return x * 2', ++version));
    assert.equal(trainAlone.whole || headAlone.whole, false);
    const [, train, , head] = headAlone.root.children;
    // A blank line added from the end of `train` into `evaluate`'s `def` line: an edit past one
    // statement, so the whole text is parsed; `Head` comes one row and one character later.
    const whole = syntaxAfter(t, parser, document, () =>
      document.applyChanges([{ range: { start: { line: 8, character: 0 }, end: { line: 9, character: 3 } }, text: '\n\ndef' }], ++version));
    assert.ok(whole.whole);
    assert.equal(whole.root.children[1], train);
    assert.equal(whole.root.children[3], head);
    assert.equal(head!.parent, whole.root);
    assert.deepEqual(shape(whole.root), shape(parser.parseToSyntax(document.text)));
    // The next edit inside `Head` is parsed alone again, from its moved node.
    const next = syntaxAfter(t, parser, document, () => edit(document, 17, 'return x * 2', 'return x * 3', ++version));
    assert.equal(next.whole, false);
    assert.deepEqual(shape(next.root), shape(parser.parseToSyntax(document.text)));
  } finally {
    document.freeTree();
  }
});

test('the next edit in the same statement parses its lines from the tree of the last one, and gives the tree from scratch', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:kept-statement-tree', 'python', 1, TEXT);
  const fromTree = (apply: () => void): boolean[] => syntaxAfter(t, parser, document, apply).fromEarlierTree;
  try {
    document.syntax(parser);
    let version = 1;
    assert.deepEqual(fromTree(() => edit(document, 5, 'loss = model(x).sum()', 'loss = model(x).mean()', ++version)), [false]);
    assert.deepEqual(fromTree(() => edit(document, 5, 'loss = model(x).mean()', 'loss = model(x).mean() * 2', ++version)), [true]);
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax(document.text)));
    // A line added in the same statement, and a comment line (blank to the parser) typed into it.
    assert.deepEqual(fromTree(() => edit(document, 6, 'loss.backward()', 'loss.backward()\n        # done\n        print(loss)', ++version)), [true]);
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax(document.text)));
    // Another statement: its lines share little with the kept ones, and are parsed from scratch.
    assert.deepEqual(fromTree(() => edit(document, 18, 'return x', 'return x + 1', ++version)), [false]);
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax(document.text)));
  } finally {
    document.freeTree();
  }
});

test('an edit on a statement\'s first line parses its lines alone, and so do lines that become two statements', async (t) => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:first-line', 'python', 1, TEXT);
  try {
    document.syntax(parser);
    let version = 1;
    const renamed = syntaxAfter(t, parser, document, () => edit(document, 9, 'def evaluate(model, loader):', 'def evaluate(model, loader, device):', ++version));
    assert.equal(renamed.whole, false);
    assert.deepEqual(shape(renamed.root), shape(parser.parseToSyntax(document.text)));
    // A new function typed above `evaluate`, at the start of its first line.
    const added = syntaxAfter(t, parser, document, () => edit(document, 9, 'def evaluate', 'def helper():\n    return 1\n\n\ndef evaluate', ++version));
    assert.equal(added.whole, false);
    assert.deepEqual(shape(added.root), shape(parser.parseToSyntax(document.text)));
    assert.deepEqual(added.root.children.map((c) => c.type), ['import_statement', 'function_definition', 'function_definition', 'function_definition', 'class_definition']);
  } finally {
    document.freeTree();
  }
});

test('a first line indented or moved down is parsed as the whole file would: in the block above, or where the module starts', async (t) => {
  const { parser } = await sharedAnalyzer();
  for (const [line, from, to] of [
    // Alone, tree-sitter takes an indented first line without an error; in the file it continues `train`.
    [9, 'def evaluate', '    def evaluate'],
    [9, 'def evaluate', '\n  def evaluate'],
    // The module starts where its first statement does.
    [0, 'import torch', '    import torch'],
    [0, 'import torch', '\n    import torch'],
    [0, 'import torch', '\r\nimport torch'],
    [0, 'import torch', '\nimport torch'],
  ] as const) {
    const document = new OpenDocument('untitled:top', 'python', 1, TEXT);
    try {
      document.syntax(parser);
      const { root } = syntaxAfter(t, parser, document, () => edit(document, line, from, to, 2));
      const scratch = parser.parseToSyntax(document.text);
      if (!parser.containsErrors(scratch)) assert.deepEqual(shape(root), shape(scratch), JSON.stringify(to));
      else assert.ok(parser.containsErrors(root), `${JSON.stringify(to)}: an error in the tree, as from scratch`);
    } finally {
      document.freeTree();
    }
  }
});
