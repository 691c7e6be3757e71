import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_GPU_CONFIG } from '../client/src/gpu/gpu-config';
import { buildGpuDetailRows, buildProcessDetailRows } from '../client/src/gpu/gpu-details';
import type { GpuMonitorState, GpuSnapshot } from '../client/src/gpu/gpu-monitor';
import { parseComputeAppsOutput, parseGpuQueryOutput, type GpuRow } from '../client/src/gpu/nvidia-smi-parse';
import {
  escapeMarkdown,
  formatGpuStatus,
  memoryLevel,
  summarizeMemory,
  type GpuStatusOptions,
  type ProcessListing,
} from '../client/src/gpu/status-format';
import { decimalFor, english, type Translate, type Words } from '../client/src/translate';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const SCENARIOS = join(FIXTURES_DIR, 'nvidia-smi', 'scenarios');
const OPTIONS: GpuStatusOptions = DEFAULT_GPU_CONFIG;

/** The first block of a stand-in scenario, parsed by the real parser. */
function scenarioGpus(scenario: string): GpuRow[] {
  const text = readFileSync(join(SCENARIOS, scenario, 'gpu.csv'), 'utf8');
  return parseGpuQueryOutput(text.split(/\n\s*\n/)[0] ?? '');
}

/** The tooltip with its column spacing taken out, for matching cell contents. */
const unpadded = (tooltip: string) => tooltip.replaceAll('&nbsp;', '');

function okSnapshot(gpus: GpuRow[], message?: string): GpuSnapshot {
  return message === undefined ? { state: 'ok', gpus, at: 0 } : { state: 'ok', gpus, message, at: 0 };
}

test('one GPU shows used/total GiB with one decimal and a table tooltip', () => {
  const view = formatGpuStatus(okSnapshot(scenarioGpus('h100-training')), OPTIONS);
  assert.equal(view.text, '$(chip) 18.7/79.6 GiB');
  assert.equal(view.level, 'normal');
  assert.equal(view.visible, true);
  assert.equal(view.muted, false);
  assert.match(unpadded(view.tooltip), /\| 0 \| NVIDIA H100 80GB HBM3 \| 18\.7 \/ 79\.6 GiB \(24%\) \| 37% \|/);
  assert.match(view.tooltip, /Click for per-process usage/);
  assert.equal(view.accessibilityLabel, 'GPU memory: 18.7 of 79.6 GiB used, 24 percent. Activate for per-process usage');
});

test('table columns are kept apart: hovers draw Markdown tables without cell padding', () => {
  const view = formatGpuStatus(okSnapshot(scenarioGpus('h100-training')), OPTIONS);
  const gap = '&nbsp;&nbsp;&nbsp;';
  assert.ok(view.tooltip.includes(`| GPU${gap} | Name${gap} | Memory${gap} | Utilisation |`), view.tooltip);
  assert.ok(view.tooltip.includes(`| 0${gap} | NVIDIA H100 80GB HBM3${gap} | 18.7 / 79.6 GiB (24%)${gap} | 37% |`), view.tooltip);
});

