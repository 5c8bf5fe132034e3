import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { transactionsQuery } from '../../gateway/client/queries/billing';
import { formatMoney } from '../../gateway/contract/money';
import {
  BILL_STATUS,
  BILL_TYPES,
  STATEMENT_TYPES,
  TRANSACTION_PAGE_SIZES,
  type BillTypeName,
  type StatementTypeName,
  type Transaction,
} from '../../gateway/contract/actions/billing';
import { DataTable } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { Select } from '../ui/Select';
import { Tabs } from '../ui/Tabs';
import { formatDateTime } from './format';
import { walletNameKey } from './wallets';

type Kind = 'bill' | 'statement';
type PageSize = (typeof TRANSACTION_PAGE_SIZES)[number];

interface Filters {
  kind: Kind;
  billType: BillTypeName | null;
  statementType: StatementTypeName | null;
  state: number | null;
  page: number;
  size: PageSize;
}

const oneOf = <T,>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The filters live in the URL: a reload, a shared link or Back shows the same page of the ledger. */
function useFilters(): [Filters, (change: Partial<Filters>) => void] {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const filters: Filters = {
    kind: params.get('kind') === 'statement' ? 'statement' : 'bill',
    billType: oneOf(BILL_TYPES, params.get('billType')),
    statementType: oneOf(STATEMENT_TYPES, params.get('statementType')),
    state: oneOf(Object.values(BILL_STATUS), Number(params.get('state'))),
    page: Math.max(1, Math.min(10_000, Math.trunc(Number(params.get('page'))) || 1)),
    size: oneOf(TRANSACTION_PAGE_SIZES, Number(params.get('size'))) ?? 10,
  };
  const update = (change: Partial<Filters>) => {
    // any filter change starts again at page 1
    const next = { ...filters, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.kind !== 'bill') search.set('kind', next.kind);
    if (next.billType) search.set('billType', next.billType);
    if (next.statementType) search.set('statementType', next.statementType);
    if (next.state) search.set('state', String(next.state));
    if (next.page > 1) search.set('page', String(next.page));
    if (next.size !== 10) search.set('size', String(next.size));
    const query = search.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [filters, update];
}

/** The wallet's ledger: every bill, or the statement (recharges, refunds, clears, rebates), filtered and paged. */
export function TransactionList() {
  const { t } = useTranslation('billing');
  const [filters, update] = useFilters();
  return (
    <Tabs
      selectedKey={filters.kind}
      onChange={(key) => update({ kind: key as Kind, billType: null, statementType: null })}
      tabs={(['bill', 'statement'] as const).map((key) => ({
        key,
        label: t(`transactions.kinds.${key}`),
        content: <TransactionTable filters={filters} update={update} />,
      }))}
    />
  );
}

function TransactionTable({ filters, update }: { filters: Filters; update: (change: Partial<Filters>) => void }) {
  const { t, i18n } = useTranslation('billing');
  const { kind } = filters;
  const list = useQuery({
    ...transactionsQuery({
      Kind: kind,
      Page: filters.page,
      NumPerPage: filters.size,
      ...(filters.billType && kind === 'bill' ? { BillType: filters.billType } : {}),
      ...(filters.statementType && kind === 'statement' ? { StatementType: filters.statementType } : {}),
      ...(filters.state ? { Status: filters.state as (typeof BILL_STATUS)[keyof typeof BILL_STATUS] } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const all = { value: '', label: t('filters.all') };
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {kind === 'bill' ? (
          <Select<string>
            label={t('filters.billType')}
            value={filters.billType ?? ''}
            onChange={(value) => update({ billType: oneOf(BILL_TYPES, value) })}
            options={[all, ...BILL_TYPES.map((type) => ({ value: type, label: t(`billTypes.${type}`) }))]}
          />
        ) : (
          <Select<string>
            label={t('filters.statementType')}
            value={filters.statementType ?? ''}
            onChange={(value) => update({ statementType: oneOf(STATEMENT_TYPES, value) })}
            options={[all, ...STATEMENT_TYPES.map((type) => ({ value: type, label: t(`statementTypes.${type}`) }))]}
          />
        )}
        <Select<string>
          label={t('filters.state')}
          value={filters.state ? String(filters.state) : ''}
          onChange={(value) => update({ state: oneOf(Object.values(BILL_STATUS), Number(value)) })}
          options={[
            all,
            { value: String(BILL_STATUS.Success), label: t('transactions.success') },
            { value: String(BILL_STATUS.Failed), label: t('transactions.failed') },
          ]}
        />
      </div>
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
            cell: (row) =>
              [0, 9, 6003, 6011, 6026].includes(row.ProductType)
                ? t(walletNameKey(row.ProductType))
                : t('wallets.sub', { type: row.ProductType }),
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
        page={filters.page}
        pageSize={filters.size}
        total={list.data?.Total ?? 0}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(size) => update({ size: oneOf(TRANSACTION_PAGE_SIZES, size) ?? 10 })}
      />
    </div>
  );
}
