// Where each local name (or `self.attr`) gets its value, per scope, in document order.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { dottedName, nodeText, unparenthesize } from './names';
import { scopeOf, statementOf, topLevelStatementOf } from './scopes';

export type DefinitionKind = 'assign' | 'augmented' | 'for' | 'with' | 'walrus' | 'parameter';

export interface Definition {
  readonly name: string;
  readonly kind: DefinitionKind;
  /** The statement (or parameter) that defines it. */
  readonly node: SyntaxNode;
  /** The assigned expression, if any (for `for` loops: the iterable). */
  readonly value: SyntaxNode | null;
  /**
   * Position among unpacked targets (`_, pred = out.max(1)` -> 1 for `pred`), else -1. A name in a
   * nested target has the position of the outer target that holds it (`for i, (x, y) in
   * enumerate(loader)` -> 1 for `x` and `y`: parts of the element at 1).
   */
  readonly unpackIndex: number;
  /** Offset after which the new value is visible. */
  readonly visibleFrom: number;
}

/**
 * A definition whose visibility starts at the start or end of a node rather than at a number, so
 * that it stays right when an edit before it moves its nodes (see StatementDefinitions).
 */
class NodeDefinition implements Definition {
  constructor(
    readonly name: string,
    readonly kind: DefinitionKind,
    readonly node: SyntaxNode,
    readonly value: SyntaxNode | null,
    readonly unpackIndex: number,
    private readonly visibleAt: SyntaxNode,
    private readonly fromStart: boolean,
    /** The scope it is in, or null for the module (whose node changes with every edit). */
    readonly scopeInStatement: SyntaxNode | null,
  ) {}

  get visibleFrom(): number {
    return this.fromStart ? this.visibleAt.start : this.visibleAt.end;
  }
}

/** Where a definition's value becomes visible: the start or the end of a node. */
interface Visibility {
  node: SyntaxNode;
  fromStart: boolean;
}

const KINDS: readonly DefinitionKind[] = ['assign', 'augmented', 'for', 'with', 'walrus', 'parameter'];

/**
 * The definitions of one top-level statement, with their scopes (null for the module, whose node
 * changes with every edit), grouped by kind in the order the file's index takes them. They hold
 * nodes of the statement only, so they serve every version of the file in which the statement is
 * the same node. They hold nothing of the version they were read in (its text, its module node):
 * reused with a statement for many versions, that would keep every such version alive, each one's
 * module node holding the statements of its own version and theirs the versions before.
 */
export class StatementDefinitions {
  readonly byKind: NodeDefinition[][] = KINDS.map(() => []);

  add(definition: NodeDefinition): void {
    this.byKind[KINDS.indexOf(definition.kind)]!.push(definition);
  }
}

/** Reads one statement's definitions in the version of the file whose text and module node it is given. */
class StatementReader {
  readonly definitions = new StatementDefinitions();

  constructor(
    readonly text: string,
    private readonly moduleNode: SyntaxNode,
  ) {}

  /** The scope of a definition made here: null for the module. */
  scopeKey(scope: SyntaxNode): SyntaxNode | null {
    return scope === this.moduleNode ? null : scope;
  }

  add(definition: NodeDefinition): void {
    this.definitions.add(definition);
  }

  /** Records the targets of an assignment-like node. */
  addTargets(target: SyntaxNode, kind: DefinitionKind, node: SyntaxNode, value: SyntaxNode | null, visible: Visibility): void {
    const scope = scopeOf(node);
    const t = unparenthesize(target);
    const name = dottedName(t, this.text);
    if (name) {
      this.add(new NodeDefinition(name, kind, node, value, -1, visible.node, visible.fromStart, this.scopeKey(scope)));
      return;
    }
    if (!UNPACKED.has(t.type)) return;
    const parts = t.children.filter((c) => c.named && c.type !== 'comment');
    const elements = kind === 'assign' ? elementwiseValues(parts, value) : null;
    parts.forEach((part, index) => {
      const inner = unparenthesize(part.type === 'list_splat_pattern' ? part.children.find((c) => c.named) ?? part : part);
      // `a, b = x, y` binds `a` to `x` itself: the element is the whole value of that target.
      if (elements) {
        this.addTargets(inner, kind, node, elements[index]!, visible);
        return;
      }
      const partName = dottedName(inner, this.text);
      if (partName) this.add(new NodeDefinition(partName, kind, node, value, index, visible.node, visible.fromStart, this.scopeKey(scope)));
      else if (UNPACKED.has(inner.type)) this.addNested(inner, kind, node, value, index, visible, scope);
    });
  }

