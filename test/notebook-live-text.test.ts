// An open notebook's joined text, kept up to date cell by cell: after any changes it is the text a
// fresh join gives, and a change to one cell's text changes the joined text within that cell only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SourceText } from '../server/src/core/source';
import { LiveNotebookText, type JoinedLayout, type JoinedTextChange, type LiveCell } from '../server/src/notebooks/live-notebook-text';
import { clashesWithNonce, joinCells } from '../server/src/notebooks/notebook-text';

const cellsOf = (layout: JoinedLayout) => Array.from({ length: layout.cellCount }, (_, i) => layout.cellAt(i));
const apply = (text: string, change: JoinedTextChange | undefined) => (change ? text.slice(0, change.start) + change.text + text.slice(change.end) : text);

const line = fc.oneof(
  fc.constantFrom('import torch', 'for x in xs:', '    y = model(x)', '%time y = f(x)', '%%time', '!pip install \\', '  torch', 'a = (1,', '"""', '', '\r', 'x = 1\r', '# oomlint-ipython n0 0', 'pass  # oomlint-ipython n1 0'),
  fc.string({ maxLength: 8 }),
);
const source = fc.array(line, { maxLength: 6 }).map((lines) => lines.join('\n'));

type Step = { kind: 'type'; cell: number; source: string } | { kind: 'insert'; at: number; source: string } | { kind: 'delete'; at: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('type' as const), cell: fc.nat(), source }) },
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), source }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);

test('after any edits, insertions and deletions the joined text and its layout are those of a fresh join', () => {
  fc.assert(
    fc.property(fc.array(source, { minLength: 1, maxLength: 4 }), fc.array(step, { maxLength: 12 }), (initial, steps) => {
      let next = 0;
      const cells: LiveCell[] = initial.map((s) => ({ id: `c${next++}`, cell: 0, source: s }));
      const numbered = () => cells.map((c, i) => ({ ...c, cell: i * 2 + 1 }));
      const live = new LiveNotebookText(numbered());
      let text = live.text;
      for (const s of steps) {
        // A layout handed out stays as it was whatever comes after it.
        const layoutBefore = live.layout();
        const cellsBefore = JSON.stringify(cellsOf(layoutBefore));
        if (s.kind === 'type' && cells.length) {
          const index = s.cell % cells.length;
          const before = live.layout().cellAt(index);
          cells[index] = { ...cells[index]!, source: s.source };
          const change = live.setSource(cells[index]!.id, s.source);
          // Within the cell, unless its new text forced new placeholders everywhere.
          if (change && !s.source.includes('oomlint-')) {
            assert.ok(change.start >= before.start && change.end <= before.start + before.text.length, JSON.stringify({ change, before }));
          }
          text = apply(text, change);
        } else if (s.kind === 'insert') {
          cells.splice(s.at % (cells.length + 1), 0, { id: `c${next++}`, cell: 0, source: s.source });
          text = apply(text, live.setCells(numbered()));
        } else if (s.kind === 'delete' && cells.length > 1) {
          cells.splice(s.at % cells.length, 1);
          text = apply(text, live.setCells(numbered()));
        }
        assert.equal(JSON.stringify(cellsOf(layoutBefore)), cellsBefore);
        // The nonce is kept while no cell clashes with it, so the fresh join uses the same one.
        const { nonce } = live.layout();
        assert.ok(!cells.some((c) => clashesWithNonce(c.source, nonce)));
        const fresh = joinCells(numbered(), nonce);
        assert.equal(live.text, fresh.text);
        assert.equal(text, fresh.text);
        assert.deepEqual(
          cellsOf(live.layout()).map(({ cell, start, row, rows, text: t }) => ({ cell, start, row, rows, text: t })),
          fresh.cells.map(({ cell, start, row, rows, text: t }) => ({ cell, start, row, rows, text: t })),
        );
      }
    }),
    { numRuns: 300 },
  );
});

test('a change never cuts a "\\r\\n" in two, so it can be sent as a range of lines and columns', () => {
  const live = new LiveNotebookText([{ id: 'a', cell: 1, source: 'x = 1\r\ny = 2\r\n' }, { id: 'b', cell: 2, source: 'z = 3' }]);
  const before = live.text;
  const change = live.setSource('a', 'x = 1\r\n\r\ny = 2\r\n')!;
  const lines = new SourceText(before);
  // The change's ends survive a round trip through positions, which a split "\r\n" would not.
  assert.equal(lines.offset(lines.position(change.start)), change.start);
  assert.equal(lines.offset(lines.position(change.end)), change.end);
  assert.equal(apply(before, change), live.text);
});
