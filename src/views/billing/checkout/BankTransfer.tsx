import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankTransferQuery } from '../../../gateway/client/queries/billing';
import { ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';

/** Bank details and the account's reference code; staff credit the transfer when it arrives. */
export function BankTransfer() {
  const { t } = useTranslation('billing');
  const details = useQuery(bankTransferQuery());
  if (details.isPending) return <Spinner label={t('bank.title')} />;
  if (details.isError)
    return <ErrorState message={t('bank.loadFailed')} onRetry={() => void details.refetch()} retryLabel={t('retry')} />;
  const rows = [
    ['bank.reference', details.data.VerifyCode],
    ['bank.bankName', details.data.BankName],
    ['bank.accountName', details.data.AccountName],
    ['bank.accountNumber', details.data.Iban],
    ['bank.swift', details.data.Swift],
  ] as const;
  return (
    <div className="space-y-3" data-testid="bank-transfer">
      <h3 className="font-medium">{t('bank.title')}</h3>
      <p className="text-sm text-slate-600">{t('bank.intro')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{t(key)}</dt>
            <dd className={key === 'bank.reference' ? 'font-mono font-semibold' : ''}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">{t('bank.note')}</p>
    </div>
  );
}
