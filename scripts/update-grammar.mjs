// Copies the pinned Python grammar and the web-tree-sitter runtime into grammars/,
// records where they came from, and regenerates the typed syntax nodes.
// Run after changing the pinned versions in package.json: `npm run grammar`.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateNodeTypes } from './gen-node-types.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** The installed package's folder: the nearest package.json above its entry point that names it. */
function packageDir(name) {
  let dir = dirname(require.resolve(name));
  while (dir !== dirname(dir)) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === name) return dir;
    } catch {
      // no package.json here: keep climbing
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the package folder of ${name}`);
}

const artifacts = [
  { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  { pkg: 'tree-sitter-python', file: 'src/node-types.json', target: 'tree-sitter-python.node-types.json' },
  { pkg: 'web-tree-sitter', file: 'web-tree-sitter.wasm' },
];

const provenance = { generatedBy: 'scripts/update-grammar.mjs', files: [] };
for (const { pkg, file, target } of artifacts) {
  const dir = packageDir(pkg);
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  const name = target ?? file;
  copyFileSync(join(dir, file), join(root, 'grammars', name));
  const sha256 = createHash('sha256').update(readFileSync(join(root, 'grammars', name))).digest('hex');
  provenance.files.push({ file: name, package: pkg, version, source: `npm:${pkg}@${version}/${file}`, sha256 });
}
writeFileSync(join(root, 'grammars', 'provenance.json'), JSON.stringify(provenance, null, 2) + '\n');

const nodeTypes = JSON.parse(readFileSync(join(root, 'grammars', 'tree-sitter-python.node-types.json'), 'utf8'));
writeFileSync(join(root, 'server', 'src', 'parser', 'python-nodes.generated.ts'), generateNodeTypes(nodeTypes));
console.log(provenance.files.map((f) => `${f.file}  ${f.source}  ${f.sha256.slice(0, 12)}`).join('\n'));
