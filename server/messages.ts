import { retCodeMessageKey } from '../src/gateway/contract/retcodes';
import enErrors from '../src/i18n/locales/en/errors.json';
import zhErrors from '../src/i18n/locales/zh/errors.json';
import enValidation from '../src/i18n/locales/en/validation.json';
import zhValidation from '../src/i18n/locales/zh/validation.json';
import enMail from '../src/i18n/locales/en/mail.json';
import zhMail from '../src/i18n/locales/zh/mail.json';
import enAudience from '../src/i18n/locales/en/audience.json';
import zhAudience from '../src/i18n/locales/zh/audience.json';

// The server speaks the same words as the console: it reads the console's locale files.
export type Lang = 'en' | 'zh';
interface Tree {
  [key: string]: string | Tree;
}
type Bundle = Record<string, Tree>;
const bundles: Record<Lang, Bundle> = {
  en: { errors: enErrors, validation: enValidation, mail: enMail, audience: enAudience },
  zh: { errors: zhErrors, validation: zhValidation, mail: zhMail, audience: zhAudience },
};

/** A key's text in a namespace; a dotted name ('import.errorRow') walks nested objects. */
function lookup(bundle: Tree | undefined, name: string): string | undefined {
  let node: string | Tree | undefined = bundle;
  for (const part of name.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The key i18next would read for a count: `name_one`, `name_other`… by the language's plural rules. */
function pluralName(bundle: Tree | undefined, name: string, lang: Lang, count: unknown): string {
  if (typeof count !== 'number') return name;
  const plural = `${name}_${new Intl.PluralRules(lang).select(count)}`;
  if (lookup(bundle, plural) !== undefined) return plural;
  return lookup(bundle, `${name}_other`) !== undefined ? `${name}_other` : name;
}

/**
 * Translates `ns:key` with {{param}} interpolation and, as the console's i18next does, plural forms
 * chosen by a numeric `count`; an unknown key comes back as itself.
 */
export function translate(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const [ns, name] = key.includes(':') ? key.split(':', 2) : ['errors', key];
  const template =
    lookup(bundles[lang][ns], pluralName(bundles[lang][ns], name, lang, params.count)) ??
    lookup(bundles.en[ns], pluralName(bundles.en[ns], name, 'en', params.count)) ??
    key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

export function retCodeMessage(code: number, lang: Lang, params: Record<string, string | number> = {}): string {
  const key = retCodeMessageKey(code);
  return key ? translate(key, lang, params) : translate('errors:SystemBusy', lang);
}

/** Language of a request: the console's `lang` cookie, then Accept-Language (zh-CN → zh). */
export function requestLang(cookieHeader: string | undefined, acceptLanguage: string | undefined): Lang {
  const cookie = /(?:^|;\s*)lang=(en|zh)\b/.exec(cookieHeader ?? '');
  if (cookie) return cookie[1] as Lang;
  return /^zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en';
}
