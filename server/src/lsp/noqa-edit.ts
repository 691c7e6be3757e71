// Where and how to write `# noqa: CODE` so that it silences one diagnostic. A comment can end neither a
// line inside a multi-line string (it would become part of the string) nor a line continued with a
// backslash (a syntax error), so such lines hand the comment on to the line where the statement ends.
import { parseSuppression, suppresses } from '../core/noqa';
import type { SourceText } from '../core/source';
import type { TextEdit } from '../core/types';
import type { SyntaxNode } from '../parser/syntax';

export interface NoqaEdit {
  edit: TextEdit;
  /** The line the comment ends up on; differs from the diagnostic's when the statement goes on. */
  line: number;
}

/** The nodes that contain `offset`, outermost first. */
function nodesAt(root: SyntaxNode, offset: number): SyntaxNode[] {
  const chain: SyntaxNode[] = [];
  let node: SyntaxNode | undefined = root;
  while (node) {
    chain.push(node);
    node = node.children.find((c) => c.start <= offset && offset < c.end);
  }
  return chain;
}

/** End of the line's code, before trailing whitespace. */
function contentEnd(source: SourceText, line: number): number {
  return source.lineStart(line) + source.lineText(line).trimEnd().length;
}

/** The string that the line break ending `line` falls inside, if any. */
function stringAcrossLineEnd(source: SourceText, root: SyntaxNode, line: number): SyntaxNode | undefined {
  return nodesAt(root, source.lineEnd(line)).find((n) => n.type === 'string');
}

function endsWithContinuation(source: SourceText, root: SyntaxNode, line: number): boolean {
  const end = contentEnd(source, line);
  if (end === source.lineStart(line) || source.text[end - 1] !== '\\') return false;
  return !nodesAt(root, end - 1).some((n) => n.type === 'string' || n.type === 'comment');
}

/** The line whose end closes the statement that `line` belongs to, as far as comments care. */
function commentLine(source: SourceText, root: SyntaxNode, line: number): number | undefined {
  let target = line;
  while (target < source.lineCount) {
    const string = stringAcrossLineEnd(source, root, target);
    if (string) target = source.lineOf(string.end);
    else if (endsWithContinuation(source, root, target)) target++;
    else return target;
  }
  return undefined;
}

const NOQA_WITH_CODES = /^#\s*noqa:\s*[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*/i;
const NOQA_ANY = /^#\s*noqa/i;
const IGNORE_WITH_LIST = /^#\s*oomlint:\s*ignore\[([^\]]*)\]/i;
const IGNORE_ANY = /^#\s*oomlint:\s*ignore/i;

/**
 * Adds `code` to the comment's first suppression directive (the one `parseSuppression` reads), or a
 * new `# noqa` after the comment when it has none.
 */
function extendComment(comment: SyntaxNode, text: string, code: string): TextEdit | undefined {
  const commentText = text.slice(comment.start, comment.end);
  for (let at = commentText.indexOf('#'); at >= 0; at = commentText.indexOf('#', at + 1)) {
    const rest = commentText.slice(at);
    const noqa = NOQA_WITH_CODES.exec(rest);
    if (noqa) return { start: comment.start + at + noqa[0].length, end: comment.start + at + noqa[0].length, newText: `, ${code}` };
    const ignore = IGNORE_WITH_LIST.exec(rest);
    if (ignore) {
      const closing = comment.start + at + ignore[0].length - 1;
      return { start: closing, end: closing, newText: ignore[1]!.trim() ? `, ${code}` : code };
    }
    // A bare directive already silences every code.
    if (NOQA_ANY.test(rest) || IGNORE_ANY.test(rest)) return undefined;
  }
  const end = comment.start + commentText.trimEnd().length;
  return { start: end, end, newText: `  # noqa: ${code}` };
}

/** The edit that silences `code` for a diagnostic starting on `line`, or `undefined` if none can. */
export function noqaEdit(source: SourceText, root: SyntaxNode, line: number, code: string): NoqaEdit | undefined {
  const target = commentLine(source, root, line);
  if (target === undefined) return undefined;
  const end = contentEnd(source, target);
  if (end === source.lineStart(target)) return undefined;
  const comment = nodesAt(root, end - 1).find((n) => n.type === 'comment');
  const edit = comment ? extendComment(comment, source.text, code) : { start: end, end, newText: `  # noqa: ${code}` };
  if (!edit) return undefined;

  // Read the result back the way the analysis will, so a comment it would not honour is never offered.
  const commentStart = comment?.start ?? end;
  const commentEnd = comment?.end ?? end;
  const before = source.text.slice(commentStart, edit.start);
  const after = source.text.slice(edit.end, commentEnd);
  const written = `${before}${edit.newText}${after}`.trimStart();
  return suppresses(parseSuppression(written) ?? undefined, code) ? { edit, line: target } : undefined;
}
