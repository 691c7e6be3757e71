// Converts a tree-sitter tree to plain `SyntaxNode`s by calling the WebAssembly runtime's cursor
// functions directly. The public `TreeCursor` copies the cursor's four words through emscripten's
// generic `setValue`/`getValue` before and after every call, and reads positions through the same
// buffer; over a whole file that costs four to five times the parse itself. Here the words stay in
// the runtime's transfer buffer, where each cursor call leaves them, only calls that return a plain
// number are made, and rows come from the text's line starts.
//
// After an incremental reparse it can also reuse the previous plain tree: subtrees that lie outside
// the edit and outside the ranges tree-sitter reports as changed are taken over (moved, when after
// the edit) instead of being walked again.
//
// This relies on web-tree-sitter's internals (the emscripten module object, `_ts_init` returning
// the transfer buffer, the `_wasm` cursor exports), so it checks for them and the caller falls back
// to `buildSyntaxTree` when they are missing. test/parser-conversion.test.ts holds the two to the
// same output, so a web-tree-sitter upgrade that changes them fails there first.
import type { Language, Tree } from 'web-tree-sitter';
import { attach, ChildLists, makeNode, moveSubtree, type MutableNode, type SyntaxNode } from './syntax';

type CursorCall = (tree: number) => number;

const CURSOR_EXPORTS = {
  firstChild: '_ts_tree_cursor_goto_first_child_wasm',
  nextSibling: '_ts_tree_cursor_goto_next_sibling_wasm',
  parent: '_ts_tree_cursor_goto_parent_wasm',
  typeId: '_ts_tree_cursor_current_node_type_id_wasm',
  startIndex: '_ts_tree_cursor_start_index_wasm',
  endIndex: '_ts_tree_cursor_end_index_wasm',
  fieldId: '_ts_tree_cursor_current_field_id_wasm',
  isMissing: '_ts_tree_cursor_current_node_is_missing_wasm',
} as const;

type CursorCalls = { -readonly [K in keyof typeof CURSOR_EXPORTS]: CursorCall };

/** tree-sitter's id for ERROR nodes (`ts_builtin_sym_error`), which `Language.types` leaves out. */
const ERROR_TYPE_ID = 0xffff;

/** One text change since the previous conversion, in UTF-16 offsets: [start, oldEnd) became [start, newEnd). */
export interface TextEditSpan {
  start: number;
  oldEnd: number;
  newEnd: number;
  /** Line breaks inserted minus line breaks removed. */
  rowDelta: number;
}

/** What an incremental conversion may take over from the previous one. */
export interface PreviousConversion {
  /** The previous plain tree. Reused subtrees are moved into the new tree, so it must not be used again. */
  root: SyntaxNode;
  edit: TextEditSpan;
  /** `Tree.getChangedRanges` of the new tree against the edited old one (new-text offsets). */
  changed: readonly { startIndex: number; endIndex: number }[];
}

function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Int32Array(count);
  let row = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[row++] = at + 1;
  return starts;
}

