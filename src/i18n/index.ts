import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, defaultNS } from './resources';
import { detectLanguage, languageCookie, type Language } from './languages';

export function initI18n(lang: Language = detectLanguage(document.cookie, navigator.language)) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    defaultNS,
    ns: Object.keys(resources.en),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  return i18next;
}

export function changeLanguage(lang: Language) {
  document.cookie = languageCookie(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  return i18next.changeLanguage(lang);
}

export { i18next };
