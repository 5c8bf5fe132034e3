import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { availableUnits, formatMoney, totalAvailableUnits } from '../../../gateway/contract/money';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { walletNameKey } from '../wallets';

/** The main wallet and each sub-wallet: available, on hold (the card check's 10.00), free and credit. */
export function WalletSummary() {
  const { t, i18n } = useTranslation('billing');
  const balance = useQuery(balanceQuery());
  if (balance.isPending) return <Spinner label={t('management.wallets')} />;
  if (balance.isError)
    return (
      <ErrorState message={t('management.loadFailed')} onRetry={() => void balance.refetch()} retryLabel={t('retry')} />
    );
  const data = balance.data;
  const money = (units: number) => formatMoney(units, data.Currency, i18n.language);
  const wallets = [
    { type: 0, wallet: data },
    ...data.SubWallets.map((wallet) => ({ type: wallet.ProductTypes[0] ?? 0, wallet })),
  ];
  return (
    <Card title={t('management.wallets')}>
      <p className="mb-4 text-sm text-slate-600">
        {t('management.total')}:{' '}
        <span className="text-2xl font-semibold text-slate-900" data-testid="billing-total-balance">
          {money(totalAvailableUnits(data))}
        </span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {wallets.map(({ type, wallet }) => (
          <section
            key={type}
            className="rounded-[var(--radius-herald)] border border-slate-200 p-3"
            data-testid={`wallet-${type}`}
          >
            <h3 className="text-sm font-medium text-slate-700">{t(walletNameKey(type))}</h3>
            <p className="mt-1 text-lg font-semibold" data-testid={`wallet-${type}-available`}>
              {money(availableUnits(wallet))}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-y-0.5 text-xs text-slate-500">
              <dt>{t('management.frozen')}</dt>
              <dd className="text-right">{money(wallet.AmountFreeze)}</dd>
              <dt>{t('management.free')}</dt>
              <dd className="text-right">{money(wallet.AmountFree)}</dd>
              <dt>{t('management.credit')}</dt>
              <dd className="text-right">{money(wallet.AmountCredit)}</dd>
            </dl>
          </section>
        ))}
      </div>
    </Card>
  );
}
