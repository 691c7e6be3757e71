// The fast tree conversion (direct calls into web-tree-sitter's runtime) must give exactly what the
// public TreeCursor gives: same nodes, types, fields, offsets, rows, error and missing flags, document order.
// A web-tree-sitter upgrade that changes the internals it relies on fails here first.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { editForChange } from '../server/src/lsp/tree-edit';
import type { PreviousConversion } from '../server/src/parser/parser';
import { buildSyntaxTree, type SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

/** Every node with its fields, one line each, parents named by their place in document order (not compared as objects). */
function describe(root: SyntaxNode): string[] {
  const lines: string[] = [];
  const places = new Map<SyntaxNode, number>();
  const visit = (node: SyntaxNode) => {
    places.set(node, places.size);
    lines.push(
      [places.get(node), node.type, node.named, node.start, node.end, node.row, node.endRow, node.fieldName, node.parent ? places.get(node.parent) : -1, node.isError, node.isMissing, node.children.length].join(' '),
    );
    for (const child of node.children) visit(child);
  };
  visit(root);
  return lines;
}

function pythonFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.py'))
    .sort()
    .map((f) => join(dir, f));
}

const SAMPLES: Record<string, string> = {
  empty: '',
  'no final newline': 'x = 1',
  'CRLF and lone CR': 'def f():\r\n    return 1\r\rx = f()\r\n',
  'wide characters': '# 中文 🚀\ns = "é😀"\nt = f"{s!r:>10}"\n',
  'unterminated string and bracket': 'x = (1,\n  2\ny = """never closed\n',
  'missing tokens': 'def f(:\n  pass\nclass\n',
  'deep nesting': `x = ${'['.repeat(60)}1${']'.repeat(60)}\n`,
  'tabs and continuation': 'if a and \\\n\tb:\n\tpass\n',
};

test('the parser uses the direct conversion with this web-tree-sitter', async () => {
  const { parser } = await sharedAnalyzer();
  assert.equal(parser.conversion, 'direct');
});

test('direct conversion matches the public cursor on fixtures, examples and awkward text', async () => {
  const { parser } = await sharedAnalyzer();
  const files = [
    ...pythonFilesIn(join(FIXTURES_DIR, 'rules')),
    ...pythonFilesIn(join(FIXTURES_DIR, 'clean')),
    ...pythonFilesIn(join(FIXTURES_DIR, 'cli')),
    ...pythonFilesIn(join(FIXTURES_DIR, 'lsp')),
    ...pythonFilesIn(join(REPO_ROOT, 'examples')),
  ];
  const texts: [string, string][] = [...files.map((f): [string, string] => [f, readFileSync(f, 'utf8')]), ...Object.entries(SAMPLES)];
  assert.ok(files.length >= 10, 'fixtures found');
  for (const [name, text] of texts) {
    const tree = parser.parse(text);
    try {
      assert.deepEqual(describe(parser.toSyntax(tree, text)), describe(buildSyntaxTree(tree)), name);
    } finally {
      tree.delete();
    }
  }
});

test('direct conversion of an incrementally reparsed tree matches the public cursor', async () => {
  const { parser } = await sharedAnalyzer();
  let text = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
  let tree = parser.parse(text);
  try {
    for (const [at, inserted] of [[10, 'q'], [200, '\n    x = ('], [text.length, '\n"""'], [0, '# 🚀\r\n']] as const) {
      const offset = Math.min(at, text.length);
      tree.edit(editForChange(text, offset, offset, inserted));
      text = text.slice(0, offset) + inserted + text.slice(offset);
      const next = parser.parse(text, tree);
      tree.delete();
      tree = next;
      assert.deepEqual(describe(parser.toSyntax(tree, text)), describe(buildSyntaxTree(tree)), `after inserting ${JSON.stringify(inserted)}`);
    }
  } finally {
    tree.delete();
  }
});

/** Pieces of Python and of awkward text for random edits. */
const piece = fc.constantFrom('x', ' ', '\n', '\r\n', '(', ')', ':', '    ', '🚀', '"""', '"', "'", '# ', '\\', 'for i in y:\n    ', 'loss', ' += ', 'def f():\n', '[', ']');
const singleEdit = fc.record({
  at: fc.nat(),
  /** Edit at either end of a word, where node ends touch the edit. */
  atWordEdge: fc.boolean(),
  length: fc.nat({ max: 12 }),
  text: fc.array(piece, { maxLength: 4 }).map((p) => p.join('')),
});

const lineBreaks = (text: string) => text.split('\n').length - 1;

/** Offsets where a word starts or ends. */
function wordEdges(text: string): number[] {
  const edges: number[] = [];
  for (const match of text.matchAll(/\w+/g)) edges.push(match.index, match.index + match[0].length);
  return edges;
}

