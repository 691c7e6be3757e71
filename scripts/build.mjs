// Bundles the entry points with esbuild (tsc only type-checks), and transpiles sources and tests
// to out/ for Node's test runner.  `node scripts/build.mjs [--tests] [--production]`
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const production = args.has('--production');

const bundles = [
  { entry: 'server/src/cli.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { entry: 'server/src/server.ts', out: 'dist/server.js' },
  { entry: 'client/src/extension.ts', out: 'dist/extension.js', external: ['vscode'] },
].filter((b) => existsSync(join(root, b.entry)));

await Promise.all(
  bundles.map((b) =>
    esbuild.build({
      absWorkingDir: root,
      entryPoints: [b.entry],
      outfile: b.out,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: b.external ?? [],
      // The ESM build of web-tree-sitter reads import.meta.url, which a CommonJS bundle lacks.
      alias: { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs' },
      banner: b.banner ? { js: b.banner } : undefined,
      minify: production,
      sourcemap: production ? false : 'linked',
      logLevel: 'warning',
    }),
  ),
);

function tsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'fixtures' ? [] : tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

if (args.has('--tests')) {
  const entryPoints = ['server/src', 'client/src', 'test', 'bench'].flatMap((d) => tsFiles(join(root, d)));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: entryPoints.map((p) => relative(root, p)),
    outdir: 'out',
    outbase: '.',
    bundle: false,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}
