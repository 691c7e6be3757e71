// Real out-of-memory logs through `oomlint explain`'s reading, parsing, diagnosis and formatting, as
// logs are mangled on their way to a user: wrapped at a terminal's width or under a launcher's prefix,
// coloured, with carriage returns, in UTF-16, repeated, and padded with what makes a parser slow (runs
// of digits, long lines, many messages on one line). Checks that the messages are still found and read
// the same, that nothing prints Infinity, NaN or a control character, and that each case stays within
// a time and memory budget. Some cases read /dev/zero through the CLI's stream reader, with its limits.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLogFile } from '../../server/src/cli/explain-input';
import { formatExplanationsJson, formatExplanationsText } from '../../server/src/cli/format-explain';
import { explainLogReport } from '../../server/src/explain/explain-oom';
import { decodeLogBytes, sniffLogEncoding } from '../../server/src/explain/log-text';
import { parseOomMessages } from '../../server/src/explain/parse-oom';
import { FIXTURES_DIR } from '../support/paths';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

/** A case's budget: its inputs are at most a few megabytes. */
const CASE_SECONDS = 5;
const CASE_HEAP_BYTES = 512 * 1024 * 1024;

type Mangle = (text: string, random: Random) => string;

/** Changes that keep every message readable: the parser must read each the same. */
const KEEPING: Record<string, Mangle> = {
  'terminal-wrap': (text, random) => {
    // A line that fills its last row exactly reads as continued on the next line's row, in any copy of
    // a terminal: the width is one that no line fills.
    const lengths = [...new Set(text.split('\n').map((line) => line.length))].filter((length) => length > 0);
    let width = 60 + random.int(100);
    while (lengths.some((length) => length % width === 0)) width++;
    return text
      .split('\n')
      .flatMap((line) => line.match(new RegExp(`.{1,${width}}`, 'g')) ?? [''])
      .join('\n');
  },
  'rank-prefix': (text, random) => {
    const rank = random.int(8);
    return text
      .split('\n')
      .map((line) => `[rank${rank}]: ${line}`)
      .join('\n');
  },
  colours: (text) => text.replace(/(Tried to allocate|GPU \d+|RuntimeError|OutOfMemoryError)/g, '\x1b[1;31m$1\x1b[0m'),
  crlf: (text) => text.replace(/\n/g, '\r\n'),
  'progress-bars': (text, random) => `${Array.from({ length: 1 + random.int(200) }, (_, i) => `\r${i}%|${'█'.repeat(i % 10)}|`).join('')}\n${text}`,
  'utf-16': (text) => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const { encoding, bomLength } = sniffLogEncoding(bytes);
    return decodeLogBytes(bytes, encoding, bomLength);
  },
  'noise-around': (text, random) => `${'log line\n'.repeat(random.int(5000))}${text}\n${'x'.repeat(random.int(200_000))}\n`,
};

/** Inputs built to be slow or absurd: only bounds and well-formed output are checked. */
const HOSTILE: ((random: Random) => string)[] = [
  (random) => `CUDA out of memory. Tried to allocate ${'9'.repeat(10_000 + random.int(300_000))} GiB (GPU 0; ${'9'.repeat(random.int(300_000))}`,
  (random) => 'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 8.00 GiB total capacity; '.repeat(2 + random.int(20_000)),
  (random) => `File "${'a'.repeat(random.int(500_000))}", line ${'1'.repeat(random.int(100_000))}, in f\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 99999999999999999999.99 EiB. GPU 0 has a total capacity of 0 bytes of which 99999 TiB is free.`,
  (random) => `${' '.repeat(random.int(400_000))}x\n`.repeat(3) + 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 8.00 GiB of which 0 bytes is free.',
  (random) => `\r${'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 MiB. GPU 0 has a total capacity of 8.00 GiB of which 0 bytes is free.\r'.repeat(1 + random.int(20_000))}`,
];

// eslint-disable-next-line no-control-regex -- no control character may reach the terminal
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

