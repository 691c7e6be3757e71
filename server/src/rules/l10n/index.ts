// A rule's page text in a language: the translation where it has the field, English where not.
import type { Locale } from '../../l10n/locale';
import type { RuleMeta } from '../rule';
import { RULE_DOCS as RU } from './ru';
import type { TranslatedRuleDoc } from './types';
import { RULE_DOCS as ZH_CN } from './zh-cn';

const TRANSLATED: Readonly<Record<Exclude<Locale, 'en'>, Partial<Record<string, TranslatedRuleDoc>>>> = { 'zh-cn': ZH_CN, ru: RU };

/** The translated tables, for tests that every rule is covered. */
export function translatedRuleDocs(locale: Exclude<Locale, 'en'>): Partial<Record<string, TranslatedRuleDoc>> {
  return TRANSLATED[locale];
}

/** The page's prose in `locale`, each field falling back to English; `translated` says whether any field is. */
export function localizedRuleText(meta: RuleMeta, locale: Locale | undefined): TranslatedRuleDoc & { translated: boolean } {
  const english = { summary: meta.summary, whatItDoes: meta.doc.whatItDoes, whyIsThisBad: meta.doc.whyIsThisBad, fixSafety: meta.doc.fixSafety };
  const doc = !locale || locale === 'en' ? undefined : TRANSLATED[locale][meta.code];
  if (!doc) return { ...english, translated: false };
  const pick = (field: keyof TranslatedRuleDoc) => (doc[field]?.trim() ? doc[field] : english[field]);
  return {
    summary: pick('summary'),
    whatItDoes: pick('whatItDoes'),
    whyIsThisBad: pick('whyIsThisBad'),
    fixSafety: pick('fixSafety'),
    translated: true,
  };
}
