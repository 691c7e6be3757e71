export interface TranslatedRuleDoc { summary: string; whatItDoes: string; whyIsThisBad: string; fixSafety: string; }
