// Reading a log's lines as the program printed them: without the prefixes that launchers, containers
// and loggers add in front (`[rank1]:`, `SUBPROCESS:`, `vllm-1  | `, timestamps and levels), with the
// prefix's source kept so interleaved ranks stay apart, and with lines a terminal cut at its width
// joined again. Lines are read on demand around each message, never all at once, so a log of many
// short lines costs no memory per line. Pure.

import { OPENING_WORDS } from './opening-words';

/** Longer lines are read up to here: messages, frames and prefixes are all shorter. */
export const MAX_LINE_CHARS = 4096;

export interface LogLine {
  /** Offset of the line's start in the text. */
  start: number;
  /** Offset just past the line's end (its `\n`, or the end of the text). */
  end: number;
  /** The text after the prefixes, at most MAX_LINE_CHARS long. */
  text: string;
  /** Offset of `text` in the whole text. */
  textStart: number;
  /** Who printed the line, from its prefix (`rank 1`, `pid 6940`, `vllm-1`); '' when none says. */
  source: string;
  /** The line as it stands, prefixes included, without its `\n`: its length tells a terminal's wrap. */
  rawLength: number;
  /** The line ends in a character a terminal could have cut after (not a space, not a panel's border). */
  cuttable: boolean;
  /** The line as shown, prefixes included (at most MAX_LINE_CHARS): a terminal's continuation row has none of its own. */
  rawText: string;
}

interface PrefixRule {
  pattern: RegExp;
  /** The source the prefix names, or null for prefixes that say nothing about who printed the line. */
  source: ((match: RegExpExecArray) => string) | null;
}

/** Tried in turn, repeatedly, at the start of a line; each pattern is anchored and bounded. */
const PREFIXES: readonly PrefixRule[] = [
  // torchrun's per-rank prefixes: `[rank1]:`, `[default0]:`; srun's `--label` (`3: `).
  { pattern: /^\[(?:rank|default)\s?(\d{1,5})\]:\s?/, source: (m) => `rank ${m[1]}` },
  { pattern: /^(\d{1,4}): (?=\S)/, source: (m) => `rank ${m[1]}` },
  // vLLM and Ray worker processes: `(EngineCore_DP0 pid=6940) `, `(VllmWorkerProcess pid=921093) `.
  { pattern: /^\(([\w.-]{1,60}) pid=(\d{1,10})\)\s?/, source: (m) => `pid ${m[2]}` },
  { pattern: /^SUBPROCESS:\s?/, source: () => 'subprocess' },
  // docker compose: `vllm-1  | `.
  { pattern: /^([\w.-]{1,60}-\d{1,3})\s+\|\s?/, source: (m) => m[1]! },
  // Timestamps: `2024-04-27 10:13:05`, `[2025-03-10T15:07:20Z]`, `2025-10-14T23:59:25.360249332Z`.
  { pattern: /^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?\]?\s*/, source: null },
  // Levels and the logger's location: `ERROR 11-18 18:07:28 engine.py:366] `, `[error] `, `| ERROR | stderr | `.
  { pattern: /^(?:ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL)\s+\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?\s+(?:\[?[\w.]{1,80}:\d{1,6}\]\s?)?/, source: null },
  { pattern: /^\[(?:error|warning|info|debug|critical)\]\s*/i, source: null },
  { pattern: /^\|\s*(?:ERROR|WARNING|INFO|DEBUG|CRITICAL)\s*\|\s*(?:[\w.:<>-]{1,80}\s*(?:\||-)\s*)?/, source: null },
  // loguru: `| ERROR    | module:function:42 - `.
  { pattern: /^\|\s*[A-Z]{4,8}\s*\|\s*[\w.<>]{1,80}:[\w<>]{1,80}:\d{1,6} - /, source: null },
  // A rich panel's border.
  { pattern: /^[│┃|]\s?(?=\S|\s{2})/, source: null },
];

/** A prefix rule may apply again after another (a timestamp after a rank); bounded. */
const MAX_PREFIXES = 5;