for (const movable of [false, true]) {
  test(`after each single edit, reusing the previous tree gives exactly the full conversion (${movable ? "an open document's nodes, which move with their statement" : 'plain nodes'})`, async () => {
    const { parser } = await sharedAnalyzer();
    // Module-level statements too: their ends touch edits typed at the end of a line.
    const base = [
      readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8'),
      readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8'),
      'y = loss\nz = [1, 2]\ns = "abc"\n',
    ].join('\n');
    fc.assert(
      fc.property(fc.array(singleEdit, { minLength: 1, maxLength: 10 }), (edits) => {
        let text = base;
        let tree = parser.parse(text);
        let root = parser.toSyntax(tree, text, undefined, movable);
        try {
          for (const edit of edits) {
            const edges = wordEdges(text);
            const start = edit.atWordEdge && edges.length ? edges[edit.at % edges.length]! : text.length ? edit.at % (text.length + 1) : 0;
            const end = Math.min(text.length, start + (edit.atWordEdge ? edit.length % 2 : edit.length));
            // As the server does: the edit as tree-sitter sees it (a CR just before it counts as changed).
            const treeEdit = editForChange(text, start, end, edit.text);
            tree.edit(treeEdit);
            text = text.slice(0, start) + edit.text + text.slice(end);
            const next = parser.parse(text, tree);
            const previous: PreviousConversion = {
              root,
              edit: {
                start: treeEdit.startIndex,
                oldEnd: treeEdit.oldEndIndex,
                newEnd: treeEdit.newEndIndex,
                rowDelta: treeEdit.newEndPosition.row - treeEdit.oldEndPosition.row,
              },
              changed: next.getChangedRanges(tree),
            };
            tree.delete();
            tree = next;
            root = parser.toSyntax(tree, text, previous, movable);
            assert.deepEqual(describe(root), describe(parser.toSyntax(tree, text)));
          }
        } finally {
          tree.delete();
        }
      }),
      { numRuns: 400 },
    );
  });
}

test('an edit near the top reuses the untouched statements below it, moved', async () => {
  const { parser } = await sharedAnalyzer();
  const text = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
  const tree = parser.parse(text);
  const root = parser.toSyntax(tree, text);
  const last = root.children[root.children.length - 1]!;
  const lastText = text.slice(last.start, last.end);
  const at = root.children[1]!.start;
  const inserted = '# note\n';
  tree.edit(editForChange(text, at, at, inserted));
  const edited = text.slice(0, at) + inserted + text.slice(at);
  const next = parser.parse(edited, tree);
  try {
    const previous: PreviousConversion = { root, edit: { start: at, oldEnd: at, newEnd: at + inserted.length, rowDelta: 1 }, changed: next.getChangedRanges(tree) };
    const reused = parser.toSyntax(next, edited, previous);
    assert.ok(reused.children.includes(last), 'the last top-level statement is the same object');
    assert.equal(edited.slice(last.start, last.end), lastText, 'and it moved with the text');
  } finally {
    tree.delete();
    next.delete();
  }
});

test('typing at either end of a token gives the full conversion (ends that touch the edit)', async () => {
  const { parser } = await sharedAnalyzer();
  const cases: [string, string, string][] = [
    // [text with | where the edit goes, inserted, what the case guards]
    ['y = loss|\nz = 1\n', 'x', 'a letter after the last name of a line extends the name and its statement'],
    ['y = loss|\n', 'x', 'the same at the end of the file'],
    ['y = |loss\n', 'x', 'a letter before a name'],
    ['def f():\n    total += loss|\n    return total\n', 'x', 'inside a block'],
    ['s = "abc"|\n', 'd', 'after a string'],
    ['x = (1, 2)|\n', '\n', 'a line break after a statement'],
    ['x = [1, 2|]\n', ', 3', 'inside brackets'],
  ];
  for (const [marked, inserted, what] of cases) {
    const at = marked.indexOf('|');
    const text = marked.replace('|', '');
    const tree = parser.parse(text);
    const root = parser.toSyntax(tree, text);
    tree.edit(editForChange(text, at, at, inserted));
    const edited = text.slice(0, at) + inserted + text.slice(at);
    const next = parser.parse(edited, tree);
    try {
      const previous: PreviousConversion = {
        root,
        edit: { start: at, oldEnd: at, newEnd: at + inserted.length, rowDelta: lineBreaks(inserted) },
        changed: next.getChangedRanges(tree),
      };
      assert.deepEqual(describe(parser.toSyntax(next, edited, previous)), describe(parser.toSyntax(next, edited)), what);
    } finally {
      tree.delete();
      next.delete();
    }
  }
});

test('subtrees with syntax errors are converted again rather than reused', async () => {
  // Error recovery can give an ERROR node other children after an edit elsewhere without tree-sitter
  // reporting its range as changed; this file (random edits of generated code) is such a case.
  const { parser } = await sharedAnalyzer();
  const text = readFileSync(join(FIXTURES_DIR, 'parser', 'error-recovery.py'), 'utf8');
  const line = 'elif isinstance(module, nn.Linear):';
  const at = text.indexOf(line) + line.length;
  const inserted = " loss'";
  const tree = parser.parse(text);
  const root = parser.toSyntax(tree, text);
  tree.edit(editForChange(text, at, at, inserted));
  const edited = text.slice(0, at) + inserted + text.slice(at);
  const next = parser.parse(edited, tree);
  try {
    const previous: PreviousConversion = { root, edit: { start: at, oldEnd: at, newEnd: at + inserted.length, rowDelta: 0 }, changed: next.getChangedRanges(tree) };
    assert.deepEqual(describe(parser.toSyntax(next, edited, previous)), describe(parser.toSyntax(next, edited)));
  } finally {
    tree.delete();
    next.delete();
  }
});
