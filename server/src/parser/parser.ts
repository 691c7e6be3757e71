// The one place that knows web-tree-sitter. Everything above it sees `SyntaxNode` (syntax.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Edit, Language, Parser, type Point, type Tree } from 'web-tree-sitter';
import { buildSyntaxTree, type SyntaxNode } from './syntax';
import { WasmTreeWalker, type PreviousConversion } from './wasm-tree-walk';

export type { PreviousConversion, TextEditSpan } from './wasm-tree-walk';

export type { Tree } from 'web-tree-sitter';
export { Edit };

/** Where the grammar and runtime `.wasm` files live; passed in by each entry point. */
export interface GrammarLocation {
  grammarDir: string;
}

/** Parse time limit per document, so a pathological input cannot stall the server. */
export const PARSE_TIMEOUT_MS = 5_000;

/** A parse that took longer than its time limit, and was abandoned. */
export class ParseAbandoned extends Error {
  constructor(readonly limitMs: number) {
    super(`parsing took longer than ${limitMs} ms and was abandoned`);
    this.name = 'ParseAbandoned';
  }
}

/**
 * The options object of the process's first `Parser.init`: emscripten turns it into the runtime
 * module (web-tree-sitter initialises once per process and ignores later options).
 */
let runtime: Record<string, unknown> | undefined;

export class PythonParser {
  private constructor(
    private readonly parser: Parser,
    private readonly walker: WasmTreeWalker | undefined,
  ) {}

  static async create({ grammarDir }: GrammarLocation): Promise<PythonParser> {
    const runtimeWasm = join(grammarDir, 'web-tree-sitter.wasm');
    runtime ??= {
      // Hand the runtime its own bytes: no lookup through node_modules or the bundle's folder.
      wasmBinary: readFileSync(runtimeWasm),
      locateFile: () => runtimeWasm,
    };
    await Parser.init(runtime);
    const language = await Language.load(readFileSync(join(grammarDir, 'tree-sitter-python.wasm')));
    const parser = new Parser();
    parser.setLanguage(language);
    return new PythonParser(parser, WasmTreeWalker.create(runtime, language));
  }

  /** How trees become `SyntaxNode`s: `direct` calls into the runtime, `cursor` is the public API. */
  get conversion(): 'direct' | 'cursor' {
    return this.walker ? 'direct' : 'cursor';
  }

  /**
   * The plain syntax tree of `tree`, which was parsed from `text`; the caller still owns `tree`.
   * With `previous` (the tree before one edit), unchanged subtrees of it are reused. `movable` makes a
   * tree whose statements an edit moves in one step (an open document's, see syntax.ts); `previous`
   * must be one too.
   */
  toSyntax(tree: Tree, text: string, previous?: PreviousConversion, movable = false): SyntaxNode {
    return this.walker?.convert(tree, parserText(text), previous, movable) ?? buildSyntaxTree(tree, movable);
  }

  /**
   * Whether a tree this parser converted has an ERROR or MISSING node under `node`; true when that
   * is not known (the public-API conversion keeps no record).
   */
  containsErrors(node: SyntaxNode): boolean {
    return this.walker?.containsErrors(node) ?? true;
  }

  /** Records that `root`, a tree put together from subtrees this parser converted, holds one with an error. */
  noteErrors(root: SyntaxNode): void {
    this.walker?.noteErrors(root);
  }

  /** Parses `text`, reusing `oldTree` (already `edit()`ed) when given. The caller owns the result. */
  parse(text: string, oldTree?: Tree | null): Tree {
    const deadline = performance.now() + PARSE_TIMEOUT_MS;
    const tree = this.parser.parse(parserText(text), oldTree ?? null, {
      progressCallback: () => performance.now() > deadline,
    });
    if (!tree) {
      this.parser.reset();
      throw new ParseAbandoned(PARSE_TIMEOUT_MS);
    }
    return tree;
  }

  /** Parses and converts in one step, freeing the native tree. */
  parseToSyntax(text: string): SyntaxNode {
    const tree = this.parse(text);
    try {
      return this.toSyntax(tree, text);
    } finally {
      tree.delete();
    }
  }

  delete(): void {
    this.parser.delete();
  }
}

/**
 * The text as the grammar should see it, always of the same length and with the same line breaks, so
 * that every offset and point into the parsed tree is one into the original text:
 * - Python ends a line at "\r\n", "\n" or a lone "\r"; the grammar knows only the first two, so each
 *   lone "\r" becomes "\n".
 * - The grammar's scanner looks across every following comment line at each line break, which makes
 *   a long run of comment lines quadratic (4,000 lines took 2 s). A line holding nothing but a
 *   comment means nothing to the tree, so its text becomes spaces, which the scanner skips cheaply;
 *   one pass tells such lines from lines inside a string, which are left alone. Only a comment right
 *   after a backslash continuation is kept: it ends the statement's last line, where a `# noqa`
 *   belongs. (A file's `# oomlint: noqa` on a line of its own is found in the text, not the tree.)
 * A line's text depends on its own content, on the line before it, and on whether a string is open
 * where it starts: an edit that opens or closes a string changes later lines (see `changedSpan`).
 */
export function parserText(text: string): string {
  // Asked twice per edit (the parse and the conversion) for the same text.
  if (text === lastParserText.text) return lastParserText.result;
  const result = blankCommentLines(text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text);
  lastParserText = { text, result };
  return result;
}

