// The shape of `vscode.l10n.t`, so modules that run outside VS Code (and their tests) can take the
// translator as a parameter instead of importing `vscode`.

/** A message with `{0}`-style placeholders and its arguments, in the display language. */
export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

/** English, the source language: fills the placeholders and nothing else. */
export const english: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));

/** A number with a fixed count of decimals, written as the display language writes it ("81,2" in Russian). */
export type FormatDecimal = (value: number, digits: number) => string;

/** English notation: a full stop before the decimals. */
export const fixedDecimal: FormatDecimal = (value, digits) => value.toFixed(digits);

/** The notation of `language` (a VS Code display language such as `ru` or `zh-cn`); English for one Intl does not know. */
export function decimalFor(language: string): FormatDecimal {
  let formats: Map<number, Intl.NumberFormat>;
  try {
    formats = new Map([1, 2].map((digits) => [digits, new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })]));
  } catch {
    return fixedDecimal;
  }
  return (value, digits) => formats.get(digits)?.format(value) ?? value.toFixed(digits);
}

/** What text for people needs besides the strings: the translator and the number notation. */
export interface Words {
  t: Translate;
  decimal: FormatDecimal;
}

export const ENGLISH_WORDS: Words = { t: english, decimal: fixedDecimal };
