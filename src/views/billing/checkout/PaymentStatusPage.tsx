import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { invalidateMoney } from '../../../gateway/client/mutations/billing';
import { paymentQuery } from '../../../gateway/client/queries/billing';
import { formatMoney } from '../../../gateway/contract/money';
import { retCodeMessageKey } from '../../../gateway/contract/retcodes';
import { useLabel } from '../../../i18n/useLabel';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { PageLoading } from '../../ui/Spinner';
import { formatDateTime } from '../format';
import { walletNameKey } from '../wallets';

const TONES: Record<string, BadgeTone> = {
  succeeded: 'success',
  failed: 'danger',
  processing: 'progress',
  requires_action: 'warning',
};

/**
 * /bill/payment-status?id=<id>: the outcome of one payment, read from the gateway, so a reload or
 * the browser's Back shows it again; it asks again by itself until the provider has settled it.
 */
export default function PaymentStatusPage() {
  const { t, i18n } = useTranslation('billing');
  const paymentId = new URLSearchParams(useSearch()).get('id');
  const payment = useQuery({ ...paymentQuery(paymentId ?? ''), enabled: Boolean(paymentId) });
  const queryClient = useQueryClient();
  const status = payment.data?.Status;
  const label = useLabel();
  const reason = (code: number | null) => {
    const key = code === null ? undefined : retCodeMessageKey(code);
    return key ? label(key) : t('recharge.declined');
  };
  // a payment settled while this page watched it: the balance and ledger everywhere follow
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') void invalidateMoney(queryClient);
  }, [status, queryClient]);

  const links = (
    <div className="flex flex-wrap gap-4 text-sm">
      <Link href="/bill/management" className="text-brand-700 underline">
        {t('paymentStatus.backToPayment')}
      </Link>
      <Link href="/bill/invoice" className="text-brand-700 underline">
        {t('paymentStatus.transactions')}
      </Link>
    </div>
  );
  if (!paymentId || payment.isError)
    return (
      <Card title={t('paymentStatus.title')}>
        <p role="alert" className="mb-4 text-sm text-slate-700">
          {t(paymentId ? 'paymentStatus.notFound' : 'paymentStatus.missing')}
        </p>
        {links}
      </Card>
    );
  if (payment.isPending) return <PageLoading label={t('paymentStatus.title')} />;
  const data = payment.data;
  return (
    <Card title={t('paymentStatus.title')}>
      <div className="space-y-4" data-testid="payment-status">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Badge tone={TONES[data.Status] ?? 'neutral'}>{t(`paymentStatus.${data.Status}`)}</Badge>
        </p>
        {(data.Status === 'processing' || data.Status === 'requires_action') && (
          <p role="status" className="text-sm text-slate-600">
            {t('paymentStatus.processingHint')}
          </p>
        )}
        <dl className="grid max-w-md grid-cols-2 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('paymentStatus.amount')}</dt>
          <dd data-testid="payment-amount">{formatMoney(data.Amount, data.Currency, i18n.language)}</dd>
          <dt className="text-slate-500">{t('paymentStatus.wallet')}</dt>
          <dd>{t(walletNameKey(data.ProductType))}</dd>
          <dt className="text-slate-500">{t('paymentStatus.reference')}</dt>
          <dd className="font-mono text-xs">{data.PaymentId}</dd>
          <dt className="text-slate-500">{t('paymentStatus.created')}</dt>
          <dd>{formatDateTime(data.CreateTime)}</dd>
          {data.Status === 'failed' && (
            <>
              <dt className="text-slate-500">{t('paymentStatus.reason')}</dt>
              <dd role="alert">{reason(data.FailureRetCode)}</dd>
            </>
          )}
        </dl>
        {links}
      </div>
    </Card>
  );
}
