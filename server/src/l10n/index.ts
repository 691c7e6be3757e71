// The message catalogue for a locale.
import { en } from './en';
import type { Locale } from './locale';
import type { Messages } from './messages';
import { ru } from './ru';
import { zhCn } from './zh-cn';

export const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, 'zh-cn': zhCn, ru };

export function messagesFor(locale: Locale | undefined): Messages {
  return CATALOGUES[locale ?? 'en'];
}

export type { Locale } from './locale';
export type { Messages } from './messages';
