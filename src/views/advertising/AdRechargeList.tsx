import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adRechargesQuery } from '../../gateway/client/queries/advertising';
import type { AdRecharge } from '../../gateway/contract/actions/advertising';
import { formatMoney } from '../../gateway/contract/money';
import { Card } from '../ui/Card';
import { DataTable } from '../ui/DataTable';

/** The latest recharges and monthly rebates of the tenant's ad accounts, with their statuses 0-5. */
export function AdRechargeList() {
  const { t, i18n } = useTranslation('advertising');
  const recharges = useQuery(adRechargesQuery({ Page: 1, NumPerPage: 20 }));
  const time = (seconds: number) => (seconds ? new Date(seconds * 1000).toLocaleString(i18n.language) : '—');
  return (
    <Card title={t('recharges.title')}>
      <DataTable<AdRecharge>
        caption={t('recharges.caption')}
        rows={recharges.data?.Recharges}
        rowKey={(row) => row.RechargeId}
        isLoading={recharges.isLoading}
        empty={{ title: t('recharges.empty') }}
        columns={[
          { key: 'id', header: t('recharges.id'), cell: (row) => row.RechargeId },
          { key: 'account', header: t('recharges.account'), cell: (row) => row.AccountId },
          {
            key: 'amount',
            header: t('recharges.amount'),
            align: 'right',
            cell: (row) => formatMoney(row.Amount, 'usd', i18n.language),
          },
          { key: 'status', header: t('recharges.status'), cell: (row) => t(`recharge.${row.Status}` as 'recharge.1') },
          { key: 'created', header: t('recharges.created'), cell: (row) => time(row.CreateTime) },
          { key: 'arrived', header: t('recharges.arrived'), cell: (row) => time(row.ArriveTime) },
        ]}
      />
    </Card>
  );
}
