// Traceback frames as Python, IPython (Jupyter's `Cell In[7], line 12` and the older
// `<ipython-input-7-...> in <module>`) and rich print them, read from the lines above a message. Pure.
import type { LogLine } from './log-lines';

export interface TracebackFrame {
  file: string;
  line: number;
  function: string;
  /** 1-based line of the frame in the log. */
  logLine: number;
  /** The source line printed under the frame, when it is. */
  code?: string;
}

/** Line numbers in a traceback: nine digits are more than any source file has. */
const LINE = String.raw`(\d{1,9})`;
/** `File "train.py", line 12, in main` (Python), behind any prefix a launcher added. */
const PYTHON_FRAME = new RegExp(String.raw`(?:^|[\s:\]│>])File "([^"]{1,1000})", line ${LINE}(?:, in (.{1,200}))?`);
/** IPython 8: `File ~/project/train.py:45, in train(model, loader)`. */
const IPYTHON_FILE_FRAME = new RegExp(String.raw`^\s*File ((?:[A-Za-z]:)?[^:\n]{1,1000}):${LINE}, in ([\w<>.]{1,200})`);
/** IPython 8: `Cell In[7], line 12` or `Cell In[5], line 3, in train(model)`. */
const IPYTHON_CELL_FRAME = new RegExp(String.raw`^\s*Cell In\s?\[(\d{1,6})\], line ${LINE}(?:, in ([\w<>.]{1,200}))?`);
/** Older IPython: `<ipython-input-116-11ebb3420695> in <module>` or `/path/module.py in _call_impl(self, ...)`. */
const IPYTHON_OLD_FRAME = /^\s*(<ipython-input-[\w-]{1,80}>|\S.{0,1000}?\.py) in ([\w<>.]{1,200})(?:\(|\s*$)/;
/** Older IPython's arrow at the frame's line: `---> 30     predictions = network(images)`. */
const IPYTHON_ARROW = new RegExp(String.raw`^\s*-*> ?${LINE}\s(.*)$`);
/** rich: `/path/train.py:105 in weighs_to_device`, then `> 105 │ code` or `❱ 105 │ code`. */
const RICH_FRAME = new RegExp(String.raw`^\s*(\S.{0,1000}?\.py):${LINE} in ([\w<>.]{1,200})\s*$`);
const RICH_CODE = new RegExp(String.raw`^\s*[>❱]\s*${LINE}\s*[│|]\s?(.*)$`);

const isCaretLine = (text: string) => /^[\s~^]+$/.test(text);

/** The frames in `lines` (in log order, one traceback's worth), outermost first. */
export function readFrames(lines: readonly LogLine[], lineNumber: (line: LogLine) => number): TracebackFrame[] {
  const frames: TracebackFrame[] = [];
  /** A frame whose line the next arrow line gives (older IPython, TensorFlow in notebooks). */
  let awaitingArrow: TracebackFrame | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const text = line.text;
    const python = PYTHON_FRAME.exec(text);
    if (python) {
      const frame: TracebackFrame = { file: python[1]!, line: Number(python[2]), function: (python[3] ?? '<module>').trim(), logLine: lineNumber(line) };
      const next = lines[index + 1]?.text.trim();
      if (next && !PYTHON_FRAME.test(lines[index + 1]!.text) && !isCaretLine(next)) frame.code = next;
      frames.push(frame);
      awaitingArrow = undefined;
      continue;
    }
    const file = IPYTHON_FILE_FRAME.exec(text) ?? IPYTHON_CELL_FRAME.exec(text);
    if (file) {
      const isCell = text.trimStart().startsWith('Cell');
      const frame: TracebackFrame = {
        file: isCell ? `Cell In[${file[1]}]` : file[1]!.trim(),
        line: Number(file[2]),
        function: file[3] ?? '<module>',
        logLine: lineNumber(line),
      };
      frames.push(frame);
      // The code is on the arrow line below, with the same number.
      awaitingArrow = frame;
      continue;
    }
    const old = IPYTHON_OLD_FRAME.exec(text);
    if (old && !text.includes('File "')) {
      const frame: TracebackFrame = { file: old[1]!.trim(), line: 0, function: old[2]!, logLine: lineNumber(line) };
      frames.push(frame);
      awaitingArrow = frame;
      continue;
    }
    const rich = RICH_FRAME.exec(text);
    if (rich) {
      const frame: TracebackFrame = { file: rich[1]!.trim(), line: Number(rich[2]), function: rich[3]!, logLine: lineNumber(line) };
      frames.push(frame);
      awaitingArrow = frame;
      continue;
    }
    if (awaitingArrow) {
      const arrow = IPYTHON_ARROW.exec(text) ?? RICH_CODE.exec(text);
      if (arrow) {
        if (awaitingArrow.line === 0) awaitingArrow.line = Number(arrow[1]);
        // rich draws the code's indentation as guides.
        const code = arrow[2]!.replace(/^[│|\s]+/, '').trim();
        if (code) awaitingArrow.code = code;
        awaitingArrow = undefined;
      }
    }
  }
  // An older IPython frame whose arrow was not shown has no line number: it is no use as a link.
  return frames.filter((frame) => frame.line > 0);
}
