// Nothing from the repository reaches the terminal as an instruction: file names, messages and the
// code itself (in --diff) are printed with their control characters escaped, in every format; and a
// report that cannot be written is a one-line message.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { printable, printableLines, terminalSafeJson } from '../server/src/cli/printable';
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

test('text keeps its lines, tabs and CRLF endings; every other control character is escaped', () => {
  assert.equal(printableLines('a\tb\r\nc\u001b]52;c;eA==\u0007\rd\u202e\n'), 'a\tb\r\nc\\x1b]52;c;eA==\\x07\\rd\\u202e\n');
  assert.equal(JSON.parse(terminalSafeJson({ s: 'a\u009b\u202eb' })).s, 'a\u009b\u202eb');
  assert.doesNotMatch(terminalSafeJson({ s: 'a\u009b\u202e\u007fb' }), /[\u007f-\u009f\u202e]/);
});

/** What a terminal would act on: C0 controls but tab and line endings, DEL, C1, bidirectional controls. */
// eslint-disable-next-line no-control-regex -- the point of the check
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

test('no format lets the code send the terminal an instruction: --diff, text, github, json, sarif', () => {
  const folder = mkdtempSync(join(dir, 'code-'));
  // A clipboard write (OSC 52), a screen clear, a C1 CSI and a right-to-left override, in a file with a finding and a fix.
  writeFileSync(
    join(folder, 'evil.py'),
    'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)  # \u001b]52;c;ZWNobyBwd25lZA==\u0007\u001b[2J\u009b31m\n    print("\u202e done")\n',
  );
  const run = (...args: string[]) => spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'check', '--no-color', ...args, '.'], { cwd: folder, encoding: 'utf8' });
  for (const args of [['--diff'], [], ['--format', 'github'], ['--format', 'json'], ['--format', 'sarif'], ['--statistics']]) {
    const result = run(...args);
    assert.doesNotMatch(result.stdout, TERMINAL_CONTROLS, `stdout of ${args.join(' ')}`);
    assert.doesNotMatch(result.stderr, TERMINAL_CONTROLS, `stderr of ${args.join(' ')}`);
  }
  const diff = run('--diff');
  assert.match(diff.stdout, /^\+ {8}out = model\(x\) {2}# \\x1b\]52;c;ZWNobyBwd25lZA==\\x07\\x1b\[2J\\u009b31m$/m);
  assert.match(diff.stderr, /evil\.py: warning: the diff shows the control characters of this file as escapes/);
});

test('a report that cannot be written says so in one line, without a stack trace', { skip: !existsSync('/dev/full') && 'no /dev/full here' }, () => {
  const folder = mkdtempSync(join(dir, 'full-'));
  writeFileSync(join(folder, 'eval.py'), 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n');
  for (const format of ['text', 'json']) {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'check', '--format', format, '.'], { cwd: folder, encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
      assert.equal(result.status, 2);
      assert.equal(result.stderr, 'oomlint: could not write to standard output: no space left on device (ENOSPC)\n');
    } finally {
      closeSync(full);
    }
  }
});