function splitPrefixes(raw: string): { text: string; source: string; prefixLength: number } {
  let text = raw;
  let source = '';
  for (let round = 0; round < MAX_PREFIXES; round++) {
    let matched = false;
    for (const rule of PREFIXES) {
      const match = rule.pattern.exec(text);
      if (!match || match[0].length === 0) continue;
      if (rule.source && !source) source = rule.source(match);
      text = text.slice(match[0].length);
      matched = true;
      break;
    }
    if (!matched) break;
  }
  // A rich panel's right border.
  return { text: text.replace(/\s*[│┃]\s*$/, ''), source, prefixLength: raw.length - text.length };
}

/**
 * Access to the lines of a text whose line breaks are `\n` (carriage returns already turned into line
 * breaks or kept inside lines as the terminal's overwrites). Line numbers count `\n` only.
 */
export class LogText {
  /** The last offset whose line number is known, that number (1-based), and the first `\n` at or after it. */
  private countedTo = 0;
  private countedLine = 1;
  private nextBreak: number | undefined;
  /** Lines read lately: messages on one long line, and the lines around them, are read once. */
  private readonly recent: LogLine[] = [];

  /** Where line breaks of the log were taken out (rows a terminal cut, joined again), in this text's offsets. */
  private readonly joinedBreaks: readonly number[];
  private joinedCounted = 0;

  constructor(
    readonly text: string,
    joinedBreaks: readonly number[] = [],
  ) {
    this.joinedBreaks = joinedBreaks;
  }

  /**
   * The 1-based number of the log's line holding `offset` (rows joined again count as they were);
   * each line break is looked at once when offsets come in order.
   */
  lineNumberAt(offset: number): number {
    if (offset < this.countedTo) {
      this.countedTo = 0;
      this.countedLine = 1;
      this.nextBreak = undefined;
      this.joinedCounted = 0;
    }
    this.nextBreak ??= this.text.indexOf('\n', this.countedTo);
    while (this.nextBreak !== -1 && this.nextBreak < offset) {
      this.countedLine++;
      this.nextBreak = this.text.indexOf('\n', this.nextBreak + 1);
    }
    while (this.joinedCounted < this.joinedBreaks.length && this.joinedBreaks[this.joinedCounted]! <= offset) this.joinedCounted++;
    this.countedTo = offset;
    return this.countedLine + this.joinedCounted;
  }

  /** The line holding `offset`. */
  lineAt(offset: number): LogLine {
    const known = this.recent.find((line) => line.start <= offset && offset < line.end);
    if (known) return known;
    const start = offset <= 0 ? 0 : this.text.lastIndexOf('\n', offset - 1) + 1;
    return this.lineFrom(start);
  }

