// Each analysis setting is declared once, in the settings schema: `pyproject.toml`, the editor and
// the analysis' defaults all read it from there, so they accept and reject the same values.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../server/src/core/settings';
import { parseProjectConfig } from '../server/src/config/pyproject';
import { readEditorSettings } from '../server/src/lsp/editor-settings';
import { ANALYSIS_SETTINGS } from '../server/src/core/settings-schema';

const PYPROJECT = join('/', 'project', 'pyproject.toml');

function acceptedByProjectFile(selector: string): boolean {
  const config = parseProjectConfig(`[tool.oomlint]\nselect = [${JSON.stringify(selector)}]\n`, PYPROJECT);
  return config.problems.length === 0;
}

function acceptedByEditor(selector: string): boolean {
  return readEditorSettings({ select: [selector] }).problems.length === 0;
}

test('pyproject.toml and the editor accept the same rule selectors', () => {
  for (const selector of ['ALL', 'all', 'OOM', 'oom00', 'OOM003', 'E501', 'OOM0001', 'F', 'foo3', '']) {
    assert.equal(acceptedByEditor(selector), acceptedByProjectFile(selector), `selector ${JSON.stringify(selector)}`);
  }
  assert.ok(acceptedByProjectFile('OOM003') && !acceptedByEditor('E501'));
});

test('every analysis setting has a pyproject.toml key that sets it', () => {
  for (const setting of ANALYSIS_SETTINGS) {
    if (setting.type !== 'integer') continue;
    const config = parseProjectConfig(`[tool.oomlint]\n${setting.analysis.projectKey} = 7\n`, PYPROJECT);
    assert.deepEqual(config.problems, []);
    assert.deepEqual(config.settings, { [setting.analysis.field]: 7 });
  }
  assert.deepEqual(Object.keys(DEFAULT_SETTINGS).sort(), ANALYSIS_SETTINGS.map((s) => s.analysis.field).sort());
  assert.equal(DEFAULT_SETTINGS.maxBatchSize, 512);
});