  /** The names of a nested target, each a part of the element at `index` of `value`. */
  private addNested(target: SyntaxNode, kind: DefinitionKind, node: SyntaxNode, value: SyntaxNode | null, index: number, visible: Visibility, scope: SyntaxNode): void {
    const stack = [target];
    while (stack.length) {
      const t = unparenthesize(stack.pop()!);
      const inner = t.type === 'list_splat_pattern' ? t.children.find((c) => c.named) ?? t : t;
      const name = dottedName(inner, this.text);
      if (name) this.add(new NodeDefinition(name, kind, node, value, index, visible.node, visible.fromStart, this.scopeKey(scope)));
      else if (UNPACKED.has(inner.type)) stack.push(...inner.children.filter((c) => c.named && c.type !== 'comment'));
    }
  }
}

/** Targets that unpack their value into parts. */
const UNPACKED = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list']);

/**
 * The elements of a tuple or list display assigned to as many targets (`a, b = x, y`), one a
 * target, or null when the value is anything else or either side has a starred part.
 */
function elementwiseValues(targets: readonly SyntaxNode[], value: SyntaxNode | null): SyntaxNode[] | null {
  const display = value ? unparenthesize(value) : null;
  if (!display || !ELEMENTWISE_DISPLAYS.has(display.type)) return null;
  const elements = display.children.filter((c) => c.named && c.type !== 'comment');
  if (elements.length !== targets.length) return null;
  const starred = (n: SyntaxNode): boolean => n.type === 'list_splat_pattern' || n.type === 'list_splat';
  return targets.some(starred) || elements.some(starred) ? null : elements;
}

const ELEMENTWISE_DISPLAYS = new Set(['expression_list', 'tuple', 'list']);

/**
 * The target an expression is assigned to: `x` in `x = e`, and in `a, x = d, e` too; null when the
 * expression is not a whole assigned value.
 */
export function assignedTarget(expression: SyntaxNode): SyntaxNode | null {
  const parent = expression.parent;
  if (is(parent, 'assignment') && expression.fieldName === 'right') return field(parent, 'left');
  if (!parent || !ELEMENTWISE_DISPLAYS.has(parent.type)) return null;
  const assignment = parent.parent;
  const left = is(assignment, 'assignment') && parent.fieldName === 'right' ? field(assignment, 'left') : null;
  if (!left) return null;
  const targets = unparenthesize(left).children.filter((c) => c.named && c.type !== 'comment');
  const elements = elementwiseValues(targets, parent);
  const index = elements ? elements.indexOf(expression) : -1;
  return index >= 0 ? targets[index]! : null;
}

/** Where a kind comes in the index's lists (see DefinitionIndex). */
const KIND_ORDER = new Map(KINDS.map((kind, index) => [kind, index]));

/** Definitions in the index's order: kind by kind, then in document order (equal starts are one node's targets). */
function inIndexOrder(a: Definition, b: Definition): number {
  return KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.node.start - b.node.start;
}

/** One top-level statement's definitions grouped as the file's index reads them, each list in the index's order. */
export interface StatementDefinitionGroups {
  /** Per scope inside the statement (a function, a lambda), per name. */
  readonly byScope: ReadonlyMap<SyntaxNode, ReadonlyMap<string, readonly Definition[]>>;
  /** Per name, every scope's. */
  readonly byName: ReadonlyMap<string, readonly Definition[]>;
  /** Per name, the module's. */
  readonly atModule: ReadonlyMap<string, readonly Definition[]>;
}

/** The groups of a statement that defines nothing: shared, since a long file has many. */
const NO_DEFINITION_GROUPS: StatementDefinitionGroups = { byScope: new Map(), byName: new Map(), atModule: new Map() };

