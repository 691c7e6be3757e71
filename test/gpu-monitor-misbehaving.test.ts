// The GPU readout against nvidia-smi stand-ins that misbehave: output without line breaks, silence,
// a flood of readings, a child that ignores SIGTERM, a child that prints one reading and exits.
// Each stand-in is a small script spawned for real.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { readComputeApps } from '../client/src/gpu/compute-apps';
import { BoundedLineSplitter, GpuMonitor, MAX_CHARS_PER_INTERVAL, MAX_LINES_PER_INTERVAL, type GpuMonitorOptions, type GpuSnapshot } from '../client/src/gpu/gpu-monitor';
import { escapeMarkdown } from '../client/src/gpu/status-format';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-smi-'));
const monitors: GpuMonitor[] = [];
after(async () => {
  for (const monitor of monitors) monitor.dispose();
  await Promise.all(monitors.map((m) => m.waitForExit()));
  rmSync(dir, { recursive: true, force: true });
});

const READING = '0, GPU-1, NVIDIA H100 80GB HBM3, 19180, 81559, 37';

function standIn(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/usr/bin/env node\n'use strict';\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

function start(path: string, options: Partial<GpuMonitorOptions> = {}): GpuMonitor {
  const monitor = new GpuMonitor({
    nvidiaSmiPath: path,
    intervalMs: 50,
    restartInitialMs: 10,
    restartMaxMs: 40,
    env: { ...process.env, PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter) },
    ...options,
  });
  monitors.push(monitor);
  monitor.start();
  return monitor;
}

