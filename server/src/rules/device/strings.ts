// What a string literal says, for the analyses that read device names and environment keys.
import type { SyntaxNode } from '../../parser/syntax';
import { nodeText } from '../../semantic/names';

/** The text of a string literal up to its first `{...}` interpolation, and whether that is all of it. */
export function stringHead(node: SyntaxNode, text: string): { head: string; complete: boolean } | null {
  if (node.type !== 'string') return null;
  let head = '';
  for (const part of node.children) {
    if (part.type === 'interpolation') return { head, complete: false };
    if (part.type === 'string_content' || part.type === 'escape_sequence') head += nodeText(part, text);
  }
  return { head, complete: true };
}

/** The value of a plain string literal (no interpolation), else null. */
export function stringValue(node: SyntaxNode, text: string): string | null {
  const head = stringHead(node, text);
  return head?.complete ? head.head : null;
}
