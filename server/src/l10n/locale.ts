// Which language oomlint speaks: English (the source), Simplified Chinese, Russian.

export const LOCALES = ['en', 'zh-cn', 'ru'] as const;

export type Locale = (typeof LOCALES)[number];

/**
 * The locale for a BCP 47 tag or POSIX locale name ("zh-CN", "zh_CN.UTF-8", "ru", "ru_RU.UTF-8");
 * English for anything else, and `undefined` for nothing at all.
 */
export function localeFromTag(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const name = tag.trim().toLowerCase().split(/[.@]/)[0]!.replace(/_/g, '-');
  if (!name) return undefined;
  // Traditional Chinese is a different written language: it stays English until it has its own.
  if (name === 'zh' || name === 'zh-cn' || name === 'zh-sg' || name === 'zh-hans' || name.startsWith('zh-hans-')) return 'zh-cn';
  if (name === 'ru' || name.startsWith('ru-')) return 'ru';
  return 'en';
}

/**
 * The locale a POSIX program would use: the first of LC_ALL, LC_MESSAGES and LANG that is set
 * (gettext's order), English when none is.
 */
export function localeFromEnvironment(env: Readonly<Record<string, string | undefined>>): Locale {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return localeFromTag(value) ?? 'en';
  }
  return 'en';
}

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}
