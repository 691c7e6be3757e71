// Small helpers for writing Python source as lists of lines.

export type Lines = string[];

/** Indents every non-blank line by `depth` levels of four spaces. */
export function indent(lines: readonly string[], depth = 1): Lines {
  const pad = '    '.repeat(depth);
  return lines.map((line) => (line.trim() === '' ? '' : pad + line));
}

/** `header:` followed by the indented body (`pass` when the body is empty). */
export function block(header: string, body: readonly string[]): Lines {
  return [`${header}:`, ...indent(body.length ? body : ['pass'])];
}

/** Joins top-level definitions with the two blank lines PEP 8 asks for. */
export function topLevel(parts: readonly (readonly string[])[]): Lines {
  const out: Lines = [];
  for (const part of parts) {
    if (!part.length) continue;
    if (out.length) out.push('', '');
    out.push(...part);
  }
  return out;
}

/** Joins methods of a class with one blank line. */
export function members(parts: readonly (readonly string[])[]): Lines {
  const out: Lines = [];
  for (const part of parts) {
    if (!part.length) continue;
    if (out.length) out.push('');
    out.push(...part);
  }
  return out;
}

export function docstring(text: string, extra: readonly string[] = []): Lines {
  if (!extra.length) return [`"""${text}"""`];
  return [`"""${text}`, '', ...extra, '"""'];
}

/** Imports of one file, printed in the usual three groups. */
export class ImportSet {
  private readonly plain = new Map<string, string | undefined>();
  private readonly from = new Map<string, Set<string>>();

  /** `import module` or `import module as alias`. */
  module(name: string, alias?: string): this {
    this.plain.set(name, alias);
    return this;
  }

  /** `from module import a, b`. */
  names(module: string, ...names: string[]): this {
    let set = this.from.get(module);
    if (!set) this.from.set(module, (set = new Set()));
    for (const n of names) set.add(n);
    return this;
  }

  render(): Lines {
    const groups: [Lines, Lines, Lines] = [[], [], []];
    const groupOf = (module: string) => (module.startsWith('.') ? 2 : STANDARD_LIBRARY.has(module.split('.')[0]!) ? 0 : 1);
    for (const [name, alias] of [...this.plain].sort(([a], [b]) => a.localeCompare(b))) {
      groups[groupOf(name)].push(alias ? `import ${name} as ${alias}` : `import ${name}`);
    }
    for (const [module, names] of [...this.from].sort(([a], [b]) => a.localeCompare(b))) {
      const list = [...names].sort();
      const line = `from ${module} import ${list.join(', ')}`;
      if (line.length <= 100) groups[groupOf(module)].push(line);
      else groups[groupOf(module)].push(`from ${module} import (`, ...list.map((n) => `    ${n},`), ')');
    }
    const out: Lines = [];
    for (const group of groups) {
      if (!group.length) continue;
      if (out.length) out.push('');
      out.push(...group);
    }
    return out;
  }
}

const STANDARD_LIBRARY = new Set([
  'argparse', 'collections', 'contextlib', 'copy', 'csv', 'dataclasses', 'datetime', 'functools', 'glob',
  'hashlib', 'itertools', 'json', 'logging', 'math', 'os', 'pathlib', 'pickle', 'random', 're', 'shutil',
  'signal', 'statistics', 'subprocess', 'sys', 'tempfile', 'time', 'typing', 'warnings', 'abc', 'enum',
  'io', 'queue', 'threading', 'textwrap', 'unittest', 'string', 'heapq', 'bisect', 'socket', 'uuid',
]);
