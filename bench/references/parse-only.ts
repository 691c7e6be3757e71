// Reference: the floor of a tree-sitter design. web-tree-sitter parses every listed file and frees
// the tree; nothing is walked or analysed. `node out/bench/references/parse-only.js LIST_FILE`
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { GRAMMAR_DIR } from '../paths';
import { readFileList, type ReferenceSummary } from './file-list';

async function main(): Promise<void> {
  const files = readFileList(process.argv[2] ?? '');
  await Parser.init({ wasmBinary: readFileSync(join(GRAMMAR_DIR, 'web-tree-sitter.wasm')) });
  const language = await Language.load(readFileSync(join(GRAMMAR_DIR, 'tree-sitter-python.wasm')));
  const parser = new Parser();
  parser.setLanguage(language);
  const started = performance.now();
  let lines = 0;
  let findings = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length;
    const tree = parser.parse(text);
    if (tree?.rootNode.hasError) findings++;
    tree?.delete();
  }
  const summary: ReferenceSummary = { files: files.length, lines, findings, workMs: performance.now() - started };
  process.stdout.write(JSON.stringify(summary) + '\n');
}

void main();
