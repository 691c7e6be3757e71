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
    if (file.name.startsWith('gpu-uuid-') && !file.name.includes('header')) {
      kinds.add('gpu-uuid');
      assert.equal(file.exitCode, 0, where);
      assert.ok(lines.length >= 1, where);
      for (const line of lines) {
        const gpu = parseGpuLine(line);
        assert.ok(gpu, `${where}: ${line}`);
        assert.match(gpu.uuid ?? '', /^GPU-[0-9a-f-]+$/, where);
        assertSaneGpu(gpu, where);
      }
    } else if (file.name.startsWith('gpu-') && !file.name.includes('header')) {
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
      const blocks: GpuRow[][] = [];
      const assembler = new GpuBlockAssembler((block) => blocks.push(block));
      for (const line of file.text.split('\n')) {
        const classified = classifySmiLine(line, fields);
        assert.ok(classified.kind === 'gpu' || classified.kind === 'blank', `${where}: ${line}`);
        if (classified.kind === 'gpu') assembler.push(classified.gpu);
      }
      assembler.flush();
      assert.ok(blocks.length >= 2, `${where}: several intervals`);
      for (const block of blocks) assert.ok(block.length >= 1, where);
    } else if (file.name.includes('failure')) {
      kinds.add('failure');
      assert.notEqual(file.exitCode, 0, where);
      assert.match(detectSmiFailure(file.text) ?? '', /NVIDIA driver/, where);
    }
  }
  // Guards against the fixture folders going missing, which would make the loop above vacuous.
  assert.deepEqual([...kinds].sort(), ['apps', 'failure', 'gpu', 'gpu-uuid', 'loop']);
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
