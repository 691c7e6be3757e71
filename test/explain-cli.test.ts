// `oomlint explain` run as a user runs it: exit statuses, the JSON shape, standard input from a
// writer that pauses, logs larger than the window, streams without end, terminal escapes in the log,
// and the findings near the user's lines that a traceback names.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseCliArgs, UsageError } from '../server/src/cli/args';
import { runExplainCommand } from '../server/src/cli/explain-command';
import { readLogFile, readLogStream } from '../server/src/cli/explain-input';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const MESSAGES = join(FIXTURES_DIR, 'oom-messages');
const dir = mkdtempSync(join(tmpdir(), 'oomlint-explain-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], input?: string | Buffer) {
  const result = spawnSync(process.execPath, [CLI, 'explain', ...args], { cwd: dir, encoding: 'utf8', ...(input === undefined ? {} : { input }) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonReport {
  version: number;
  omitted: number;
  explanations: {
    message: { backend: string; gpu?: number; requested?: number; truncated: boolean; line: number };
    cause: string;
    evidence: string[];
    remedies: string[];
    breakdown: Record<string, number>;
    occurrences: number;
    userFrames: { file: string; line: number; function: string; findings?: { code: string; line: number }[]; moreFindings?: number; unread?: string }[];
    failingFrame: { file: string; line: number } | null;
  }[];
}

const MESSAGE_2023 = readFileSync(join(MESSAGES, '2023-process-lerf.txt'), 'utf8');

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
  assert.equal(report.version, 2);
  // The second failure of the CI log, cut off, is the first one repeated.
  assert.equal(report.explanations.length, 1);
  const [first] = report.explanations;
  assert.equal(first?.occurrences, 2);
  assert.equal(first?.message.backend, 'hip');
  assert.equal(first?.message.requested, 2 * 1024 ** 2);
  assert.equal(first?.cause, 'memory-fraction');
  assert.equal(first?.breakdown['privatePools'], 17 * 1024 ** 2);
  assert.ok(first?.remedies.length);
  assert.equal(first?.failingFrame, null);
});

test('--format json writes sizes past 2^53 bytes exactly, and no Infinity or NaN anywhere', () => {
  const result = run(['-', '--format', 'json'], 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 17179869184.00 GiB. GPU 0 has a total capacity of 0 bytes of which 0 bytes is free.\n');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /"requested": 18446744073709551616,/);
  assert.doesNotMatch(result.stdout, /Infinity|NaN|null,\n\s+"total"/);
  const report = JSON.parse(result.stdout) as JsonReport;
  assert.equal(report.explanations[0]?.cause, 'invalid-size');
  const text = run(['-'], 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 17179869184.00 GiB. GPU 0 has a total capacity of 0 bytes of which 0 bytes is free.\n');
  assert.doesNotMatch(text.stdout, /Infinity|NaN/);
  assert.match(text.stdout, /16\.00 EiB/);
});

test('reads standard input with - and with no file', () => {
  const text = readFileSync(join(MESSAGES, 'mps-huge-request.txt'), 'utf8');
  for (const args of [['-'], []]) {
    const result = run([...args, '--format', 'json'], text);
    assert.equal(result.status, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as JsonReport).explanations[0]?.cause, 'huge-allocation');
  }
});

test('a pipe from a program that pauses between writes is read to its end', async () => {
  // A real writer process: part of a log, a pause, the rest; the pipe between them is a real one.
  const writer = `process.stdout.write('Epoch 1: loss 0.3\\n'); setTimeout(() => { process.stdout.write(${JSON.stringify(MESSAGE_2023)}); }, 300);`;
  const child = spawn('/bin/sh', ['-c', `"${process.execPath}" -e "$WRITER" | "${process.execPath}" "${CLI}" explain -`], { env: { ...process.env, WRITER: writer } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(status, 0, stderr);
  assert.doesNotMatch(stderr, /EAGAIN/);
  assert.match(stdout, /<stdin>:2: torch\.cuda\.OutOfMemoryError: CUDA out of memory on GPU 0/);
});

test('UTF-16 logs, as PowerShell writes them, are read', () => {
  const log = join(dir, 'powershell.log');
  writeFileSync(log, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(MESSAGE_2023, 'utf16le')]));
  assert.match(run([log]).stdout, /Cause: fragmentation/);
  writeFileSync(log, Buffer.from(MESSAGE_2023, 'utf16le'));
  assert.match(run([log]).stdout, /Cause: fragmentation/);
});

test("escape sequences in the log do not reach the terminal", () => {
  const log = `\x1b]52;c;Y2xpcGJvYXJk\x07\x1b[2J  File "x\x1b[31m.py", line 3, in f\x1b]0;title\x07\n${MESSAGE_2023}`;
  const result = run(['-'], log);
  assert.equal(result.status, 0, result.stderr);
  // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
  assert.doesNotMatch(result.stdout, /[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
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

describe('bounded reading', () => {
  test('a file larger than the window is read from its end, its first cut line dropped, and says so', async () => {
    const log = join(dir, 'long.log');
    writeFileSync(log, `${'x'.repeat(3000)}\n`.repeat(2000) + MESSAGE_2023);
    const read = await readLogFile(log, 'long.log', { windowBytes: 64 * 1024, streamLimitBytes: 1024 * 1024 });
    assert.ok(read.ok);
    assert.ok(read.text.length <= 64 * 1024);
    assert.ok(read.text.startsWith('x'.repeat(3000)));
    assert.match(read.text, /CUDA out of memory/);
    assert.deepEqual(read.notes, ['long.log: explaining the last 64.00 KiB of 5.72 MiB; line numbers count from there']);
  });

  test('a device without end stops at the limit, keeping only the window', async () => {
    const read = await readLogFile('/dev/zero', '/dev/zero', { windowBytes: 1024 * 1024, streamLimitBytes: 8 * 1024 * 1024 });
    assert.ok(read.ok);
    assert.equal(read.text.length, 1024 * 1024);
    assert.match(read.notes[0]!, /^stopped reading \/dev\/zero after 8\.00 MiB/);
  });

  test('a stream keeps its last window and its first bytes for the encoding', async () => {
    async function* chunks() {
      yield Buffer.from([0xff, 0xfe]);
      for (let i = 0; i < 200; i++) yield Buffer.from(`line ${i}\n`, 'utf16le');
      yield Buffer.from(MESSAGE_2023, 'utf16le');
    }
    const read = await readLogStream(chunks(), '<stdin>', { windowBytes: 4096, streamLimitBytes: 1024 * 1024 });
    assert.ok(read.ok);
    assert.match(read.text, /Tried to allocate 3\.00 GiB/);
    assert.doesNotMatch(read.text, /^line 0\n/);
  });
});

describe("the user's frames and oomlint's findings near them", () => {
  test('the failing line and the findings within reach of each frame', () => {
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
    // In the backward pass no_grad is no remedy; with one GPU, DataParallel is none either.
    assert.doesNotMatch(text.stdout, /no_grad|DataParallel/);
  });

  test('a file named by many frames is analysed once; a file over the limit is not analysed, and says so once', async () => {
    const source = readFileSync(join(FIXTURES_DIR, 'cli', 'train_loop.py'), 'utf8');
    writeFileSync(join(dir, 'many.py'), source.repeat(40));
    writeFileSync(join(dir, 'huge.py'), '# padding\n'.repeat(120_000) + source);
    const frames = (file: string) => Array.from({ length: 20 }, (_, k) => `  File "${file}", line ${10 + 11 * k}, in f${k}\n    x = model(x)`).join('\n');
    const oom = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 7.79 GiB of which 2.00 MiB is free.';
    const analyzer = await sharedAnalyzer();
    const analysed: string[] = [];
    const counting = new Proxy(analyzer, {
      get: (target, key) => (key === 'analyzeText' ? (text: string, options: { path?: string }) => (analysed.push(options.path ?? ''), target.analyzeText(text, options)) : Reflect.get(target, key)),
    });
    const written: string[] = [];
    const out = { stdout: (text: string) => void written.push(text), stderr: () => undefined };
    for (const file of ['many.py', 'huge.py']) {
      writeFileSync(join(dir, `${file}.log`), `Traceback (most recent call last):\n${frames(file)}\n${oom}\n`);
      await runExplainCommand({ input: `${file}.log`, format: 'json' }, { cwd: dir, analyzer: async () => counting, out, stdin: async function* () {} });
    }
    assert.deepEqual(analysed, [join(dir, 'many.py')]);
    const [many, huge] = written.map((text) => (JSON.parse(text) as JsonReport).explanations[0]!);
    // At most three findings a frame, each under the nearest frame of its file.
    assert.ok(many!.userFrames.every((f) => (f.findings?.length ?? 0) <= 3));
    const lines = many!.userFrames.flatMap((f) => f.findings?.map((x) => x.line) ?? []);
    assert.equal(new Set(lines).size, lines.length);
    assert.deepEqual(huge!.userFrames.filter((f) => f.unread).map((f) => [f.line, f.unread]), [[219, 'not analysed: 1.14 MiB, more than the 1.00 MiB an explanation analyses (run oomlint check on the file)']]);
  });
});

test("docs/explain.md's example is what the command prints", () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'explain.md'), 'utf8');
  const block = /What `oomlint explain oom\.log` prints:\n\n```text\n([\s\S]*?)\n```/.exec(doc);
  assert.ok(block, 'the example in docs/explain.md');
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
