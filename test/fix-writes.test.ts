// --fix never loses a byte: writes are atomic, read-only files and links out of the checked folders
// are refused, and a write that fails half way leaves the original as it was.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'oomlint-writes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const FIXABLE = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n';

function fix(cwd: string, ...paths: string[]) {
  return spawnSync(process.execPath, [CLI, 'check', '--fix', '--no-color', ...paths], { cwd, encoding: 'utf8', timeout: 30_000 });
}

test('a fixed file is replaced in one step and keeps its mode', () => {
  const folder = join(dir, 'plain');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  chmodSync(file, 0o640);
  const result = fix(folder, '.');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(readFileSync(file, 'utf8'), /with torch\.no_grad\(\):\n {4}for x in val_loader:/);
  assert.equal(statSync(file).mode & 0o777, 0o640);
  assert.deepEqual(readdirSync(folder), ['eval.py'], 'no temporary file left behind');
});

test('a read-only file is not written, even by root', () => {
  const folder = join(dir, 'readonly');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  chmodSync(file, 0o444);
  const result = fix(folder, '.');
  assert.equal(readFileSync(file, 'utf8'), FIXABLE);
  assert.match(result.stderr, /eval\.py: fixes not applied: read-only file: not written/);
});

test('a link that leads out of the checked folder is not written through', () => {
  const outside = join(dir, 'outside.py');
  writeFileSync(outside, FIXABLE);
  const folder = join(dir, 'linked');
  mkdirSync(folder);
  symlinkSync(outside, join(folder, 'eval.py'));
  const result = fix(folder, '.');
  assert.equal(readFileSync(outside, 'utf8'), FIXABLE);
  assert.match(result.stderr, /outside the checked folders: not written/);
});

test('a write cut short by a file size limit leaves the original byte for byte', (t) => {
  const folder = join(dir, 'limited');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  // Larger than the limit below, so the fixed copy cannot be written in full.
  const original = FIXABLE + '# padding\n'.repeat(600);
  writeFileSync(file, original);
  const result = spawnSync('bash', ['-c', `ulimit -f 4 && exec "${process.execPath}" "${CLI}" check --fix --no-color .`], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
  if (result.error) {
    t.skip('bash is not available');
    return;
  }
  assert.notEqual(result.status, 0, 'the write failed');
  assert.equal(readFileSync(file, 'utf8'), original);
});
