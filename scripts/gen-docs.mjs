// Writes docs/rules/<CODE>-<name>.md for every rule and the README's rules table, from the rules'
// own metadata (the single source). `--check` changes nothing and exits 1 when anything is stale.
// `--root DIR` writes under DIR instead of the repository (the rules always come from this one).
//
//   node scripts/gen-docs.mjs [--check] [--root DIR]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? resolve(args[rootIndex + 1] ?? '.') : repoRoot;

const TABLE_START = '<!-- rules-table:start -->';
const TABLE_END = '<!-- rules-table:end -->';
/** Files this script owns in the docs folder: anything else there is left alone. */
const GENERATED_PAGE = /^OOM[0-9]+-[a-z0-9-]+\.md$/;

/** Bundles the TypeScript rules in memory and evaluates the result as a CommonJS module. */
async function loadRules() {
  const bundle = await esbuild.build({
    absWorkingDir: repoRoot,
    stdin: {
      contents: "export { ALL_RULES } from './server/src/rules/index';\nexport * from './server/src/rules/docs';\n",
      resolveDir: repoRoot,
      loader: 'ts',
      sourcefile: 'gen-docs-entry.ts',
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  const module = { exports: {} };
  const require = createRequire(join(repoRoot, 'gen-docs-entry.js'));
  new Function('module', 'exports', 'require', bundle.outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}

const { ALL_RULES, RULE_DOCS_PATH, renderRuleMarkdown, renderRulesTable, ruleDocFileName } = await loadRules();

/** path relative to root -> wanted content, or null for a file that should not exist. */
const wanted = new Map();
const docsDir = join(root, RULE_DOCS_PATH);
for (const rule of ALL_RULES) wanted.set(join(RULE_DOCS_PATH, ruleDocFileName(rule.meta)), renderRuleMarkdown(rule.meta));
if (existsSync(docsDir)) {
  for (const name of readdirSync(docsDir)) {
    const path = join(RULE_DOCS_PATH, name);
    if (GENERATED_PAGE.test(name) && !wanted.has(path)) wanted.set(path, null);
  }
}

const readmePath = join(root, 'README.md');
if (existsSync(readmePath)) {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start >= 0 && end > start) {
    const table = renderRulesTable(ALL_RULES.map((r) => r.meta));
    wanted.set('README.md', `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`);
  } else {
    console.warn(`README.md has no ${TABLE_START} ... ${TABLE_END} markers; its rules table was not touched.`);
  }
}

const stale = [];
for (const [path, content] of wanted) {
  const absolute = join(root, path);
  const current = existsSync(absolute) ? readFileSync(absolute, 'utf8') : null;
  if (current === content) continue;
  stale.push(path);
  if (check) continue;
  if (content === null) {
    rmSync(absolute);
  } else {
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

const where = relative(process.cwd(), root) || '.';
if (check) {
  if (stale.length) {
    console.error(`Out of date (run \`npm run docs\`): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(`Rule docs are up to date (${ALL_RULES.length} rules, in ${where}).`);
} else {
  console.log(stale.length ? `Updated ${stale.join(', ')}` : `Rule docs were already up to date (${ALL_RULES.length} rules).`);
}
