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
const PARSE_TIMEOUT_MS = 5_000;

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
   * With `previous` (the tree before one edit), unchanged subtrees of it are reused.
   */
  toSyntax(tree: Tree, text: string, previous?: PreviousConversion): SyntaxNode {
    return this.walker?.convert(tree, parserText(text), previous) ?? buildSyntaxTree(tree);
  }

  /** Parses `text`, reusing `oldTree` (already `edit()`ed) when given. The caller owns the result. */
  parse(text: string, oldTree?: Tree | null): Tree {
    const deadline = performance.now() + PARSE_TIMEOUT_MS;
    const tree = this.parser.parse(parserText(text), oldTree ?? null, {
      progressCallback: () => performance.now() > deadline,
    });
    if (!tree) {
      this.parser.reset();
      throw new Error(`parsing took longer than ${PARSE_TIMEOUT_MS} ms and was abandoned`);
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
 * The text as the grammar should see it. Python ends a line at "\r\n", "\n" or a lone "\r"; the
 * grammar knows only the first two, so each lone "\r" becomes "\n". The length stays the same, so
 * every offset into the parsed tree is an offset into the original text.
 */
export function parserText(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
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
