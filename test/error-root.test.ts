// Text the parser cannot read as a module at all: its root is an ERROR node, not `module`, and walks
// from a name out to the module scope must still end. (The fuzz test found a file where one did not:
// the analysis spun for ever on its first call of a plain name.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { walk, type SyntaxNode } from '../server/src/parser/syntax';
import { enclosingScope, scopeOf } from '../server/src/semantic/scopes';
import { sharedAnalyzer } from './support/analyzer';
import { REPO_ROOT } from './support/paths';

/** A call left open before a `def` line, with carriage returns: tree-sitter gives the whole text an ERROR root. */
const TEXT = 'optimizer = hvd.DistributedOptimizer(optimizer,\r\ndef accuracy(output, target):\r';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-error-root-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the text still parses to an ERROR root (what the other tests here rely on)', async () => {
  const { parser } = await sharedAnalyzer();
  assert.equal(parser.parseToSyntax(TEXT).type, 'ERROR');
});

test('walking out of the scopes of a name under an ERROR root ends', async () => {
  const { parser } = await sharedAnalyzer();
  const root = parser.parseToSyntax(TEXT);
  const calls: SyntaxNode[] = [];
  walk(root, (n) => void (n.type === 'call' && calls.push(n)));
  assert.ok(calls.length > 0);
  for (const call of calls) {
    let steps = 0;
    for (let scope: SyntaxNode | null = scopeOf(call); scope; scope = enclosingScope(scope)) assert.ok(++steps < 100, 'the walk ends');
  }
});

test('the whole analysis of a text with an ERROR root finishes (checked in a child process, which a hang would keep)', () => {
  const file = join(dir, 'unreadable.py');
  writeFileSync(file, TEXT);
  // The limit only turns a hang into a failure: the check itself takes well under a second.
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'check', file], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(result.signal, null, 'the check was not killed');
  assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr}`);
});
