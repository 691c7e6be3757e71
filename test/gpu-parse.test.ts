import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { GpuBlockAssembler } from '../client/src/gpu/gpu-block-assembler';
import {
  classifySmiLine,
  detectSmiFailure,
  parseComputeAppLine,
  parseComputeAppsOutput,
  parseGpuLine,
  parseGpuQueryOutput,
  parseSmiNumber,
  type GpuQueryField,
  type GpuRow,
} from '../client/src/gpu/nvidia-smi-parse';
import { FIXTURES_DIR } from './support/paths';

const SMI_FIXTURES = join(FIXTURES_DIR, 'nvidia-smi');
const WITHOUT_UUID: GpuQueryField[] = ['index', 'name', 'memory.used', 'memory.total', 'utilization.gpu'];

/** Output files in the recorded (from a GPU machine) and documented folders, with their exit status. */
function outputFiles(): { folder: string; name: string; text: string; exitCode: number }[] {
  return ['recorded', 'documented']
    .map((folder) => join(SMI_FIXTURES, folder))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith('.out'))
        .map((file) => {
          const name = file.slice(0, -'.out'.length);
          const rcPath = join(dir, `${name}.rc`);
          return {
            folder: dir,
            name,
            text: readFileSync(join(dir, file), 'utf8'),
            exitCode: existsSync(rcPath) ? Number(readFileSync(rcPath, 'utf8').trim()) : 0,
          };
        }),
    );
}

function nonEmptyLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim().length > 0);
}

function assertSaneGpu(gpu: GpuRow, where: string): void {
  assert.ok(gpu.name.length > 0, `${where}: name`);
  assert.ok(gpu.memoryTotalMiB !== undefined && gpu.memoryTotalMiB > 0, `${where}: memory.total`);
  assert.ok(gpu.memoryUsedMiB !== undefined && gpu.memoryUsedMiB <= gpu.memoryTotalMiB, `${where}: memory.used`);
}

test('every stored nvidia-smi output file parses completely by its kind', () => {
  const files = outputFiles();
  const kinds = new Set<string>();
  for (const file of files) {
    const where = `${file.folder}/${file.name}`;
    const lines = nonEmptyLines(file.text);
    if (file.name.startsWith('gpu-uuid-header-')) {
      // `--format=csv` without noheader/nounits: the client never asks for it, but a header line and
      // values with units must not break the parser.
      kinds.add('gpu-header');
      assert.equal(file.exitCode, 0, where);
      assert.equal(classifySmiLine(lines[0] ?? '').kind, 'header', where);
      for (const line of lines.slice(1)) {
        const classified = classifySmiLine(line);
        assert.equal(classified.kind, 'gpu', `${where}: ${line}`);
        if (classified.kind === 'gpu') assertSaneGpu(classified.gpu, where);
      }
    } else if (file.name.startsWith('gpu-uuid-')) {
      kinds.add('gpu-uuid');
      assert.equal(file.exitCode, 0, where);
      assert.ok(lines.length >= 1, where);
      for (const line of lines) {
        const gpu = parseGpuLine(line);
        assert.ok(gpu, `${where}: ${line}`);
        assert.match(gpu.uuid ?? '', /^GPU-[0-9a-f-]+$/, where);
        assertSaneGpu(gpu, where);
      }
    } else if (file.name.startsWith('gpu-')) {
      kinds.add('gpu');
      assert.equal(file.exitCode, 0, where);
      assert.equal(parseGpuQueryOutput(file.text, WITHOUT_UUID).length, lines.length, where);
      for (const line of lines) assertSaneGpu(parseGpuLine(line, WITHOUT_UUID) as GpuRow, where);
    } else if (file.name.startsWith('apps-')) {
      kinds.add('apps');
      assert.equal(file.exitCode, 0, where);
      const apps = parseComputeAppsOutput(file.text);
      assert.equal(apps.length, lines.length, where);
      for (const app of apps) assert.ok(app.pid > 0 && app.processName.length > 0, where);
    } else if (file.name.startsWith('loop-')) {
      kinds.add('loop');
      const fields = file.text.includes('GPU-') ? undefined : WITHOUT_UUID;
      const blocks = loopBlocks(file.text, fields, where);
      assert.ok(blocks.length >= 2, `${where}: several intervals`);
      for (const block of blocks) assert.ok(block.length >= 1, where);
    } else if (file.name.includes('failure')) {
      kinds.add('failure');
      assert.notEqual(file.exitCode, 0, where);
      assert.match(detectSmiFailure(file.text) ?? '', /NVIDIA driver/, where);
    } else if (file.name === 'invalid-field') {
      // nvidia-smi refuses an unknown field on stdout with exit 2: not data, and not a driver failure.
      kinds.add('invalid-field');
      assert.equal(file.exitCode, 2, where);
      for (const line of lines) assert.equal(classifySmiLine(line).kind, 'other', `${where}: ${line}`);
      assert.equal(detectSmiFailure(file.text), undefined, where);
    } else if (file.name.startsWith('plain-') || file.name === 'version') {
      // The client runs neither the plain table nor --version; their text must never read as GPU rows.
      kinds.add('not-run-by-client');
      assert.equal(file.exitCode, 0, where);
      assert.deepEqual(parseGpuQueryOutput(file.text), [], where);
      assert.deepEqual(parseGpuQueryOutput(file.text, WITHOUT_UUID), [], where);
      assert.deepEqual(parseComputeAppsOutput(file.text), [], where);
      assert.equal(detectSmiFailure(file.text), undefined, where);
    } else {
      assert.fail(`${where}: no kind for this file name`);
    }
  }
  // Guards against the fixture folders going missing, which would make the loop above vacuous.
  assert.deepEqual([...kinds].sort(), ['apps', 'failure', 'gpu', 'gpu-header', 'gpu-uuid', 'invalid-field', 'loop', 'not-run-by-client']);
});

