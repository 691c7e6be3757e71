// What a cloned repository can put in front of oomlint: links to devices, FIFOs, huge files. None of
// them may hang the CLI or the configuration loader, or fill its memory. The child processes run with
// a timeout far above what a working run takes (well under a second); the old code never finished.
import assert from 'node:assert/strict';
import { en } from '../server/src/l10n/en';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseByteSize } from '../server/src/cli/args';
import { loadProjectConfigFile } from '../server/src/config/discover';
import { readRegularFile } from '../server/src/files/read-regular-file';
import { REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'oomlint-hostile-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const canMakeFifo = spawnSync('mkfifo', ['--help'], { stdio: 'ignore' }).status === 0 && existsSync('/dev/zero');

function runCli(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--max-old-space-size=256', CLI, 'check', '--no-color', ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
}

describe('reading only regular files', { skip: !canMakeFifo && 'needs mkfifo and /dev/zero' }, () => {
  test('links to /dev/zero and FIFOs are reported, the rest is still checked', () => {
    const repo = join(dir, 'repo');
    mkdirSync(repo);
    writeFileSync(join(repo, 'ok.py'), 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n');
    symlinkSync('/dev/zero', join(repo, 'zero.py'));
    symlinkSync('/dev/zero', join(repo, 'pyproject.toml'));
    symlinkSync('/dev/zero', join(repo, '.gitignore'));
    assert.equal(spawnSync('mkfifo', [join(repo, 'pipe')]).status, 0);
    symlinkSync('pipe', join(repo, 'pipe.py'));
    const result = runCli(repo, '.');
    assert.equal(result.error, undefined, 'finished without hanging');
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stdout, /ok\.py:5:11: OOM001/);
    assert.match(result.stdout + result.stderr, /zero\.py: E902 could not read: not a regular file \(a character device\)/);
    assert.match(result.stdout + result.stderr, /pipe\.py: E902 could not read: not a regular file \(a FIFO\)/);
    assert.match(result.stdout + result.stderr, /pyproject\.toml:1: configuration error: could not read: not a regular file/);
  });

  test('the configuration loader refuses a FIFO pyproject.toml without waiting for a writer', () => {
    const folder = join(dir, 'fifo-config');
    mkdirSync(folder);
    assert.equal(spawnSync('mkfifo', [join(folder, 'pyproject.toml')]).status, 0);
    const config = loadProjectConfigFile(join(folder, 'pyproject.toml'));
    assert.match(config.problems.map((p) => en.configProblem(p.detail)).join('\n'), /not a regular file \(a FIFO\)/);
  });
});

describe('the size cap', () => {
  test('a file over the cap is skipped and reported with its size; the cap is configurable', () => {
    const folder = join(dir, 'sizes');
    mkdirSync(folder);
    writeFileSync(join(folder, 'big.py'), `x = 1\n${'# padding\n'.repeat(2000)}`);
    writeFileSync(join(folder, 'small.py'), 'x = 1\n');
    const capped = runCli(folder, '--max-file-size', '8KB', '.');
    assert.match(capped.stdout + capped.stderr, /big\.py: E902 could not read: 20 KiB, larger than the 8\.0 KiB limit \(max-file-size\): skipped/);
    const raised = runCli(folder, '--max-file-size', '1MB', '.');
    assert.equal(raised.status, 0, raised.stdout + raised.stderr);
  });

  test('the cap can be set in [tool.oomlint] as max-file-size, and the command line wins', () => {
    const folder = join(dir, 'sizes-config');
    mkdirSync(folder);
    writeFileSync(join(folder, 'big.py'), `x = 1\n${'# padding\n'.repeat(2000)}`);
    writeFileSync(join(folder, 'pyproject.toml'), '[tool.oomlint]\nmax-file-size = "8KB"\n');
    const capped = runCli(folder, '.');
    assert.match(capped.stdout + capped.stderr, /big\.py: E902 could not read: 20 KiB, larger than the 8\.0 KiB limit \(max-file-size\): skipped/);
    assert.equal(runCli(folder, '--max-file-size', '1MB', '.').status, 0);
    writeFileSync(join(folder, 'pyproject.toml'), '[tool.oomlint]\nmax-file-size = "lots"\n');
    const bad = runCli(folder, '.');
    assert.match(bad.stdout + bad.stderr, /max-file-size` must be a size/);
  });

  test("a repository's own pyproject.toml cannot raise the cap; --max-file-size and --config can", () => {
    const folder = join(dir, 'sizes-raised');
    mkdirSync(folder);
    // A little over the default cap of 10 MiB.
    writeFileSync(join(folder, 'big.py'), `x = 1\n${'#'.repeat(10 * 1024 * 1024 + 100)}\n`);
    writeFileSync(join(folder, 'pyproject.toml'), '[tool.oomlint]\nmax-file-size = "100GB"\n');
    const found = runCli(folder, '.');
    assert.equal(found.status, 2, found.stdout + found.stderr);
    assert.match(found.stderr, /big\.py: E902 could not read: 10 MiB, larger than the 10 MiB limit \(max-file-size\): skipped/);
    assert.match(found.stderr, /pyproject\.toml:2:17: configuration warning: a project's own `max-file-size` cannot raise the limit above 10 MiB \(this file asks for `"100GB"`\)/);
    const commandLine = runCli(folder, '--max-file-size', '20MB', '.');
    assert.equal(commandLine.status, 0, commandLine.stdout + commandLine.stderr);
    assert.doesNotMatch(commandLine.stderr, /configuration warning/);
    const named = runCli(folder, '--config', 'pyproject.toml', '.');
    assert.equal(named.status, 0, named.stdout + named.stderr);
  });

  test('reading stops at the cap even when the file grows past its size', () => {
    const result = existsSync('/dev/zero') ? readRegularFile('/dev/zero', 1024) : undefined;
    if (result) assert.equal(result.ok, false);
  });

  test('sizes parse with units of 1024, and nonsense is a usage error', () => {
    assert.equal(parseByteSize('10MB'), 10 * 1024 * 1024);
    assert.equal(parseByteSize('512k'), 512 * 1024);
    assert.equal(parseByteSize('1048576'), 1048576);
    assert.throws(() => parseByteSize('lots'), /--max-file-size must be a size/);
    assert.throws(() => parseByteSize('0'), /--max-file-size must be a size/);
  });
});
