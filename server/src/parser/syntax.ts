// A plain JavaScript copy of the tree-sitter tree. Rules navigate it without crossing into
// WebAssembly, and the native tree can be freed as soon as it is built.
import type { Tree } from 'web-tree-sitter';
import type { NodeFields, NodeKind } from './python-nodes.generated';

export interface SyntaxNode {
  /** Node kind; for anonymous nodes this is the token itself (`+=`, `(`, `for`). */
  readonly type: string;
  readonly named: boolean;
  /** Offsets into the source in UTF-16 code units (JavaScript string indices). */
  readonly start: number;
  readonly end: number;
  /** 0-based row of the first character. */
  readonly row: number;
  /** 0-based row of the last character. */
  readonly endRow: number;
  /** Field name this node fills in its parent, if any. */
  readonly fieldName: string | null;
  readonly parent: SyntaxNode | null;
  readonly children: SyntaxNode[];
  /** ERROR node, or a token the parser had to invent. */
  readonly isError: boolean;
  readonly isMissing: boolean;
  /** Answers worked out from the node's subtree alone, kept with it (see semantic/engine/subtree-fact.ts). */
  facts: unknown[] | undefined;
}

/** A node known to be of kind K. */
export type Node<K extends string = string> = SyntaxNode & { readonly type: K };

/** A `SyntaxNode` while a conversion builds or moves it. */
export interface MutableNode extends SyntaxNode {
  fieldName: string | null;
  parent: MutableNode | null;
  children: MutableNode[];
}

/**
 * How far the nodes of one top-level statement have moved since their positions were written (text
 * inserted or removed before the statement). Every node of a top-level statement shares its statement's
 * `Shift`, so moving a statement is one addition however large it is: shifting the 134,000 nodes of a
 * 10,000-line file one by one took 9 ms, on every edit near its start.
 */
class Shift {
  offset = 0;
  rows = 0;
  /** The node whose subtree this shift moves: a top-level statement, or a tree's root. */
  constructor(readonly owner: MovableNode) {}
}

/**
 * A node of an open document's tree, which edits move. Positions are read through the shift of the
 * node's top-level statement; only this module writes them (`moveSubtree`, `attach`). A tree parsed once
 * (the command line) is made of plain objects instead (`FixedNode`, see `makeNode`), whose positions are
 * fields: reading them through a shift cost the command line's analysis about a tenth of its time.
 */
class MovableNode implements MutableNode {
  children: MovableNode[] = NO_CHILDREN;
  facts: unknown[] | undefined = undefined;
  private shift: Shift;

  constructor(
    readonly type: string,
    readonly named: boolean,
    private startAt: number,
    private endAt: number,
    private rowAt: number,
    private endRowAt: number,
    public fieldName: string | null,
    public parent: MovableNode | null,
    readonly isError: boolean,
    readonly isMissing: boolean,
  ) {
    // A root or a top-level statement moves on its own; any other node with its parent.
    this.shift = parent === null || parent.parent === null ? new Shift(this) : parent.shift;
  }

  get start(): number {
    return this.startAt + this.shift.offset;
  }

  get end(): number {
    return this.endAt + this.shift.offset;
  }

  get row(): number {
    return this.rowAt + this.shift.rows;
  }

  get endRow(): number {
    return this.endRowAt + this.shift.rows;
  }

  /** One addition for a node that owns its shift, a walk of the subtree for any other (see `moveSubtree`). */
  static move(node: MovableNode, delta: number, rowDelta: number): void {
    if (node.shift.owner === node) {
      node.shift.offset += delta;
      node.shift.rows += rowDelta;
      return;
    }
    walk(node, (n) => {
      const moved = n as MovableNode;
      moved.startAt += delta;
      moved.endAt += delta;
      moved.rowAt += rowDelta;
      moved.endRowAt += rowDelta;
    });
  }

