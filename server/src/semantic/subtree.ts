// Nodes of some kinds inside one subtree. Questions about a loop body or a function walk just
// that subtree, so their cost follows its size rather than the whole file's.
import { walk, type SyntaxNode } from '../parser/syntax';
import { enclosingFunction } from './scopes';
import { SubtreeFact } from './engine/subtree-fact';

/** Per root, the lists asked for so far by their kinds (joined with commas). */
const LISTS = new SubtreeFact('nodes of kinds', (): Map<string, readonly SyntaxNode[]> => new Map());

/** The nodes of the given kinds in `root`'s subtree (itself included), in document order. */
export function nodesIn(root: SyntaxNode, kinds: readonly string[]): readonly SyntaxNode[] {
  const perRoot = LISTS.of(root, '');
  const key = kinds.join(',');
  const cached = perRoot.get(key);
  if (cached) return cached;
  const found: SyntaxNode[] = [];
  if (root.parent === null && root.type === 'module') {
    // The module node is new after every edit but most of its statements are not: each statement's
    // nodes are memoised with it, and only the statements an edit touched are walked again.
    if (kinds.includes(root.type)) found.push(root);
    for (const statement of root.children) for (const n of nodesIn(statement, kinds)) found.push(n);
  } else {
    walk(root, (n) => {
      if (kinds.includes(n.type)) found.push(n);
    });
  }
  perRoot.set(key, found);
  return found;
}

/**
 * The nodes of `sorted` (in document order, as the model lists them) that lie inside `node`: a
 * subtree is one span of the text, so two binary searches bound them instead of a scan of the file.
 */
export function nodesWithin(sorted: readonly SyntaxNode[], node: SyntaxNode): SyntaxNode[] {
  // As `within` decides it: the span lies inside `node`'s span.
  return nodesBetween(sorted, node.start, node.end);
}

/**
 * The nodes of `sorted` (in document order) in the body of `fn` itself, not in a function defined
 * inside it; with `fn` null, those at the module's top level. A function's own nodes lie within its
 * span, so only that span is read.
 */
export function ownNodesOf(sorted: readonly SyntaxNode[], fn: SyntaxNode | null): SyntaxNode[] {
  return (fn ? nodesWithin(sorted, fn) : sorted).filter((node) => enclosingFunction(node) === fn);
}

/** The nodes of `sorted` (in document order) whose span lies inside [from, to]: a binary search finds the first. */
export function nodesBetween(sorted: readonly SyntaxNode[], from: number, to: number): SyntaxNode[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < from) lo = mid + 1;
    else hi = mid;
  }
  const out: SyntaxNode[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.start <= to; i++) {
    const n = sorted[i]!;
    if (n.end <= to) out.push(n);
  }
  return out;
}
