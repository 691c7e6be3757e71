// A Jupyter notebook's JSON, read so that it can be written back changed in code cells' `source`
// only: every other byte (metadata, outputs, key order, indentation, escapes) stays as it was, because
// the new sources are spliced into the original text at the spans their old values took.

export interface CodeCell {
  /** 0-based position among all the notebook's cells (markdown and raw ones included). */
  index: number;
  /** The cell's code, its lines joined. */
  source: string;
  /** nbformat allows a list of lines or one string; a rewrite keeps the form it found. */
  sourceIsList: boolean;
  /** Where the `source` value lies in the notebook's text: [start, end). */
  span: { start: number; end: number };
}

export interface NotebookFile {
  /** The kernel's language from the metadata (`python`, `r`, `julia`), when it names one. */
  language: string | undefined;
  codeCells: CodeCell[];
  /** How many cells of any kind the notebook has. */
  cellCount: number;
}

export type NotebookRead = { ok: true; notebook: NotebookFile } | { ok: false; message: string };

class JsonSyntaxError extends Error {}

/** A JSON value with the span of its text; objects keep their members in order. */
type Located =
  | { kind: 'object'; start: number; end: number; members: { key: string; value: Located }[] }
  | { kind: 'array'; start: number; end: number; items: Located[] }
  | { kind: 'scalar'; start: number; end: number; value: unknown };

/** A small JSON reader that remembers where each value is; JSON.parse decodes strings and numbers. */
function parseLocated(text: string): Located {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${at}`);
  };
  const stringEnd = (from: number): number => {
    let i = from + 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    return i + 1;
  };
  const value = (): Located => {
    skipSpace();
    const start = at;
    const c = text[at];
    if (c === '{') {
      at++;
      const members: { key: string; value: Located }[] = [];
      skipSpace();
      if (text[at] === '}') return { kind: 'object', start, end: ++at, members };
      for (;;) {
        skipSpace();
        if (text[at] !== '"') fail('expected a key');
        const keyEnd = stringEnd(at);
        const key = JSON.parse(text.slice(at, keyEnd)) as string;
        at = keyEnd;
        skipSpace();
        if (text[at++] !== ':') fail('expected ":"');
        members.push({ key, value: value() });
        skipSpace();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return { kind: 'object', start, end: ++at, members };
        else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      at++;
      const items: Located[] = [];
      skipSpace();
      if (text[at] === ']') return { kind: 'array', start, end: ++at, items };
      for (;;) {
        items.push(value());
        skipSpace();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return { kind: 'array', start, end: ++at, items };
        else fail('expected "," or "]"');
      }
    }
    if (c === '"') at = stringEnd(at);
    else {
      const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 64));
      if (!match) fail('unexpected character');
      at += match![0].length;
    }
    return { kind: 'scalar', start, end: at, value: JSON.parse(text.slice(start, at)) as unknown };
  };
  const root = value();
  skipSpace();
  if (at < text.length) fail('unexpected text after the notebook');
  return root;
}

const member = (node: Located, key: string): Located | undefined =>
  node.kind === 'object' ? node.members.find((m) => m.key === key)?.value : undefined;

function sourceOf(node: Located): { source: string; sourceIsList: boolean } | undefined {
  if (node.kind === 'scalar') return typeof node.value === 'string' ? { source: node.value, sourceIsList: false } : undefined;
  if (node.kind !== 'array') return undefined;
  const lines: string[] = [];
  for (const item of node.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') return undefined;
    lines.push(item.value);
  }
  return { source: lines.join(''), sourceIsList: true };
}

/** Reads a notebook (nbformat 4); what is wrong with it comes back as one sentence. */
export function readNotebook(text: string): NotebookRead {
  // JSON.parse first: its message for broken JSON is the one people know.
  try {
    JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not a valid notebook: invalid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  let root: Located;
  try {
    root = parseLocated(text);
  } catch (error) {
    return { ok: false, message: `not a valid notebook: invalid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (root.kind !== 'object') return { ok: false, message: 'not a valid notebook: the top level is not a JSON object' };
  const nbformat = member(root, 'nbformat');
  const version = nbformat?.kind === 'scalar' ? nbformat.value : undefined;
  if (version !== 4) {
    const found = version === undefined ? 'no `nbformat`' : `nbformat ${JSON.stringify(version)}`;
    return { ok: false, message: `unsupported notebook: ${found} (only nbformat 4 is read; \`jupyter nbconvert --to notebook\` upgrades older ones)` };
  }
  const cells = member(root, 'cells');
  if (cells?.kind !== 'array') return { ok: false, message: 'not a valid notebook: `cells` is missing or not a list' };
  const codeCells: CodeCell[] = [];
  for (const [index, cell] of cells.items.entries()) {
    const cellType = member(cell, 'cell_type');
    if (cellType?.kind !== 'scalar' || typeof cellType.value !== 'string') {
      return { ok: false, message: `not a valid notebook: cell ${index + 1} has no \`cell_type\`` };
    }
    if (cellType.value !== 'code') continue;
    const sourceNode = member(cell, 'source');
    const source = sourceNode && sourceOf(sourceNode);
    if (!sourceNode || !source) {
      return { ok: false, message: `not a valid notebook: code cell ${index + 1} has no \`source\` (a string or a list of strings)` };
    }
    codeCells.push({ index, ...source, span: { start: sourceNode.start, end: sourceNode.end } });
  }
  return { ok: true, notebook: { language: languageOf(root), codeCells, cellCount: cells.items.length } };
}