/** The row holding `offset`: the last line start at or before it. */
function rowAt(starts: Int32Array, offset: number, from: number): number {
  let low = from;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Reads a numeric internal handle (`tree[0]`, `cursor[1]`) that web-tree-sitter keeps on its objects. */
function handle(object: object, index: number): number | undefined {
  const value: unknown = (object as Record<number, unknown>)[index];
  return typeof value === 'number' ? value : undefined;
}

export class WasmTreeWalker {
  /**
   * Nodes with an ERROR or MISSING node in their subtree. Error recovery can shape such a subtree
   * differently from one parse to the next without tree-sitter reporting the range as changed, so
   * these are never reused.
   */
  private readonly withErrors = new WeakSet<SyntaxNode>();

  private constructor(
    private readonly runtime: Record<string, unknown>,
    private readonly calls: CursorCalls,
    private readonly transferWord: number,
    private readonly typeNames: readonly string[],
    private readonly typeNamed: readonly boolean[],
    private readonly fieldNames: readonly (string | null)[],
  ) {}

  /** Whether `node`, converted by this walker, has an ERROR or MISSING node in its subtree. */
  containsErrors(node: SyntaxNode): boolean {
    return this.withErrors.has(node);
  }

  /** Records that `node`, made of subtrees this walker converted, has an ERROR or MISSING node in one of them. */
  noteErrors(node: SyntaxNode): void {
    this.withErrors.add(node);
  }

  /** A walker over the runtime `Parser.init` filled in, or undefined when it lacks what is needed. */
  static create(runtime: Record<string, unknown>, language: Language): WasmTreeWalker | undefined {
    const calls: Partial<CursorCalls> = {};
    for (const [name, exported] of Object.entries(CURSOR_EXPORTS) as [keyof CursorCalls, string][]) {
      const fn = runtime[exported];
      if (typeof fn !== 'function') return undefined;
      calls[name] = fn as CursorCall;
    }
    const init = runtime['_ts_init'];
    if (typeof init !== 'function' || !(runtime['HEAP32'] instanceof Int32Array)) return undefined;
    // Returns the address of the transfer buffer (and writes two version words at its start).
    const transferBuffer: unknown = (init as () => unknown)();
    if (typeof transferBuffer !== 'number' || transferBuffer <= 0 || transferBuffer % 4 !== 0) return undefined;
    const typeNames: string[] = [];
    const typeNamed: boolean[] = [];
    for (let id = 0; id < language.types.length; id++) {
      typeNames.push(language.types[id] || 'ERROR');
      typeNamed.push(language.nodeTypeIsNamed(id));
    }
    const fieldNames = language.fields.map((f) => f ?? null);
    return new WasmTreeWalker(runtime, calls as CursorCalls, transferBuffer >> 2, typeNames, typeNamed, fieldNames);
  }

  /**
   * The plain tree of `tree`, which was parsed from `text`; with `previous`, unchanged subtrees of the
   * previous tree are reused. `movable` makes nodes whose statements move in one step (an open
   * document's; `previous` must be such a tree). Undefined if the tree's handles are unreadable.
   */
  convert(tree: Tree, text: string, previous: PreviousConversion | undefined, movable: boolean): SyntaxNode | undefined {
    const treeAddress = handle(tree, 0);
    if (treeAddress === undefined) return undefined;
    const cursor = tree.walk();
    try {
      const words = [0, 1, 2, 3].map((i) => handle(cursor, i));
      if (words.some((w) => w === undefined)) return undefined;
      // The memory may have grown since the last call; read the current view.
      const heap = this.runtime['HEAP32'] as Int32Array;
      for (let i = 0; i < 4; i++) heap[this.transferWord + i] = words[i]!;
      return this.walk(treeAddress, text, previous && reuseFrom(previous, this.withErrors), movable);
    } finally {
      // The public cursor still holds the root position, which is all `delete` needs.
      cursor.delete();
    }
  }

  private walk(tree: number, text: string, reuse: Reuse | undefined, movable: boolean): SyntaxNode {
    const { firstChild, nextSibling, parent, typeId, startIndex, endIndex, fieldId, isMissing } = this.calls;
    const { typeNames, typeNamed, fieldNames, withErrors } = this;
    const starts = lineStarts(text);
    let row = 0;
    const markErroneous = (node: MutableNode) => {
      for (let n: MutableNode | null = node; n && !withErrors.has(n); n = n.parent) withErrors.add(n);
    };
    /** Whether the node `visit` returned last was taken over from the previous tree (not to be walked). */
    let reused = false;
    /** Visits the cursor's node: a previous subtree taken over, or a new node. */
    const visit = (parentNode: MutableNode | null): MutableNode => {
      const id = typeId(tree);
      const start = startIndex(tree);
      const end = endIndex(tree);
      const field = fieldId(tree);
      const known = id < typeNames.length;
      const type = known ? typeNames[id]! : 'ERROR';
      const fieldName = field ? (fieldNames[field] ?? null) : null;
      const taken = reuse?.take(parentNode, type, start, end);
      if (taken) {
        // `take` answers only under a parent.
        attach(taken, parentNode!);
        taken.fieldName = fieldName;
        reused = true;
        return taken;
      }
      // Nodes come in document order, so start rows only move forward.
      while (row + 1 < starts.length && starts[row + 1]! <= start) row++;
      const isError = type === 'ERROR';
      const node = makeNode(
        movable,
        type,
        known ? typeNamed[id]! : id === ERROR_TYPE_ID,
        start,
        end,
        row,
        end === start ? row : rowAt(starts, end, row),
        fieldName,
        parentNode,
        isError,
        // Only a zero-width node can be one the parser invented.
        end === start ? isMissing(tree) === 1 : false,
      );
      if (node.isError || node.isMissing) markErroneous(node);
      reuse?.pair(node, parentNode);
      reused = false;
      return node;
    };
    const root = visit(null);
    const lists = new ChildLists();
    let current = root;
    let descend = !reused;
    for (;;) {
      if (descend && firstChild(tree)) {
        lists.open(current);
        const child = visit(current);
        lists.add(child);
        current = child;
        descend = !reused;
        continue;
      }
      while (!nextSibling(tree)) {
        if (!parent(tree) || current.parent === null) {
          lists.closeAll();
          reuse?.finish();
          return root;
        }
        // Its last child is done, so all of them are (a node taken over is never climbed out of).
        current = current.parent;
        lists.close();
      }
      const sibling = visit(current.parent);
      lists.add(sibling);
      current = sibling;
      descend = !reused;
    }
  }
}

/** Matches new nodes to old ones while the new tree is walked, and fixes up what it took over. */
interface Reuse {
  /** The old subtree that is the node at [start, end) of this type under `parentNode`, when unchanged. */
  take(parentNode: MutableNode | null, type: string, start: number, end: number): MutableNode | undefined;
  /** Records the old counterpart of a new node, so its children can be matched. */
  pair(node: MutableNode, parentNode: MutableNode | null): void;
  /** Moves the subtrees taken from after the edit; nothing else of the tree is visited again. */
  finish(): void;
}

function reuseFrom(previous: PreviousConversion, withErrors: WeakSet<SyntaxNode>): Reuse {
  const { start: editStart, oldEnd, newEnd, rowDelta } = previous.edit;
  const delta = newEnd - oldEnd;
  /** Old counterpart of each new node, and how far its children have been matched. */
  const counterparts = new Map<MutableNode, { old: MutableNode; next: number }>();
  /** Subtrees taken from after the edit, which move by `delta` and `rowDelta`. */
  const moved = new Set<MutableNode>();
  const oldRoot = previous.root as MutableNode;
  /** Old offset -> new offset, for offsets outside the edit. */
  const map = (offset: number) => (offset < editStart ? offset : offset + delta);
  // A node may touch the edit; what it spans must lie wholly on one side. (A zero-width node at an
  // insertion point counts as after it, as `map` places it.)
  const isAfter = (node: MutableNode) => node.start >= oldEnd;
  const isBefore = (node: MutableNode) => node.end <= editStart && node.start < editStart;
  const unchanged = (start: number, end: number) => previous.changed.every((r) => end < r.startIndex || start > r.endIndex);

  /** The old child of `old` at the new node's start and type, advancing past earlier ones. */
  const match = (entry: { old: MutableNode; next: number }, type: string, start: number): MutableNode | undefined => {
    const children = entry.old.children;
    while (entry.next < children.length) {
      const candidate = children[entry.next]!;
      // Children overlapping the edit map nowhere; those mapping past `start` cannot match yet.
      const inside = !isBefore(candidate) && !isAfter(candidate);
      if (!inside && map(candidate.start) > start) return undefined;
      entry.next++;
      if (!inside && map(candidate.start) === start && candidate.type === type) return candidate;
    }
    return undefined;
  };

  return {
    take(parentNode, type, start, end) {
      if (parentNode === null) return undefined;
      const entry = counterparts.get(parentNode);
      if (!entry) return undefined;
      const saved = entry.next;
      const old = match(entry, type, start);
      const after = old !== undefined && isAfter(old);
      // Before the edit nothing moves; after it, both ends move (`map` alone would move an end that
      // touches the edit, as when a letter is typed right after a name).
      const fits = old !== undefined && (after || isBefore(old)) && (after ? old.end + delta : old.end) === end;
      if (old && fits && unchanged(start, end) && !withErrors.has(old)) {
        if (after && (delta !== 0 || rowDelta !== 0)) moved.add(old);
        return old;
      }
      // Not taken: let the pairing of this new node look at the same old child again.
      entry.next = saved;
      return undefined;
    },
    pair(node, parentNode) {
      if (parentNode === null) {
        counterparts.set(node, { old: oldRoot, next: 0 });
        return;
      }
      const entry = counterparts.get(parentNode);
      if (!entry) return;
      const old = match(entry, node.type, node.start);
      if (old) counterparts.set(node, { old, next: 0 });
    },
    finish() {
      for (const node of moved) moveSubtree(node, delta, rowDelta);
    },
  };
}
