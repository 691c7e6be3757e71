// `oomlint explain` run as a user runs it: exit statuses, the JSON shape, standard input, and the
// findings in the user's files that a traceback names.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseCliArgs, UsageError } from '../server/src/cli/args';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const MESSAGES = join(FIXTURES_DIR, 'oom-messages');
const dir = mkdtempSync(join(tmpdir(), 'oomlint-explain-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, 'explain', ...args], { cwd: dir, encoding: 'utf8', ...(input === undefined ? {} : { input }) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonReport {
  version: number;
  explanations: {
    message: { backend: string; gpu?: number; requested?: number; truncated: boolean; line: number };
    cause: string;
    evidence: string[];
    remedies: string[];
    breakdown: Record<string, number>;
    userFrames: { file: string; line: number; function: string; findings?: { code: string; line: number }[] }[];
    failingFrame: { file: string; line: number } | null;
  }[];
}

test('arguments: a file or - (the default), --format text or json', () => {
  assert.deepEqual(parseCliArgs(['explain']), { kind: 'explain', options: { input: '-', format: 'text' } });
  assert.deepEqual(parseCliArgs(['explain', 'log.txt', '--format', 'json']), { kind: 'explain', options: { input: 'log.txt', format: 'json' } });
  assert.deepEqual(parseCliArgs(['explain', '--help']), { kind: 'help', topic: 'explain' });
  assert.throws(() => parseCliArgs(['explain', '--format', 'sarif']), UsageError);
  assert.throws(() => parseCliArgs(['explain', 'a.txt', 'b.txt']), UsageError);
});

test('exit 0 and the breakdown in text for a real message', () => {
  const result = run([join(MESSAGES, '2023-process-lerf.txt')]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /CUDA out of memory on GPU 0/);
  assert.match(result.stdout, /Cause: fragmentation/);
  assert.match(result.stdout, /Reserved by PyTorch but unallocated: 4\.84 GiB/);
  assert.match(result.stdout, /expandable_segments:True/);
});

test('--format json: one explanation per message, sizes in bytes', () => {
  const result = run([join(MESSAGES, 'private-pools-allowed-hip-therock.txt'), '--format', 'json']);
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as JsonReport;
  assert.equal(report.version, 1);
  assert.equal(report.explanations.length, 2);
  const [first, second] = report.explanations;
  assert.equal(first?.message.backend, 'hip');
  assert.equal(first?.message.requested, 2 * 1024 ** 2);
  assert.equal(first?.cause, 'memory-fraction');
  assert.equal(first?.breakdown['privatePools'], 17 * 1024 ** 2);
  assert.ok(first?.remedies.length);
  assert.equal(second?.message.truncated, true);
  assert.equal(first?.failingFrame, null);
});

test('reads standard input with - and with no file', () => {
  const text = readFileSync(join(MESSAGES, 'mps-huge-request.txt'), 'utf8');
  for (const args of [['-'], []]) {
    const result = run([...args, '--format', 'json'], text);
    assert.equal(result.status, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as JsonReport).explanations[0]?.cause, 'huge-allocation');
  }
});

test('exit 1 when there is no out-of-memory message, saying so', () => {
  const result = run(['-'], 'Epoch 1: loss 0.3\nRuntimeError: CUDA error: device-side assert triggered\n');
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /no out-of-memory message found in <stdin>/);
});

test('exit 2 for a missing file, a folder, or bad usage', () => {
  const missing = run(['no-such.log']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no-such\.log: could not read/);
  const folder = run(['.']);
  assert.equal(folder.status, 2);
  assert.match(folder.stderr, /is a directory/);
  const usage = run(['--format', 'xml', 'x.log']);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--format must be one of text, json/);
});