/** A statement's definitions grouped by scope and by name, kind by kind as the index takes them. */
export function groupDefinitions(statement: StatementDefinitions): StatementDefinitionGroups {
  if (statement.byKind.every((definitions) => !definitions.length)) return NO_DEFINITION_GROUPS;
  const byScope = new Map<SyntaxNode, Map<string, NodeDefinition[]>>();
  const byName = new Map<string, NodeDefinition[]>();
  const atModule = new Map<string, NodeDefinition[]>();
  for (const definitions of statement.byKind) {
    for (const def of definitions) {
      pushTo(byName, def.name, def);
      if (def.scopeInStatement === null) {
        pushTo(atModule, def.name, def);
        continue;
      }
      let names = byScope.get(def.scopeInStatement);
      if (!names) byScope.set(def.scopeInStatement, (names = new Map()));
      pushTo(names, def.name, def);
    }
  }
  // A statement that defines names at the module only (most of a script) needs one map for both.
  if (!byScope.size) return { byScope: NO_DEFINITION_GROUPS.byScope, byName, atModule: byName };
  return { byScope, byName, atModule };
}

/** Where the file's definitions come from: each statement's groups, and the groups of all statements by name. */
export interface DefinitionSource {
  /** The groups of the top-level statement `statement`. */
  scopesIn(statement: SyntaxNode): ReadonlyMap<SyntaxNode, ReadonlyMap<string, readonly Definition[]>>;
  /** The module's definitions of `name`, in the index's order. */
  atModule(name: string): readonly Definition[];
  /** Every scope's definitions of `name`, in the index's order. */
  all(name: string): readonly Definition[];
}

/**
 * The file's definitions by scope and name, each list in one order: kind by kind (assignments,
 * augmented assignments, `for` targets, `with` targets, walruses, parameters), then in document order.
 * A function's scope lies in one top-level statement, whose own groups answer for it; the module's
 * definitions and every scope's come from all statements, merged name by name.
 */
export class DefinitionIndex {
  constructor(
    private readonly moduleNode: SyntaxNode,
    private readonly source: DefinitionSource,
  ) {}

  /** `merged` (statements' lists one after another, in document order) in the index's order. */
  static ordered(merged: readonly Definition[]): readonly Definition[] {
    for (let i = 1; i < merged.length; i++) if (inIndexOrder(merged[i - 1]!, merged[i]!) > 0) return [...merged].sort(inIndexOrder);
    return merged;
  }

  definitionsOf(scope: SyntaxNode, name: string): readonly Definition[] {
    if (scope === this.moduleNode) return this.source.atModule(name);
    return this.source.scopesIn(topLevelStatementOf(scope)).get(scope)?.get(name) ?? [];
  }

  /** The last definition of `name` in `scope` visible before `offset` (straight-line approximation). */
  reaching(scope: SyntaxNode, name: string, offset: number): Definition | undefined {
    const defs = this.definitionsOf(scope, name);
    if (defs.length >= LONG_LIST) {
      // The last of those visible by `offset`, ties to the later in the index's order, as the scan below.
      const { byEffect } = sortedViews(defs);
      const count = countUpTo(byEffect, offset, (d) => d.visibleFrom);
      return count ? byEffect[count - 1] : undefined;
    }
    let best: Definition | undefined;
    let bestFrom = -1;
    for (const d of defs) {
      const from = d.visibleFrom;
      if (from <= offset && (!best || from >= bestFrom)) {
        best = d;
        bestFrom = from;
      }
    }
    return best;
  }

  /** `name`'s definitions in `scope` whose node starts in [from, to), in document order. */
  definitionsStartingIn(scope: SyntaxNode, name: string, from: number, to: number): readonly Definition[] {
    const defs = this.definitionsOf(scope, name);
    if (defs.length < LONG_LIST) return defs.filter((d) => d.node.start >= from && d.node.start < to).sort((a, b) => a.node.start - b.node.start);
    const { byStart } = sortedViews(defs);
    return byStart.slice(countUpTo(byStart, from - 1, (d) => d.node.start), countUpTo(byStart, to - 1, (d) => d.node.start));
  }

