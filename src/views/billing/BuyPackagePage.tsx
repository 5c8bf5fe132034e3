import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { balanceQuery } from '../../gateway/client/queries/account';
import { packagePriceQuery, packagesQuery } from '../../gateway/client/queries/billing';
import { availableUnits, formatMoney } from '../../gateway/contract/money';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Select } from '../ui/Select';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';
import { PlanFeatures } from './PlanFeatures';
import { gatewayMessage } from '../gateway-bridge';
import { formatDay } from './format';
import { packageName } from './plan-offers';
import { usePackagePurchase } from './usePackagePurchase';

type Unit = 'day' | 'month' | 'year';
const QUANTITIES: Record<Unit, number[]> = { day: [1], month: [1, 2, 3, 6, 12], year: [1, 2, 3] };

/** /buyPackage?no=…&unit=…: one package, its period, the quote, and payment from the wallet. */
export default function BuyPackagePage() {
  const { t, i18n } = useTranslation('billing');
  const params = new URLSearchParams(useSearch());
  const packages = useQuery(packagesQuery());
  const pkg =
    packages.data?.Packages.find((p) => p.SubscriptionNo === params.get('no')) ??
    packages.data?.Packages.find((p) => !p.Free);
  const units = (pkg?.Price.map((p) => p.PeriodUnit) ?? []) as Unit[];
  const wantedUnit = params.get('unit') as Unit | null;
  const [unit, setUnit] = useState<Unit | null>(null);
  const chosenUnit: Unit =
    unit ??
    (wantedUnit && units.includes(wantedUnit) ? wantedUnit : units.includes('month') ? 'month' : (units[0] ?? 'month'));
  const [quantity, setQuantity] = useState(1);
  const count = QUANTITIES[chosenUnit].includes(quantity) ? quantity : 1;
  const selection = { SubscriptionNo: pkg?.SubscriptionNo ?? '', PeriodUnit: chosenUnit, Quantity: count };
  const quote = useQuery({ ...packagePriceQuery(selection), enabled: Boolean(pkg) });
  const balance = useQuery(balanceQuery());
  const purchase = usePackagePurchase('bought');

  if (packages.isPending) return <PageLoading label={t('plans.loading')} />;
  if (packages.isError || !pkg)
    return (
      <ErrorState message={t('plans.loadFailed')} onRetry={() => void packages.refetch()} retryLabel={t('retry')} />
    );
  const available = balance.data ? availableUnits(balance.data) : null;
  const short = quote.data && available !== null && quote.data.Amount > available;
  const refusal = quote.error ? (gatewayMessage(quote.error) ?? t('buy.quoteFailed')) : null;
  const plan = packageName(pkg, i18n.language);
  const amount = quote.data ? formatMoney(quote.data.Amount, quote.data.Currency, i18n.language) : '';
  const pay = () =>
    purchase.start(
      { kind: 'buy', ...selection },
      {
        title: t('purchase.confirmTitle'),
        description: quote.data?.Amount
          ? t('purchase.confirmBuy', { amount, plan })
          : t('purchase.confirmFreeBody', { plan }),
        confirmLabel: quote.data?.Amount ? t('purchase.payAmount', { amount }) : t('buy.confirmFree'),
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <Card title={t('buy.title', { plan: packageName(pkg, i18n.language) })}>
        <PlanFeatures pkg={pkg} />
        <p className="mt-4 text-sm">
          <Link href="/subscription" className="text-brand-700 underline">
            {t('buy.comparePlans')}
          </Link>
        </p>
      </Card>
      <Card title={t('buy.summary')}>
        <div className="space-y-4">
          {!pkg.Free && (
            <>
              <Select
                label={t('buy.period')}
                value={chosenUnit}
                onChange={(value) => setUnit(value as Unit)}
                options={units.map((u) => ({ value: u, label: t(`units.${u}`) }))}
                testId="buy-unit"
              />
              <Select
                label={t('buy.quantity')}
                value={count}
                onChange={(value) => setQuantity(Number(value))}
                options={QUANTITIES[chosenUnit].map((q) => ({
                  value: q,
                  label: t(`periods.${chosenUnit}`, { count: q }),
                }))}
                testId="buy-quantity"
              />
            </>
          )}
          <dl className="grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-slate-500">{t('buy.total')}</dt>
            <dd className="text-right text-lg font-semibold" data-testid="buy-total">
              {quote.data ? formatMoney(quote.data.Amount, quote.data.Currency, i18n.language) : '…'}
            </dd>
            <dt className="text-slate-500">{t('buy.endsOn')}</dt>
            <dd className="text-right">{quote.data ? formatDay(quote.data.EndTime) : '…'}</dd>
            <dt className="text-slate-500">{t('buy.wallet')}</dt>
            <dd className="text-right" data-testid="buy-balance">
              {balance.data && available !== null ? formatMoney(available, balance.data.Currency, i18n.language) : '…'}
            </dd>
          </dl>
          {refusal && (
            <p role="alert" className="text-sm text-red-600">
              {refusal}
            </p>
          )}
          {short && (
            <p className="text-sm text-amber-700">
              {t('buy.insufficient')}{' '}
              <Link href="/bill/management" className="font-medium underline">
                {t('recharge.title')}
              </Link>
            </p>
          )}
          <Button
            className="w-full"
            onClick={pay}
            loading={purchase.busy}
            disabled={!quote.data || Boolean(short)}
            data-testid="buy-pay"
          >
            {quote.data?.Amount
              ? t('buy.payFromWallet', { amount: formatMoney(quote.data.Amount, quote.data.Currency, i18n.language) })
              : t('buy.confirmFree')}
          </Button>
          <p className="text-xs text-slate-500">{t('buy.sandboxNote')}</p>
        </div>
      </Card>
      {purchase.dialog}
    </div>
  );
}
