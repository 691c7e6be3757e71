// The shape of `vscode.l10n.t`, so modules that run outside VS Code (and their tests) can take the
// translator as a parameter instead of importing `vscode`.

/** A message with `{0}`-style placeholders and its arguments, in the display language. */
export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

/** English, the source language: fills the placeholders and nothing else. */
export const english: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
