// The source line under a diagnostic with a caret underline. Carets must line up on screen, so
// columns here are display cells: tabs expand, East Asian wide characters and emoji take two.
import type { SourceText } from '../core/source';
import type { Paint, Style } from './ansi';

const TAB_WIDTH = 4;

/** Code point ranges that terminals draw two cells wide. */
const WIDE_RANGES: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function isZeroWidth(code: number): boolean {
  return (code >= 0x0300 && code <= 0x036f) || (code >= 0x200b && code <= 0x200d) || code === 0xfe0f;
}

/** Control and bidirectional-override characters would move the terminal's cursor; show a placeholder. */
function isUnsafeForTerminal(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

function cellWidth(code: number): number {
  if (isZeroWidth(code)) return 0;
  return WIDE_RANGES.some(([low, high]) => code >= low && code <= high) ? 2 : 1;
}

/** The line as it should be printed, and the display cell at which each UTF-16 offset into it starts. */
function layOut(line: string): { shown: string; cellAt: (offset: number) => number } {
  let shown = '';
  let cell = 0;
  const cells: number[] = [];
  for (let i = 0; i < line.length; ) {
    const code = line.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    for (let k = 0; k < units; k++) cells[i + k] = cell;
    if (code === 0x09) {
      const width = TAB_WIDTH - (cell % TAB_WIDTH);
      shown += ' '.repeat(width);
      cell += width;
    } else if (isUnsafeForTerminal(code)) {
      shown += '\ufffd';
      cell += 1;
    } else {
      shown += String.fromCodePoint(code);
      cell += cellWidth(code);
    }
    i += units;
  }
  cells[line.length] = cell;
  return { shown, cellAt: (offset) => cells[Math.max(0, Math.min(offset, line.length))]! };
}

/** Two lines: the numbered source line holding `start`, and carets under `start..end` (cut at the line's end). */
/** `shownLine` numbers the line as its reader knows it (its row in a notebook cell). */
export function renderCodeFrame(source: SourceText, start: number, end: number, paint: Paint, caretStyle: Style, shownLine?: number): string[] {
  const line = source.position(start).line;
  const lineStart = source.lineStart(line);
  const { shown, cellAt } = layOut(source.lineText(line));
  const from = cellAt(start - lineStart);
  const to = cellAt(Math.min(end, source.lineEnd(line)) - lineStart);
  const number = String(shownLine ?? line + 1);
  const gutter = paint('blue', `${' '.repeat(number.length)} |`);
  return [
    `${paint('blue', `${number} |`)} ${shown}`,
    `${gutter} ${' '.repeat(from)}${paint(caretStyle, '^'.repeat(Math.max(1, to - from)))}`,
  ];
}
