// Where each local name (or `self.attr`) gets its value, per scope, in document order.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { dottedName, unparenthesize } from './names';
import { scopeOf, statementOf } from './scopes';

export type DefinitionKind = 'assign' | 'augmented' | 'for' | 'with' | 'walrus' | 'parameter';

export interface Definition {
  name: string;
  kind: DefinitionKind;
  /** The statement (or parameter) that defines it. */
  node: SyntaxNode;
  /** The assigned expression, if any (for `for` loops: the iterable). */
  value: SyntaxNode | null;
  /** Position among unpacked targets (`_, pred = out.max(1)` -> 1 for `pred`), else -1. */
  unpackIndex: number;
  /** Offset after which the new value is visible. */
  visibleFrom: number;
}

export class DefinitionIndex {
  private readonly byScope = new Map<SyntaxNode, Map<string, Definition[]>>();
  private readonly byName = new Map<string, Definition[]>();

  constructor(readonly text: string) {}

  add(scope: SyntaxNode, def: Definition): void {
    let names = this.byScope.get(scope);
    if (!names) this.byScope.set(scope, (names = new Map()));
    let list = names.get(def.name);
    if (!list) names.set(def.name, (list = []));
    list.push(def);
    let all = this.byName.get(def.name);
    if (!all) this.byName.set(def.name, (all = []));
    all.push(def);
  }

  /** Records the targets of an assignment-like node. */
  addTargets(target: SyntaxNode, kind: DefinitionKind, node: SyntaxNode, value: SyntaxNode | null, visibleFrom: number): void {
    const scope = scopeOf(node);
    const t = unparenthesize(target);
    const name = dottedName(t, this.text);
    if (name) {
      this.add(scope, { name, kind, node, value, unpackIndex: -1, visibleFrom });
      return;
    }
    if (t.type === 'pattern_list' || t.type === 'tuple_pattern' || t.type === 'list_pattern' || t.type === 'tuple' || t.type === 'list') {
      const parts = t.children.filter((c) => c.named && c.type !== 'comment');
      parts.forEach((part, index) => {
        const inner = unparenthesize(part.type === 'list_splat_pattern' ? part.children.find((c) => c.named) ?? part : part);
        const partName = dottedName(inner, this.text);
        if (partName) this.add(scope, { name: partName, kind, node, value, unpackIndex: index, visibleFrom });
      });
    }
  }

  definitionsOf(scope: SyntaxNode, name: string): readonly Definition[] {
    return this.byScope.get(scope)?.get(name) ?? [];
  }

  /** The last definition of `name` in `scope` visible before `offset` (straight-line approximation). */
  reaching(scope: SyntaxNode, name: string, offset: number): Definition | undefined {
    const defs = this.definitionsOf(scope, name);
    let best: Definition | undefined;
    for (const d of defs) if (d.visibleFrom <= offset && (!best || d.visibleFrom >= best.visibleFrom)) best = d;
    return best;
  }

  /** Every scope's definitions of a name (for attributes such as `self.model`, set in another method). */
  allDefinitionsOf(name: string): readonly Definition[] {
    return this.byName.get(name) ?? [];
  }
}

/** Fills the index from the nodes a single walk collected. */
export function indexDefinitions(
  index: DefinitionIndex,
  nodes: { assignments: readonly SyntaxNode[]; augmented: readonly SyntaxNode[]; fors: readonly SyntaxNode[]; withItems: readonly SyntaxNode[]; walruses: readonly SyntaxNode[]; functions: readonly SyntaxNode[] },
): void {
  for (const a of nodes.assignments) {
    if (!is(a, 'assignment')) continue;
    const left = field(a, 'left');
    let right = field(a, 'right') as SyntaxNode | null;
    // `a = b = value`: the value is the innermost right-hand side.
    while (right && right.type === 'assignment') right = field(right as SyntaxNode & { type: 'assignment' }, 'right');
    if (left) index.addTargets(left, 'assign', a, right, statementOf(a).end);
  }
  for (const a of nodes.augmented) {
    if (!is(a, 'augmented_assignment')) continue;
    const left = field(a, 'left');
    if (left) index.addTargets(left, 'augmented', a, field(a, 'right'), a.end);
  }
  for (const f of nodes.fors) {
    if (!is(f, 'for_statement')) continue;
    const left = field(f, 'left');
    const right = field(f, 'right');
    if (left && right) index.addTargets(left, 'for', f, right, right.end);
  }
  for (const w of nodes.withItems) {
    if (!is(w, 'with_item')) continue;
    const value = field(w, 'value');
    if (is(value, 'as_pattern')) {
      const alias = value.children.find((c) => c.fieldName === 'alias');
      const target = alias?.children.find((c) => c.named) ?? alias;
      const expr = value.children.find((c) => c.named && c.fieldName !== 'alias');
      if (target) index.addTargets(target, 'with', w, expr ?? null, w.end);
    }
  }
  for (const n of nodes.walruses) {
    if (!is(n, 'named_expression')) continue;
    const name = field(n, 'name');
    if (name) index.addTargets(name, 'walrus', n, field(n, 'value'), n.end);
  }
  for (const fn of nodes.functions) {
    if (!is(fn, 'function_definition')) continue;
    const params = field(fn, 'parameters');
    if (!params) continue;
    for (const p of params.children) {
      const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
      if (!id) continue;
      index.add(fn, {
        name: index.text.slice(id.start, id.end),
        kind: 'parameter',
        node: p,
        value: p.children.find((c) => c.fieldName === 'value') ?? null,
        unpackIndex: -1,
        visibleFrom: fn.start,
      });
    }
  }
}
