// The one place that knows web-tree-sitter. Everything above it sees `SyntaxNode` (syntax.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Edit, Language, Parser, type Point, type Tree } from 'web-tree-sitter';
import { buildSyntaxTree, type SyntaxNode } from './syntax';

export type { Tree } from 'web-tree-sitter';
export { Edit };

/** Where the grammar and runtime `.wasm` files live; passed in by each entry point. */
export interface GrammarLocation {
  grammarDir: string;
}

/** Parse time limit per document, so a pathological input cannot stall the server. */
const PARSE_TIMEOUT_MS = 5_000;

export class PythonParser {
  private constructor(private readonly parser: Parser) {}

  static async create({ grammarDir }: GrammarLocation): Promise<PythonParser> {
    const runtimeWasm = join(grammarDir, 'web-tree-sitter.wasm');
    await Parser.init({
      // Hand the runtime its own bytes: no lookup through node_modules or the bundle's folder.
      wasmBinary: readFileSync(runtimeWasm),
      locateFile: () => runtimeWasm,
    });
    const language = await Language.load(readFileSync(join(grammarDir, 'tree-sitter-python.wasm')));
    const parser = new Parser();
    parser.setLanguage(language);
    return new PythonParser(parser);
  }

  /** Parses `text`, reusing `oldTree` (already `edit()`ed) when given. The caller owns the result. */
  parse(text: string, oldTree?: Tree | null): Tree {
    const deadline = performance.now() + PARSE_TIMEOUT_MS;
    const tree = this.parser.parse(text, oldTree ?? null, {
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
      return buildSyntaxTree(tree);
    } finally {
      tree.delete();
    }
  }

  delete(): void {
    this.parser.delete();
  }
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
