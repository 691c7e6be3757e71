// A long file of real code for the editor benchmark: the labelled third-party modules of
// accuracy/files (each a whole module from a public repository), joined in path order until the
// file has the lines asked for. Generated files are regular; real ones have long functions, deep
// nesting and decorators in the proportions people write them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../paths';

const SOURCE = join(REPO_ROOT, 'accuracy', 'files');

function pythonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pythonFiles(path);
    return entry.name.endsWith('.py') ? [path] : [];
  });
}

/** Real modules joined until at least `lines` lines; throws when there are not enough of them. */
export function realModulesFile(lines: number): string {
  const files = pythonFiles(SOURCE).sort((a, b) => relative(SOURCE, a).localeCompare(relative(SOURCE, b)));
  const parts: string[] = [];
  let count = 0;
  for (const file of files) {
    if (count >= lines) break;
    const text = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
    parts.push(text.endsWith('\n') ? text : `${text}\n`);
    count += parts.at(-1)!.split('\n').length - 1;
  }
  if (count < lines) throw new Error(`accuracy/files holds ${count} lines of Python, fewer than the ${lines} asked for`);
  return parts.join('');
}
