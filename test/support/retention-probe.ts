// Run by memory-retention.test.ts in a child process started with --expose-gc: edits a document as
// the server does (with an analysis session), then reports which of the first
// version's objects a full collection could not free. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { analyze } from '../../server/src/analysis/analyze';
import { OpenDocument } from '../../server/src/lsp/open-document';
import { AnalysisSession } from '../../server/src/analysis/session';
import type { SyntaxNode } from '../../server/src/parser/syntax';
import { sharedAnalyzer } from './analyzer';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!file || !collect) throw new Error('usage: node --expose-gc retention-probe.js FILE');
  const { parser } = await sharedAnalyzer();
  const text = readFileSync(file, 'utf8');
  const document = new OpenDocument('untitled:retention', 'python', 1, text);
  const session = new AnalysisSession();
  const lint = () => analyze(document.syntax(parser), document.text, { session, source: document.source });
  lint();
  // A letter typed into, then deleted from, the first word of several lines spread over the file: each
  // edit replaces the statement it is in, and the second brings the text back.
  const lines = text.split('\n');
  const rows = [0.2, 0.4, 0.6, 0.8].map((at) => lines.findIndex((line, row) => row >= Math.floor(at * lines.length) && /^\s*\w/.test(line)));
  // Only weak references to the first version are held here.
  const { firstRoot, firstStatements } = weakReferences(document.syntax(parser), rows);
  let version = 1;
  for (const row of rows) {
    const column = lines[row]!.search(/\w/) + 1;
    const at = { line: row, character: column };
    document.applyChanges([{ range: { start: at, end: at }, text: 'q' }], ++version);
    lint();
    document.applyChanges([{ range: { start: at, end: { line: row, character: column + 1 } }, text: '' }], ++version);
    lint();
  }
  // Let the last lint's temporaries go, then collect.
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  collect();
  console.log(JSON.stringify({
    edits: (version - 1),
    firstRootKept: firstRoot.deref() !== undefined,
    replacedStatementsKept: firstStatements.filter((s) => s.deref() !== undefined).length,
    stillOpen: document.text === text,
  }));
  document.freeTree();
}

function weakReferences(root: SyntaxNode, rows: readonly number[]): { firstRoot: WeakRef<SyntaxNode>; firstStatements: WeakRef<SyntaxNode>[] } {
  return {
    firstRoot: new WeakRef(root),
    firstStatements: rows.map((row) => new WeakRef(root.children.find((s) => s.row <= row && row <= s.endRow)!)),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
