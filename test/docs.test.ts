// scripts/gen-docs.mjs: the rule pages and the README table come from the rules' own metadata.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { renderRuleMarkdown, renderRulesTable, ruleDocFileName } from '../server/src/rules/docs';
import { ALL_RULES } from '../server/src/rules/index';
import { REPO_ROOT } from './support/paths';

const SCRIPT = join(REPO_ROOT, 'scripts', 'gen-docs.mjs');
const genDocs = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

const root = mkdtempSync(join(tmpdir(), 'oomlint-docs-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('the committed rule pages and README table are up to date', () => {
  const run = genDocs('--check');
  assert.equal(run.status, 0, `${run.stderr}\nRun \`npm run docs\` and commit the result.`);
});

test('generates one page per rule, removes stale pages, and fills the README between its markers', () => {
  const readme = '# Project\n\n<!-- rules-table:start -->\nold table\n<!-- rules-table:end -->\n\nMore text.\n';
  writeFileSync(join(root, 'README.md'), readme);
  mkdirSync(join(root, 'docs', 'rules'), { recursive: true });
  writeFileSync(join(root, 'docs', 'rules', 'OOM999-renamed-rule.md'), 'stale\n');
  writeFileSync(join(root, 'docs', 'rules', 'index.md'), 'hand-written\n');

  assert.equal(genDocs('--check', '--root', root).status, 1);
  const run = genDocs('--root', root);
  assert.equal(run.status, 0, run.stderr);

  for (const rule of ALL_RULES) {
    assert.equal(readFileSync(join(root, 'docs', 'rules', ruleDocFileName(rule.meta)), 'utf8'), renderRuleMarkdown(rule.meta));
  }
  assert.equal(existsSync(join(root, 'docs', 'rules', 'OOM999-renamed-rule.md')), false);
  assert.equal(readFileSync(join(root, 'docs', 'rules', 'index.md'), 'utf8'), 'hand-written\n');
  const table = renderRulesTable(ALL_RULES.map((r) => r.meta));
  assert.equal(
    readFileSync(join(root, 'README.md'), 'utf8'),
    `# Project\n\n<!-- rules-table:start -->\n${table}\n<!-- rules-table:end -->\n\nMore text.\n`,
  );
  assert.equal(genDocs('--check', '--root', root).status, 0);

  // Hand edits to a generated page are caught.
  const first = ALL_RULES[0];
  if (first) {
    writeFileSync(join(root, 'docs', 'rules', ruleDocFileName(first.meta)), 'edited by hand\n');
    const check = genDocs('--check', '--root', root);
    assert.equal(check.status, 1);
    assert.match(check.stderr, new RegExp(ruleDocFileName(first.meta)));
  }
});

test('a README without markers is left alone', () => {
  const plain = mkdtempSync(join(tmpdir(), 'oomlint-docs-plain-'));
  try {
    writeFileSync(join(plain, 'README.md'), '# No table here\n');
    const run = genDocs('--root', plain);
    assert.equal(run.status, 0);
    assert.match(run.stderr, /no <!-- rules-table:start -->/);
    assert.equal(readFileSync(join(plain, 'README.md'), 'utf8'), '# No table here\n');
  } finally {
    rmSync(plain, { recursive: true, force: true });
  }
});

test('the README stays a page a newcomer reads: at most 15 KB, the rest in docs/', () => {
  const size = readFileSync(join(REPO_ROOT, 'README.md')).length;
  assert.ok(size <= 15 * 1024, `README.md is ${size} bytes`);
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  // Every relative link leads to a file of the repository (the package test checks they ship).
  for (const m of readme.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    assert.ok(existsSync(join(REPO_ROOT, target)), `README links to ${target}, which does not exist`);
  }
});
