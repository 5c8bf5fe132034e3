import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { LANGUAGES, type Language } from '../../i18n/languages';

const NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/** The public pages' language choice: two plain buttons, so sign-in loads no menu library. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation('shell');
  return (
    <div role="group" aria-label={t('language.label')} className="flex gap-1 text-sm">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          aria-pressed={i18n.language === lang}
          onClick={() => void changeLanguage(lang)}
          className="rounded-[var(--radius-herald)] px-2 py-1 text-slate-600 hover:bg-white aria-pressed:bg-white aria-pressed:font-semibold aria-pressed:text-brand-700 aria-pressed:shadow-sm"
        >
          {NAMES[lang]}
        </button>
      ))}
    </div>
  );
}
