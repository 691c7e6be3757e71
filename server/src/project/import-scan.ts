// The modules a file's import statements name, read from its lines without parsing it: enough to
// tell which files of a project import one another, so that only those are summarised. It may find
// more than the parser would (an import inside a string), never less: a name it finds in vain only
// costs a summary.

/** Matches the start of an import statement on a line, after its indentation or a `;`. */
const IMPORT_START = /(?:^|;)\s*(from\s+(\.*[\w.]*)\s+import\b|import\s)/g;

/**
 * The qualified names a file's imports bind, as the import table writes them: `a.b` for
 * `import a.b`, `.models.Net` for `from .models import Net`, `pkg.*` for `from pkg import *`.
 */
export function scanImports(text: string): string[] {
  const names = new Set<string>();
  const lines = logicalLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('import')) continue;
    IMPORT_START.lastIndex = 0;
    for (let m = IMPORT_START.exec(line); m; m = IMPORT_START.exec(line)) {
      // The rest of the statement: up to a `;`, over the lines an open parenthesis continues.
      let rest = line.slice(m.index + m[0].length);
      for (let next = i + 1; opens(rest) && next < lines.length; next++) rest += ' ' + lines[next]!;
      rest = rest.split(';')[0]!.replace(/[()]/g, ' ');
      const from = m[2];
      for (const item of rest.split(',')) {
        const name = /^\s*([\w.*]+)/.exec(item)?.[1];
        if (!name) continue;
        if (from === undefined) names.add(name);
        else names.add(from.endsWith('.') ? `${from}${name}` : `${from}.${name}`);
      }
    }
  }
  return [...names];
}

/** The text's lines without comments, a line that a backslash continues joined with the next. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pending + stripComment(raw);
    if (line.trimEnd().endsWith('\\')) pending = line.trimEnd().slice(0, -1) + ' ';
    else {
      out.push(line);
      pending = '';
    }
  }
  if (pending) out.push(pending);
  return out;
}

function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash < 0 ? line : line.slice(0, hash);
}

/** The text opens more parentheses than it closes. */
function opens(text: string): boolean {
  let depth = 0;
  for (const c of text) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
  return depth > 0;
}
