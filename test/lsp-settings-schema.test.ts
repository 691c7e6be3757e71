// The settings schema is the single description of `oomlint.*` (test/manifest.test.ts checks that
// package.json is rendered from it): the server validates editor values against it, and its defaults
// are the analysis' defaults.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../server/src/core/settings';
import { EDITOR_ANALYSIS_KEYS, readEditorSettings } from '../server/src/lsp/editor-settings';
import { settingByKey, SETTINGS_SCHEMA } from '../server/src/core/settings-schema';

/** The value VS Code would send for every setting a user left alone, nested as VS Code nests them. */
function defaultsAsSent(): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const setting of SETTINGS_SCHEMA) {
    const path = setting.key.split('.').slice(1);
    let node = section;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = setting.default;
  }
  return section;
}

test('every analysis setting has an editor setting with the same default', () => {
  for (const [name, value] of Object.entries(DEFAULT_SETTINGS)) {
    const setting = settingByKey(`oomlint.${name}`);
    assert.ok(setting, `oomlint.${name} is missing from the schema`);
    assert.deepEqual(setting.default, value, `default of oomlint.${name}`);
  }
  assert.deepEqual([...EDITOR_ANALYSIS_KEYS].sort(), Object.keys(DEFAULT_SETTINGS).sort(), 'the server reads every one of them');
});

test('the GPU readout settings are declared as the readout expects them', () => {
  const gpu = Object.fromEntries(SETTINGS_SCHEMA.filter((s) => s.key.startsWith('oomlint.gpu.')).map((s) => [s.key, s]));
  assert.deepEqual(Object.keys(gpu).sort(), [
    'oomlint.gpu.aggregate',
    'oomlint.gpu.enabled',
    'oomlint.gpu.errorThreshold',
    'oomlint.gpu.intervalMs',
    'oomlint.gpu.nvidiaSmiPath',
    'oomlint.gpu.showWhenUnavailable',
    'oomlint.gpu.warningThreshold',
  ]);
  assert.deepEqual(
    Object.fromEntries(Object.entries(gpu).map(([key, s]) => [key, s.default])),
    {
      'oomlint.gpu.enabled': true,
      'oomlint.gpu.intervalMs': 2000,
      'oomlint.gpu.nvidiaSmiPath': 'nvidia-smi',
      'oomlint.gpu.warningThreshold': 0.8,
      'oomlint.gpu.errorThreshold': 0.95,
      'oomlint.gpu.aggregate': 'sum',
      'oomlint.gpu.showWhenUnavailable': true,
    },
  );
  const interval = gpu['oomlint.gpu.intervalMs']!;
  assert.ok(interval.type === 'number' && interval.minimum === 250);
  assert.equal(gpu['oomlint.gpu.nvidiaSmiPath']!.scope, 'machine');
  const aggregate = gpu['oomlint.gpu.aggregate']!;
  assert.ok(aggregate.type === 'string');
  assert.deepEqual(aggregate.enum, ['sum', 'busiest']);
});

test('defaults as an editor sends them validate, and count as not set', () => {
  const { settings, problems } = readEditorSettings(defaultsAsSent());
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, { enable: true, analysis: {} });
});

test('chosen values come through; values the schema rejects are reported and dropped', () => {
  const chosen = readEditorSettings({
    enable: false,
    select: ['OOM'],
    ignore: ['OOM004'],
    severity: { OOM003: 'error' },
    maxBatchSize: 1024,
    evalFunctionNames: ['validate_*'],
  });
  assert.deepEqual(chosen.problems, []);
  assert.deepEqual(chosen.settings, {
    enable: false,
    analysis: { select: ['OOM'], ignore: ['OOM004'], severity: { OOM003: 'error' }, maxBatchSize: 1024, evalFunctionNames: ['validate_*'] },
  });

  const rejected = readEditorSettings({
    enable: 'yes',
    select: 'OOM003',
    ignore: ['OOM-3'],
    severity: { OOM003: 'fatal' },
    maxBatchSize: 0,
    maxPinnedWorkers: 2.5,
  });
  assert.deepEqual(rejected.settings, { enable: true, analysis: {} });
  assert.deepEqual(
    rejected.problems.map((p) => p.split(':')[0]).sort(),
    ['oomlint.enable', 'oomlint.ignore', 'oomlint.maxBatchSize', 'oomlint.maxPinnedWorkers', 'oomlint.select', 'oomlint.severity'],
  );
  assert.deepEqual(readEditorSettings(null), { settings: { enable: true, analysis: {} }, problems: [] });
});