  /** The line starting at `start` (which must be 0 or just after a `\n`). */
  lineFrom(start: number): LogLine {
    const known = this.recent.find((line) => line.start === start);
    if (known) return known;
    const newline = this.text.indexOf('\n', start);
    const end = newline === -1 ? this.text.length : newline + 1;
    let contentEnd = newline === -1 ? this.text.length : newline;
    // A terminal shows what follows the last carriage return of a line: progress bars overwrite the
    // rest. A carriage return that ends the line shows the segment before it.
    while (contentEnd > start && this.text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
    const tailStart = Math.max(start, contentEnd - 16 * MAX_LINE_CHARS);
    const lastReturn = this.text.slice(tailStart, contentEnd).lastIndexOf('\r');
    const shownStart = lastReturn === -1 ? start : tailStart + lastReturn + 1;
    const raw = this.text.slice(shownStart, Math.min(contentEnd, shownStart + MAX_LINE_CHARS));
    const { text, source, prefixLength } = splitPrefixes(raw);
    const last = contentEnd > shownStart ? this.text[contentEnd - 1]! : ' ';
    const cuttable = !/[\s│┃|╮╯┐┘]/.test(last);
    const line = { start, end, text, textStart: shownStart + prefixLength, source, rawLength: contentEnd - shownStart, cuttable, rawText: raw };
    this.recent.push(line);
    if (this.recent.length > 8) this.recent.shift();
    return line;
  }

  /** The line before `line`, or undefined at the start of the text. */
  previous(line: LogLine): LogLine | undefined {
    return line.start === 0 ? undefined : this.lineAt(line.start - 1);
  }

  /** The line after `line`, or undefined at the end of the text. */
  next(line: LogLine): LogLine | undefined {
    return line.end >= this.text.length ? undefined : this.lineFrom(line.end);
  }
}

/** The per-row prefixes of launchers (torchrun, subprocess wrappers). */
const LAUNCHER_PREFIX = /^(?:\[(?:rank|default)\s?\d{1,5}\]:\s?|SUBPROCESS:\s?){1,4}/;

/**
 * A message a terminal cut once leaves a single row at its width, too few to tell the width by; when
 * that cut falls inside the message's opening words, the row is joined to the next all the same.
 */
function joinCutOpeningWords(text: string, width: number): { text: string; joinedBreaks: number[] } {
  if (width < 40) return { text, joinedBreaks: [] };
  const parts: string[] = [];
  const joinedBreaks: number[] = [];
  let length = 0;
  let from = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) break;
    if (newline - start === width && !PANEL_BORDER.test(text[newline - 1]!)) {
      const next = text.slice(newline + 1, newline + 1 + 120).replace(LAUNCHER_PREFIX, '');
      const seam = text.slice(Math.max(start, newline - 120), newline);
      const before = OPENING_WORDS.test(seam + '\n' + next);
      const across = OPENING_WORDS.test(seam + next);
      if (across && !before) {
        parts.push(text.slice(from, newline));
        length += newline - from;
        joinedBreaks.push(length);
        const nextStart = newline + 1 + (text.slice(newline + 1, newline + 1 + 120).length - next.length);
        from = nextStart;
      }
    }
    start = newline + 1;
  }
  if (!joinedBreaks.length) return { text, joinedBreaks: [] };
  parts.push(text.slice(from));
  return { text: parts.join(''), joinedBreaks };
}

/** The last character of a panel's row, which a terminal's cut is not. */
const PANEL_BORDER = /[│┃|╮╯┐┘]/;

/**
 * A log copied from a terminal that cut long lines at its width, with those rows joined again, and
 * where the joins are. The width is the length of the longest rows (a terminal writes none longer),
 * when at least two different rows have it; rows longer than any terminal are left out, and so are a
 * panel's rows, which end in its border.
 * A row that continues after a launcher's prefix loses the prefix it repeats. Linear.
 */
export function joinTerminalRows(text: string): { text: string; joinedBreaks: number[] } {
  let width = 0;
  const rowsAtWidth = new Set<string>();
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const length = end - start;
    // A panel's rows are as wide as each other too, but end in its border.
    if (length <= 1000 && length >= 40 && !PANEL_BORDER.test(text[end - 1]!)) {
      if (length > width) {
        width = length;
        rowsAtWidth.clear();
      }
      // Two different rows: one message printed twice is not a terminal's cut.
      if (length === width && rowsAtWidth.size < 2) rowsAtWidth.add(text.slice(start, end));
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  if (rowsAtWidth.size < 2) return joinCutOpeningWords(text, width);
  const parts: string[] = [];
  const joinedBreaks: number[] = [];
  let length = 0;
  let joining = false;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    let row = text.slice(start, end);
    // A program that wrapped its own rows before a launcher prefixed each: the prefix goes.
    if (joining) row = row.replace(LAUNCHER_PREFIX, '');
    parts.push(row);
    length += row.length;
    const cut = end - start === width && !PANEL_BORDER.test(text[end - 1]!);
    if (newline === -1) break;
    if (cut) joinedBreaks.push(length);
    else {
      parts.push('\n');
      length++;
    }
    joining = cut;
    start = newline + 1;
  }
  return { text: parts.join(''), joinedBreaks };
}
