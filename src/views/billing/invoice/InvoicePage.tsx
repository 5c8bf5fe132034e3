import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoiceMutation } from '../../../gateway/client/mutations/billing';
import { invoicesQuery } from '../../../gateway/client/queries/billing';
import { formatMoney } from '../../../gateway/contract/money';
import type { Invoice } from '../../../gateway/contract/billing/usage';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { formatDay } from '../format';
import { TransactionList } from '../TransactionList';

/** /bill/invoice: one invoice per top-up and plan purchase (PDF), then the wallet's ledger. */
export default function InvoicePage() {
  const { t } = useTranslation('billing');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('invoice.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('invoice.subtitle')}</p>
      </header>
      <Card title={t('invoice.title')}>
        <InvoiceTable />
      </Card>
      <Card title={t('transactions.title')}>
        <TransactionList />
      </Card>
    </div>
  );
}

function InvoiceTable() {
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<10 | 15 | 30>(10);
  const invoices = useQuery({
    ...invoicesQuery({ Page: page, NumPerPage: pageSize }),
    placeholderData: keepPreviousData,
  });
  const download = useMutation(downloadInvoiceMutation());
  const save = (invoice: Invoice) =>
    download.mutate(invoice.InvoiceId, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `${invoice.InvoiceNo}.pdf`;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      onError: () => notify(t('invoice.downloadFailed'), 'error'),
    });
  return (
    <div className="space-y-3">
      <DataTable<Invoice>
        caption={t('invoice.title')}
        testId="invoices"
        rows={invoices.data?.Invoices}
        rowKey={(row) => String(row.InvoiceId)}
        isLoading={invoices.isFetching}
        error={invoices.isError ? t('invoice.loadFailed') : null}
        onRetry={() => void invoices.refetch()}
        empty={{ title: t('invoice.empty'), description: t('invoice.emptyHint') }}
        columns={[
          {
            key: 'number',
            header: t('invoice.number'),
            cell: (row) => <span className="font-mono text-xs">{row.InvoiceNo}</span>,
          },
          { key: 'date', header: t('invoice.date'), cell: (row) => formatDay(row.CreateTime) },
          { key: 'kind', header: t('invoice.kind'), cell: (row) => t(`invoice.kinds.${row.Kind}`) },
          {
            key: 'amount',
            header: t('invoice.amount'),
            align: 'right',
            cell: (row) => formatMoney(row.Total, row.Currency, i18n.language),
          },
        ]}
        rowActions={(row) => <RowAction onClick={() => save(row)}>{t('invoice.download')}</RowAction>}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={invoices.data?.Total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size as 10 | 15 | 30);
          setPage(1);
        }}
      />
    </div>
  );
}
