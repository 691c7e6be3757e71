// Reading a log's lines as the program printed them: without the prefixes that launchers, containers
// and loggers add in front (`[rank1]:`, `SUBPROCESS:`, `vllm-1  | `, timestamps and levels), with the
// prefix's source kept so interleaved ranks stay apart, and with lines a terminal cut at its width
// joined again. Lines are read on demand around each message, never all at once, so a log of many
// short lines costs no memory per line. Pure.

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
  /** The last offset whose line number is known, and that number (1-based). */
  private countedTo = 0;
  private countedLine = 1;
  /** Lines read lately: messages on one long line, and the lines around them, are read once. */
  private readonly recent: LogLine[] = [];

  constructor(readonly text: string) {}

  /** The 1-based number of the line holding `offset`; cheap when offsets are asked in order. */
  lineNumberAt(offset: number): number {
    if (offset < this.countedTo) {
      this.countedTo = 0;
      this.countedLine = 1;
    }
    let line = this.countedLine;
    for (let i = this.text.indexOf('\n', this.countedTo); i !== -1 && i < offset; i = this.text.indexOf('\n', i + 1)) line++;
    this.countedTo = offset;
    this.countedLine = line;
    return line;
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
    const line = { start, end, text, textStart: shownStart + prefixLength, source, rawLength: contentEnd - shownStart, cuttable };
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

/**
 * The width a terminal cut these lines at, if it did: several of them are exactly as long as the
 * longest and end mid-text (a panel's lines are as long, but end in its border). Lines that long
 * continue on the next line without a space.
 */
export function wrapWidth(lines: readonly LogLine[]): number | undefined {
  let longest = 0;
  for (const line of lines) longest = Math.max(longest, line.rawLength);
  let cut = 0;
  for (const line of lines) if (line.rawLength === longest && line.cuttable) cut++;
  return longest >= 40 && longest <= 1000 && cut >= 2 ? longest : undefined;
}
