export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_COOKIE = 'lang';

/** Spec 000 §1: the kept choice wins; otherwise zh when the browser language is zh-CN, else en. */
export function detectLanguage(cookie: string, browserLanguage: string | undefined): Language {
  const kept = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|zh)\\b`).exec(cookie);
  if (kept) return kept[1] as Language;
  return browserLanguage?.toLowerCase() === 'zh-cn' ? 'zh' : 'en';
}

export function languageCookie(lang: Language): string {
  return `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}
