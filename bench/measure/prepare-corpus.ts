// The corpus for a run: generated when missing or of another size or seed, then listed once so
// every tool gets the same files in the same order.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORPUS_MARKER, countLines, writeCorpus, type CorpusSpec } from '../corpus/corpus';

export interface PreparedCorpus extends CorpusSpec {
  root: string;
  /** Paths relative to `root`, sorted. */
  files: string[];
  /** A file listing `files`, one a line, for the reference processes. */
  listFile: string;
  lines: number;
  bytes: number;
  generated: boolean;
}

function isCurrent(root: string, spec: CorpusSpec): boolean {
  try {
    const marker: unknown = JSON.parse(readFileSync(join(root, CORPUS_MARKER), 'utf8'));
    const m = marker as Partial<CorpusSpec>;
    return m.seed === spec.seed && m.lines === spec.lines;
  } catch {
    return false;
  }
}

function pythonFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return pythonFiles(root, path);
    return entry.name.endsWith('.py') ? [relative(root, path)] : [];
  });
}

export function prepareCorpus(root: string, spec: CorpusSpec, listFile: string): PreparedCorpus {
  const generated = !existsSync(root) || !isCurrent(root, spec);
  if (generated) writeCorpus(root, spec);
  const files = pythonFiles(root).sort();
  let lines = 0;
  let bytes = 0;
  for (const file of files) {
    const path = join(root, file);
    lines += countLines(readFileSync(path, 'utf8'));
    bytes += statSync(path).size;
  }
  writeFileSync(listFile, files.join('\n') + '\n');
  return { ...spec, root, files, listFile, lines, bytes, generated };
}
