// Reference: ruff's WebAssembly build, default rules, checks every listed file in this Node.
// `node out/bench/references/ruff-check.js LIST_FILE`
import { readFileSync } from 'node:fs';
import { readFileList, type ReferenceSummary } from './file-list';
import { ruffCheck, ruffWorkspace } from './ruff-settings';

const files = readFileList(process.argv[2] ?? '');
const workspace = ruffWorkspace();
const started = performance.now();
let lines = 0;
let findings = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  lines += text.split('\n').length;
  findings += ruffCheck(workspace, text);
}
const summary: ReferenceSummary = { files: files.length, lines, findings, workMs: performance.now() - started };
process.stdout.write(JSON.stringify(summary) + '\n');