function waitFor(monitor: GpuMonitor, predicate: (s: GpuSnapshot) => boolean, what: string): Promise<GpuSnapshot> {
  if (predicate(monitor.snapshot)) return Promise.resolve(monitor.snapshot);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(monitor.snapshot)}`)), 15_000);
    const sub = monitor.onDidChange((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(s);
    });
  });
}

test('the line buffer stays bounded when output has no line breaks', () => {
  const lines: string[] = [];
  const splitter = new BoundedLineSplitter((line) => lines.push(line), 1024);
  for (let i = 0; i < 1000; i++) splitter.push('x'.repeat(4096));
  splitter.push(`\n${READING}\r\n`);
  assert.deepEqual(lines, [READING], 'the overlong line is dropped, the next one kept');
  assert.equal(splitter.dropped, 1);
});

test('a reading after megabytes without a line break still gets through', async () => {
  const path = standIn('no-newlines', `
    const chunk = 'x'.repeat(1 << 20);
    for (let i = 0; i < 32; i++) process.stdout.write(chunk);
    process.stdout.write('\\n${READING}\\n\\n');
    setInterval(() => {}, 1000);`);
  const monitor = start(path);
  const ok = await waitFor(monitor, (s) => s.state === 'ok', 'a reading');
  assert.equal(ok.gpus[0]?.memoryUsedMiB, 19180);
});

test('an nvidia-smi that never prints turns the readout to an error, not "Starting" forever', async () => {
  const monitor = start(standIn('silent', 'setInterval(() => {}, 1000);'), { startupTimeoutMs: 200 });
  const error = await waitFor(monitor, (s) => s.state === 'error', 'the start-up timeout');
  assert.match(error.message ?? '', /printed no reading within 0\.2 s/);
});

test('a flood of readings is merged into a bounded number of updates', async () => {
  const path = standIn('flood', `
    let out = '';
    for (let i = 0; i < 20000; i++) out += '0, GPU-1, NVIDIA H100 80GB HBM3, ' + (i % 80000) + ', 81559, 37\\n\\n';
    process.stdout.write(out);
    setInterval(() => {}, 1000);`);
  const monitor = start(path, { minUpdateGapMs: 100 });
  let updates = 0;
  monitor.onDidChange((s) => {
    if (s.state === 'ok') updates++;
  });
  await waitFor(monitor, (s) => s.state === 'ok' && s.gpus[0]?.memoryUsedMiB === 19999, 'the last reading of the flood');
  assert.ok(updates < 100, `${updates} updates for 20,000 readings`);
});

test('a child that ignores SIGTERM is killed after the grace period', async () => {
  const monitor = start(standIn('stubborn', `
    process.on('SIGTERM', () => {});
    process.stdout.write('${READING}\\n\\n');
    setInterval(() => {}, 1000);`), { killGraceMs: 100 });
  await waitFor(monitor, (s) => s.state === 'ok', 'a reading');
  monitor.dispose();
  await monitor.waitForExit();
});

test('a child that prints one reading and exits backs off further each time', async () => {
  const monitor = start(standIn('one-shot', `process.stdout.write('${READING}\\n\\n');`));
  let spawns = 0;
  await new Promise<void>((resolve) => {
    const sub = monitor.onDidSpawn(() => {
      if (++spawns < 5) return;
      sub.dispose();
      resolve();
    });
  });
  assert.ok(monitor.consecutiveShortRuns >= 3, `short runs counted: ${monitor.consecutiveShortRuns}`);
});

test('an endless flood of rows is read at a bounded rate, and readings still come through', async () => {
  const path = standIn('endless-flood', `
    const block = '${READING}\\n\\n'.repeat(20000);
    const write = () => { while (process.stdout.write(block)); process.stdout.once('drain', write); };
    write();`);
  const intervalMs = 100;
  const monitor = start(path, { intervalMs });
  await waitFor(monitor, (s) => s.state === 'ok', 'a reading');
  const readBefore = monitor.outputRead;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const elapsed = performance.now() - started;
  const read = monitor.outputRead - readBefore;
  // Reading pauses once an interval's share is read, so the child waits on the pipe instead of the
  // extension host reading megabytes a second: at most an interval's lines (and a chunk more) each time.
  const lineChars = READING.length + 2;
  const perInterval = Math.min(MAX_CHARS_PER_INTERVAL, MAX_LINES_PER_INTERVAL * lineChars) + 64 * 1024;
  const allowed = perInterval * (elapsed / intervalMs + 2);
  assert.ok(read <= allowed, `${read} characters read in ${Math.round(elapsed)} ms; at most ${Math.round(allowed)} allowed`);
  assert.ok(read > 0, 'reading went on');
  assert.equal(monitor.snapshot.state, 'ok');
});

test('the process-list query kills a child that ignores SIGTERM, and clicks while it runs share it', async () => {
  const spawns = join(dir, 'spawns.txt');
  const path = standIn('stubborn-apps', `
    process.on('SIGTERM', () => {});
    setInterval(() => {}, 1000);`);
  let pid: number | undefined;
  const result = await readComputeApps(path, { timeoutMs: 200, killGraceMs: 100, onSpawn: (p) => (pid = p), env: process.env });
  assert.deepEqual(result, { ok: false, message: `${path} did not answer in time` });
  assert.ok(pid);
  await waitUntilGone(pid);

  // Two clicks on the readout while one query runs: one nvidia-smi, one answer for both.
  writeFileSync(spawns, '');
  const slow = standIn('slow-apps', `
    require('node:fs').appendFileSync(${JSON.stringify(spawns)}, process.pid + '\\n');
    setTimeout(() => process.stdout.write('GPU-1, 48213, /usr/bin/python3, 18650\\n'), 200);`);
  const monitor = new GpuMonitor({ nvidiaSmiPath: slow, intervalMs: 1000, env: process.env });
  monitors.push(monitor);
  const first = monitor.readProcesses();
  const second = monitor.readProcesses();
  assert.equal(first, second);
  const answer = await first;
  assert.ok(answer.ok && answer.apps.length === 1, JSON.stringify(answer));
  assert.equal(readFileSync(spawns, 'utf8').trim().split('\n').length, 1, 'one run for both clicks');
  // The next click after the answer runs a new query.
  assert.notEqual(monitor.readProcesses(), first);
});

/** Resolves once no process has this pid (polled: the process is not this one's child any more). */
async function waitUntilGone(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) assert.fail(`process ${pid} outlived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('names with URLs and line breaks of any kind stay plain text in the tooltip', () => {
  assert.equal(escapeMarkdown('python https://example.com/x\rnext'), 'python https\\:\\/\\/example.com/x next');
  assert.equal(escapeMarkdown('see www.example.com'), 'see www\\.example.com');
});
