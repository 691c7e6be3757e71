// package.json's extension manifest: generated parts in sync with their sources, and the fields that
// decide where and when the extension runs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { contributesConfiguration, settingByKey } from '../server/src/core/settings-schema';
import { ALL_RULES } from '../server/src/rules';
import { REPO_ROOT } from './support/paths';

interface Manifest {
  main: string;
  icon: string;
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  extensionKind: string[];
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: unknown; restrictedConfigurations?: string[]; description?: string } };
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: Record<string, { command: string; when?: string }[]>;
    configuration: unknown;
  };
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;

/** `major.minor.patch` of a `^1.91.0`-style range or an exact version. */
function versionParts(range: string): [number, number, number] {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(range);
  assert.ok(match, `no version in ${range}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

test('contributes.configuration is what the settings schema renders (run `npm run sync-manifest`)', () => {
  assert.deepEqual(manifest.contributes.configuration, contributesConfiguration(ALL_RULES));
});

test('runs where the workspace is, so under Remote-SSH it lints and reads the GPU on the remote host', () => {
  assert.deepEqual(manifest.extensionKind, ['workspace']);
  assert.equal(manifest.main, './dist/extension.js');
});

test('activates for Python files and for notebooks, not at startup', () => {
  assert.ok(manifest.activationEvents.includes('onLanguage:python'));
  assert.ok(manifest.activationEvents.includes('onNotebook:jupyter-notebook'));
  assert.ok(!manifest.activationEvents.includes('*'));
  assert.ok(!manifest.activationEvents.includes('onStartupFinished'));
});

test('an untrusted workspace cannot choose the program the extension runs', () => {
  const { untrustedWorkspaces } = manifest.capabilities;
  assert.equal(untrustedWorkspaces.supported, 'limited');
  assert.deepEqual(untrustedWorkspaces.restrictedConfigurations, ['oomlint.gpu.nvidiaSmiPath']);
  assert.ok(untrustedWorkspaces.description, 'limited support should say what is limited');
  for (const key of untrustedWorkspaces.restrictedConfigurations ?? []) {
    assert.ok(settingByKey(key), `${key} is not a setting`);
  }
});

test('every command has a title and the oomlint category, and menus name declared commands', () => {
  const declared = new Set(manifest.contributes.commands.map((c) => c.command));
  assert.equal(declared.size, manifest.contributes.commands.length, 'a command is declared twice');
  for (const command of manifest.contributes.commands) {
    assert.match(command.command, /^oomlint\.[a-zA-Z]+$/);
    assert.ok(command.title.trim(), `${command.command} has no title`);
    assert.equal(command.category, 'oomlint', command.command);
  }
  for (const [menu, entries] of Object.entries(manifest.contributes.menus ?? {})) {
    for (const entry of entries) assert.ok(declared.has(entry.command), `${menu} names ${entry.command}`);
  }
});

test('engines.vscode allows the VS Code that the end-to-end test runs and no older API than the typings', () => {
  const engine = versionParts(manifest.engines.vscode);
  assert.ok(manifest.engines.vscode.startsWith('^'), 'engines.vscode should be a caret range');
  // code-server 4.100.3 is VS Code 1.100.3.
  assert.ok(compareVersions(engine, [1, 100, 3]) <= 0, `${manifest.engines.vscode} excludes VS Code 1.100.3`);
  // vsce refuses to package when @types/vscode is newer than the oldest VS Code the range allows.
  const typings = versionParts(manifest.devDependencies['@types/vscode'] ?? '0.0.0');
  assert.ok(compareVersions(typings, engine) <= 0, `@types/vscode ${typings.join('.')} is newer than ${manifest.engines.vscode}`);
});

test('the icon is a 128x128 PNG', () => {
  const png = readFileSync(join(REPO_ROOT, manifest.icon));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
  assert.equal(png.readUInt32BE(16), 128);
  assert.equal(png.readUInt32BE(20), 128);
});
