// Writes package.json's `contributes.configuration` from the settings schema in
// server/src/core/settings-schema.ts, so the editor's settings UI and the server's validation share one
// source. The TypeScript is bundled in memory with esbuild and loaded from a temporary file.
// `node scripts/sync-manifest.mjs [--check]`   --check: change nothing, exit 1 if package.json is stale.
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(root, 'package.json');
const checkOnly = process.argv.includes('--check');

async function loadSchemaModule() {
  const bundle = await esbuild.build({
    absWorkingDir: root,
    stdin: {
      contents: "export { contributesConfiguration } from './server/src/core/settings-schema';\nexport { ALL_RULES } from './server/src/rules';\n",
      resolveDir: root,
      sourcefile: 'manifest-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const scratch = mkdtempSync(join(tmpdir(), 'oomlint-manifest-'));
  try {
    const file = join(scratch, 'settings-schema.cjs');
    writeFileSync(file, bundle.outputFiles[0].contents);
    return createRequire(file)(file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The manifest with `contributes.configuration` replaced, every other key left where it was. */
function withConfiguration(manifest, configuration) {
  return { ...manifest, contributes: { ...(manifest.contributes ?? {}), configuration } };
}

const { contributesConfiguration, ALL_RULES } = await loadSchemaModule();
const before = readFileSync(manifestPath, 'utf8');
const after = JSON.stringify(withConfiguration(JSON.parse(before), contributesConfiguration(ALL_RULES)), null, 2) + '\n';

if (before === after) {
  console.log('package.json contributes.configuration is up to date');
} else if (checkOnly) {
  console.error('package.json contributes.configuration differs from server/src/core/settings-schema.ts; run `npm run sync-manifest`');
  process.exit(1);
} else {
  writeFileSync(manifestPath, after);
  console.log('updated package.json contributes.configuration');
}
