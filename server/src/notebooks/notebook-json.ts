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

/**
 * Where each member of a JSON object's value lies in `text`, for the object starting at `at`, in
 * order (a key given twice appears twice). The text is valid JSON (JSON.parse read it first).
 */
function memberSpans(text: string, at: number): { key: string; start: number; end: number }[] {
  const members: { key: string; start: number; end: number }[] = [];
  let i = skipSpace(text, at + 1);
  if (text[i] === '}') return members;
  for (;;) {
    i = skipSpace(text, i);
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, start);
    members.push({ key, start, end });
    i = skipSpace(text, end);
    if (text[i] !== ',') return members;
    i++;
  }
}

/** Where each item of the JSON array starting at `at` begins and ends. */
function itemSpans(text: string, at: number): { start: number; end: number }[] {
  const items: { start: number; end: number }[] = [];
  let i = skipSpace(text, at + 1);
  if (text[i] === ']') return items;
  for (;;) {
    const start = skipSpace(text, i);
    const end = valueEnd(text, start);
    items.push({ start, end });
    i = skipSpace(text, end);
    if (text[i] !== ',') return items;
    i++;
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    at++;
  }
  return at;
}

/** The end of the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let slashes = 0;
    for (let k = quote - 1; text.charCodeAt(k) === 92; k--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The end of the value starting at `at`; containers are skipped without being read. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    let i = at;
    while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The last member named `key`, as Jupyter's reader (Python's json) takes a key given twice. */
function lastMember(members: readonly { key: string; start: number; end: number }[], key: string): { start: number; end: number } | undefined {
  for (let i = members.length - 1; i >= 0; i--) if (members[i]!.key === key) return members[i];
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sourceOf(value: unknown): { source: string; sourceIsList: boolean } | undefined {
  if (typeof value === 'string') return { source: value, sourceIsList: false };
  if (!Array.isArray(value) || !value.every((line): line is string => typeof line === 'string')) return undefined;
  return { source: value.join(''), sourceIsList: true };
}

/** Reads a notebook (nbformat 4); what is wrong with it comes back as one sentence. */
export function readNotebook(text: string): NotebookRead {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not a valid notebook: invalid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isRecord(root)) return { ok: false, message: 'not a valid notebook: the top level is not a JSON object' };
  const version = root.nbformat;
  if (version !== 4) {
    const found = version === undefined ? 'no `nbformat`' : `nbformat ${JSON.stringify(version)}`;
    return { ok: false, message: `unsupported notebook: ${found} (only nbformat 4 is read; \`jupyter nbconvert --to notebook\` upgrades older ones)` };
  }
  const cells = root.cells;
  if (!Array.isArray(cells)) return { ok: false, message: 'not a valid notebook: `cells` is missing or not a list' };
  // JSON.parse keeps the last of a key given twice; the spans are found the same way.
  const cellSpans = itemSpans(text, lastMember(memberSpans(text, skipSpace(text, 0)), 'cells')!.start);
  const codeCells: CodeCell[] = [];
  for (const [index, cell] of cells.entries()) {
    const cellType = isRecord(cell) ? cell.cell_type : undefined;
    if (typeof cellType !== 'string') return { ok: false, message: `not a valid notebook: cell ${index + 1} has no \`cell_type\`` };
    if (cellType !== 'code') continue;
    const source = sourceOf((cell as Record<string, unknown>).source);
    if (!source) {
      return { ok: false, message: `not a valid notebook: code cell ${index + 1} has no \`source\` (a string or a list of strings)` };
    }
    const span = lastMember(memberSpans(text, cellSpans[index]!.start), 'source')!;
    codeCells.push({ index, ...source, span: { start: span.start, end: span.end } });
  }
  return { ok: true, notebook: { language: languageOf(root), codeCells, cellCount: cells.length } };
}

/** `metadata.language_info.name`, else `metadata.kernelspec.language`, as Jupyter records them. */
function languageOf(root: Record<string, unknown>): string | undefined {
  const metadata = root.metadata;
  if (!isRecord(metadata)) return undefined;
  for (const [table, key] of [['language_info', 'name'], ['kernelspec', 'language']] as const) {
    const section = metadata[table];
    const value = isRecord(section) ? section[key] : undefined;
    if (typeof value === 'string') return value.toLowerCase();
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
