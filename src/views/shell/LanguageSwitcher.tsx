import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { LANGUAGES, type Language } from '../../i18n/languages';

const NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  return (
    <Menu>
      <MenuButton
        className="rounded-[var(--radius-herald)] px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        aria-label={t('language.label')}
      >
        {NAMES[current]}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-32 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {LANGUAGES.map((lang) => (
          <MenuItem key={lang}>
            <button
              type="button"
              lang={lang === 'zh' ? 'zh-CN' : 'en'}
              onClick={() => void changeLanguage(lang)}
              className="block w-full rounded px-3 py-1.5 text-left text-sm data-[focus]:bg-brand-50 aria-[current=true]:font-semibold"
              aria-current={lang === current}
            >
              {NAMES[lang]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
