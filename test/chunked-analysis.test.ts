// The editor analyses a file one chunk at a time (the function an edit touched first, the rest
// later; see server/src/analysis/chunks.ts). That only works if every rule reports a finding in the
// chunk of the code it looked at: then the findings of each chunk, gathered separately, are exactly
// those of one run over the whole file. Checked for every rule fixture and every labelled real file,
// both with one semantic model shared by the chunks (the editor's later pass) and with a fresh model
// for each chunk (the editor's first answer after an edit).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ALL_CHUNKS, AnalysisRun, analyze, type Finding } from '../server/src/analysis/analyze';
import { chunkRoots, type ChunkKey } from '../server/src/analysis/chunks';
import type { Diagnostic } from '../server/src/core/types';
import { ALL_RULES } from '../server/src/rules';
import { sharedAnalyzer } from './support/analyzer';
import { pythonFilesUnder } from './support/fixtures';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

/** Every rule on, the off-by-default ones too. */
const EVERY_RULE = { select: ALL_RULES.map((r) => r.meta.code) };

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code} ${d.start}-${d.end} ${d.message} fixes=${JSON.stringify(d.fixes)}`);
}

function chunksOf(run: AnalysisRun): ChunkKey[] {
  return [null, ...chunkRoots(run.root)];
}

async function check(path: string, freshModelPerChunk: boolean): Promise<void> {
  const analyzer = await sharedAnalyzer();
  const text = readFileSync(path, 'utf8');
  const root = analyzer.parser.parseToSyntax(text);
  const options = { settings: EVERY_RULE, path };
  const whole = analyze(root, text, options);
  const shared = new AnalysisRun(root, text, options);
  const findings: Finding[] = [];
  for (const chunk of chunksOf(shared)) {
    const run = freshModelPerChunk ? new AnalysisRun(root, text, options) : shared;
    findings.push(...run.findings(new Set([chunk])));
  }
  assert.deepEqual(summary(shared.diagnostics(findings)), summary(whole), path);
  // The whole-file run through the same class agrees with analyze() itself.
  assert.deepEqual(summary(shared.diagnostics(new AnalysisRun(root, text, options).findings(ALL_CHUNKS))), summary(whole), path);
}

const RULE_FIXTURES = pythonFilesUnder(join(FIXTURES_DIR, 'rules'));
const REAL_FILES = pythonFilesUnder(join(REPO_ROOT, 'accuracy', 'files'));

test('each rule fixture: findings gathered chunk by chunk, each with its own model, equal the whole-file run', async () => {
  for (const path of RULE_FIXTURES) await check(path, true);
});

test('labelled real files: findings gathered chunk by chunk with one shared model equal the whole-file run', async () => {
  assert.ok(REAL_FILES.length > 100, 'the labelled real files are there');
  for (const path of REAL_FILES) await check(path, false);
});

test('labelled real files with findings: a fresh model per chunk agrees too', async () => {
  const analyzer = await sharedAnalyzer();
  const withFindings = REAL_FILES.filter((path) => {
    const text = readFileSync(path, 'utf8');
    return analyze(analyzer.parser.parseToSyntax(text), text, { settings: EVERY_RULE, path }).length > 0;
  });
  assert.ok(withFindings.length > 30, `real files with findings: ${withFindings.length}`);
  for (const path of withFindings) await check(path, true);
});
