// The server keeps trees only for the documents used last, within a node budget, and gives memory
// back once idle: documents that gave their trees up parse again, to the same tree, when needed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DocumentLinter, SESSION_FROM_OPEN_LINES } from '../server/src/lsp/document-linter';
import type { DocumentSettingsProvider } from '../server/src/lsp/document-settings';
import { DocumentStore } from '../server/src/lsp/document-store';
import { IdleMemoryRelease } from '../server/src/lsp/idle-memory';
import { walk, type SyntaxNode } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR } from './support/paths';

const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');
const EVALUATE = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8');

function shape(root: SyntaxNode): string[] {
  const lines: string[] = [];
  walk(root, (n) => void lines.push(`${n.type} ${n.start}-${n.end} rows ${n.row}-${n.endRow}`));
  return lines;
}

function open(store: DocumentStore, uri: string, text: string) {
  return store.open({ textDocument: { uri, languageId: 'python', version: 1, text } });
}

test('trees beyond the budget are given up, least recently used first, and parse again on demand', async () => {
  const { parser } = await sharedAnalyzer();
  const one = parser.parseToSyntax(TRAIN);
  let nodes = 0;
  walk(one, () => void nodes++);
  // Room for two of these documents, not three.
  const store = new DocumentStore(parser, nodes * 2 + 1);
  try {
    const a = open(store, 'file:///a.py', TRAIN);
    const b = open(store, 'file:///b.py', TRAIN);
    const c = open(store, 'file:///c.py', TRAIN);
    store.syntax(a);
    store.syntax(b);
    assert.equal(a.parsedNodes, nodes);
    assert.equal(b.parsedNodes, nodes);
    const first = store.syntax(a);
    store.syntax(c);
    assert.equal(b.parsedNodes, 0, 'b was used longest ago');
    assert.equal(a.parsedNodes, nodes);
    assert.equal(store.syntax(a), first, 'a kept its tree');
    assert.deepEqual(shape(store.syntax(b)), shape(one), 'b parses again to the same tree');
    assert.equal(c.parsedNodes, 0, 'and c gave its tree up in turn');
  } finally {
    store.dispose();
  }
});

test('the document in use keeps its tree even when it alone is over the budget', async () => {
  const { parser } = await sharedAnalyzer();
  const store = new DocumentStore(parser, 10);
  try {
    const big = open(store, 'file:///big.py', TRAIN);
    const root = store.syntax(big);
    assert.ok(big.parsedNodes > 10);
    assert.equal(store.syntax(big), root);
    const other = open(store, 'file:///other.py', EVALUATE);
    store.syntax(other);
    assert.equal(big.parsedNodes, 0);
    assert.ok(other.parsedNodes > 0);
  } finally {
    store.dispose();
  }
});

test('a closed document is no longer open, and reopening the same URI replaces it', async () => {
  const { parser } = await sharedAnalyzer();
  const store = new DocumentStore(parser);
  try {
    const first = open(store, 'file:///a.py', TRAIN);
    store.syntax(first);
    assert.ok(store.isOpen(first));
    const second = open(store, 'file:///a.py', EVALUATE);
    assert.equal(store.isOpen(first), false);
    assert.equal(first.parsedNodes, 0);
    store.close({ textDocument: { uri: 'file:///a.py' } });
    assert.equal(store.isOpen(second), false);
  } finally {
    store.dispose();
  }
});

test('memory is collected once work stops, not while it goes on', async () => {
  let collections = 0;
  let collected: () => void = () => undefined;
  const twice = new Promise<void>((resolve) => (collected = resolve));
  const release = new IdleMemoryRelease(() => {
    collections++;
    if (collections === 2) collected();
  });
  try {
    release.noteWork();
    release.noteWork();
    assert.equal(collections, 0, 'nothing while work is still being noted');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no collection within 10 s')), 10_000)));
    await Promise.race([twice, timeout]).finally(() => clearTimeout(timer));
    assert.equal(collections, 2, 'a second pass follows the first after a pause');
  } finally {
    release.dispose();
  }
});

test('the last idle collection comes five quiet seconds after the first, when V8 shrinks its young generation', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const times: number[] = [];
  let now = 0;
  const release = new IdleMemoryRelease(() => times.push(now));
  try {
    release.noteWork();
    // Step through the schedule in 100 ms ticks until the passes stop.
    for (; now <= 30_000; now += 100) t.mock.timers.tick(100);
    assert.ok(times.length >= 2, `collections at ${times.join(', ')} ms`);
    const [first] = times;
    const last = times.at(-1)!;
    assert.ok(last - first! > 5_000, `the last pass at ${last} ms, the first at ${first} ms`);
    // New work in the middle of the schedule starts it again: nothing until a full idle pause has passed.
    times.length = 0;
    release.noteWork();
    for (let waited = 0; waited < 2_000; waited += 100, now += 100) t.mock.timers.tick(100);
    const restarted = now;
    release.noteWork();
    for (let waited = 0; waited <= 30_000; waited += 100, now += 100) t.mock.timers.tick(100);
    const afterRestart = times.filter((at) => at > restarted);
    assert.ok(afterRestart[0]! - restarted >= 1_000, `the first pass after new work at ${afterRestart[0]! - restarted} ms`);
    assert.ok(afterRestart.at(-1)! - afterRestart[0]! > 5_000, 'and the schedule runs to its end again');
  } finally {
    release.dispose();
  }
});

test('a long document keeps a memory from its open on, and gives it up with its tree', async () => {
  const { parser, analyzeText } = await sharedAnalyzer().then((a) => ({ parser: a.parser, analyzeText: (t: string) => a.analyzeText(t, {}) }));
  // Long enough to hold a session from the open on; the budget holds one such tree, not two.
  let long = TRAIN;
  while (long.split('\n').length < SESSION_FROM_OPEN_LINES) long += `\n${TRAIN}`;
  let nodes = 0;
  walk(parser.parseToSyntax(long), () => void nodes++);
  const store = new DocumentStore(parser, nodes + 1);
  const settings = { generation: 0, forDocument: () => Promise.resolve({ enable: true, excluded: false, analysis: {} }) } as unknown as DocumentSettingsProvider;
  const linter = new DocumentLinter(store, settings, () => undefined, { error: () => undefined, info: () => undefined, warn: () => undefined });
  try {
    open(store, 'file:///short.py', TRAIN);
    await linter.current('file:///short.py');
    assert.equal(linter.sessionsHeld, 0, 'a short document holds no session until edited');
    const a = open(store, 'file:///a.py', long);
    const b = open(store, 'file:///b.py', long);
    await linter.current('file:///a.py');
    assert.equal(linter.sessionsHeld, 1, 'a long one holds one from its open on');
    const fromB = await linter.current('file:///b.py');
    assert.equal(a.parsedNodes, 0, 'a gave its tree up');
    assert.equal(linter.sessionsHeld, 1, 'and its session with it: only b holds one');
    assert.ok(b.parsedNodes > 0);
    // Edited after all that, a parses from scratch and is analysed as a fresh text is.
    store.change({ textDocument: { uri: 'file:///a.py', version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }] });
    const edited = await linter.current('file:///a.py');
    assert.deepEqual(edited?.diagnostics.map((d) => [d.code, d.start]), analyzeText(`# edited\n${long}`).map((d) => [d.code, d.start]));
    assert.ok(fromB && fromB.diagnostics.length > 0);
  } finally {
    store.dispose();
  }
});
