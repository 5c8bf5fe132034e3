import { useLabel } from '../../i18n/useLabel';
import { Link, useLocation } from 'wouter';
import type { VisibleNavGroup } from './navigation';
import { UpgradeIcon } from './NavMenus';

/** Spec 000 §2: an optional side menu 230 px wide. */
export function SideMenu({ group }: { group: VisibleNavGroup }) {
  const t = useLabel();
  const [location] = useLocation();
  return (
    <aside
      className="hidden w-side-menu shrink-0 md:block border-r border-slate-200 bg-white py-4"
      aria-label={t(group.label)}
    >
      <p className="px-5 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{t(group.label)}</p>
      <ul>
        {group.items.map((item) => {
          const active = location === item.path || location.startsWith(`${item.path}/`);
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center justify-between px-5 py-2 text-sm ${active ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-600 hover:bg-slate-50'}`}
              >
                {t(item.label)}
                {item.needsUpgrade && <UpgradeIcon />}
              </Link>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
