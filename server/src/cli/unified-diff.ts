// Unified diffs for --diff, in the form `git apply` and `patch -p1` accept. Lines are compared with
// Myers' O(ND) algorithm; fixes touch few lines, so D stays small even in long files.

type LineOp = { kind: ' ' | '-' | '+'; line: string };

/** Lines with their terminators, so that CRLF files and a missing final newline survive the round trip. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Beyond this many differing lines the middle is shown as one replacement (quadratic memory otherwise). */
const MAX_EDIT_DISTANCE = 4000;

/** The shortest edit script turning `a` into `b`. */
function myers(a: readonly string[], b: readonly string[]): LineOp[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[-d-1 .. d+1] as it was before step d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): LineOp[] {
  const ops: LineOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const saved = trace[d]!;
    const at = (k: number) => saved[k + d + 1]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push({ kind: ' ', line: a[--x]! });
      y--;
    }
    if (d > 0) {
      if (x === previousX) ops.push({ kind: '+', line: b[--y]! });
      else ops.push({ kind: '-', line: a[--x]! });
    }
  }
  return ops.reverse();
}

function diffLines(a: readonly string[], b: readonly string[]): LineOp[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const same = (lines: readonly string[]) => lines.map((line) => ({ kind: ' ' as const, line }));
  return [
    ...same(a.slice(0, prefix)),
    ...myers(a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix)),
    ...same(a.slice(a.length - suffix)),
  ];
}

function printLine(op: LineOp): string {
  return op.line.endsWith('\n') ? `${op.kind}${op.line}` : `${op.kind}${op.line}\n\\ No newline at end of file\n`;
}

/** `@@ -l,s +l,s @@`: an empty side names the line before the change. */
function range(start: number, count: number): string {
  return `${count === 0 ? start : start + 1},${count}`;
}

/** The diff from `before` to `after`, or '' when they are equal. `path` is shown as `a/path` and `b/path`. */
export function unifiedDiff(before: string, after: string, path: string, context = 3): string {
  if (before === after) return '';
  const ops = diffLines(splitLines(before), splitLines(after));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  const label = path.split('\\').join('/');
  let out = `--- a/${label}\n+++ b/${label}\n`;

  let next = 0;
  while (next < changed.length) {
    // Grow the hunk while the next change is close enough for the contexts to touch.
    let last = changed[next]!;
    let following = next + 1;
    while (following < changed.length && changed[following]! - last <= 2 * context) last = changed[following++]!;
    const from = Math.max(0, changed[next]! - context);
    const to = Math.min(ops.length, last + context + 1);

    let oldStart = 0;
    let newStart = 0;
    for (let i = 0; i < from; i++) {
      if (ops[i]!.kind !== '+') oldStart++;
      if (ops[i]!.kind !== '-') newStart++;
    }
    const hunk = ops.slice(from, to);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out += `@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@\n` + hunk.map(printLine).join('');
    next = following;
  }
  return out;
}
