// Writes package.json's `contributes.configuration` from the settings schema in
// server/src/core/settings-schema.ts, so the editor's settings UI and the server's validation share one
// source, and the settings' English descriptions into package.nls.json (the manifest holds `%key%`
// placeholders). The translations, package.nls.<locale>.json, are written by hand; this script keeps
// their keys in step (dropping keys no longer used) and fills each rule's severity entry from the
// rule's translated summary where server/src/rules/l10n has one. The TypeScript is bundled in memory
// with esbuild and loaded from a temporary file.
// `node scripts/sync-manifest.mjs [--check]`   --check: change nothing, exit 1 if a file is stale.
import * as esbuild from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(root, 'package.json');
const checkOnly = process.argv.includes('--check');
/** Keys of generated entries: the settings' own names. Hand-written entries use other prefixes. */
const GENERATED_PREFIX = 'oomlint.';

async function loadSchemaModule() {
  const bundle = await esbuild.build({
    absWorkingDir: root,
    stdin: {
      contents: [
        "export { configurationNls, contributesConfiguration, ruleSeverityNlsKey } from './server/src/core/settings-schema';",
        "export { ALL_RULES } from './server/src/rules';",
        "export { translatedRuleDocs } from './server/src/rules/l10n';",
        "export { LOCALES } from './server/src/l10n/locale';",
        '',
      ].join('\n'),
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

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {});
const json = (value) => JSON.stringify(value, null, 2) + '\n';

const { configurationNls, contributesConfiguration, ruleSeverityNlsKey, ALL_RULES, translatedRuleDocs, LOCALES } = await loadSchemaModule();

/** path -> wanted text */
const wanted = new Map();
wanted.set(manifestPath, json(withConfiguration(readJson(manifestPath), contributesConfiguration(ALL_RULES))));

// English: the hand-written entries as they are, then the generated ones in schema order.
const englishPath = join(root, 'package.nls.json');
const handWritten = Object.fromEntries(Object.entries(readJson(englishPath)).filter(([key]) => !key.startsWith(GENERATED_PREFIX)));
const english = { ...handWritten, ...configurationNls(ALL_RULES) };
wanted.set(englishPath, json(english));

// Translations: English's keys in English's order; a rule's summary from its translated page.
for (const locale of LOCALES.filter((l) => l !== 'en')) {
  const path = join(root, `package.nls.${locale}.json`);
  const current = readJson(path);
  const docs = translatedRuleDocs(locale);
  const fromRules = Object.fromEntries(
    ALL_RULES.filter((r) => docs[r.meta.code]?.summary?.trim()).map((r) => [ruleSeverityNlsKey(r.meta.code), docs[r.meta.code].summary.trim()]),
  );
  const merged = { ...current, ...fromRules };
  wanted.set(path, json(Object.fromEntries(Object.keys(english).filter((key) => key in merged).map((key) => [key, merged[key]]))));
}

const stale = [...wanted].filter(([path, text]) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined) !== text).map(([path]) => path);
const name = (path) => path.slice(root.length + 1);
if (!stale.length) {
  console.log('package.json contributes.configuration and the package.nls files are up to date');
} else if (checkOnly) {
  console.error(`${stale.map(name).join(', ')} differ from server/src/core/settings-schema.ts; run \`npm run sync-manifest\``);
  process.exit(1);
} else {
  for (const path of stale) writeFileSync(path, wanted.get(path));
  console.log(`updated ${stale.map(name).join(', ')}`);
}