export class ExplainTarget implements FuzzTarget {
  readonly name = 'explain';
  private logs: { name: string; text: string }[] = [];

  async prepare(): Promise<void> {
    const dir = join(FIXTURES_DIR, 'oom-messages');
    this.logs = readdirSync(dir)
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
  }

  async run(random: Random): Promise<FuzzFailure[]> {
    const failures: FuzzFailure[] = [];
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    let input = '';
    try {
      const kind = random.int(10);
      if (kind === 0) {
        // The CLI's reader on a device without end: it stops at its limit and keeps only its window.
        const read = await readLogFile('/dev/zero', '/dev/zero', { windowBytes: 1024 * 1024, streamLimitBytes: (4 + random.int(28)) * 1024 * 1024 });
        if (!read.ok || read.text.length > 1024 * 1024) failures.push({ kind: 'unbounded', detail: 'reading /dev/zero kept more than its window', input: '/dev/zero' });
      } else if (kind <= 2) {
        input = random.pick(HOSTILE)(random);
        this.check(input, failures);
      } else {
        const log = random.pick(this.logs);
        // A terminal wraps what it shows, once: no colour codes (they take no columns) and no progress
        // bars' carriage returns (a terminal's copy has only the last state) in what it wrapped.
        const wrapped = random.int(3) === 0;
        const names = Object.keys(KEEPING).filter((name) => name !== 'terminal-wrap' && !(wrapped && (name === 'colours' || name === 'progress-bars')));
        const picked = Array.from({ length: 1 + random.int(2) }, () => random.pick(names));
        // The noise around the log is on the terminal's screen too, so it is wrapped with it: one row
        // longer than the width would leave the width unknowable, and a message cut twice unreadable.
        const onScreen: string[] = wrapped ? picked.filter((name) => name === 'noise-around') : [];
        const chosen = [...onScreen, ...(wrapped ? ['terminal-wrap'] : []), ...picked.filter((name) => !onScreen.includes(name))];
        input = chosen.reduce((text, name) => KEEPING[name]!(text, random), log.text);
        const before = parseOomMessages(log.text);
        const after = this.check(input, failures);
        const read = (messages: typeof before) => messages.map((m) => `${m.form} ${m.requested ?? '-'} ${m.total ?? '-'} ${m.free ?? '-'} ${m.allocated ?? '-'}`).join('\n');
        if (after && read(after) !== read(before)) {
          failures.push({ kind: 'misread', detail: `${log.name} after ${chosen.join(', ')}:\n${read(before)}\n---\n${read(after)}`, input });
        }
      }
    } catch (error) {
      failures.push({ kind: 'crash', detail: error instanceof Error ? (error.stack ?? error.message) : String(error), input });
    }
    const seconds = (performance.now() - started) / 1000;
    if (seconds > CASE_SECONDS) failures.push({ kind: 'hang', detail: `${seconds.toFixed(1)} s for ${input.length} characters`, input });
    const heap = process.memoryUsage().heapUsed - heapBefore;
    if (heap > CASE_HEAP_BYTES) failures.push({ kind: 'memory', detail: `${Math.round(heap / 2 ** 20)} MiB of heap for ${input.length} characters`, input });
    return failures;
  }

  /** The explanation of `input` in text and JSON: well formed, whatever it holds. */
  private check(input: string, failures: FuzzFailure[]): ReturnType<typeof parseOomMessages> | undefined {
    const report = explainLogReport(input);
    const text = formatExplanationsText(report, '<log>');
    const json = formatExplanationsJson(report);
    if (/Infinity|NaN/.test(text) || /Infinity|NaN/.test(json)) failures.push({ kind: 'not-a-number', detail: 'Infinity or NaN in the output', input });
    if (CONTROL.test(text)) failures.push({ kind: 'control-character', detail: 'a control character in the text output', input });
    JSON.parse(json);
    return parseOomMessages(input);
  }
}
