// The server's folders form floors: each may import only from the floors below it, so the shared
// vocabulary (core) never reaches back up into the analysis, and the pure analysis never sees the
// editor or the command line.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './support/paths';

const SRC = join(REPO_ROOT, 'server', 'src');

/** Which folders each folder of server/src may import from (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  parser: [],
  files: [],
  explain: ['l10n'],
  // Notebook messages name cells: the catalogue's shape.
  notebooks: ['l10n'],
  l10n: ['core', 'semantic'],
  semantic: ['core', 'parser'],
  fixes: ['core', 'parser', 'semantic'],
  rules: ['core', 'parser', 'semantic', 'fixes', 'l10n'],
  analysis: ['core', 'parser', 'semantic', 'fixes', 'rules', 'l10n'],
  config: ['core', 'files'],
  cli: ['core', 'parser', 'semantic', 'fixes', 'rules', 'analysis', 'config', 'files', 'explain', 'notebooks', 'l10n'],
  lsp: ['core', 'parser', 'semantic', 'fixes', 'rules', 'analysis', 'config', 'files', 'explain', 'notebooks', 'l10n'],
};

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)].map((m) => m[1]!);
}

test('every folder of the server imports only from the floors below it', () => {
  const folders = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.filter((f) => !(f in ALLOWED)), [], 'a new folder needs its place in ALLOWED');
  const wrong: string[] = [];
  for (const folder of folders) {
    for (const name of readdirSync(join(SRC, folder)).filter((n) => n.endsWith('.ts'))) {
      for (const spec of importsOf(join(SRC, folder, name))) {
        const target = spec.startsWith('../') ? spec.slice(3).split('/')[0]! : folder;
        if (target !== folder && !ALLOWED[folder]!.includes(target)) wrong.push(`${folder}/${name} imports ${spec}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
