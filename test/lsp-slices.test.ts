// A long document's analysis runs in slices (DocumentLinter.current): the event loop runs between
// them, two requests for one version share one analysis, and a version replaced while its analysis
// waits is given up for the new one. The findings are those of the analysis in one piece.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DocumentLinter, SESSION_FROM_OPEN_LINES } from '../server/src/lsp/document-linter';
import type { DocumentSettingsProvider } from '../server/src/lsp/document-settings';
import { DocumentStore } from '../server/src/lsp/document-store';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR } from './support/paths';

const EVALUATE = readFileSync(join(FIXTURES_DIR, 'lsp', 'evaluate.py'), 'utf8');
const TRAIN = readFileSync(join(FIXTURES_DIR, 'lsp', 'train-loop.py'), 'utf8');

/** Several thousand lines of the two fixtures, each copy's functions renamed so that none hides another. */
function longText(): string {
  const parts: string[] = [];
  let lines = 0;
  for (let copy = 0; lines < 4 * SESSION_FROM_OPEN_LINES; copy++) {
    const part = `${EVALUATE}\n${TRAIN}`.replace(/def (\w+)\(/g, `def $1_${copy}(`);
    parts.push(part);
    lines += part.split('\n').length;
  }
  return parts.join('\n');
}

function setUp() {
  return sharedAnalyzer().then((analyzer) => {
    const store = new DocumentStore(analyzer.parser);
    const settings = { generation: 0, forDocument: () => Promise.resolve({ enable: true, excluded: false, analysis: {} }) } as unknown as DocumentSettingsProvider;
    const linter = new DocumentLinter(store, settings, () => undefined, { error: () => undefined, info: () => undefined, warn: () => undefined });
    const findings = (text: string) => analyzer.analyzeText(text, {}).map((d) => [d.code, d.start]);
    return { store, linter, findings };
  });
}

test('a long document is analysed in slices: the event loop runs meanwhile, and the findings are the same', async () => {
  const { store, linter, findings } = await setUp();
  try {
    const text = longText();
    store.open({ textDocument: { uri: 'file:///long.py', languageId: 'python', version: 1, text } });
    let ticks = 0;
    let done = false;
    const tick = (): void => {
      if (done) return;
      ticks++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const first = linter.current('file:///long.py');
    const second = linter.current('file:///long.py');
    const [a, b] = await Promise.all([first, second]);
    done = true;
    assert.ok(ticks > 1, `the event loop ran ${ticks} times while the document was analysed`);
    assert.equal(a, b, 'two requests for one version share one analysis');
    assert.deepEqual(a?.diagnostics.map((d) => [d.code, d.start]), findings(text));
    assert.ok(a!.diagnostics.length > 0);
  } finally {
    store.dispose();
  }
});

test('a version replaced while its analysis waits between slices is given up for the new one', async () => {
  const { store, linter, findings } = await setUp();
  try {
    const text = longText();
    store.open({ textDocument: { uri: 'file:///long.py', languageId: 'python', version: 1, text } });
    const pending = linter.current('file:///long.py');
    // Let the analysis start and pause once, then edit the document under it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    store.change({ textDocument: { uri: 'file:///long.py', version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }] });
    const result = await pending;
    assert.equal(result?.version, 2, 'the answer is the current version');
    assert.deepEqual(result?.diagnostics.map((d) => [d.code, d.start]), findings(`# edited\n${text}`));
  } finally {
    store.dispose();
  }
});
