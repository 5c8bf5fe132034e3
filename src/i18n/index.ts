import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_NAMESPACES, NAMESPACES, defaultNS } from './resources';
import { detectLanguage, languageCookie, type Language } from './languages';

// One lazy chunk per language and namespace: the first paint loads the active language's core
// namespaces only; an area's namespace loads with its first page (useTranslation suspends until then).
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    const load = bundles[`./locales/${language}/${namespace}.json`];
    if (!load) return done(new Error(`no locale ${language}/${namespace}`), false);
    load().then(
      (module) => done(null, module.default),
      (error: Error) => done(error, false),
    );
  },
};

export async function initI18n(lang: Language = detectLanguage(document.cookie, navigator.language)) {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Both languages are complete (tested), so no second language is fetched as a fallback.
      fallbackLng: false,
      supportedLngs: ['en', 'zh'],
      defaultNS,
      ns: [...CORE_NAMESPACES],
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      // Labels held in data (menus, breadcrumbs) re-render when their namespace arrives.
      react: { useSuspense: true, bindI18n: 'languageChanged loaded', bindI18nStore: 'added' },
    });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  // After first paint, fetch the other namespaces of this language so later pages open at once.
  const idle =
    (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
    ((cb: () => void) => setTimeout(cb, 200));
  idle(() => void i18next.loadNamespaces([...NAMESPACES]));
  return i18next;
}

export async function changeLanguage(lang: Language) {
  document.cookie = languageCookie(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  await i18next.loadLanguages(lang);
  return i18next.changeLanguage(lang);
}

export { i18next };
