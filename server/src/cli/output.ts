// Where a command writes; the entry passes the process's streams, tests pass collectors.

export interface OutputStreams {
  stdout(text: string): void;
  stderr(text: string): void;
}
