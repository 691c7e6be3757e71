// Suppression comments: `# noqa`, `# noqa: OOM001, OOM003`, `# oomlint: ignore[OOM001]`,
// and a file-level `# oomlint: noqa`. Only real comments count (the tree tells them from strings).

/** `null` codes means every code. */
export interface Suppression {
  codes: string[] | null;
}

const NOQA = /^#\s*noqa(?::\s*([A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?/i;
const IGNORE = /^#\s*oomlint:\s*ignore(?:\[([^\]]*)\])?/i;
const FILE_NOQA = /^#\s*oomlint:\s*noqa\s*$/i;

/** Reads a comment's text (starting at `#`); comments may chain, as in `# type: ignore  # noqa`. */
export function parseSuppression(comment: string): Suppression | null {
  for (let at = comment.indexOf('#'); at >= 0; at = comment.indexOf('#', at + 1)) {
    const part = comment.slice(at);
    const noqa = NOQA.exec(part);
    if (noqa) return { codes: noqa[1] ? splitCodes(noqa[1]) : null };
    const ignore = IGNORE.exec(part);
    if (ignore) return { codes: ignore[1] ? splitCodes(ignore[1]) : null };
  }
  return null;
}

function splitCodes(list: string): string[] {
  return list
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}

export function isFileSuppressionComment(comment: string): boolean {
  return FILE_NOQA.test(comment.trim());
}

export function suppresses(suppression: Suppression | undefined, code: string): boolean {
  return suppression !== undefined && (suppression.codes === null || suppression.codes.includes(code));
}
