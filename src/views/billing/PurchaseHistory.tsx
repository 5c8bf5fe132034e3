import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buyRecordPageQuery } from '../../gateway/client/queries/billing';
import { formatMoney } from '../../gateway/contract/money';
import { RECORD_STATUS, type BuyRecord } from '../../gateway/contract/actions/subscriptions';
import { Badge, type BadgeTone } from '../ui/Badge';
import { DataTable } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { formatDay } from './format';
import { packageName } from './plan-offers';

const STATUS: Record<number, { key: 'active' | 'expired' | 'upgraded' | 'refunded'; tone: BadgeTone }> = {
  [RECORD_STATUS.Active]: { key: 'active', tone: 'success' },
  [RECORD_STATUS.Expired]: { key: 'expired', tone: 'muted' },
  [RECORD_STATUS.Upgraded]: { key: 'upgraded', tone: 'info' },
  [RECORD_STATUS.Refunded]: { key: 'refunded', tone: 'warning' },
};

/** Spec 000 §7: purchase records, 10 per page, newest first. */
export function PurchaseHistory() {
  const { t, i18n } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const records = useQuery({ ...buyRecordPageQuery(page), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3">
      <DataTable<BuyRecord>
        caption={t('history.title')}
        testId="purchase-history"
        rows={records.data?.Records}
        rowKey={(row) => String(row.Id)}
        isLoading={records.isFetching}
        error={records.isError ? t('history.loadFailed') : null}
        onRetry={() => void records.refetch()}
        empty={{ title: t('history.empty'), description: t('history.emptyHint') }}
        columns={[
          { key: 'plan', header: t('history.plan'), cell: (row) => packageName(row, i18n.language) },
          {
            key: 'period',
            header: t('history.period'),
            cell: (row) => t(`periods.${row.PeriodUnit}`, { count: row.Period }),
          },
          {
            key: 'amount',
            header: t('history.amount'),
            align: 'right',
            cell: (row) => (row.Free ? t('history.free') : formatMoney(row.CostAmount, 'usd', i18n.language)),
          },
          { key: 'bought', header: t('history.bought'), cell: (row) => formatDay(row.CreateTime) },
          { key: 'ends', header: t('history.ends'), cell: (row) => formatDay(row.EndTime) },
          {
            key: 'status',
            header: t('history.status'),
            cell: (row) => {
              const status = STATUS[row.Status] ?? STATUS[RECORD_STATUS.Expired];
              return <Badge tone={status.tone}>{t(`status.${status.key}`)}</Badge>;
            },
          },
        ]}
      />
      {(records.data?.Total ?? 0) > 10 && (
        <Pagination
          page={page}
          pageSize={10}
          total={records.data?.Total ?? 0}
          onPageChange={setPage}
          pageSizes={[10]}
        />
      )}
    </div>
  );
}
