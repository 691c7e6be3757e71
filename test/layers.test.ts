// The server's folders form floors: each may import only from the floors below it, so the shared
// vocabulary (core) never reaches back up into the analysis, the pure analysis never sees the editor
// or the command line, and the query engine under the model is seen only by the model and by the
// analysis session that holds a document's database.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './support/paths';

const SRC = join(REPO_ROOT, 'server', 'src');

/** Which floors each floor may import from (besides itself). A floor is a folder of server/src, or semantic/engine. */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  parser: [],
  files: [],
  'semantic/engine': [],
  explain: ['l10n'],
  // Notebook messages name cells: the catalogue's shape.
  notebooks: ['l10n'],
  l10n: ['core'],
  semantic: ['core', 'parser', 'semantic/engine'],
  // The estimate of a training step's memory: knowledge of models, and what a file sets up.
  estimate: ['core', 'parser', 'semantic'],
  fixes: ['core', 'parser', 'semantic'],
  rules: ['core', 'parser', 'semantic', 'fixes', 'l10n', 'estimate'],
  analysis: ['core', 'parser', 'semantic', 'semantic/engine', 'fixes', 'rules', 'l10n', 'estimate'],
  // The project's files linked: summaries read from each file's model.
  project: ['core', 'parser', 'semantic', 'analysis', 'files', 'config'],
  config: ['core', 'files'],
  cli: ['core', 'parser', 'semantic', 'fixes', 'rules', 'analysis', 'project', 'config', 'files', 'explain', 'notebooks', 'l10n', 'estimate'],
  lsp: ['core', 'parser', 'semantic', 'fixes', 'rules', 'analysis', 'project', 'config', 'files', 'explain', 'notebooks', 'l10n', 'estimate'],
};

/** Every .ts file under `dir`, as paths relative to server/src. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The relative imports of a file (type-only ones too), as paths relative to server/src without `.ts`. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)].map((m) => normalize(join(dirname(file), m[1]!)));
}

function floorOf(path: string): string {
  return path.startsWith(`semantic${'/'}engine/`) ? 'semantic/engine' : path.split('/')[0]!;
}

test('every floor of the server imports only from the floors below it', () => {
  const folders = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.filter((f) => !(f in ALLOWED)), [], 'a new folder needs its place in ALLOWED');
  const wrong: string[] = [];
  for (const file of sources(SRC)) {
    const floor = floorOf(file);
    if (!(floor in ALLOWED)) continue;
    for (const target of importsOf(file)) {
      const to = floorOf(target);
      if (to !== floor && !ALLOWED[floor]!.includes(to)) wrong.push(`${file} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('no import cycle inside semantic/: the model imports the shared analyses, none imports it back', () => {
  const files = sources(join(SRC, 'semantic')).map((f) => f.replace(/\.ts$/, ''));
  const edges = new Map(files.map((f) => [f, importsOf(`${f}.ts`).filter((t) => files.includes(t))]));
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  assert.deepEqual(cycles, []);
});

test('the rule families keep their own analyses beside their rules, and the shared model keeps none of them', () => {
  const families = readdirSync(join(SRC, 'rules'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'l10n').map((e) => e.name);
  assert.deepEqual(families.sort(), ['autograd', 'data', 'device']);
  for (const family of families) {
    const rules = readdirSync(join(SRC, 'rules', family)).filter((name) => /^OOM\d{3}-/.test(name));
    assert.ok(rules.length > 0, `${family} holds rules`);
  }
  // A file of the shared model is read by the model or beyond the rules; one that only rules read
  // belongs with their family.
  for (const file of sources(join(SRC, 'semantic'))) {
    const module = file.replace(/\.ts$/, '');
    const readers = sources(SRC).filter((other) => other !== file && importsOf(other).includes(module));
    assert.ok(readers.length === 0 || readers.some((reader) => !reader.startsWith('rules/')), `${file} is read by rules alone: ${readers.join(', ')}`);
  }
});
