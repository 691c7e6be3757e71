// The translatable prose of a rule's page. Example and "Use instead" code stay English (code is
// code), and references keep their titles, so only these fields are translated.

/**
 * One rule's page in another language. Markdown; code spans, identifiers, rule codes and numbers are
 * kept verbatim. A field left empty falls back to the English text.
 */
export interface TranslatedRuleDoc {
  /** The one-line summary (RuleMeta.summary). */
  summary: string;
  /** "What it does" (RuleDoc.whatItDoes). */
  whatItDoes: string;
  /** "Why is this bad?" (RuleDoc.whyIsThisBad). */
  whyIsThisBad: string;
  /** "Fix safety" (RuleDoc.fixSafety). */
  fixSafety: string;
}