test('the accessibility label is plain words in every state', () => {
  const snapshots: GpuSnapshot[] = [
    okSnapshot(scenarioGpus('two-gpus')),
    okSnapshot(scenarioGpus('near-full')),
    okSnapshot([]),
    { state: 'missing', gpus: [], message: 'nvidia-smi was not found', at: 0 },
    { state: 'error', gpus: [], message: 'NVIDIA-SMI has failed.\nMake sure the driver is installed.', at: 0 },
    { state: 'starting', gpus: [], at: 0 },
  ];
  const labels = snapshots.map((s) => formatGpuStatus(s, OPTIONS).accessibilityLabel);
  for (const label of labels) {
    assert.ok(label.length > 10, label);
    assert.doesNotMatch(label, /[*`|$\\\n]|&nbsp;/, `"${label}" is plain text`);
  }
  assert.equal(labels[0], 'GPU memory on 2 GPUs: 91.2 of 159.3 GiB used, 57 percent. Filling up: GPU 1 at 91 percent. Activate for per-process usage');
  assert.equal(labels[3], 'No GPU readout: nvidia-smi was not found');
  assert.equal(labels[4], 'GPU readout failed: NVIDIA-SMI has failed. Make sure the driver is installed');
});

test('several GPUs show the sum or the busiest GPU, and the level follows the fullest GPU', () => {
  const gpus = scenarioGpus('two-gpus');
  const sum = formatGpuStatus(okSnapshot(gpus), { ...OPTIONS, aggregate: 'sum' });
  // 74210 of 81559 MiB on GPU 1 is 91%: a warning although the sum is only 57%, and the text says which GPU.
  assert.equal(sum.text, '$(chip) 91.2/159.3 GiB, #1 91%');
  assert.equal(sum.level, 'warning');
  assert.match(sum.tooltip, /GPU 1 is 91% full: the colour is for it, while all 2 GPUs together use 57%\./);
  const busiest = formatGpuStatus(okSnapshot(gpus), { ...OPTIONS, aggregate: 'busiest' });
  assert.equal(busiest.text, '$(chip) #1 72.5/79.6 GiB');
  assert.equal(busiest.level, 'warning');
  assert.equal(unpadded(sum.tooltip).split('\n').filter((line) => /^\| \d \|/.test(line)).length, 2);
});

test('levels switch at the thresholds, inclusive', () => {
  const thresholds = { warningThreshold: 0.8, errorThreshold: 0.95 };
  assert.equal(memoryLevel(0.79, thresholds), 'normal');
  assert.equal(memoryLevel(0.8, thresholds), 'warning');
  assert.equal(memoryLevel(0.949, thresholds), 'warning');
  assert.equal(memoryLevel(0.95, thresholds), 'error');
  assert.equal(memoryLevel(undefined, thresholds), 'normal');
  assert.equal(memoryLevel(Number.NaN, thresholds), 'normal');
  assert.equal(formatGpuStatus(okSnapshot(scenarioGpus('near-full')), OPTIONS).level, 'error');
  const lowered = { ...OPTIONS, warningThreshold: 0.2, errorThreshold: 0.3 };
  assert.equal(formatGpuStatus(okSnapshot(scenarioGpus('h100-training')), lowered).level, 'warning');
});

test('unknown fields read N/A and are left out of the sum', () => {
  const gpus = scenarioGpus('na-fields');
  const view = formatGpuStatus(okSnapshot(gpus), OPTIONS);
  assert.equal(view.text, '$(chip) 18.7/79.6 GiB');
  assert.match(unpadded(view.tooltip), /\| 0 \| NVIDIA H100 80GB HBM3 \| N\/A \/ N\/A GiB \| N\/A \|/);
  assert.match(unpadded(view.tooltip), /\| 1 \| NVIDIA H100 80GB HBM3 \| 18\.7 \/ 79\.6 GiB \(24%\) \| N\/A \|/);
  const allUnknown = formatGpuStatus(okSnapshot([gpus[0] as GpuRow]), OPTIONS);
  assert.equal(allUnknown.text, '$(chip) N/A');
  assert.equal(allUnknown.level, 'normal');
  assert.equal(summarizeMemory([], 'sum'), undefined);
});

test('missing, error and starting states', () => {
  const missing: GpuSnapshot = { state: 'missing', gpus: [], message: 'nvidia-smi was not found', at: 0 };
  const shown = formatGpuStatus(missing, OPTIONS);
  assert.deepEqual([shown.visible, shown.text, shown.muted, shown.level], [true, '$(chip) No GPU', true, 'normal']);
  assert.match(shown.tooltip, /nvidia-smi was not found/);
  assert.equal(formatGpuStatus(missing, { ...OPTIONS, showWhenUnavailable: false }).visible, false);

  const failure = readFileSync(join(SCENARIOS, 'driver-failure', 'failure.txt'), 'utf8').trim();
  const error: GpuSnapshot = { state: 'error', gpus: [], message: failure, at: 0 };
  const errorView = formatGpuStatus(error, OPTIONS);
  assert.equal(errorView.visible, true);
  assert.equal(errorView.text, '$(chip) GPU $(warning)');
  assert.ok(errorView.tooltip.includes("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"));
  assert.equal(formatGpuStatus(error, { ...OPTIONS, showWhenUnavailable: false }).visible, false);

  const starting = formatGpuStatus({ state: 'starting', gpus: [], at: 0 }, OPTIONS);
  assert.equal(starting.text, '$(loading~spin) GPU');
  assert.equal(starting.visible, true);
});

test('a failure beside a reading is shown in the tooltip', () => {
  const view = formatGpuStatus(okSnapshot(scenarioGpus('h100-idle'), 'Unable to determine the device handle for GPU1: GPU is lost'), OPTIONS);
  assert.equal(view.text, '$(chip) 0.0/79.6 GiB');
  assert.match(view.tooltip, /\$\(warning\) Unable to determine the device handle for GPU1: GPU is lost/);
});

test('top processes are listed by memory with the workspace ones marked', () => {
  const gpus = scenarioGpus('two-gpus');
  const apps = parseComputeAppsOutput(readFileSync(join(SCENARIOS, 'two-gpus', 'apps.csv'), 'utf8'));
  const listing: ProcessListing = { ok: true, apps, workspacePids: new Set([48213]), readAt: 0 };
  const view = formatGpuStatus(okSnapshot(gpus), OPTIONS, listing);
  const rows = unpadded(view.tooltip).split('\n').filter((line) => /^\| \d{3,} \|/.test(line));
  assert.deepEqual(rows, [
    '| 51902 | /usr/bin/python3 | 1 | 71.9 GiB |',
    '| 48213 | /usr/bin/python3 $(folder) workspace | 0 | 18.2 GiB |',
  ]);
  assert.doesNotMatch(view.tooltip, /Click for per-process usage/);

  const failed = formatGpuStatus(okSnapshot(gpus), OPTIONS, { ok: false, message: 'nvidia-smi did not answer in time', readAt: 0 });
  assert.match(failed.tooltip, /did not answer in time/);
  const none = formatGpuStatus(okSnapshot(gpus), OPTIONS, { ok: true, apps: [], workspacePids: new Set(), readAt: 0 });
  assert.match(none.tooltip, /none holds GPU memory/);
});

test('text from nvidia-smi cannot break the markdown table or inject icons', () => {
  assert.equal(escapeMarkdown('a|b *c* $(zap) [x](y) <b>'), 'a\\|b \\*c\\* \\$(zap) \\[x\\](y) \\<b\\>');
  const view = formatGpuStatus(okSnapshot([{ index: 0, name: 'odd | $(zap) name', memoryUsedMiB: 1, memoryTotalMiB: 2 }]), OPTIONS);
  assert.match(unpadded(view.tooltip), /\| 0 \| odd \\\| \\\$\(zap\) name \|/);
});

test('details rows list GPUs then processes', () => {
  const gpus = scenarioGpus('two-gpus');
  const apps = parseComputeAppsOutput(readFileSync(join(SCENARIOS, 'two-gpus', 'apps.csv'), 'utf8'));
  const rows = buildGpuDetailRows(okSnapshot(gpus), { ok: true, apps, workspacePids: new Set([48213]), readAt: 0 });
  assert.deepEqual(
    rows.map((row) => [row.kind, row.label, row.description ?? '']),
    [
      ['separator', 'GPUs', ''],
      ['gpu', '$(chip) GPU 0: NVIDIA H100 80GB HBM3', '18.7 / 79.6 GiB (24%)'],
      ['gpu', '$(chip) GPU 1: NVIDIA H100 80GB HBM3', '72.5 / 79.6 GiB (91%)'],
      ['separator', 'Processes', ''],
      ['process', '$(terminal) /usr/bin/python3', '71.9 GiB on GPU 1'],
      ['process', '$(folder) /usr/bin/python3', '18.2 GiB on GPU 0'],
    ],
  );
  // Without a reading, one row says what is wrong; no processes are read or listed.
  const error = buildGpuDetailRows({ state: 'error', gpus: [], message: 'No devices were found', at: 0 }, undefined);
  assert.deepEqual(
    error.map((row) => row.kind),
    ['separator', 'message'],
  );
  assert.equal(error[1]?.detail, 'No devices were found');
});

test('without nvidia-smi the details say so once and what to do, not the same words twice', () => {
  const rows = buildGpuDetailRows({ state: 'missing', gpus: [], message: 'nvidia-smi was not found', at: 0 }, undefined);
  // One error row: no second "could not read per-process usage" row saying the same.
  assert.deepEqual(rows.map((row) => row.kind), ['separator', 'message']);
  const message = rows[1]!;
  assert.equal(message.label, '$(circle-slash) nvidia-smi was not found');
  assert.match(message.detail ?? '', /^Install the NVIDIA driver, or set oomlint\.gpu\.nvidiaSmiPath/);
  const custom = buildGpuDetailRows({ state: 'missing', gpus: [], message: '/opt/nv/nvidia-smi was not found', at: 0 }, undefined);
  assert.equal(custom[1]!.label, '$(circle-slash) /opt/nv/nvidia-smi was not found');
});

test('a picked process shows its command line, memory and workspace, with the actions that apply', () => {
  const inside = buildProcessDetailRows({
    pid: 48213,
    processName: '/usr/bin/python3',
    usedMemoryMiB: 18_636,
    gpu: '0',
    commandLine: '/usr/bin/python3 train.py --epochs 3',
    workingFolder: '/home/me/project',
    inWorkspace: true,
  });
  assert.deepEqual(
    inside.map((row) => [row.kind, row.label, row.description ?? '', row.action ?? '']),
    [
      ['separator', 'Process 48213', '', ''],
      ['fact', '$(terminal) /usr/bin/python3 train.py --epochs 3', 'command line', ''],
      ['fact', '$(chip) 18.2 GiB on GPU 0', '', ''],
      ['fact', '$(folder) Runs from this workspace', '/home/me/project', ''],
      ['separator', 'Actions', '', ''],
      ['action', '$(copy) Copy PID 48213', '', 'copyPid'],
      ['action', '$(copy) Copy command line', '', 'copyCommandLine'],
      ['action', '$(folder-opened) Reveal its working folder in the Explorer', '', 'revealFolder'],
    ],
  );
  // Another user's process: nothing readable, so only its PID can be copied.
  const foreign = buildProcessDetailRows({ pid: 51902, processName: '/usr/bin/python3', gpu: '1', inWorkspace: false });
  assert.deepEqual(
    foreign.filter((row) => row.kind === 'action').map((row) => row.action),
    ['copyPid'],
  );
  assert.equal(foreign[1]!.label, '$(terminal) /usr/bin/python3');
  assert.equal(foreign[3]!.label, '$(circle-slash) Not from this workspace');
});

test('formatting never throws on odd input', () => {
  const number = fc.oneof(fc.double(), fc.integer(), fc.constant(undefined));
  const gpu = fc.record({
    index: fc.integer({ min: -5, max: 64 }),
    uuid: fc.option(fc.string(), { nil: undefined }),
    name: fc.string(),
    memoryUsedMiB: number,
    memoryTotalMiB: number,
    utilizationPercent: number,
  });
  const state = fc.constantFrom<GpuMonitorState>('starting', 'ok', 'missing', 'error');
  const options = fc.record({
    aggregate: fc.constantFrom<'sum' | 'busiest'>('sum', 'busiest'),
    warningThreshold: fc.double(),
    errorThreshold: fc.double(),
    showWhenUnavailable: fc.boolean(),
  });
  fc.assert(
    fc.property(state, fc.array(gpu, { maxLength: 9 }), fc.option(fc.string(), { nil: undefined }), options, (s, gpus, message, opts) => {
      const snapshot = { state: s, gpus: gpus as GpuRow[], at: 0, ...(message === undefined ? {} : { message }) };
      const view = formatGpuStatus(snapshot, opts);
      assert.equal(typeof view.text, 'string');
      assert.ok(['normal', 'warning', 'error'].includes(view.level));
      assert.ok(Array.isArray(buildGpuDetailRows(snapshot, undefined)));
    }),
  );
});

/** A translator from the extension's bundle for `locale`, as VS Code's l10n.t would translate. */
function bundleTranslator(locale: string): Translate {
  const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<string, string>;
  return (message, ...args) => english(bundle[message] ?? message, ...args);
}

test('numbers are written as the display language writes them: 81,2 in Russian', () => {
  const gpus = scenarioGpus('two-gpus');
  const ru: Words = { t: bundleTranslator('ru'), decimal: decimalFor('ru') };
  const view = formatGpuStatus(okSnapshot(gpus), OPTIONS, undefined, ru);
  assert.equal(view.text, '$(chip) 91,2/159,3 GiB, #1 91%');
  assert.match(view.accessibilityLabel, /занято 91,2 из 159,3 GiB/);
  assert.match(unpadded(view.tooltip), /\| 18,7 \/ 79,6 GiB \(24%\) \|/);
  assert.deepEqual(buildGpuDetailRows(okSnapshot(gpus), undefined, ru).filter((r) => r.kind === 'gpu').map((r) => r.description), ['18,7 / 79,6 GiB (24%)', '72,5 / 79,6 GiB (91%)']);
  // English and Chinese write a full stop; a language tag Intl does not know falls back to it.
  assert.equal(decimalFor('zh-cn')(81.25, 1), '81.3');
  assert.equal(decimalFor('en')(81.2, 1), '81.2');
  assert.equal(decimalFor('not a tag')(81.2, 1), '81.2');
});

test('the Chinese screen-reader label ends its sentences with Chinese full stops', () => {
  const zh: Words = { t: bundleTranslator('zh-cn'), decimal: decimalFor('zh-cn') };
  for (const scenario of ['h100-training', 'two-gpus', 'near-full']) {
    const label = formatGpuStatus(okSnapshot(scenarioGpus(scenario)), OPTIONS, undefined, zh).accessibilityLabel;
    assert.match(label, /。/, label);
    // No ASCII full stop ends a sentence (a decimal point between digits is not one).
    assert.doesNotMatch(label.replace(/\d\.\d/g, ''), /\./, label);
  }
});
