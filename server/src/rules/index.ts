import { OOM001 } from './OOM001-eval-without-no-grad';
import type { Rule } from './rule';

/** Every rule, in code order. */
export const ALL_RULES: readonly Rule[] = [OOM001];

export function ruleByCode(code: string): Rule | undefined {
  const wanted = code.trim().toUpperCase();
  return ALL_RULES.find((r) => r.meta.code === wanted);
}
