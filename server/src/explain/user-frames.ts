// Which traceback frames are in the user's own code: not in installed packages, the standard
// library or PyTorch itself. A notebook's cells are the user's code. Pure: it looks at the paths.
import type { TracebackFrame } from './frames';

const LIBRARY_PATH = [
  /[\\/](?:site|dist)-packages[\\/]/,
  // The standard library: .../lib/python3.11/x.py, ...\Lib\x.py, and frozen modules.
  /[\\/]lib[\\/]python\d+(?:\.\d+)?[\\/][^\\/]+\.py$/i,
  /[\\/]Lib[\\/][^\\/]+\.py$/,
  /^<frozen /,
  /^<(?:string|stdin)>$/,
  // A source checkout of PyTorch.
  /(?:^|[\\/])torch[\\/](?:nn|autograd|utils|cuda|_tensor\.py|functional\.py|_dynamo|_inductor)/,
];

const NOTEBOOK_CELL = /^(?:Cell In\[\d+\]|<ipython-input-[\w-]+>)$/;

export function isUserFrame(frame: TracebackFrame): boolean {
  return NOTEBOOK_CELL.test(frame.file) || !LIBRARY_PATH.some((pattern) => pattern.test(frame.file));
}

/** Whether the frame is a notebook cell (it has no file to open). */
export function isNotebookCell(frame: TracebackFrame): boolean {
  return NOTEBOOK_CELL.test(frame.file);
}

/** The frames in the user's files, outermost first; the last is where the user's code failed. */
export function userFrames(frames: readonly TracebackFrame[]): TracebackFrame[] {
  return frames.filter(isUserFrame);
}
