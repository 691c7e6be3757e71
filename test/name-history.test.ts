// The history of names an open document's edits changed (see name-history.ts): what an answer read
// by name holds until one of those names changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { advancedHistory, NameHistory, nameHistorySlot } from '../server/src/semantic/name-history';
import { VersionMemory } from '../server/src/semantic/facts';
import type { SyntaxNode } from '../server/src/parser/syntax';

test('a name history counts the versions that changed names, and tells whether names changed since an epoch', () => {
  const history = new NameHistory();
  const start = history.epoch;
  history.advance(new Set());
  assert.equal(history.epoch, start, 'a version that changed nothing keeps the epoch');
  history.advance(new Set(['train', 'step']));
  const middle = history.epoch;
  assert.ok(middle > start);
  assert.equal(history.unchangedSince(['train'], start), false);
  assert.equal(history.unchangedSince(['evaluate'], start), true);
  assert.equal(history.unchangedSince(['train', 'step'], middle), true);
  history.advance(new Set(['step']));
  assert.equal(history.unchangedSince(['train'], middle), true);
  assert.equal(history.unchangedSince(['evaluate', 'step'], middle), false);
});

test('the names of the statements an edit replaced change; the statements it left at both ends change none', () => {
  // Statements stand for themselves here: only their identity and their parts are read.
  const statement = (name: string) => ({ type: 'function_definition', name }) as unknown as SyntaxNode;
  const [a, b, c, b2] = [statement('a'), statement('b'), statement('c'), statement('b2')];
  const memory = new VersionMemory();
  const slot = nameHistorySlot<readonly string[]>('test names');
  // A statement the edit left is the same node with the same part (kept with it).
  const [trainPart, mainPart, newPart] = [['train'], ['main'], ['step', 'other']];
  const first = advancedHistory(memory, slot, { statements: [a, b, c], values: [trainPart, ['step', 'helper'], mainPart] }, (names) => names);
  const epoch = first.epoch;
  // `b` replaced by `b2`, which defines `step` and `other` but no longer `helper`.
  const second = advancedHistory(memory, slot, { statements: [a, b2, c], values: [trainPart, newPart, mainPart] }, (names) => names);
  assert.equal(second, first, 'one history from version to version');
  assert.equal(second.unchangedSince(['train', 'main'], epoch), true);
  assert.equal(second.unchangedSince(['helper'], epoch), false);
  assert.equal(second.unchangedSince(['other'], epoch), false);
  assert.equal(second.unchangedSince(['step'], epoch), false, 'a name of a replaced statement changes, even where the new one defines it again');
  // Nothing replaced: nothing changes.
  const third = advancedHistory(memory, slot, { statements: [a, b2, c], values: [trainPart, newPart, mainPart] }, (names) => names);
  assert.equal(third.epoch, second.epoch);
});
