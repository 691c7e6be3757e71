// File and folder names that are not valid UTF-8 (legal on Linux, common in old archives): found,
// read and checked under a name with `\xNN` for the invalid bytes, never rewritten by --fix.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readableName } from '../server/src/cli/discover-files';
import { REPO_ROOT } from './support/paths';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-raw-names-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SOURCE = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nout = model(test_x)\nprint(out)\n';
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

/** Creates `name` (raw bytes) under `dir`; false where the file system refuses such names. */
function tryCreate(name: Buffer, folder?: Buffer): boolean {
  try {
    const base = Buffer.from(dir + '/');
    if (folder) mkdirSync(Buffer.concat([base, folder]));
    writeFileSync(Buffer.concat([base, ...(folder ? [folder, Buffer.from('/')] : []), name]), SOURCE);
    return true;
  } catch {
    return false;
  }
}

const cli = (...args: string[]) => spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), ...args], { cwd: dir, encoding: 'utf8' });

test('readableName keeps UTF-8 and writes each other byte as \\xNN', () => {
  assert.equal(readableName(Buffer.from('中文.py')), '中文.py');
  assert.equal(readableName(bytes('f', [0xff], '.py')), 'f\\xff.py');
  assert.equal(readableName(bytes('a', [0xc3], 'b')), 'a\\xc3b', 'a lead byte without its continuation');
  assert.notEqual(readableName(bytes([0xfe])), readableName(bytes([0xff])), 'two names stay two names');
});

test('files and folders whose names are not UTF-8 are found, read and checked', (t) => {
  if (!tryCreate(bytes('f', [0xff], '.py')) || !tryCreate(Buffer.from('inner.py'), bytes('d', [0xfe]))) {
    t.skip('this file system refuses names that are not valid UTF-8');
    return;
  }
  const result = cli('check', '--no-color', '.');
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /^f\\xff\.py:4:7: OOM001/m);
  assert.match(result.stdout, /^d\\xfe\/inner\.py:4:7: OOM001/m);
  assert.doesNotMatch(result.stdout + result.stderr, /could not read|ENOENT/);
});

test('--fix reports that it does not rewrite such files and leaves their bytes alone', (t) => {
  const name = bytes('g', [0xff], '.py');
  if (!tryCreate(name)) {
    t.skip('this file system refuses names that are not valid UTF-8');
    return;
  }
  const result = cli('check', '--no-color', '--fix', '--unsafe-fixes', '.');
  assert.match(result.stderr + result.stdout, /g\\xff\.py: fixes not applied: the file name is not valid UTF-8/);
  const written = readdirSync(Buffer.from(dir), { encoding: 'buffer' }).find((n) => n.equals(name));
  assert.ok(written, 'the file is still there under its own name');
  assert.equal(readFileSync(Buffer.concat([Buffer.from(dir + '/'), name]), 'utf8'), SOURCE);
});
