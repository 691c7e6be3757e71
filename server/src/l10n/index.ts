// The message catalogue for a locale.
import { en } from './en';
import { explainEn } from './explain-en';
import { explainRu } from './explain-ru';
import { explainZhCn } from './explain-zh-cn';
import type { Locale } from './locale';
import type { ExplainMessages, Messages } from './messages';
import { ru } from './ru';
import { zhCn } from './zh-cn';

export const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, 'zh-cn': zhCn, ru };

export function messagesFor(locale: Locale | undefined): Messages {
  return CATALOGUES[locale ?? 'en'];
}

/**
 * The out-of-memory explanation's words: a catalogue of their own, so that the client, which bundles
 * the rule pages' words from this folder, does not also carry these.
 */
export const EXPLAIN_CATALOGUES: Readonly<Record<Locale, ExplainMessages>> = { en: explainEn, 'zh-cn': explainZhCn, ru: explainRu };

export function explainMessagesFor(locale: Locale | undefined): ExplainMessages {
  return EXPLAIN_CATALOGUES[locale ?? 'en'];
}

export type { Locale } from './locale';
export type { ExplainMessages, Messages } from './messages';
