import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ADD_EVENT_PAGES } from './calendar-view';

/** "Add event": each channel's send page (none takes a date parameter yet, so it opens as it is). */
export function AddEventMenu() {
  const { t } = useTranslation('mkthub');
  return (
    <Menu as="div" className="relative">
      <MenuButton className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {t('calendar.addEvent')}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {ADD_EVENT_PAGES.map((page) => (
          <MenuItem key={page.type}>
            <Link href={page.path} className="block px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100">
              {t(`calendar.add.${page.type}`)}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
