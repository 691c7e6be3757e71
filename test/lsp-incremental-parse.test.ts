// The server's documents reparse incrementally: after any sequence of ranged edits, the tree must be
// the one a parse from scratch gives, with rows and UTF-16 offsets intact. Where the text does not
// parse cleanly, tree-sitter's error recovery may shape an incremental tree differently from a fresh
// one (its own documented behaviour); there the tree must still be well formed over the current text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { SourceText } from '../server/src/core/source';
import { OpenDocument } from '../server/src/lsp/open-document';
import { hasErrors, walk, type SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

function shape(root: SyntaxNode): string[] {
  const lines: string[] = [];
  walk(root, (n) => void lines.push(`${n.type} ${n.start}-${n.end} rows ${n.row}-${n.endRow}${n.isMissing ? ' missing' : ''}`));
  return lines;
}

/** Python's line of `offset`: lines end at "\r\n", "\n" and a lone "\r". */
function rowOf(text: string, offset: number): number {
  return new SourceText(text).lineOf(offset);
}

/** Offsets inside the text, children in order inside their parent, rows that match the offsets. */
function assertWellFormed(root: SyntaxNode, text: string): void {
  walk(root, (n) => {
    assert.ok(n.start <= n.end && n.end <= text.length, `${n.type} ${n.start}-${n.end} within the text`);
    assert.equal(n.row, rowOf(text, n.start), `${n.type} at ${n.start}: start row`);
    assert.equal(n.endRow, rowOf(text, n.end), `${n.type} at ${n.end}: end row`);
    let previousEnd = n.start;
    for (const child of n.children) {
      assert.equal(child.parent, n);
      assert.ok(child.start >= previousEnd && child.end <= n.end, `${child.type} ${child.start}-${child.end} inside ${n.type} ${n.start}-${n.end}, after its siblings`);
      previousEnd = child.end;
    }
  });
}

/** Pieces of Python and of awkward text: line breaks of all kinds, wide characters, open strings. */
const piece = fc.constantFrom(
  'x', ' ', '\n', '\r\n', '\r', '(', ')', ':', '    ', '🚀', '中文', '"""', '"', '# ', '\\', 'for i in y:\n    ', 'loss', ' += ', '.detach()',
);
const rawEdit = fc.record({
  at: fc.nat(),
  length: fc.nat({ max: 30 }),
  text: fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')),
});

test('incremental reparses match parses from scratch after random ranged edits', async () => {
  const { parser } = await sharedAnalyzer();
  fc.assert(
    fc.property(fc.array(fc.array(rawEdit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (batches) => {
      const document = new OpenDocument('untitled:property', 'python', 1, TRAIN);
      let reference = TextDocument.create('untitled:property', 'python', 1, TRAIN);
      try {
        document.syntax(parser);
        let version = 1;
        for (const batch of batches) {
          version++;
          const changes: TextDocumentContentChangeEvent[] = [];
          for (const edit of batch) {
            // Each change is relative to the text the previous one left, as in one didChange.
            const length = reference.getText().length;
            const start = length ? edit.at % (length + 1) : 0;
            const end = Math.min(length, start + edit.length);
            const change = { range: { start: reference.positionAt(start), end: reference.positionAt(end) }, text: edit.text };
            reference = TextDocument.update(reference, [change], version);
            changes.push(change);
          }
          document.applyChanges(changes, version);
          assert.equal(document.text, reference.getText());
          assert.equal(document.version, version);
          const incremental = document.syntax(parser);
          const scratch = parser.parseToSyntax(document.text);
          if (hasErrors(scratch)) assertWellFormed(incremental, document.text);
          else assert.deepEqual(shape(incremental), shape(scratch));
        }
      } finally {
        document.freeTree();
      }
    }),
    { numRuns: 300 },
  );
});

test('a full-text change replaces the tree', async () => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:full', 'python', 1, TRAIN);
  try {
    const before = document.syntax(parser);
    assert.equal(document.syntax(parser), before, 'parsed once per change');
    document.applyChanges([{ text: 'x = 1\n' }], 2);
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax('x = 1\n')));
  } finally {
    document.freeTree();
  }
});

