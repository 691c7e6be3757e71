// Building blocks for fixes: each returns edits that keep the file valid Python.
import type { TextEdit } from '../core/types';
import type { SyntaxNode } from '../parser/syntax';
import { walk } from '../parser/syntax';
import type { SemanticModel } from '../semantic/model';

/** Expressions that can take `.method()` without parentheses. */
const PRIMARY = new Set(['identifier', 'attribute', 'call', 'subscript', 'parenthesized_expression', 'list', 'dictionary', 'string', 'integer', 'float']);

/** `expr` -> `expr.detach()`, or `(a * b).detach()` when precedence needs it. */
export function appendCall(expression: SyntaxNode, suffix: string): TextEdit[] {
  if (PRIMARY.has(expression.type)) {
    return [{ start: expression.end, end: expression.end, newText: suffix }];
  }
  // Parentheses make any expression (and any line break inside it) safe to call a method on.
  return [
    { start: expression.start, end: expression.start, newText: '(' },
    { start: expression.end, end: expression.end, newText: `)${suffix}` },
  ];
}

/** The whitespace before the first non-blank character of the line holding `offset`. */
export function lineIndent(model: SemanticModel, offset: number): string {
  const line = model.source.lineText(model.source.lineOf(offset));
  return /^[ \t]*/.exec(line)![0];
}

/** The file's indentation unit: the step between the first block and its parent, else 4 spaces. */
export function indentUnit(model: SemanticModel): string {
  for (const block of model.nodesOfKind('block')) {
    const first = block.children.find((c) => c.named && c.type !== 'comment');
    const owner = block.parent;
    if (!first || !owner || model.source.lineOf(first.start) === model.source.lineOf(owner.start)) continue;
    const inner = lineIndent(model, first.start);
    const outer = lineIndent(model, owner.start);
    if (inner.startsWith(outer) && inner.length > outer.length) return inner.slice(outer.length);
  }
  return '    ';
}

/** True when `node` starts its line (only indentation before it). */
export function startsLine(model: SemanticModel, node: SyntaxNode): boolean {
  const start = model.source.lineStart(model.source.lineOf(node.start));
  return model.text.slice(start, node.start).trim() === '';
}

/** True when only a comment or nothing follows `node` on its last line. */
export function endsLine(model: SemanticModel, node: SyntaxNode): boolean {
  const rest = model.text.slice(node.end, model.source.lineEnd(model.source.lineOf(node.end)));
  return rest.trim() === '' || rest.trim().startsWith('#');
}

/** Rows that begin inside a multi-line string: re-indenting them would change the string. */
function rowsInsideStrings(from: SyntaxNode, to: SyntaxNode): Set<number> {
  const rows = new Set<number>();
  const mark = (n: SyntaxNode) => {
    if (n.type === 'string' && n.endRow > n.row) for (let r = n.row + 1; r <= n.endRow; r++) rows.add(r);
  };
  const parent = from.parent;
  if (!parent) return rows;
  for (const s of parent.children) {
    if (s.end <= from.start || s.start >= to.end) continue;
    walk(s, (n) => {
      mark(n);
      return n.type !== 'string';
    });
  }
  return rows;
}

/**
 * Wraps consecutive sibling statements `first`..`last` in `header` (e.g. `with torch.no_grad():`),
 * indenting each line of them by one unit. Returns null when the statements share lines with other
 * code, so wrapping them would not be valid.
 */
const DEFINITIONS = new Set(['function_definition', 'class_definition', 'decorated_definition']);

export function wrapStatements(model: SemanticModel, first: SyntaxNode, last: SyntaxNode, header: string): TextEdit[] | null {
  if (!startsLine(model, first) || !endsLine(model, last) || first.parent !== last.parent) return null;
  // A `with` around a definition changes nothing at run time for the body it defines.
  if (DEFINITIONS.has(first.type) || DEFINITIONS.has(last.type)) return null;
  const { source } = model;
  const indent = lineIndent(model, first.start);
  const unit = indent.includes('\t') ? '\t' : indentUnit(model);
  const firstRow = source.lineOf(first.start);
  const lastRow = source.lineOf(last.end);
  const skip = rowsInsideStrings(first, last);
  const edits: TextEdit[] = [];
  const lineStart = source.lineStart(firstRow);
  edits.push({ start: lineStart, end: lineStart, newText: `${indent}${header}${source.newline}` });
  for (let row = firstRow; row <= lastRow; row++) {
    if (skip.has(row)) continue;
    const start = source.lineStart(row);
    if (source.lineText(row).trim() === '') continue;
    if (row === firstRow) {
      edits[0] = { start, end: start, newText: `${indent}${header}${source.newline}${unit}` };
    } else {
      edits.push({ start, end: start, newText: unit });
    }
  }
  return edits;
}

/** Inserts a decorator line right above the `def` (below any existing decorators). */
export function addDecorator(model: SemanticModel, fn: SyntaxNode, decorator: string): TextEdit[] | null {
  if (!startsLine(model, fn)) return null;
  const start = model.source.lineStart(model.source.lineOf(fn.start));
  return [{ start, end: start, newText: `${lineIndent(model, fn.start)}@${decorator}${model.source.newline}` }];
}

/** `import torch` after the module docstring, `__future__` imports and leading comments. */
export function addImport(model: SemanticModel, statement: string): TextEdit {
  let insertAt = 0;
  for (const child of model.root.children) {
    if (child.type === 'comment') continue;
    const isDocstring = child.type === 'expression_statement' && child.children.length === 1 && child.children[0]!.type === 'string';
    const isFuture = child.type === 'future_import_statement';
    if ((isDocstring && insertAt === 0) || isFuture) {
      insertAt = model.source.lineStart(model.source.lineOf(child.end) + 1);
      if (model.source.lineOf(child.end) + 1 >= model.source.lineCount) {
        return { start: model.text.length, end: model.text.length, newText: `${model.source.newline}${statement}${model.source.newline}` };
      }
      continue;
    }
    break;
  }
  if (insertAt === 0) {
    // Keep a shebang or encoding comment on the first lines.
    let row = 0;
    while (row < model.source.lineCount && /^#(!|.*coding[:=])/.test(model.source.lineText(row))) row++;
    insertAt = model.source.lineStart(row);
  }
  return { start: insertAt, end: insertAt, newText: `${statement}${model.source.newline}` };
}
