import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clampIntervalMs,
  DEFAULT_GPU_CONFIG,
  effectiveNvidiaSmiPath,
  MIN_INTERVAL_MS,
  readGpuConfig,
  type ConfigSection,
} from '../client/src/gpu/gpu-config';

/** A settings section holding `values`, read the way VS Code's WorkspaceConfiguration is read. */
function section(values: Record<string, unknown>): ConfigSection {
  return { get: <T>(key: string) => values[key] as T | undefined };
}

test('unset settings read as the defaults', () => {
  assert.deepEqual(readGpuConfig(section({})), DEFAULT_GPU_CONFIG);
  assert.deepEqual(DEFAULT_GPU_CONFIG, {
    enabled: true,
    intervalMs: 2000,
    nvidiaSmiPath: 'nvidia-smi',
    warningThreshold: 0.8,
    errorThreshold: 0.95,
    aggregate: 'sum',
    showWhenUnavailable: true,
  });
});

test('intervalMs is clamped to the minimum and falls back when not a number', () => {
  assert.equal(MIN_INTERVAL_MS, 250);
  assert.equal(clampIntervalMs(100), 250);
  assert.equal(clampIntervalMs(0), 250);
  assert.equal(clampIntervalMs(-5), 250);
  assert.equal(clampIntervalMs(250), 250);
  assert.equal(clampIntervalMs(1500.6), 1501);
  assert.equal(clampIntervalMs('500'), 2000);
  assert.equal(clampIntervalMs(Number.NaN), 2000);
  assert.equal(clampIntervalMs(undefined), 2000);
  assert.equal(readGpuConfig(section({ intervalMs: 10 })).intervalMs, 250);
});

test('settings of the wrong type or range fall back, thresholds stay ordered', () => {
  const config = readGpuConfig(
    section({ enabled: 'no', aggregate: 'max', warningThreshold: 1.5, errorThreshold: -1, showWhenUnavailable: false, nvidiaSmiPath: '  ' }),
  );
  assert.equal(config.enabled, true);
  assert.equal(config.aggregate, 'sum');
  assert.equal(config.warningThreshold, 0.8);
  assert.equal(config.errorThreshold, 0.95);
  assert.equal(config.showWhenUnavailable, false);
  assert.equal(config.nvidiaSmiPath, 'nvidia-smi');
  const inverted = readGpuConfig(section({ warningThreshold: 0.9, errorThreshold: 0.5, aggregate: 'busiest', enabled: false }));
  assert.deepEqual([inverted.warningThreshold, inverted.errorThreshold, inverted.aggregate, inverted.enabled], [0.5, 0.5, 'busiest', false]);
});

test('an untrusted workspace ignores nvidiaSmiPath and uses nvidia-smi from PATH', () => {
  const configured = readGpuConfig(section({ nvidiaSmiPath: ' /opt/nvidia/bin/nvidia-smi ' })).nvidiaSmiPath;
  assert.equal(configured, '/opt/nvidia/bin/nvidia-smi');
  assert.equal(effectiveNvidiaSmiPath(configured, true), '/opt/nvidia/bin/nvidia-smi');
  assert.equal(effectiveNvidiaSmiPath(configured, false), 'nvidia-smi');
  assert.equal(effectiveNvidiaSmiPath('./evil.sh', false), 'nvidia-smi');
  assert.equal(effectiveNvidiaSmiPath('', true), 'nvidia-smi');
});
