// Nodes of some kinds inside one subtree. Questions about a loop body or a function walk just
// that subtree, so their cost follows its size rather than the whole file's.
import { walk, type SyntaxNode } from '../parser/syntax';

const cache = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The nodes of the given kinds in `root`'s subtree (itself included), in document order. */
export function nodesIn(root: SyntaxNode, kinds: readonly string[]): readonly SyntaxNode[] {
  let perRoot = cache.get(root);
  if (!perRoot) cache.set(root, (perRoot = new Map()));
  const key = kinds.join(',');
  const cached = perRoot.get(key);
  if (cached) return cached;
  const found: SyntaxNode[] = [];
  walk(root, (n) => {
    if (kinds.includes(n.type)) found.push(n);
  });
  perRoot.set(key, found);
  return found;
}