/** The readings the monitor would make from loop-mode output: every line a GPU row or blank. */
function loopBlocks(text: string, fields: readonly GpuQueryField[] | undefined, where: string): GpuRow[][] {
  const blocks: GpuRow[][] = [];
  const assembler = new GpuBlockAssembler((block) => blocks.push(block));
  for (const line of text.split('\n')) {
    const classified = classifySmiLine(line, fields);
    assert.ok(classified.kind === 'gpu' || classified.kind === 'blank', `${where}: ${line}`);
    if (classified.kind === 'gpu') assembler.push(classified.gpu);
  }
  assembler.flush();
  return blocks;
}

const recorded = (name: string) => readFileSync(join(SMI_FIXTURES, 'recorded', name), 'utf8');
const H200_UUID = 'GPU-839a9ba2-6c40-4399-95d5-ba2209204417';

test('recorded on an H200: the GPU query, idle and under load, with and without the UUID', () => {
  assert.deepEqual(parseGpuQueryOutput(recorded('gpu-idle.out'), WITHOUT_UUID), [
    { index: 0, name: 'NVIDIA H200', memoryUsedMiB: 0, memoryTotalMiB: 143771, utilizationPercent: 0 },
  ]);
  assert.deepEqual(parseGpuQueryOutput(recorded('gpu-loaded.out'), WITHOUT_UUID), [
    { index: 0, name: 'NVIDIA H200', memoryUsedMiB: 26011, memoryTotalMiB: 143771, utilizationPercent: 98 },
  ]);
  assert.deepEqual(parseGpuQueryOutput(recorded('gpu-uuid-idle.out')), [
    { index: 0, uuid: H200_UUID, name: 'NVIDIA H200', memoryUsedMiB: 0, memoryTotalMiB: 143771, utilizationPercent: 0 },
  ]);
  assert.deepEqual(parseGpuQueryOutput(recorded('gpu-uuid-loaded.out')), [
    { index: 0, uuid: H200_UUID, name: 'NVIDIA H200', memoryUsedMiB: 26011, memoryTotalMiB: 143771, utilizationPercent: 98 },
  ]);
  // With units and a header (`--format=csv`): the same numbers.
  assert.deepEqual(parseGpuQueryOutput(recorded('gpu-uuid-header-idle.out')), [
    { index: 0, uuid: H200_UUID, name: 'NVIDIA H200', memoryUsedMiB: 0, memoryTotalMiB: 143771, utilizationPercent: 0 },
  ]);
});

