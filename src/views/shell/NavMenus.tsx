import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../i18n/useLabel';
import { Link } from 'wouter';
import type { VisibleNavGroup, NavItem } from './navigation';

export function UpgradeIcon() {
  const { t } = useTranslation('shell');
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-4 w-4 text-amber-500"
      fill="currentColor"
      role="img"
      aria-label={t('nav.needsUpgrade')}
    >
      <path d="M10 2 3 10h4v8h6v-8h4z" />
    </svg>
  );
}

/** Whether a sideways-scrolling box has more to show past its right edge (a phone's menu row). */
function useMoreToTheRight(box: React.RefObject<HTMLElement | null>, deps: unknown) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [box, deps]);
  return more;
}

/**
 * Product navigation in the spec's groups: a link for one-page groups, a menu otherwise. On a phone the
 * row scrolls sideways; while more menus are past its right edge, that edge fades out to say so.
 */
export function NavMenus({ groups }: { groups: VisibleNavGroup[] }) {
  const t = useLabel();
  const row = useRef<HTMLElement>(null);
  const more = useMoreToTheRight(row, groups);
  return (
    <nav
      ref={row}
      aria-label={t('shell:nav.label')}
      className={`order-last -mx-4 flex w-[calc(100%+2rem)] items-center gap-1 overflow-x-auto px-4 pb-2 md:order-none md:mx-0 md:w-auto md:overflow-visible md:p-0 ${more ? '[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)]' : ''}`}
    >
      {groups.map((group) =>
        group.items.length === 1 ? (
          <Link
            key={group.id}
            href={group.items[0].path}
            className="inline-flex items-center gap-1 rounded-[var(--radius-herald)] px-3 py-1.5 text-sm text-slate-700 whitespace-nowrap hover:bg-slate-100"
          >
            {t(group.label)}
            {group.items[0].needsUpgrade && <UpgradeIcon />}
          </Link>
        ) : (
          <Menu key={group.id}>
            <MenuButton className="rounded-[var(--radius-herald)] px-3 py-1.5 text-sm text-slate-700 whitespace-nowrap hover:bg-slate-100">
              {t(group.label)}
            </MenuButton>
            <MenuItems
              anchor="bottom start"
              className="z-40 mt-1 w-52 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
            >
              {group.items.map((item) => (
                <MenuItem key={item.path}>
                  <Link
                    href={item.path}
                    className="flex items-center justify-between rounded px-3 py-1.5 text-sm data-[focus]:bg-brand-50"
                  >
                    {t(item.label)}
                    {item.needsUpgrade && <UpgradeIcon />}
                  </Link>
                </MenuItem>
              ))}
            </MenuItems>
          </Menu>
        ),
      )}
    </nav>
  );
}

export function QuickStartMenu({ items }: { items: NavItem[] }) {
  const t = useLabel();
  if (items.length === 0) return null;
  return (
    <Menu>
      <MenuButton className="rounded-[var(--radius-herald)] bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100">
        {t('shell:quickStart.label')}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-56 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.path}>
            <Link href={item.path} className="block rounded px-3 py-1.5 text-sm data-[focus]:bg-brand-50">
              {t(item.label)}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
