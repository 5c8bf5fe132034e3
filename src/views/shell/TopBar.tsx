import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavMenus, QuickStartMenu } from './NavMenus';
import { WorkOrderBadge } from './WorkOrderBadge';
import { NotificationBell } from './NotificationBell';
import { InboxBadge } from './InboxBadge';
import { QUICK_START, type VisibleNavGroup } from './navigation';
import { findRoute } from '../routes';
import { Logo } from '../ui/Logo';

export function TopBar({ groups }: { groups: VisibleNavGroup[] }) {
  const { t } = useTranslation('shell');
  return (
    <header className="sticky top-0 z-30 flex min-h-14 flex-wrap items-center gap-x-4 border-b border-slate-200 bg-white px-4">
      <Link href="/" aria-label={t('logoLabel')}>
        <Logo />
      </Link>
      <NavMenus groups={groups} />
      <div className="ml-auto flex items-center gap-2">
        <QuickStartMenu items={QUICK_START.filter((item) => findRoute(item.path))} />
        <NotificationBell />
        <InboxBadge />
        <WorkOrderBadge />
        <LanguageSwitcher />
        <AccountMenu />
      </div>
    </header>
  );
}
