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
 * The text as the grammar should see it, always of the same length, so that every offset into the
 * parsed tree is an offset into the original text:
 * - Python ends a line at "\r\n", "\n" or a lone "\r"; the grammar knows only the first two, so each
 *   lone "\r" becomes "\n".
 * - The grammar's scanner looks across every following comment line at each line break, which makes
 *   a long run of comment lines quadratic (4,000 lines took 2 s). A line holding nothing but a
 *   comment means nothing to the analysis, so its text becomes spaces, which the scanner skips
 *   cheaply. Comments that may suppress findings (`noqa`, `oomlint`) are kept, and so is any comment
 *   line with a quote or a backslash, which could be part of a string instead.
 * Each line is mapped on its own content alone (see `lineSpan` for edits).
 */
export function parserText(text: string): string {
  // Asked twice per edit (the parse and the conversion) for the same text.
  if (text === lastParserText.text) return lastParserText.result;
  const result = computeParserText(text);
  lastParserText = { text, result };
  return result;
}

let lastParserText = { text: '', result: '' };

function computeParserText(text: string): string {
  let out: string[] | undefined;
  let last = 0;
  let lineStart = 0;
  const length = text.length;
  while (lineStart < length) {
    let lineEnd = lineStart;
    while (lineEnd < length) {
      const c = text.charCodeAt(lineEnd);
      if (c === 10 || c === 13) break;
      lineEnd++;
    }
    let first = lineStart;
    while (first < lineEnd && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9 || text.charCodeAt(first) === 12)) first++;
    if (first < lineEnd && text.charCodeAt(first) === 35 && isBlankableComment(text, first, lineEnd)) {
      out ??= [];
      out.push(text.slice(last, first), ' '.repeat(lineEnd - first));
      last = lineEnd;
    }
    if (lineEnd < length && text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) !== 10) {
      out ??= [];
      out.push(text.slice(last, lineEnd), '\n');
      last = lineEnd + 1;
    }
    lineStart = lineEnd + (text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
  }
  if (!out) return text;
  out.push(text.slice(last));
  return out.join('');
}

function isBlankableComment(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 92) return false;
  }
  return !/noqa|oomlint/i.test(text.slice(from, to));
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
