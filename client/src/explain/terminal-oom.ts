// Finding out-of-memory messages in terminal text, for the terminal link and the command. Pure: the
// client only recognises the message's opening words; reading it is the server's work.

/** The words every form of the message starts with (CUDA, ROCm and Apple MPS). */
const OOM_WORDS = /(?:CUDA|HIP) out of memory|MPS backend out of memory/;
/** The exception name PyTorch prints before them, included in the link when it is there. */
const EXCEPTION_BEFORE = /(?:torch\.(?:cuda\.)?OutOfMemoryError|RuntimeError|OutOfMemoryError):\s*$/;

export interface LinkSpan {
  startIndex: number;
  length: number;
}

/** Where the link goes on a terminal line: over the exception name and the message's first words. */
export function oomLinkSpan(line: string): LinkSpan | undefined {
  const match = OOM_WORDS.exec(line);
  if (!match) return undefined;
  const exception = EXCEPTION_BEFORE.exec(line.slice(0, match.index));
  const startIndex = exception ? exception.index : match.index;
  return { startIndex, length: match.index + match[0].length - startIndex };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text to explain for a link on `line`: the part of the terminal's buffer from just after the
 * previous out-of-memory message to the end of this one, so the traceback above it comes along. A
 * message the buffer no longer holds (scrolled out, cleared) is explained from the line alone.
 */
export function messageAroundLine(buffer: string, line: string): string {
  const key = messageKey(line);
  if (!key) return line;
  const lines = buffer.replace(/\r\n?/g, '\n').split('\n');
  // The latest copy of the message is the one on screen. A row of the buffer may hold only the start
  // of the message when the program's output was cut into rows there.
  let found = -1;
  for (let i = lines.length - 1; i >= 0 && found === -1; i--) {
    const own = messageKey(lines[i]!);
    if (own && (own.startsWith(key) || key.startsWith(own))) found = i;
  }
  if (found === -1) return line;
  let start = found - 1;
  while (start >= 0 && !OOM_WORDS.test(lines[start]!)) start--;
  start++;
  while (start < found && !lines[start]!.trim()) start++;
  return lines.slice(start, found + 1).join('\n');
}

/** The message from its first words on, whitespace squeezed, cut to a length that tells messages apart. */
function messageKey(line: string): string | undefined {
  const span = oomLinkSpan(line);
  return span ? squeeze(line.slice(span.startIndex)).slice(0, 160) : undefined;
}
