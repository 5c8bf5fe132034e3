import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { balanceQuery } from '../../gateway/client/queries/account';
import { formatMoney, totalAvailableUnits } from '../../gateway/contract/money';
import { currentRecord, planDaysLeft } from '../../machines/subscription.machine';
import { SessionActor, SubscriptionActor } from './actors';
import { findRoute } from '../routes';
import { greetingKey } from './greeting';

const ACCOUNT_LINKS = [
  { path: '/bill/management', label: 'account.billing' },
  { path: '/flows', label: 'account.flows' },
  { path: '/setting/user-setting', label: 'account.settings' },
] as const;

/** Spec 000 §9: the documentation link lives in configuration (set VITE_HERALD_DOCS_URL at build time). */
const DOCS_URL: string | undefined = import.meta.env.VITE_HERALD_DOCS_URL || undefined;

export function AccountMenu() {
  const { t, i18n } = useTranslation('shell');
  const session = SessionActor.useActorRef();
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const balance = useQuery(balanceQuery());
  // the subscription machine keeps the plan and its days current (it ticks at each change and midnight)
  const plan = SubscriptionActor.useSelector((s) => currentRecord(s.context));
  const daysLeft = SubscriptionActor.useSelector((s) => planDaysLeft(s.context));
  const name = user?.DisplayName ?? '';
  const permissions = user?.Permissions ?? [];
  const links = ACCOUNT_LINKS.filter((link) => {
    const route = findRoute(link.path);
    return route && (!route.permission || permissions.includes(route.permission));
  });

  return (
    <Menu>
      <MenuButton
        className="flex items-center gap-2 rounded-[var(--radius-herald)] px-2 py-1 text-sm hover:bg-slate-100"
        data-testid="account-menu"
      >
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden sm:inline">{name}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-72 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-2 shadow-lg focus:outline-none"
      >
        <div className="border-b border-slate-100 px-2 pb-3 pt-1" data-testid="account-summary">
          <p className="font-medium">{t(greetingKey(new Date()), { name })}</p>
          <p className="truncate text-sm text-slate-500">{user?.Email}</p>
          <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('account.plan')}</dt>
            <dd className="text-right" data-testid="account-plan">
              {plan ? (i18n.language === 'zh' ? plan.CnName : plan.EnName) : t('account.noPlan')}
            </dd>
            <dt className="text-slate-500">{t('account.daysLeft')}</dt>
            <dd className="text-right" data-testid="account-days">
              {plan ? t('account.days', { count: daysLeft }) : '—'}
            </dd>
            <dt className="text-slate-500">{t('account.balance')}</dt>
            <dd className="text-right font-medium" data-testid="account-balance">
              {balance.data
                ? formatMoney(totalAvailableUnits(balance.data), balance.data.Currency, i18n.language)
                : '…'}
            </dd>
          </dl>
        </div>
        {links.map((link) => (
          <MenuItem key={link.path}>
            <Link href={link.path} className="block rounded px-2 py-1.5 text-sm data-[focus]:bg-brand-50">
              {t(link.label)}
            </Link>
          </MenuItem>
        ))}
        {DOCS_URL && (
          <MenuItem>
            <a
              href={DOCS_URL}
              target="_blank"
              rel="noreferrer"
              className="block rounded px-2 py-1.5 text-sm data-[focus]:bg-brand-50"
            >
              {t('account.docs')}
            </a>
          </MenuItem>
        )}
        <MenuItem>
          <button
            type="button"
            onClick={() => session.send({ type: 'session.logout' })}
            className="block w-full rounded px-2 py-1.5 text-left text-sm text-red-600 data-[focus]:bg-red-50"
          >
            {t('account.logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
