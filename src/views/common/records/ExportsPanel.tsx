import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelExportFileMutation,
  startChannelExportMutation,
  type ExportFilters,
} from '../../../gateway/client/mutations/exports';
import { channelExportsQuery, type RecordExportChannel } from '../../../gateway/client/queries/exports';
import { SMS_EXPORT_STATUS } from '../../../gateway/contract/sms-constants';
import { useLabel } from '../../../i18n/useLabel';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, RowAction } from '../../ui/DataTable';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { saveBlob } from '../download';
import { formatCount, formatDay, formatTime } from '../format';
import { exportStatusView, isExportPending } from './export-status';

/**
 * A channel's exports of send records: start one for the current filters, watch it, download the file.
 * `notify` is the shell's toast (areas pass `useNotify()`: common views do not import the shell).
 */
export function ExportsPanel({
  channel,
  filters,
  notify,
}: {
  channel: RecordExportChannel;
  filters: ExportFilters;
  notify: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const exports = useQuery(
    channelExportsQuery(channel, { Page: page, NumPerPage: pageSize }, (data) =>
      data.Exports.some((item) => isExportPending(item.Status)),
    ),
  );
  const start = useMutation(startChannelExportMutation(client, channel));
  const download = useMutation(channelExportFileMutation(channel));
  const startExport = () =>
    start.mutate(filters, {
      onSuccess: () => {
        notify(t('exports.started'));
        setPage(1);
      },
    });
  const downloadFile = (item: { ExportId: string; FileName: string }) =>
    download.mutate(item.ExportId, { onSuccess: (blob) => saveBlob(blob, item.FileName || `${item.ExportId}.csv`) });
  const lang = i18n.language;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {t('exports.hint', { from: formatDay(filters.BeginTime), to: formatDay(filters.EndTime) })}
        </p>
        <Button onClick={startExport} loading={start.isPending} data-testid="export-start">
          {t('exports.start')}
        </Button>
      </div>
      <DataTable
        caption={t('records.tabs.exports')}
        testId="exports-table"
        rows={exports.data?.Exports}
        rowKey={(item) => item.ExportId}
        isLoading={exports.isPending}
        error={exports.isError ? t('loadFailed') : null}
        onRetry={() => void exports.refetch()}
        empty={{ title: t('exports.emptyTitle'), description: t('exports.emptyBody') }}
        columns={[
          { key: 'name', header: t('exports.columns.name'), cell: (item) => item.ExportName || item.ExportId },
          {
            key: 'range',
            header: t('exports.columns.range'),
            cell: (item) => `${formatDay(item.BeginTime)} – ${formatDay(item.EndTime)}`,
          },
          {
            key: 'status',
            header: t('exports.columns.status'),
            cell: (item) => {
              const view = exportStatusView(item.Status);
              return (
                <span title={item.Reason || undefined}>
                  <Badge tone={view.tone} testId="export-status">
                    {label(view.label)}
                  </Badge>
                </span>
              );
            },
          },
          {
            key: 'rows',
            header: t('exports.columns.rows'),
            align: 'right',
            cell: (item) => formatCount(item.RowCount, lang),
          },
          { key: 'created', header: t('exports.columns.created'), cell: (item) => formatTime(item.CreateTime) },
        ]}
        rowActions={(item) =>
          item.Status === SMS_EXPORT_STATUS.Completed ? (
            <RowAction testId="export-download" onClick={() => downloadFile(item)}>
              {t('exports.download')}
            </RowAction>
          ) : null
        }
      />
      {exports.data && exports.data.Total > 0 && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={exports.data.Total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
