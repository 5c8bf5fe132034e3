import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { packagePriceQuery, packagesQuery } from '../../gateway/client/queries/billing';
import { formatMoney } from '../../gateway/contract/money';
import { currentRecord } from '../../machines/subscription.machine';
import type { SubscriptionPackage } from '../../gateway/contract/actions/subscriptions';
import { SessionActor, SubscriptionActor } from '../shell/actors';
import { useUpgradePrompt } from '../shell/useUpgradePrompt';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';
import { PlanFeatures } from './PlanFeatures';
import { gatewayMessage } from '../gateway-bridge';
import { formatDay } from './format';
import { offerFor, packageName, priceFor, tierGradient } from './plan-offers';
import { usePackagePurchase } from './usePackagePurchase';

/**
 * /bill/upgrade. A trial account upgrades by buying a paid plan; an upgraded account on a paid plan
 * moves to a higher one until the same end date, paying the prorated difference (docs/decisions.md).
 */
export default function UpgradePage() {
  const { t, i18n } = useTranslation('billing');
  const upgraded = SessionActor.useSelector((s) => s.context.userInfo?.Upgrade ?? false);
  const upgrade = useUpgradePrompt();
  const packages = useQuery(packagesQuery());
  const active = SubscriptionActor.useSelector((s) => currentRecord(s.context));
  const wanted = new URLSearchParams(useSearch()).get('no');

  if (!upgrade.canOpenUpgrade) {
    return (
      <div role="alert" className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-xl font-semibold">{t('upgrade.title')}</h1>
        <p className="mt-2 text-slate-600">{t('upgrade.notUpgradable')}</p>
      </div>
    );
  }
  if (packages.isPending) return <PageLoading label={t('plans.loading')} />;
  if (packages.isError)
    return (
      <ErrorState message={t('plans.loadFailed')} onRetry={() => void packages.refetch()} retryLabel={t('retry')} />
    );
  const all = packages.data.Packages;
  const paid = all.filter((pkg) => !pkg.Free);
  const higher = paid.filter((pkg) => offerFor(pkg, active, all) === 'upgrade');
  const onPaidPlan = Boolean(active && !active.Free);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('upgrade.title')}</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="upgrade-intro">
          {!upgraded
            ? t('upgrade.trialIntro')
            : onPaidPlan
              ? t('upgrade.planIntro', { plan: packageName(active!, i18n.language) })
              : t('upgrade.noPlanIntro')}
        </p>
      </header>
      {upgraded && onPaidPlan ? (
        higher.length === 0 ? (
          <p className="text-sm text-slate-600">{t('upgrade.highest')}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {higher.map((pkg) => (
              <UpgradeOption
                key={pkg.SubscriptionNo}
                pkg={pkg}
                gradient={tierGradient(pkg, all)}
                highlighted={pkg.SubscriptionNo === wanted}
              />
            ))}
          </div>
        )
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {paid.map((pkg) => {
            const monthly = priceFor(pkg, 'month');
            return (
              <Card key={pkg.SubscriptionNo} title={packageName(pkg, i18n.language)}>
                <div className="-mx-4 -mt-2 mb-3 h-1.5" style={{ backgroundImage: tierGradient(pkg, all) }} />
                {monthly && (
                  <p className="mb-3 text-lg font-semibold">
                    {t('plans.perMonth', { price: formatMoney(monthly.Price, 'usd', i18n.language) })}
                  </p>
                )}
                <PlanFeatures pkg={pkg} />
                <Link
                  href={`/buyPackage?no=${encodeURIComponent(pkg.SubscriptionNo)}&unit=month`}
                  className="mt-4 block rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
                >
                  {t('plans.buy')}
                </Link>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}

function UpgradeOption({
  pkg,
  gradient,
  highlighted,
}: {
  pkg: SubscriptionPackage;
  gradient: string;
  highlighted: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const quote = useQuery(packagePriceQuery({ SubscriptionNo: pkg.SubscriptionNo, Upgrade: true }));
  const purchase = usePackagePurchase('upgraded');
  const plan = packageName(pkg, i18n.language);
  const confirm = () =>
    quote.data &&
    purchase.start(
      { kind: 'upgrade', SubscriptionNo: pkg.SubscriptionNo },
      {
        title: t('purchase.confirmUpgradeTitle'),
        description: t('purchase.confirmUpgrade', {
          amount: formatMoney(quote.data.Amount, quote.data.Currency, i18n.language),
          plan,
          date: formatDay(quote.data.EndTime),
        }),
        confirmLabel: t('upgrade.confirm', { plan }),
      },
    );
  return (
    <article
      className={`overflow-hidden rounded-[var(--radius-herald)] border bg-white shadow-sm ${highlighted ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
      data-testid={`upgrade-${pkg.SubscriptionNo}`}
    >
      <div className="px-5 py-3 text-white" style={{ backgroundImage: gradient }}>
        <h2 className="text-lg font-semibold">{packageName(pkg, i18n.language)}</h2>
      </div>
      <div className="space-y-4 p-5">
        <PlanFeatures pkg={pkg} />
        {quote.data ? (
          <dl className="grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('upgrade.value')}</dt>
            <dd className="text-right">{formatMoney(quote.data.ListAmount, quote.data.Currency, i18n.language)}</dd>
            <dt className="text-slate-500">{t('upgrade.credit')}</dt>
            <dd className="text-right">−{formatMoney(quote.data.CreditAmount, quote.data.Currency, i18n.language)}</dd>
            <dt className="font-medium">{t('upgrade.toPay')}</dt>
            <dd className="text-right font-semibold">
              {formatMoney(quote.data.Amount, quote.data.Currency, i18n.language)}
            </dd>
            <dt className="text-slate-500">{t('upgrade.until')}</dt>
            <dd className="text-right">{formatDay(quote.data.EndTime)}</dd>
          </dl>
        ) : quote.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {gatewayMessage(quote.error) ?? t('buy.quoteFailed')}
          </p>
        ) : (
          <p className="text-sm text-slate-500">{t('upgrade.quoting')}</p>
        )}
        <Button className="w-full" onClick={confirm} loading={purchase.busy} disabled={!quote.data}>
          {t('upgrade.confirm', { plan })}
        </Button>
        {purchase.dialog}
      </div>
    </article>
  );
}