// Found by the language-server fuzz target: a change whose range names lines past the end left
// TextDocument's line table holding NaN, so every later change landed at the wrong place and the
// server's text drifted from the editor's (and its diagnostics with it).
test('a change with a range past the end is clamped and later changes still land where they say', async () => {
  const { parser } = await sharedAnalyzer();
  const document = new OpenDocument('untitled:past-end', 'python', 1, 'a = 1\nb = 2\nc\n');
  try {
    document.applyChanges([{ range: { start: { line: 10, character: 0 }, end: { line: 12, character: 3 } }, text: 'x\ny\n' }], 2);
    assert.equal(document.text, 'a = 1\nb = 2\nc\nx\ny\n');
    // Before, this line was not found and the edit copied the whole text after itself.
    document.applyChanges([{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } }, text: 'Y' }], 3);
    assert.equal(document.text, 'a = 1\nb = 2\nc\nx\nY\n');
    document.applyChanges([{ range: { start: { line: 9, character: 9 }, end: { line: 0, character: 1 } }, text: 'z' }], 4);
    assert.equal(document.text, 'az');
    assert.deepEqual(shape(document.syntax(parser)), shape(parser.parseToSyntax('az')));
  } finally {
    document.freeTree();
  }
});

test('a document counts as edited from its first change on, so the analysis keeps statement facts only for documents someone edits', () => {
  const document = new OpenDocument('untitled:edited-flag', 'python', 1, 'x = 1\n');
  assert.equal(document.edited, false, 'just opened');
  document.applyChanges([{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 5 } }, text: '2' }], 2);
  assert.equal(document.edited, true, 'after a ranged change');
  const replaced = new OpenDocument('untitled:edited-flag-2', 'python', 1, 'x = 1\n');
  replaced.applyChanges([{ text: 'y = 2\n' }], 2);
  assert.equal(replaced.edited, true, 'after a full-text change');
});

test('the text after random ranged changes is what the reference text document\'s offsets give, positions past a line, past the end and inside "\\r\\n" included', () => {
  const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\r\n', '\r', 'é', '😀', 'x = 1');
  const position = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 12 }) });
  const change = fc.oneof(
    { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text: fc.array(piece, { maxLength: 4 }).map((p) => p.join('')) }) },
    { weight: 1, arbitrary: fc.record({ text: fc.array(piece, { maxLength: 30 }).map((p) => p.join('')) }) },
  );
  fc.assert(
    fc.property(fc.array(piece, { minLength: 5, maxLength: 40 }).map((p) => p.join('')), fc.array(change, { minLength: 1, maxLength: 12 }), (text, changes) => {
      const document = new OpenDocument('untitled:sync', 'python', 1, text);
      let expected = text;
      for (const [index, c] of changes.entries()) {
        document.applyChanges([c as TextDocumentContentChangeEvent], index + 2);
        if ('range' in c) {
          // Each change read against a text document made afresh from the text before it: the
          // reference's offsets, without its incremental line table (which a range past the end corrupts).
          const before = TextDocument.create('untitled:sync', 'python', 0, expected);
          const [from, to] = [before.offsetAt(c.range.start), before.offsetAt(c.range.end)];
          expected = expected.slice(0, Math.min(from, to)) + c.text + expected.slice(Math.max(from, to));
        } else {
          expected = c.text;
        }
        assert.equal(document.text, expected, JSON.stringify(changes.slice(0, index + 1)));
        assert.equal(document.version, index + 2);
        assert.deepEqual(document.source.starts, new SourceText(expected).starts);
      }
    }),
    { numRuns: 3000, seed: 20261127 },
  );
});
