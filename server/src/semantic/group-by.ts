// Nodes grouped by a key (a name, the function they run in), in their order; a null key leaves the
// node out.
import type { SyntaxNode } from '../parser/syntax';

export function groupBy<K>(nodes: readonly SyntaxNode[], keyOf: (node: SyntaxNode) => K | null): Map<K, SyntaxNode[]> {
  const groups = new Map<K, SyntaxNode[]>();
  for (const node of nodes) {
    const key = keyOf(node);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(node);
    else groups.set(key, [node]);
  }
  return groups;
}
