// Problems shows a long message by its first clause, as a sentence; the hover over the finding gives
// the message whole. Checked for every message the rule fixtures produce, in every language, and
// through the server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LOCALES } from '../server/src/l10n/locale';
import { MAX_PROBLEMS_MESSAGE_CHARS, plainTextMessage, problemsMessage } from '../server/src/lsp/lsp-diagnostic';
import { sharedAnalyzer } from './support/analyzer';
import { ruleFixtures } from './support/fixtures';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR } from './support/paths';

test('every message the rules produce fits Problems, cut at its first clause when it is long', async () => {
  const analyzer = await sharedAnalyzer();
  let cut = 0;
  for (const locale of LOCALES) {
    for (const fixture of ruleFixtures()) {
      for (const diagnostic of analyzer.analyzeText(fixture.text, { locale })) {
        const plain = plainTextMessage(diagnostic.message);
        const shown = problemsMessage(plain);
        const where = `${locale} ${fixture.code}: ${plain}`;
        assert.ok(shown.length <= MAX_PROBLEMS_MESSAGE_CHARS, `${shown.length} characters in Problems: ${where}`);
        if (shown === plain) continue;
        cut++;
        // The short form is the message's own beginning closed as a sentence of its language, or the
        // message without its asides in brackets.
        assert.match(shown, /[.。]$/, where);
        assert.ok(plain.startsWith(shown.slice(0, -1)) || isSubsequence([...shown.slice(0, -1)], [...plain]), where);
      }
    }
  }
  assert.ok(cut > 0, 'some messages are long enough to be cut');
});

/** Whether `part`'s items appear in `whole` in the same order. */
function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  let at = 0;
  for (const item of whole) if (at < part.length && item === part[at]) at++;
  return at === part.length;
}

test('a short message is shown as it is', () => {
  assert.equal(problemsMessage('‘loss’ accumulates with its graph.'), '‘loss’ accumulates with its graph.');
  const long = `‘torch.load(x)’ gives no ‘map_location’: ${'the tensors go to the GPU they came from, '.repeat(5)}done.`;
  assert.equal(problemsMessage(long), '‘torch.load(x)’ gives no ‘map_location’.');
  // A colon inside code or brackets does not end the clause.
  const coded = `‘a[1:2]’ (see: the docs) is sliced: ${'x'.repeat(200)}`;
  assert.equal(problemsMessage(coded), '‘a[1:2]’ (see: the docs) is sliced.');
  // Without a colon, the asides in brackets go first, then what still does not fit.
  const asides = `DataLoader ‘f()’ pins memory (${'a detail, '.repeat(12)}) with 16 workers (from ‘--workers’), at or above 8.`;
  assert.equal(problemsMessage(asides), 'DataLoader ‘f()’ pins memory with 16 workers, at or above 8.');
  const endless = `word ${'word '.repeat(60)}`;
  assert.ok(problemsMessage(endless).endsWith('…') && problemsMessage(endless).length <= MAX_PROBLEMS_MESSAGE_CHARS);
});

let client: LspTestClient;
before(async () => {
  client = await LspTestClient.start();
});
after(() => client.stop());

test('the server publishes the short form and the hover gives the whole message', async () => {
  const uri = 'untitled:oom008.py';
  await client.open(uri, readFileSync(join(FIXTURES_DIR, 'rules', 'OOM008.py'), 'utf8'), 1);
  const published = await client.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'OOM008'), 'OOM008');
  const diagnostic = published.diagnostics.find((d) => d.code === 'OOM008')!;
  assert.match(String(diagnostic.message), /^‘\w+(\.\w+)?’ goes? from ‘[\w.]+\(\.\.\.\)’ back into it on the next iteration without ‘\.detach\(\)’, chaining each batch's autograd graph to the last\.$/);
  const hover = await client.hover(uri, diagnostic.range.start);
  const contents = hover?.contents;
  const text = contents && typeof contents === 'object' && 'value' in contents ? String(contents.value) : '';
  assert.match(text, /chaining each batch's autograd graph to the last: (the next `backward\(\)`|with `retain_graph=True`)/);
  assert.match(text, /\*\*OOM008\*\*/);
});