test('recorded on an H200: two compute apps under load, none when idle', () => {
  assert.deepEqual(parseComputeAppsOutput(recorded('apps-loaded.out')), [
    { gpuUuid: H200_UUID, pid: 474, processName: 'python3', usedMemoryMiB: 21316 },
    { gpuUuid: H200_UUID, pid: 475, processName: 'python3', usedMemoryMiB: 4680 },
  ]);
  assert.equal(recorded('apps-idle.out'), '');
  assert.deepEqual(parseComputeAppsOutput(recorded('apps-idle.out')), []);
  // The apps' memory and the GPU's used memory come from the same moment: 21316 + 4680 = 26010 of 26011 MiB.
  const used = parseGpuQueryOutput(recorded('gpu-uuid-loaded.out'))[0]?.memoryUsedMiB ?? 0;
  const apps = parseComputeAppsOutput(recorded('apps-loaded.out')).reduce((sum, app) => sum + (app.usedMemoryMiB ?? 0), 0);
  assert.ok(apps <= used && used - apps < 16, `${apps} of ${used} MiB`);
});

test('recorded on an H200: loop mode prints one row per interval and no separator', () => {
  const loaded = loopBlocks(recorded('loop-lms500-loaded.out'), undefined, 'loop-lms500-loaded');
  assert.deepEqual(
    loaded.map((block) => block.map((gpu) => [gpu.uuid, gpu.memoryUsedMiB, gpu.utilizationPercent])),
    [98, 99, 99, 99, 99, 99].map((utilization) => [[H200_UUID, 26011, utilization]]),
  );
  const idle = loopBlocks(recorded('loop-lms500-idle.out'), WITHOUT_UUID, 'loop-lms500-idle');
  assert.deepEqual(
    idle.map((block) => block.map((gpu) => [gpu.memoryUsedMiB, gpu.utilizationPercent])),
    [35, 0, 0, 0, 0, 0].map((utilization) => [[0, utilization]]),
  );
  // `-l 1` for 3 seconds: three readings. `timeout` ended each loop with 124.
  assert.equal(loopBlocks(recorded('loop-l1-idle.out'), undefined, 'loop-l1-idle').length, 3);
  for (const name of ['loop-l1-idle', 'loop-lms500-idle', 'loop-lms500-loaded']) assert.equal(recorded(`${name}.rc`).trim(), '124', name);
  assert.doesNotMatch(recorded('loop-lms500-loaded.out'), /\n\s*\n/);
});

test('recorded on an H200: an unknown field is refused on stdout, with exit 2', () => {
  assert.equal(recorded('invalid-field.out'), 'Field "no.such.field" is not a valid field to query.\n\n');
  assert.equal(recorded('invalid-field.rc').trim(), '2');
  assert.deepEqual(classifySmiLine(recorded('invalid-field.out')), { kind: 'other', text: 'Field "no.such.field" is not a valid field to query.' });
});

test('recorded on an H200: the driver and CUDA versions, and the plain table the client does not parse', () => {
  assert.match(recorded('version.out'), /^NVIDIA-SMI version {2}: 580\.159\.04\n/);
  assert.match(recorded('version.out'), /^CUDA Version {8}: 13\.0$/m);
  assert.match(recorded('plain-loaded.out'), /\| +26011MiB \/ 143771MiB \| +98% +Default \|/);
  assert.match(recorded('plain-loaded.out'), /\| +0 +N\/A +N\/A +474 +C +python3 +21316MiB \|/);
  assert.match(recorded('recorded-at.txt'), /^2026-11-26T03:19:41Z\n$/);
});

