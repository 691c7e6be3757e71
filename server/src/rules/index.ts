import type { Rule } from './rule';

/** Every rule, in code order. */
export const ALL_RULES: readonly Rule[] = [];

export function ruleByCode(code: string): Rule | undefined {
  const wanted = code.trim().toUpperCase();
  return ALL_RULES.find((r) => r.meta.code === wanted);
}
