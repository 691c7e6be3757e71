// File names with escape sequences and line breaks are printed escaped in text output.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { printable } from '../server/src/cli/printable';
import { REPO_ROOT } from './support/paths';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-names-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('control characters are written as escapes', () => {
  assert.equal(printable('a\u001b[31mb\nc\u009b'), 'a\\x1b[31mb\\nc\\u009b');
  assert.equal(printable('plain/中文.py'), 'plain/中文.py');
});

test('a file name with an escape sequence and a line break cannot recolour or forge output', () => {
  const name = 'evil\u001b[2J\nfake.py:1:1: OOM999 forged.py';
  writeFileSync(join(dir, name), 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n');
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'check', '--no-color', '.'], { cwd: dir, encoding: 'utf8' });
  assert.ok(!result.stdout.includes('\u001b'), 'no raw escape character');
  assert.ok(!/^fake\.py:1:1: OOM999/m.test(result.stdout), 'no forged line');
  assert.match(result.stdout, /evil\\x1b\[2J\\nfake\.py:1:1: OOM999 forged\.py:5:11: OOM001/);
});
