import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { adOverviewQuery } from '../../gateway/client/queries/advertising';
import { adPlatformById } from '../../gateway/contract/advertising';
import type { AdOverview } from '../../gateway/contract/actions/advertising';
import { formatMoney } from '../../gateway/contract/money';
import { Card } from '../ui/Card';
import { PageFrame } from '../ui/PageFrame';
import { Spinner } from '../ui/Spinner';
import { AdRechargeList } from './AdRechargeList';
import { AdStatusBadge } from './AdStatusBadge';

/**
 * /advertising/home-page: the ad wallet, the accounts' balance and consumption (one figure per account
 * currency: amounts of different currencies are never added), counts by status and platform.
 */
export default function AdHomePage() {
  const { t, i18n } = useTranslation('advertising');
  const overview = useQuery(adOverviewQuery());
  const money = (units: number, currency = 'usd') => formatMoney(units, currency, i18n.language);
  /** One amount per currency, e.g. "$12.00 · €3.00"; none yet reads as 0. */
  const perCurrency = (list: AdOverview['ByCurrency'], pick: 'Balance' | 'Consumption') =>
    list.length === 0 ? money(0) : list.map((entry) => money(entry[pick], entry.Currency)).join(' · ');
  const data = overview.data;
  return (
    <PageFrame title={t('titles.home')} testId="ad-home">
      {!data ? (
        <Spinner />
      ) : (
        <div className="grid gap-4">
          <dl className="grid gap-4 md:grid-cols-5">
            {(
              [
                ['home.wallet', money(data.WalletBalance)],
                ['home.balance', perCurrency(data.ByCurrency, 'Balance')],
                ['home.consumption', perCurrency(data.ByCurrency, 'Consumption')],
                ['home.accounts', String(data.Total)],
                ['home.pending', String(data.PendingApplications)],
              ] as const
            ).map(([label, value]) => (
              // a term and its value sit in a div (a Card's section may not stand in a <dl>)
              <div
                key={label}
                className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-5 shadow-sm"
              >
                <dt className="text-sm text-slate-500">{t(label)}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <Card title={t('home.byStatus')}>
            <ul className="flex flex-wrap gap-3">
              {data.ByStatus.map((row) => (
                <li key={row.Status} className="flex items-center gap-2 text-sm">
                  <AdStatusBadge status={row.Status} /> {row.Count}
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t('home.byPlatform')}>
            <ul className="grid gap-2 text-sm">
              {data.ByPlatform.map((row) => {
                const platform = adPlatformById(row.PlatformId);
                return (
                  <li key={row.PlatformId} className="flex flex-wrap gap-4">
                    <Link href={`/advertising/${platform?.slug}/account-list`} className="font-medium text-sky-700">
                      {t(`platforms.${row.PlatformId}` as 'platforms.1')}
                    </Link>
                    <span>
                      {t('home.accounts')}: {row.Count}
                    </span>
                    <span>
                      {t('home.balance')}: {perCurrency(row.ByCurrency, 'Balance')}
                    </span>
                    <span>
                      {t('home.consumption')}: {perCurrency(row.ByCurrency, 'Consumption')}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Card>
          <AdRechargeList />
        </div>
      )}
    </PageFrame>
  );
}