  /** See `attach`: the subtree's nodes then move with `parent`'s statement, or with `node` itself under a root. */
  static attach(node: MovableNode, parent: MovableNode): void {
    node.parent = parent;
    const wanted = parent.parent === null ? (node.shift.owner === node ? node.shift : new Shift(node)) : parent.shift;
    if (node.shift === wanted) return;
    walk(node, (n) => {
      const moved = n as MovableNode;
      const [start, end, row, endRow] = [moved.start, moved.end, moved.row, moved.endRow];
      moved.shift = wanted;
      moved.startAt = start - wanted.offset;
      moved.endAt = end - wanted.offset;
      moved.rowAt = row - wanted.rows;
      moved.endRowAt = endRow - wanted.rows;
    });
  }
}

/** A node of a tree parsed once: a plain object, its positions fields. */
interface FixedNode extends MutableNode {
  start: number;
  end: number;
  row: number;
  endRow: number;
  parent: FixedNode | null;
  children: FixedNode[];
}

/** The children of every node that has none: one shared list, frozen, so that nothing adds to it. */
const NO_CHILDREN = Object.freeze([]) as unknown as MovableNode[];

/**
 * Puts each node's children together while a conversion walks a tree in document order, and gives a
 * node one list of exactly its children once the last of them is done: a list grown by pushes keeps
 * room for about sixteen, which made such lists most of a large tree's memory, and a node without
 * children keeps the shared empty list.
 */
export class ChildLists {
  private readonly pending: MutableNode[] = [];
  private readonly openNodes: MutableNode[] = [];
  private readonly openStarts: number[] = [];

  /** The children added from now on are `node`'s, until it is closed. */
  open(node: MutableNode): void {
    this.openNodes.push(node);
    this.openStarts.push(this.pending.length);
  }

  /** A child of the node opened last. */
  add(child: MutableNode): void {
    this.pending.push(child);
  }

  /** The node opened last has all its children: it gets their list. */
  close(): void {
    const node = this.openNodes.pop()!;
    const start = this.openStarts.pop()!;
    if (this.pending.length > start) {
      node.children = this.pending.slice(start);
      this.pending.length = start;
    }
  }

  /** Closes every node still open (a walk that ends inside the tree). */
  closeAll(): void {
    while (this.openNodes.length) this.close();
  }
}

/** How a conversion makes nodes: `movable` for an open document's tree (see MovableNode). */
export function makeNode(
  movable: boolean,
  type: string,
  named: boolean,
  start: number,
  end: number,
  row: number,
  endRow: number,
  fieldName: string | null,
  parent: MutableNode | null,
  isError: boolean,
  isMissing: boolean,
): MutableNode {
  if (movable) return new MovableNode(type, named, start, end, row, endRow, fieldName, parent as MovableNode | null, isError, isMissing);
  const node: FixedNode = { type, named, start, end, row, endRow, fieldName, parent: parent as FixedNode | null, children: NO_CHILDREN as FixedNode[], isError, isMissing, facts: undefined };
  return node;
}

/** Whether `node` belongs to a tree whose statements move in one step (an open document's). */
export function isMovable(node: SyntaxNode): boolean {
  return node instanceof MovableNode;
}

/** Moves a subtree by `delta` characters and `rowDelta` rows (text inserted or removed before it). */
export function moveSubtree(node: MutableNode, delta: number, rowDelta: number): void {
  if (delta === 0 && rowDelta === 0) return;
  if (node instanceof MovableNode) return MovableNode.move(node, delta, rowDelta);
  walk(node, (n) => {
    const moved = n as FixedNode;
    moved.start += delta;
    moved.end += delta;
    moved.row += rowDelta;
    moved.endRow += rowDelta;
  });
}

/**
 * Makes `node`, a subtree taken from another tree of the same kind, a child of `parent`, keeping its
 * positions.
 */
export function attach(node: MutableNode, parent: MutableNode): void {
  if (node instanceof MovableNode) MovableNode.attach(node, parent as MovableNode);
  else node.parent = parent;
}