let lastParserText = { text: '', result: '' };

const HASH = 35;
const BACKSLASH = 92;
const NEWLINE = 10;
const RETURN = 13;

/** What ends a stretch of code on a line, and what ends a string, by its quote. */
const CODE_STOP = /["'#\\\n]/g;
const SHORT_STRING_STOP: Record<number, RegExp> = { 34: /["\\\n]/g, 39: /['\\\n]/g };
const LONG_STRING_STOP: Record<number, RegExp> = { 34: /["\\]/g, 39: /['\\]/g };

/** The first match of `pattern` at or after `from`, or -1. */
function nextStop(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

/** Where an escape that starts with the backslash at `at` ends: one character, or a "\r\n" line break. */
function afterEscape(text: string, at: number): number {
  return text.charCodeAt(at + 1) === RETURN && text.charCodeAt(at + 2) === NEWLINE ? at + 3 : at + 2;
}

/**
 * Where a string whose quote is `quote` and whose text starts at `from` ends, read as the grammar's
 * scanner reads it: after its closing quote, or at a line break that cuts a short string. Unlike
 * Python, the scanner takes a line break into a short string when nothing came since its quote or its
 * last escape, and a raw string's backslash steps over the quote or backslash after it and then a
 * line break; only text Python refuses reads differently.
 */
function endOfString(text: string, from: number, quote: number, long: boolean, raw: boolean): number {
  const pattern = (long ? LONG_STRING_STOP : SHORT_STRING_STOP)[quote]!;
  let fresh = true;
  for (let at = from; ; ) {
    const stop = nextStop(pattern, text, at);
    if (stop < 0) return text.length;
    if (stop > at) fresh = false;
    const c = text.charCodeAt(stop);
    if (c === NEWLINE) {
      if (!fresh) return stop;
      at = stop + 1;
      fresh = false;
    } else if (c === BACKSLASH && raw) {
      at = stop + 1;
      const escaped = text.charCodeAt(at);
      if (escaped === quote || escaped === BACKSLASH) at++;
      if (text.charCodeAt(at) === NEWLINE) at++;
      else if (text.charCodeAt(at) === RETURN && text.charCodeAt(at + 1) === NEWLINE) at += 2;
    } else if (c === BACKSLASH) {
      at = afterEscape(text, stop);
      fresh = true;
    } else if (!long) {
      return stop + 1;
    } else if (text.charCodeAt(stop + 1) === quote && text.charCodeAt(stop + 2) === quote) {
      return stop + 3;
    } else {
      at = stop + 1;
    }
  }
}

/** Whether the string whose quote is at `at` has an `r` among the letters of its prefix. */
function isRawString(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && i >= at - 2; i--) {
    const c = text.charCodeAt(i) | 32;
    if (c === 114) return true;
    if (c < 97 || c > 122) return false;
  }
  return false;
}

/** `text` (whose lines end at "\n" or "\r\n") with its comment lines blanked, as `parserText` says. */
function blankCommentLines(text: string): string {
  const out: string[] = [];
  let copied = 0;
  const length = text.length;
  // The line before the current one ended in a backslash continuation.
  let continued = false;
  let at = 0;
  line: while (at < length) {
    // At the start of a line, outside any string.
    let first = at;
    for (let c = text.charCodeAt(first); c === 32 || c === 9 || c === 12; c = text.charCodeAt(++first));
    if (text.charCodeAt(first) === HASH) {
      const lineEnd = text.indexOf('\n', first);
      const end = lineEnd < 0 ? length : text.charCodeAt(lineEnd - 1) === RETURN ? lineEnd - 1 : lineEnd;
      if (!continued) {
        out.push(text.slice(copied, first), ' '.repeat(end - first));
        copied = end;
      }
      continued = false;
      at = lineEnd < 0 ? length : lineEnd + 1;
      continue;
    }
    continued = false;
    // The rest of the line, and the strings that run on past it.
    for (at = first; ; ) {
      const stop = nextStop(CODE_STOP, text, at);
      if (stop < 0) break line;
      const c = text.charCodeAt(stop);
      if (c === NEWLINE) {
        at = stop + 1;
        continue line;
      }
      if (c === HASH) {
        const lineEnd = text.indexOf('\n', stop);
        if (lineEnd < 0) break line;
        at = lineEnd + 1;
        continue line;
      }
      if (c === BACKSLASH) {
        const next = text.charCodeAt(stop + 1);
        if (next === NEWLINE || (next === RETURN && text.charCodeAt(stop + 2) === NEWLINE)) {
          continued = true;
          at = afterEscape(text, stop);
          continue line;
        }
        at = stop + 1;
        continue;
      }
      const long = text.charCodeAt(stop + 1) === c && text.charCodeAt(stop + 2) === c;
      at = endOfString(text, stop + (long ? 3 : 1), c, long, isRawString(text, stop));
    }
  }
  if (!out.length) return text;
  out.push(text.slice(copied));
  return out.join('');
}

/** Describes a text change for `Tree.edit()`, with offsets and points in UTF-16 code units. */
export function makeEdit(
  startIndex: number,
  oldEndIndex: number,
  newEndIndex: number,
  startPosition: Point,
  oldEndPosition: Point,
  newEndPosition: Point,
): Edit {
  return new Edit({ startIndex, oldEndIndex, newEndIndex, startPosition, oldEndPosition, newEndPosition });
}