test("the frames in the user's files, the failing line, and oomlint's findings in them", () => {
  copyFileSync(join(FIXTURES_DIR, 'cli', 'train_loop.py'), join(dir, 'train_loop.py'));
  writeFileSync(
    join(dir, 'run.log'),
    [
      'Traceback (most recent call last):',
      '  File "main.py", line 3, in <module>',
      '  File "train_loop.py", line 8, in train',
      '    loss.backward()',
      '  File "/opt/conda/lib/python3.10/site-packages/torch/_tensor.py", line 492, in backward',
      '    torch.autograd.backward(',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB. GPU 0 has a total capacity of 7.79 GiB of which 20.00 MiB is free. Including non-PyTorch memory, this process has 7.20 GiB memory in use. Of the allocated memory 6.90 GiB is allocated by PyTorch, and 100.00 MiB is reserved by PyTorch but unallocated.',
      '',
    ].join('\n'),
  );
  const json = run(['run.log', '--format', 'json']);
  assert.equal(json.status, 0, json.stderr);
  const [explanation] = (JSON.parse(json.stdout) as JsonReport).explanations;
  assert.deepEqual(explanation?.userFrames.map((f) => [f.file, f.line, f.findings?.map((x) => [x.code, x.line])]), [
    // main.py is not in the folder: no findings, and no complaint.
    ['main.py', 3, undefined],
    ['train_loop.py', 8, [['OOM003', 10]]],
  ]);
  assert.deepEqual(explanation?.failingFrame && [explanation.failingFrame.file, explanation.failingFrame.line], ['train_loop.py', 8]);
  const text = run(['run.log']);
  assert.match(text.stdout, /train_loop\.py:8 in train {3}<- the line that led to the allocation\n {6}> loss\.backward\(\)\n {6}OOM003 at line 10: /);
  assert.match(text.stdout, /It ran out in the backward pass \(loss\.backward\(\), train_loop\.py:8\)/);
});

test("the README's example is what the command prints", () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /What `oomlint explain oom\.log` prints:\n\n```text\n([\s\S]*?)\n```/.exec(readme);
  assert.ok(block, 'the example in the README');
  copyFileSync(join(MESSAGES, '2018-cached-traceback-train.txt'), join(dir, 'oom.log'));
  const result = run(['oom.log']);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, `${block[1]}\n`);
});

describe('--lang', () => {
  const lerf = join(MESSAGES, '2023-process-lerf.txt');
  const runIn = (env: Record<string, string>, args: string[]) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['LC_ALL', 'LC_MESSAGES', 'LANG'].includes(name)));
    const result = spawnSync(process.execPath, [CLI, 'explain', ...args], { cwd: dir, encoding: 'utf8', env: { ...clean, ...env } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  /** Sizes and percentages (in any order: languages order words differently): no language changes them. */
  const numbers = (text: string) => [...text.matchAll(/\d+(?:\.\d+)? (?:bytes|[KMGT]iB)|\d+%/g)].map((m) => m[0]).sort();

  test('is parsed like check', () => {
    assert.deepEqual(parseCliArgs(['explain', 'log.txt', '--lang', 'zh-CN']), { kind: 'explain', options: { input: 'log.txt', format: 'text', lang: 'zh-cn' } });
    assert.throws(() => parseCliArgs(['explain', '--lang', 'de']), UsageError);
  });

  test('zh-cn: the cause, the evidence and the remedies in Chinese, with the same numbers', () => {
    const english = runIn({ LANG: 'C' }, [lerf]);
    const chinese = runIn({ LANG: 'C' }, [lerf, '--lang', 'zh-cn']);
    assert.equal(chinese.status, 0, chinese.stderr);
    assert.match(chinese.stdout, /原因：碎片化 - PyTorch 持有 4\.84 GiB 未使用的预留内存/);
    assert.match(chinese.stdout, /怎么办（最可能有效的在前）：\n {4}1\. 在程序启动前设置 `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`/);
    assert.doesNotMatch(chinese.stdout, /Cause:|What to do|Requested|Reserved by PyTorch/);
    assert.deepEqual(numbers(chinese.stdout), numbers(english.stdout));
    assert.equal(chinese.stdout.split('\n').length, english.stdout.split('\n').length);
  });

  test('the environment picks the language of the text; JSON stays English unless --lang is given', () => {
    assert.match(runIn({ LANG: 'ru_RU.UTF-8' }, [lerf]).stdout, /Причина: фрагментация/);
    const json = (env: Record<string, string>, args: string[]) => JSON.parse(runIn(env, [lerf, '--format', 'json', ...args]).stdout) as JsonReport;
    assert.match(json({ LANG: 'ru_RU.UTF-8' }, []).explanations[0]!.remedies[0]!, /^Set `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`/);
    const russian = json({ LANG: 'C' }, ['--lang', 'ru']).explanations[0]!;
    assert.equal(russian.cause, 'fragmentation');
    assert.match(russian.remedies[0]!, /^Задайте `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`/);
  });
});
