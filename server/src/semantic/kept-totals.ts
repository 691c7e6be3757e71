// Totals an object keeps: the parameters a method adds to an attribute of its object, which its
// callers' values then live in for as long as the object does.
import { is, type SyntaxNode } from '../parser/syntax';
import type { SemanticModel } from './model';
import { dottedName, nodeText, referencesIn } from './names';
import { nodesIn } from './subtree';
import { classOfMethod, enclosingFunction } from './scopes';

/**
 * Parameters of a method that it adds to an attribute of its object (`self.sum += val * n` in an
 * AverageMeter's `update`), by position after `self`, with the attribute. A parameter the method
 * assigns again (`val = val.item()`) is left out: it no longer holds what the caller passed.
 */
export function accumulatedParameters(model: SemanticModel, method: SyntaxNode): Map<number, { parameter: string; total: string }> {
  const found = new Map<number, { parameter: string; total: string }>();
  const list = method.children.find((c) => c.fieldName === 'parameters');
  if (!list || classOfMethod(method) === null) return found;
  const parameters = list.children.filter((c) => c.named && c.type !== 'comment');
  const { text } = model;
  parameters.slice(1).forEach((parameter, index) => {
    if (parameter.type !== 'identifier' && parameter.type !== 'default_parameter' && parameter.type !== 'typed_parameter' && parameter.type !== 'typed_default_parameter') return;
    const id = parameter.type === 'identifier' ? parameter : parameter.children.find((c) => c.type === 'identifier');
    if (!id) return;
    const name = nodeText(id, text);
    if (model.definitions.definitionsOf(method, name).length !== 1) return;
    for (const statement of nodesIn(method, ['augmented_assignment', 'assignment'])) {
      const left = statement.children.find((c) => c.fieldName === 'left');
      const right = statement.children.find((c) => c.fieldName === 'right');
      const total = left ? dottedName(left, text) : null;
      if (!total?.startsWith('self.') || !right || enclosingFunction(statement) !== method) continue;
      const adds = statement.type === 'augmented_assignment'
        ? text.slice(statement.start, statement.end).includes('+=')
        : is(right, 'binary_operator') && referencesIn(right, text).includes(total) && text.slice(right.start, right.end).includes('+');
      // `self.sum += allreduce(val.cpu())` keeps the graph; `self.sum += val.item()` does not.
      const rightText = text.slice(right.start, right.end);
      const plain = new RegExp(`\\b${name}\\s*\\.\\s*(item|detach|tolist|numpy)\\s*\\(|\\b(float|int)\\s*\\(\\s*${name}\\b`).test(rightText);
      if (adds && !plain && referencesIn(right, text).some((ref) => ref === name || ref.startsWith(`${name}.`))) {
        found.set(index, { parameter: name, total });
        return;
      }
    }
  });
  return found;
}
