// Marks real processes by their working directory, read from /proc (Linux only).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findWorkspacePids, isInsideFolder, readProcessCommandLine, readProcessCwd } from '../client/src/gpu/process-workspace';

const onLinux = process.platform === 'linux';

/** Starts an idle Node process in `cwd` and resolves once it runs. */
function idleProcessIn(cwd: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

test('a process inside a workspace folder is marked, others are not', { skip: !onLinux }, async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'oomlint-ws-')));
  const workspace = join(root, 'project');
  const inside = join(workspace, 'runs', 'exp1');
  const outside = join(root, 'elsewhere');
  mkdirSync(inside, { recursive: true });
  mkdirSync(outside, { recursive: true });
  const training = await idleProcessIn(inside);
  const other = await idleProcessIn(outside);
  try {
    assert.equal(await readProcessCwd(training.pid as number), inside);
    const marked = await findWorkspacePids([training.pid as number, other.pid as number, 2 ** 22 + 12345], [workspace]);
    assert.deepEqual([...marked], [training.pid]);
    assert.deepEqual([...(await findWorkspacePids([training.pid as number], []))], []);
  } finally {
    training.kill();
    other.kill();
    await Promise.all([exited(training), exited(other)]);
    rmSync(root, { recursive: true, force: true });
  }
});

test('an unreadable working directory is ignored', { skip: !onLinux }, async () => {
  assert.equal(await readProcessCwd(-1), undefined);
  assert.equal(await readProcessCwd(2 ** 22 + 12345), undefined);
  assert.equal(await readProcessCwd(process.pid), process.cwd());
});

test('folder containment compares whole path segments', () => {
  assert.equal(isInsideFolder('/home/u/proj', '/home/u/proj'), true);
  assert.equal(isInsideFolder('/home/u/proj/a/b', '/home/u/proj/'), true);
  assert.equal(isInsideFolder('/home/u/project2', '/home/u/proj'), false);
  assert.equal(isInsideFolder('/home/u', '/home/u/proj'), false);
  assert.equal(isInsideFolder('/home/u/proj/..data', '/home/u/proj'), true);
});

test("a process's command line reads as its arguments joined by spaces", { skip: !onLinux }, async () => {
  const child = await idleProcessIn(tmpdir());
  try {
    assert.equal(await readProcessCommandLine(child.pid!), `${process.execPath} -e setInterval(() => {}, 1000)`);
  } finally {
    child.kill();
    await exited(child);
  }
  assert.equal(await readProcessCommandLine(-1), undefined);
  assert.equal(await readProcessCommandLine(2 ** 30), undefined);
});