/** Converts a tree-sitter tree in one cursor walk. */
export function buildSyntaxTree(tree: Tree, movable = false): SyntaxNode {
  const cursor = tree.walk();
  const make = (parent: MutableNode | null): MutableNode =>
    makeNode(
      movable,
      cursor.nodeType,
      cursor.nodeIsNamed,
      cursor.startIndex,
      cursor.endIndex,
      cursor.startPosition.row,
      cursor.endPosition.row,
      cursor.currentFieldName,
      parent,
      cursor.nodeType === 'ERROR',
      cursor.nodeIsMissing,
    );
  try {
    const root = make(null);
    const lists = new ChildLists();
    let current = root;
    for (;;) {
      if (cursor.gotoFirstChild()) {
        lists.open(current);
        const child = make(current);
        lists.add(child);
        current = child;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || current.parent === null) {
          lists.closeAll();
          return root;
        }
        current = current.parent;
        lists.close();
      }
      const sibling = make(current.parent);
      lists.add(sibling);
      current = sibling;
    }
  } finally {
    cursor.delete();
  }
}

type FieldKinds<K, F> = K extends keyof NodeFields
  ? F extends keyof NodeFields[K]
    ? NodeFields[K][F] extends { kinds: infer T }
      ? T
      : never
    : never
  : never;

type FieldName<K> = K extends keyof NodeFields ? keyof NodeFields[K] & string : never;

/** The child in field `name`, typed by the grammar. */
export function field<K extends keyof NodeFields, F extends FieldName<K>>(
  node: Node<K>,
  name: F,
): Node<FieldKinds<K, F> & string> | null {
  for (const child of node.children) {
    if (child.fieldName === name) return child as Node<FieldKinds<K, F> & string>;
  }
  return null;
}

/** All children in field `name` (for fields that may repeat, such as `alias` or `name`). */
export function fields<K extends keyof NodeFields, F extends FieldName<K>>(
  node: Node<K>,
  name: F,
): Node<FieldKinds<K, F> & string>[] {
  return node.children.filter((c) => c.fieldName === name) as Node<FieldKinds<K, F> & string>[];
}

export function is<K extends NodeKind>(node: SyntaxNode | null | undefined, kind: K): node is Node<K> {
  return node != null && node.type === kind;
}

export function isOneOf<K extends NodeKind>(node: SyntaxNode | null | undefined, kinds: readonly K[]): node is Node<K> {
  return node != null && (kinds as readonly string[]).includes(node.type);
}

export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c) => c.named && c.type !== 'comment');
}

/**
 * Node counts of top-level statements already counted. A statement that an incremental conversion
 * took over keeps its count; one entry per statement (not per node) keeps the memory small.
 */
const STATEMENT_SIZES = new WeakMap<SyntaxNode, number>();

/** The number of nodes in the tree under `root`, itself included. Only the statements that are new since the last count are walked. */
export function treeSize(root: SyntaxNode): number {
  let size = 1;
  for (const statement of root.children) {
    let own = STATEMENT_SIZES.get(statement);
    if (own === undefined) {
      let counted = 0;
      walk(statement, () => void counted++);
      STATEMENT_SIZES.set(statement, (own = counted));
    }
    size += own;
  }
  return size;
}

/** Walks the subtree in document order; return `false` from `visit` to skip a node's children. */
export function walk(node: SyntaxNode, visit: (n: SyntaxNode) => boolean | void): void {
  const stack: SyntaxNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (visit(n) === false) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
}

export function ancestors(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

export function hasErrors(node: SyntaxNode): boolean {
  let found = false;
  walk(node, (n) => {
    if (found) return false;
    if (n.isError || n.isMissing) found = true;
    return !found;
  });
  return found;
}

export function contains(outer: SyntaxNode, inner: SyntaxNode): boolean {
  return outer.start <= inner.start && inner.end <= outer.end && outer !== inner;
}
