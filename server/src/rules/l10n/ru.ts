// Rule pages in Russian, keyed by rule code. A placeholder until the translations land.
import type { TranslatedRuleDoc } from './types';

export const RULE_DOCS: Partial<Record<string, TranslatedRuleDoc>> = {};
