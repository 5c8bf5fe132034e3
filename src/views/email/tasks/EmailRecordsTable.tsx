import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRecordsQuery } from '../../../gateway/client/queries/email-send';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import { useLabel } from '../../../i18n/useLabel';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { DataTable } from '../../ui/DataTable';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { emailResultView } from './status';

type Filters = Omit<ActionInput<'GetEmailSendRecord'>, 'Page' | 'NumPerPage'>;

/** Send records (one per recipient) for the filters, paged by the server; refreshes while any is queued. */
export function EmailRecordsTable({ filters }: { filters: Filters }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const label = useLabel();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const records = useQuery(
    emailRecordsQuery({ ...filters, Page: page, NumPerPage: pageSize }, (data) =>
      data.Records.some((record) => record.Result === 'pending'),
    ),
  );
  const lang = i18n.language;

  return (
    <div>
      {records.data && (
        <p className="mb-2 text-sm text-slate-600" data-testid="records-total">
          {t('sms:records.total', {
            count: records.data.Total,
            countText: records.data.Total.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'),
          })}
        </p>
      )}
      <DataTable
        caption={t('emailSend:task.recipients')}
        testId="records-table"
        rows={records.data?.Records}
        rowKey={(record) => record.RecordId}
        isLoading={records.isPending}
        error={records.isError ? t('sms:loadFailed') : null}
        onRetry={() => void records.refetch()}
        empty={{ title: t('sms:records.emptyTitle'), description: t('sms:records.emptyBody') }}
        columns={[
          { key: 'email', header: t('emailSend:records.email'), cell: (record) => record.Email },
          {
            key: 'result',
            header: t('sms:records.result'),
            cell: (record) => {
              const view = emailResultView(record.Result);
              return (
                <Badge tone={view.tone} testId="record-result">
                  {label(view.label)}
                </Badge>
              );
            },
          },
          {
            key: 'error',
            header: t('sms:records.columns.errorCode'),
            cell: (record) =>
              record.ErrorCode ? (
                <span title={record.ErrorDescription} data-testid="record-error-code">
                  {record.ErrorCode}
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'submit',
            header: t('sms:records.columns.submitTime'),
            cell: (record) => formatTime(record.SubmitTime),
          },
          {
            key: 'report',
            header: t('sms:records.columns.reportTime'),
            cell: (record) => formatTime(record.ReportTime),
          },
        ]}
      />
      {records.data && records.data.Total > 0 && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={records.data.Total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          pageSizes={PAGE_SIZES.compact}
        />
      )}
    </div>
  );
}
