// Writes the benchmark corpus: whole projects until the line count is reached. The same seed and
// size always give the same files, byte for byte.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateProject, type CorpusFile } from './project';
import { Random } from './random';

/** Marks a folder as written by this generator, so regenerating may delete it. */
export const CORPUS_MARKER = '.oomlint-bench-corpus';

export interface CorpusSpec {
  lines: number;
  seed: number;
}

export interface CorpusSummary extends CorpusSpec {
  root: string;
  files: number;
  /** Lines actually written (the last project may go past the target). */
  writtenLines: number;
  projects: number;
}

export function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return text.length && !text.endsWith('\n') ? count + 1 : count;
}

export function generateCorpus({ lines, seed }: CorpusSpec): { files: CorpusFile[]; projects: number } {
  const random = new Random(seed);
  const files: CorpusFile[] = [];
  let total = 0;
  let projects = 0;
  while (total < lines) {
    for (const file of generateProject(random.fork(), projects)) {
      files.push(file);
      total += countLines(file.text);
    }
    projects++;
  }
  return { files, projects };
}

export function writeCorpus(root: string, spec: CorpusSpec): CorpusSummary {
  if (existsSync(root)) {
    if (readdirSync(root).length && !existsSync(join(root, CORPUS_MARKER))) {
      throw new Error(`${root} exists and was not written by the corpus generator; refusing to replace it`);
    }
    rmSync(root, { recursive: true, force: true });
  }
  mkdirSync(root, { recursive: true });
  const { files, projects } = generateCorpus(spec);
  let writtenLines = 0;
  for (const file of files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
    writtenLines += countLines(file.text);
  }
  const summary: CorpusSummary = { ...spec, root, files: files.length, writtenLines, projects };
  writeFileSync(join(root, CORPUS_MARKER), JSON.stringify({ seed: spec.seed, lines: spec.lines, files: files.length, writtenLines }, null, 2) + '\n');
  return summary;
}
