// A file's findings, grouped by the top-level definition they sit in: each module-level function or
// class is one chunk, and everything else at module level (imports, constants, script code, the
// `if __name__ == "__main__":` block) is the module chunk. The rules can run on some chunks only
// (AnalysisRun.findings), the ground for re-analysing only what an edit touched.
import type { SyntaxNode } from '../parser/syntax';
import { topLevelStatementOf } from '../semantic/scopes';

/** A top-level function or class statement, or null for the module chunk. */
export type ChunkKey = SyntaxNode | null;

const DEFINITIONS = new Set(['function_definition', 'class_definition', 'decorated_definition']);

/** Whether `node`, a child of the module, is a chunk of its own. */
export function isChunkRoot(node: SyntaxNode): boolean {
  return node.parent !== null && node.parent.type === 'module' && node.parent.parent === null && DEFINITIONS.has(node.type);
}

/** The chunk that `node` belongs to: its top-level definition, or null for module-level code. */
export function chunkOf(node: SyntaxNode): ChunkKey {
  const statement = topLevelStatementOf(node);
  return isChunkRoot(statement) ? statement : null;
}

/** The chunk of the code at `offset`. */
export function chunkAt(root: SyntaxNode, offset: number): ChunkKey {
  const children = root.children;
  let lo = 0;
  let hi = children.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const child = children[mid]!;
    if (offset < child.start) hi = mid - 1;
    else if (offset >= child.end) lo = mid + 1;
    else return isChunkRoot(child) ? child : null;
  }
  return null;
}

/** The file's definition chunks, in document order. */
export function chunkRoots(root: SyntaxNode): SyntaxNode[] {
  return root.children.filter(isChunkRoot);
}
