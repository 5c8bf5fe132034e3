import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import { formatCount, formatTime } from '../format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { DataTable, type Column } from '../../ui/DataTable';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';

// Send records, one per recipient, of any channel: the address, the result, the error code, the
// channel's own columns, submit and report time; paged by the server. What differs comes in `channel`.

export interface RecordRow {
  RecordId: string;
  ErrorCode: string;
  ErrorDescription: string;
  SubmitTime: number;
  ReportTime: number;
}
export interface RecordPage<R> {
  Total: number;
  Records: R[];
}

export interface RecordsChannel<R extends RecordRow> {
  caption: string;
  /** The channel's records query for one page (it refreshes itself while a record is pending). */
  useRecords: (page: { Page: number; NumPerPage: number }) => UseQueryResult<RecordPage<R>>;
  /** The first column: the phone number or the e-mail address. */
  address: Column<R>;
  resultView: (record: R) => { label: TranslationKey; tone: BadgeTone };
  /** Columns after the error code (task, content). */
  extraColumns?: Column<R>[];
}

export function ChannelRecordsTable<R extends RecordRow>({ channel }: { channel: RecordsChannel<R> }) {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const records = channel.useRecords({ Page: page, NumPerPage: pageSize });
  const lang = i18n.language;

  return (
    <div>
      {records.data && (
        <p className="mb-2 text-sm text-slate-600" data-testid="records-total">
          {t('records.total', { count: records.data.Total, countText: formatCount(records.data.Total, lang) })}
        </p>
      )}
      <DataTable
        caption={channel.caption}
        testId="records-table"
        rows={records.data?.Records}
        rowKey={(record) => record.RecordId}
        isLoading={records.isPending}
        error={records.isError ? t('loadFailed') : null}
        onRetry={() => void records.refetch()}
        empty={{ title: t('records.emptyTitle'), description: t('records.emptyBody') }}
        columns={[
          channel.address,
          {
            key: 'result',
            header: t('records.result'),
            cell: (record) => {
              const view = channel.resultView(record);
              return (
                <Badge tone={view.tone} testId="record-result">
                  {label(view.label)}
                </Badge>
              );
            },
          },
          {
            key: 'error',
            header: t('records.columns.errorCode'),
            cell: (record) =>
              record.ErrorCode ? (
                <span title={record.ErrorDescription} data-testid="record-error-code">
                  {record.ErrorCode}
                </span>
              ) : (
                '—'
              ),
          },
          ...(channel.extraColumns ?? []),
          { key: 'submit', header: t('records.columns.submitTime'), cell: (record) => formatTime(record.SubmitTime) },
          { key: 'report', header: t('records.columns.reportTime'), cell: (record) => formatTime(record.ReportTime) },
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
