import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCliArgs, UsageError, type CheckOptions } from '../server/src/cli/args';

function checkOptions(argv: string[]): CheckOptions {
  const command = parseCliArgs(['check', ...argv]);
  assert.equal(command.kind, 'check');
  return command.options;
}

test('check defaults to the current folder and text output', () => {
  const options = checkOptions([]);
  assert.deepEqual(options.paths, ['.']);
  assert.equal(options.format, 'text');
  assert.equal(options.fix, false);
  assert.equal(options.select, undefined);
  assert.equal(options.ignore, undefined);
});

test('--select and --ignore take comma lists, repeatable, upper-cased', () => {
  const options = checkOptions(['--select', 'oom001,OOM003', '--select=OOM4', '--ignore', 'OOM0', 'src', 'lib']);
  assert.deepEqual(options.select, ['OOM001', 'OOM003', 'OOM4']);
  assert.deepEqual(options.ignore, ['OOM0']);
  assert.deepEqual(options.paths, ['src', 'lib']);
});

test('--unsafe-fixes implies --fix, but --diff never writes', () => {
  assert.equal(checkOptions(['--unsafe-fixes']).fix, true);
  const diff = checkOptions(['--diff', '--fix', '--unsafe-fixes']);
  assert.equal(diff.fix, false);
  assert.equal(diff.diff, true);
  assert.equal(diff.unsafeFixes, true);
});

test('bad usage raises UsageError naming the problem', () => {
  const usage = (argv: string[], pattern: RegExp) =>
    assert.throws(() => parseCliArgs(argv), (error: unknown) => error instanceof UsageError && pattern.test(error.message));
  usage([], /missing command/);
  usage(['lint'], /unknown command 'lint'/);
  usage(['--frobnicate'], /unknown option '--frobnicate'/);
  usage(['check', '--frobnicate'], /unknown option '--frobnicate'/);
  usage(['check', '--format', 'xml'], /--format must be one of text, json, sarif, github/);
  usage(['check', '--format'], /argument missing/);
  usage(['check', '--select', 'E501'], /`E501` is not a rule code/);
  usage(['check', '--statistics', '--format', 'sarif'], /--statistics works with/);
  usage(['rule'], /give a rule code/);
  usage(['rule', 'OOM001', '--all'], /give a rule code/);
  usage(['rule', 'OOM001', 'OOM002'], /one rule code/);
});

test('help and version', () => {
  assert.deepEqual(parseCliArgs(['--help']), { kind: 'help', topic: 'main' });
  assert.deepEqual(parseCliArgs(['check', '-h']), { kind: 'help', topic: 'check' });
  assert.deepEqual(parseCliArgs(['rule', '--help']), { kind: 'help', topic: 'rule' });
  assert.deepEqual(parseCliArgs(['--version']), { kind: 'version' });
  assert.deepEqual(parseCliArgs(['rule', 'oom003']), { kind: 'rule', code: 'oom003', all: false });
});
