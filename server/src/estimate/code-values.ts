// The few values the training-setup finder reads from code, asked of the shared model: integers
// (through its resolver of literals, constants and argparse defaults), numbers, strings and the
// expression a name was assigned. One narrow door, so that a project-wide model of values can
// replace what is behind it.
import type { SyntaxNode } from '../parser/syntax';
import { stringValue } from '../semantic/argparse';
import type { SemanticModel } from '../semantic/model';
import { callee, dottedName, nodeText, unparenthesize } from '../semantic/names';
import { scopeOf } from '../semantic/scopes';

/** Methods that return the module (or tensor) they are called on. */
const PASS_THROUGH = new Set(['to', 'cuda', 'cpu', 'train', 'float', 'half', 'bfloat16', 'double', 'requires_grad_', 'share_memory']);
/** Wrappers that hold the module given to them (its memory is the module's). */
const WRAPPERS = new Set(['torch.compile', 'torch.nn.DataParallel', 'torch.nn.parallel.DataParallel', 'torch.nn.parallel.DistributedDataParallel', 'torch.nn.parallel.distributed.DistributedDataParallel']);

export class CodeValues {
  constructor(readonly model: SemanticModel) {}

  get text(): string {
    return this.model.text;
  }

  /** 1-based line of a node. */
  line(node: SyntaxNode): number {
    return node.row + 1;
  }

  int(expression: SyntaxNode | null | undefined): number | null {
    if (!expression) return null;
    return this.model.ints.resolve(expression)?.value ?? null;
  }

  /** A number: an integer the model resolves, a float literal, or either through a name assigned once or an argparse default. */
  number(expression: SyntaxNode | null | undefined, depth = 0): number | null {
    if (!expression || depth > 4) return null;
    const resolved = this.int(expression);
    if (resolved !== null) return resolved;
    const expr = unparenthesize(expression);
    if (expr.type === 'float') return Number(nodeText(expr, this.text).replace(/_/g, ''));
    if (expr.type === 'unary_operator') {
      const operand = expr.children.find((c) => c.named);
      const value = operand ? this.number(operand, depth + 1) : null;
      return value === null ? null : nodeText(expr, this.text).trim().startsWith('-') ? -value : value;
    }
    if (expr.type === 'attribute') {
      const option = this.model.ints.argumentOption(expr);
      return option?.default ? this.number(option.default, depth + 1) : null;
    }
    const assigned = this.assignedValue(expr);
    return assigned ? this.number(assigned, depth + 1) : null;
  }

  string(expression: SyntaxNode | null | undefined, depth = 0): string | null {
    if (!expression || depth > 4) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'string' && !expr.children.some((c) => c.type === 'interpolation')) return stringValue(expr, this.text);
    if (expr.type === 'attribute') {
      const option = this.model.ints.argumentOption(expr);
      return option?.default ? this.string(option.default, depth + 1) : null;
    }
    const assigned = this.assignedValue(expr);
    return assigned ? this.string(assigned, depth + 1) : null;
  }

  bool(expression: SyntaxNode | null | undefined): boolean | null {
    if (!expression) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'true') return true;
    if (expr.type === 'false') return false;
    if (expr.type === 'attribute') return this.model.ints.argumentFlag(expr);
    const assigned = this.assignedValue(expr);
    return assigned ? this.bool(assigned) : null;
  }

  /** The fully qualified name of what a dotted expression names (`nn.Linear` -> `torch.nn.Linear`). */
  qualified(expression: SyntaxNode | null): string | null {
    const dotted = expression ? dottedName(unparenthesize(expression), this.text) : null;
    return dotted ? (this.model.imports.qualify(dotted) ?? dotted) : null;
  }

  calleeName(call: SyntaxNode): string | null {
    return this.qualified(callee(call));
  }

  /** The expression an identifier was assigned, when it was assigned exactly once in its scope (or the module's). */
  assignedValue(expression: SyntaxNode): SyntaxNode | null {
    const expr = unparenthesize(expression);
    if (expr.type !== 'identifier') return null;
    const name = nodeText(expr, this.text);
    const local = this.model.definitions.definitionsOf(scopeOf(expr), name);
    const defs = local.length ? local : this.model.definitions.definitionsOf(this.model.root, name);
    const def = defs.length === 1 ? defs[0]! : null;
    return def?.kind === 'assign' && def.value && def.unpackIndex < 0 ? def.value : null;
  }

  /**
   * The call that built the module a name holds: every assignment of it, in document order, with
   * pass-through methods (`.to(device)`) and wrappers (`torch.compile`, `DataParallel`) removed.
   */
  constructionsOf(name: string): { call: SyntaxNode; methods: string[] }[] {
    const found: { call: SyntaxNode; methods: string[] }[] = [];
    for (const def of this.model.definitions.allDefinitionsOf(name)) {
      if (def.kind !== 'assign' || !def.value || def.unpackIndex >= 0) continue;
      const built = this.construction(def.value, 0);
      if (built) found.push(built);
    }
    return found;
  }

  construction(expression: SyntaxNode, depth: number): { call: SyntaxNode; methods: string[] } | null {
    if (depth > 6) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'identifier') {
      const value = this.assignedValue(expr);
      return value ? this.construction(value, depth + 1) : null;
    }
    if (expr.type !== 'call') return null;
    const target = callee(expr);
    if (target?.type === 'attribute') {
      const method = nodeText(target.children.find((c) => c.fieldName === 'attribute') ?? target, this.text);
      const receiver = target.children.find((c) => c.fieldName === 'object');
      if (PASS_THROUGH.has(method) && receiver) {
        const inner = this.construction(receiver, depth + 1);
        return inner ? { call: inner.call, methods: [...inner.methods, method === 'to' ? `to(${this.argumentsText(expr)})` : method] } : null;
      }
    }
    const qualified = this.calleeName(expr);
    if (qualified && WRAPPERS.has(qualified)) {
      const first = expr.children.find((c) => c.type === 'argument_list')?.children.find((c) => c.named && c.type !== 'keyword_argument' && c.type !== 'comment');
      return first ? this.construction(first, depth + 1) : null;
    }
    return { call: expr, methods: [] };
  }

  private argumentsText(call: SyntaxNode): string {
    const args = call.children.find((c) => c.type === 'argument_list');
    return args ? nodeText(args, this.text).slice(1, -1) : '';
  }
}
