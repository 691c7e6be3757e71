// --fix never loses a byte and never takes a file over: writes are atomic and happen only to a file
// unchanged since it was read; read-only files, links out of the checked folders, other users' files
// and hard-linked files are refused; mode and owner are kept; a write that fails half way leaves the
// original as it was, the findings reported and no temporary file behind.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { readSource } from '../server/src/files/read-source';
import { writeFileAtomic } from '../server/src/files/write-file-atomic';
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

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NOBODY = 65534;
const TEAMMATE = 4242;

/** A folder anyone may write in, as a shared checkout is. */
function sharedFolder(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  chmodSync(folder, 0o777);
  // The other user must reach it: every folder on the way from the temporary root, the test
  // runner's private one included, lets others pass through.
  for (let up = dir; up.startsWith(tmpdir()) && up !== dirname(up); up = dirname(up)) chmodSync(up, statSync(up).mode | 0o055);
  return folder;
}

test("a file of another user, in a folder the user may write in, is refused, not replaced", { skip: !isRoot && 'needs root to act as two users' }, () => {
  const folder = sharedFolder('teammate');
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  chmodSync(file, 0o666);
  chownSync(file, TEAMMATE, TEAMMATE);
  const result = spawnSync(process.execPath, [CLI, 'check', '--fix', '--no-color', '.'], { cwd: folder, encoding: 'utf8', uid: NOBODY, gid: NOBODY, timeout: 30_000 });
  assert.equal(readFileSync(file, 'utf8'), FIXABLE);
  assert.equal(statSync(file).uid, TEAMMATE, 'still the teammate\'s');
  assert.match(result.stderr, /eval\.py: fixes not applied: owned by another user \(uid 4242\); replacing it would make it yours: not written/);
  // The findings are still reported, and the summary says the fixes were not applied.
  assert.match(result.stdout, /eval\.py:5:11: OOM001/);
  assert.match(result.stdout, /Fixes were not applied to 1 file \(see above\)/);
  assert.deepEqual(readdirSync(folder), ['eval.py']);
});

test('root fixing a user\'s file keeps it theirs, with its group', { skip: !isRoot && 'needs root' }, () => {
  const folder = sharedFolder('root-fixes');
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  chownSync(file, TEAMMATE, TEAMMATE + 1);
  const result = fix(folder, '.');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(readFileSync(file, 'utf8'), /no_grad/);
  assert.deepEqual([statSync(file).uid, statSync(file).gid], [TEAMMATE, TEAMMATE + 1]);
});

test('the mode is kept exactly, whatever the umask', (t) => {
  const folder = join(dir, 'umask');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  chmodSync(file, 0o664);
  const result = spawnSync('bash', ['-c', `umask 077 && exec "${process.execPath}" "${CLI}" check --fix --no-color .`], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
  if (result.error) {
    t.skip('bash is not available');
    return;
  }
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(readFileSync(file, 'utf8'), /no_grad/);
  assert.equal(statSync(file).mode & 0o7777, 0o664);
});

test('a file with hard links is refused, and every link keeps the original', () => {
  const folder = join(dir, 'hard-links');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  linkSync(file, join(folder, 'same.py'));
  const result = fix(folder, 'eval.py');
  assert.match(result.stderr, /eval\.py: fixes not applied: has 2 hard links; replacing it would separate them: not written/);
  assert.equal(readFileSync(file, 'utf8'), FIXABLE);
  assert.equal(statSync(file).ino, statSync(join(folder, 'same.py')).ino);
});

test('a file that changed after it was read is not written over', () => {
  const folder = join(dir, 'changed');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  writeFileSync(file, FIXABLE);
  const read = readSource(file);
  assert.ok(read.ok);
  // The same length, other bytes: an edit a size and time check alone could miss.
  const edited = FIXABLE.replace('val_loader', 'dev_loader');
  writeFileSync(file, edited);
  assert.throws(() => writeFileAtomic(file, 'fixed\n', [folder], read.snapshot), /changed on disk while oomlint was fixing it: not written/);
  assert.equal(readFileSync(file, 'utf8'), edited);
  assert.deepEqual(readdirSync(folder), ['eval.py']);
  // Unchanged, the same snapshot lets the write through.
  writeFileSync(file, FIXABLE);
  writeFileAtomic(file, 'fixed\n', [folder], read.snapshot);
  assert.equal(readFileSync(file, 'utf8'), 'fixed\n');
});

test('temporary files a killed run left are removed by the next write there; others are left alone', async () => {
  const folder = join(dir, 'leftovers');
  mkdirSync(folder);
  writeFileSync(join(folder, 'eval.py'), FIXABLE);
  const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  const stale = `.eval.py.oomlint-${host}-${gone}-0badf00d.tmp`;
  const running = `.eval.py.oomlint-${host}-${process.pid}-0badf00d.tmp`;
  const otherMachine = `.eval.py.oomlint-ffffffff-${gone}-0badf00d.tmp`;
  for (const name of [stale, running, otherMachine, '.eval.py.mine.tmp']) writeFileSync(join(folder, name), 'half');
  const result = fix(folder, '.');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.deepEqual(readdirSync(folder).sort(), ['.eval.py.mine.tmp', otherMachine, running, 'eval.py'].sort());
});

test('a fix that cannot be written leaves the findings reported and says so in the summary', (t) => {
  const folder = join(dir, 'cannot-write');
  mkdirSync(folder);
  const file = join(folder, 'eval.py');
  const original = FIXABLE + '# padding\n'.repeat(600);
  writeFileSync(file, original);
  const result = spawnSync('bash', ['-c', `ulimit -f 4 && exec "${process.execPath}" "${CLI}" check --fix --no-color .`], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
  if (result.error) {
    t.skip('bash is not available');
    return;
  }
  assert.equal(readFileSync(file, 'utf8'), original);
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stderr, /eval\.py: fixes not applied: could not be written \(.*EFBIG.*\); the file is unchanged/);
  assert.match(result.stdout, /eval\.py:5:11: OOM001/);
  assert.match(result.stdout, /Fixes were not applied to 1 file \(see above\); their problems are listed as found\./);
  assert.deepEqual(readdirSync(folder), ['eval.py']);
});