test('the documented H100 line parses to its numbers', () => {
  const line = readFileSync(join(SMI_FIXTURES, 'documented', 'gpu-loaded.out'), 'utf8').trim();
  assert.deepEqual(parseGpuLine(line, WITHOUT_UUID), {
    index: 0,
    name: 'NVIDIA H100 80GB HBM3',
    memoryUsedMiB: 19180,
    memoryTotalMiB: 81559,
    utilizationPercent: 37,
  });
});

test('bracketed reasons read as unknown, units are tolerated', () => {
  for (const reason of ['[N/A]', '[Not Supported]', '[Unknown Error]', '[Insufficient Permissions]', 'N/A', '']) {
    assert.equal(parseSmiNumber(reason), undefined, reason);
  }
  assert.equal(parseSmiNumber(' 19180 '), 19180);
  assert.equal(parseSmiNumber('19180 MiB'), 19180);
  assert.equal(parseSmiNumber('37 %'), 37);
  const gpu = parseGpuLine('1, GPU-a81d0c44-2e6f-4b19-8c37-9d5e6f708192, NVIDIA H100 80GB HBM3, [N/A], 81559, [Not Supported]');
  assert.deepEqual(gpu, {
    index: 1,
    uuid: 'GPU-a81d0c44-2e6f-4b19-8c37-9d5e6f708192',
    name: 'NVIDIA H100 80GB HBM3',
    memoryTotalMiB: 81559,
  });
});

test('a name holding commas stays one field', () => {
  const gpu = parseGpuLine('0, GPU-1, Board, rev 2, with, commas, 100, 200, 5');
  assert.equal(gpu?.name, 'Board, rev 2, with, commas');
  assert.equal(gpu?.memoryUsedMiB, 100);
  assert.equal(gpu?.utilizationPercent, 5);
  const app = parseComputeAppLine('GPU-1, 42, /opt/odd,dir/python3, 512');
  assert.deepEqual(app, { gpuUuid: 'GPU-1', pid: 42, processName: '/opt/odd,dir/python3', usedMemoryMiB: 512 });
});

test('lines that are not GPU rows are classified, not parsed', () => {
  assert.equal(classifySmiLine('').kind, 'blank');
  assert.equal(classifySmiLine('index, uuid, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]').kind, 'header');
  assert.equal(classifySmiLine('Field "bogus" is not a valid field to query.').kind, 'other');
  assert.equal(classifySmiLine('0, too, few').kind, 'other');
  assert.equal(classifySmiLine('x, GPU-1, name, 1, 2, 3').kind, 'other');
  const lost = classifySmiLine('Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.');
  assert.equal(lost.kind, 'failure');
  assert.equal(parseComputeAppLine('not, a, process, row'), undefined);
});

test('failure texts are recognised across lines, data is not', () => {
  const text = readFileSync(join(SMI_FIXTURES, 'scenarios', 'driver-failure', 'failure.txt'), 'utf8');
  assert.match(detectSmiFailure(text) ?? '', /^NVIDIA-SMI has failed because it couldn't communicate/);
  assert.equal(
    detectSmiFailure('Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.161'),
    'Failed to initialize NVML: Driver/library version mismatch NVML library version: 535.161',
  );
  assert.equal(detectSmiFailure('No devices were found'), 'No devices were found');
  assert.equal(detectSmiFailure(readFileSync(join(SMI_FIXTURES, 'documented', 'gpu-uuid-loaded.out'), 'utf8')), undefined);
});

test('the block assembler starts a new reading when a GPU index repeats or a blank line comes', () => {
  const blocks: number[][] = [];
  const assembler = new GpuBlockAssembler((block) => blocks.push(block.map((gpu) => gpu.index)));
  const row = (index: number): GpuRow => ({ index, name: 'gpu' });
  for (const index of [0, 1, 0, 1, 0]) assembler.push(row(index));
  assert.deepEqual(blocks, [
    [0, 1],
    [0, 1],
  ]);
  assembler.flush();
  assembler.push(row(1));
  assembler.flush();
  assembler.flush();
  assert.deepEqual(blocks, [[0, 1], [0, 1], [0], [1]]);
  assert.equal(assembler.hasPending, false);
});