/** `metadata.language_info.name`, else `metadata.kernelspec.language`, as Jupyter records them. */
function languageOf(root: Located): string | undefined {
  const metadata = root.kind === 'object' ? member(root, 'metadata') : undefined;
  for (const [table, key] of [['language_info', 'name'], ['kernelspec', 'language']] as const) {
    const value = metadata && member(metadata, table) && member(member(metadata, table)!, key);
    if (value?.kind === 'scalar' && typeof value.value === 'string') return value.value.toLowerCase();
  }
  return undefined;
}

/** nbformat's own split: each line keeps its `\n`; the last one may have none. */
export function sourceLines(source: string): string[] {
  return source.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Escapes non-ASCII characters as `\uXXXX`, for notebooks written with ensure_ascii. */
const asciiOnly = (json: string) => json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The indentation of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The notebook's indentation unit, from its second line (`{` then one member, as nbformat writes). */
function indentUnit(text: string): string {
  const match = /^\{\r?\n([ \t]+)/.exec(text);
  return match ? match[1]! : ' ';
}

function serializeSource(text: string, cell: CodeCell, source: string): string {
  const original = text.slice(cell.span.start, cell.span.end);
  // A notebook with escapes and no raw non-ASCII text was written with ensure_ascii: keep to it.
  // (A `\u` escape is one preceded by an even number of backslashes; `\\u` is a backslash and a `u`.)
  // eslint-disable-next-line no-control-regex -- the test is for characters outside ASCII
  const ascii = /(?:^|[^\\])(?:\\\\)*\\u[0-9a-fA-F]{4}/.test(text) && !/[^\u0000-\u007f]/.test(text);
  const quote = (s: string) => (ascii ? asciiOnly(JSON.stringify(s)) : JSON.stringify(s));
  if (!cell.sourceIsList) return quote(source);
  const lines = sourceLines(source);
  if (!lines.length) return '[]';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const keyIndent = lineIndent(text, cell.span.start);
  // Where the original list was laid out on lines, take its item and bracket indentation from it.
  const itemMatch = /^\[\s*?\r?\n([ \t]*)\S/.exec(original);
  const closeMatch = /\r?\n([ \t]*)\]$/.exec(original);
  if (!itemMatch && original !== '[]') {
    // A list written on one line stays on one line.
    return `[${lines.map(quote).join(', ')}]`;
  }
  const itemIndent = itemMatch ? itemMatch[1]! : keyIndent + indentUnit(text);
  const closeIndent = closeMatch ? closeMatch[1]! : keyIndent;
  return `[${newline}${lines.map((line) => itemIndent + quote(line)).join(`,${newline}`)}${newline}${closeIndent}]`;
}

/** The notebook's text with the given code cells' sources replaced (by index into `codeCells`). */
export function withNewSources(text: string, notebook: NotebookFile, sources: ReadonlyMap<number, string>): string {
  let out = '';
  let copied = 0;
  for (const [position, cell] of notebook.codeCells.entries()) {
    const source = sources.get(position);
    if (source === undefined || source === cell.source) continue;
    out += text.slice(copied, cell.span.start) + serializeSource(text, cell, source);
    copied = cell.span.end;
  }
  return out + text.slice(copied);
}
