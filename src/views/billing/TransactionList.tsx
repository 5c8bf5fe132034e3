import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transactionsQuery } from '../../gateway/client/queries/billing';
import { formatMoney } from '../../gateway/contract/money';
import { BILL_STATUS, type Transaction } from '../../gateway/contract/actions/billing';
import { DataTable } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { Tabs } from '../ui/Tabs';
import { formatDateTime } from './format';

type Kind = 'bill' | 'statement';

/** The wallet's ledger: every bill, or the statement (recharges, refunds, clears, rebates), paged. */
export function TransactionList() {
  const { t } = useTranslation('billing');
  const [kind, setKind] = useState<Kind>('bill');
  return (
    <Tabs
      selectedKey={kind}
      onChange={(key) => setKind(key as Kind)}
      tabs={(['bill', 'statement'] as const).map((key) => ({
        key,
        label: t(`transactions.kinds.${key}`),
        content: <TransactionTable kind={key} />,
      }))}
    />
  );
}

function TransactionTable({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<10 | 15 | 30>(10);
  const list = useQuery({
    ...transactionsQuery({ Kind: kind, Page: page, NumPerPage: pageSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-3">
      <DataTable<Transaction>
        caption={t(`transactions.kinds.${kind}`)}
        testId={`transactions-${kind}`}
        rows={list.data?.Transactions}
        rowKey={(row) => String(row.Id)}
        isLoading={list.isFetching}
        error={list.isError ? t('transactions.loadFailed') : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('transactions.empty') }}
        columns={[
          {
            key: 'invoice',
            header: t('transactions.invoice'),
            cell: (row) => <span className="font-mono text-xs">{row.InvoiceNo}</span>,
          },
          {
            key: 'type',
            header: t('transactions.type'),
            cell: (row) =>
              kind === 'statement' && row.StatementType
                ? t(`statementTypes.${row.StatementType}`)
                : t(`billTypes.${row.BillType}`),
          },
          {
            key: 'wallet',
            header: t('transactions.wallet'),
            cell: (row) => t(`wallets.${row.ProductType === 0 ? 'main' : 'sub'}`, { type: row.ProductType }),
          },
          { key: 'date', header: t('transactions.date'), cell: (row) => formatDateTime(row.CreateTime) },
          {
            key: 'status',
            header: t('transactions.status'),
            cell: (row) => t(row.Status === BILL_STATUS.Success ? 'transactions.success' : 'transactions.failed'),
          },
          {
            key: 'amount',
            header: t('transactions.amount'),
            align: 'right',
            cell: (row) => (
              <span className={row.Amount < 0 ? 'text-red-700' : 'text-emerald-700'}>
                {formatMoney(row.Amount, 'usd', i18n.language)}
              </span>
            ),
          },
        ]}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={list.data?.Total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size as 10 | 15 | 30);
          setPage(1);
        }}
      />
    </div>
  );
}
