// Terminal colours, and when to use them: on a terminal, unless NO_COLOR or --no-color says not to.
// FORCE_COLOR turns them on where there is no terminal (CI logs that render colour, tests).

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
  green: [32, 39],
} as const;

export type Style = keyof typeof CODES;

export type Paint = (style: Style, text: string) => string;

export function createPaint(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`;
}

export interface ColorContext {
  noColorFlag: boolean;
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

export function shouldUseColor({ noColorFlag, isTTY, env }: ColorContext): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return isTTY;
}