  /** Every scope's definitions of a name (for attributes such as `self.model`, set in another method). */
  allDefinitionsOf(name: string): readonly Definition[] {
    return this.source.all(name);
  }
}

/**
 * From this many definitions of one name on (a name set again in every one of thousands of loops),
 * the questions asked per use search sorted copies of the list rather than scan it, which would make
 * the file's analysis quadratic.
 */
const LONG_LIST = 32;

/**
 * The sorted copies of a long list, memoised with the list: an answer of the index, never changed,
 * so the copies are a function of it alone and go when it goes.
 */
const SORTED_VIEWS = new WeakMap<readonly Definition[], { byEffect: readonly Definition[]; byStart: readonly Definition[] }>();

function sortedViews(defs: readonly Definition[]): { byEffect: readonly Definition[]; byStart: readonly Definition[] } {
  let views = SORTED_VIEWS.get(defs);
  if (!views) {
    // Sorting is stable: among equal keys the index's order stays.
    views = { byEffect: [...defs].sort((a, b) => a.visibleFrom - b.visibleFrom), byStart: [...defs].sort((a, b) => a.node.start - b.node.start) };
    SORTED_VIEWS.set(defs, views);
  }
  return views;
}

/** How many of `sorted` (ascending by `keyOf`) have a key at most `limit`. */
function countUpTo(sorted: readonly Definition[], limit: number, keyOf: (d: Definition) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(sorted[mid]!) <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A statement's definitions, from its nodes of each kind, in the version whose text and module node are given. */
export function indexDefinitions(
  text: string,
  moduleNode: SyntaxNode,
  nodes: { assignments: readonly SyntaxNode[]; augmented: readonly SyntaxNode[]; fors: readonly SyntaxNode[]; withItems: readonly SyntaxNode[]; walruses: readonly SyntaxNode[]; functions: readonly SyntaxNode[] },
): StatementDefinitions {
  const index = new StatementReader(text, moduleNode);
  for (const a of nodes.assignments) {
    if (!is(a, 'assignment')) continue;
    const left = field(a, 'left');
    let right = field(a, 'right') as SyntaxNode | null;
    // `a = b = value`: the value is the innermost right-hand side.
    while (right && right.type === 'assignment') right = field(right as SyntaxNode & { type: 'assignment' }, 'right');
    if (left) index.addTargets(left, 'assign', a, right, { node: statementOf(a), fromStart: false });
  }
  for (const a of nodes.augmented) {
    if (!is(a, 'augmented_assignment')) continue;
    const left = field(a, 'left');
    if (left) index.addTargets(left, 'augmented', a, field(a, 'right'), { node: a, fromStart: false });
  }
  for (const f of nodes.fors) {
    if (!is(f, 'for_statement')) continue;
    const left = field(f, 'left');
    const right = field(f, 'right');
    if (left && right) index.addTargets(left, 'for', f, right, { node: right, fromStart: false });
  }
  for (const w of nodes.withItems) {
    if (!is(w, 'with_item')) continue;
    const value = field(w, 'value');
    if (is(value, 'as_pattern')) {
      const alias = value.children.find((c) => c.fieldName === 'alias');
      const target = alias?.children.find((c) => c.named) ?? alias;
      const expr = value.children.find((c) => c.named && c.fieldName !== 'alias');
      if (target) index.addTargets(target, 'with', w, expr ?? null, { node: w, fromStart: false });
    }
  }
  for (const n of nodes.walruses) {
    if (!is(n, 'named_expression')) continue;
    const name = field(n, 'name');
    if (name) index.addTargets(name, 'walrus', n, field(n, 'value'), { node: n, fromStart: false });
  }
  for (const fn of nodes.functions) {
    if (!is(fn, 'function_definition')) continue;
    const params = field(fn, 'parameters');
    if (!params) continue;
    for (const p of params.children) {
      const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
      if (!id) continue;
      const value = p.children.find((c) => c.fieldName === 'value') ?? null;
      index.add(new NodeDefinition(nodeText(id, index.text), 'parameter', p, value, -1, fn, true, fn));
    }
  }
  return index.definitions;
}
