import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLabel } from '../../../i18n/useLabel';
import { formatCount, formatPercent, formatTime } from '../format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import type { ExtraTaskFilters, TaskCancel, TaskChannel } from './task-channel';

// The task list of a channel (/sms/message, /mms/message, /email/message): keyword, a status filter in
// the channel's groups, the channel's own filters, live counts while a task moves, and Cancel where
// the channel's task lifecycle allows it. What differs by channel comes in `channel`.

const noExtraFilters = (): ExtraTaskFilters => ({ fields: null, input: {} });

export function ChannelTasksPage({ channel, cancel }: { channel: TaskChannel; cancel: TaskCancel }) {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const extra = (channel.useExtraFilters ?? noExtraFilters)(() => setPage(1));
  const tasks = channel.useTaskList(
    {
      Page: page,
      NumPerPage: pageSize,
      ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
      ...(group !== 'all' ? { Status: [...channel.groups[group]] } : {}),
      ...extra.input,
    },
    (data) => data.Tasks.some((task) => channel.isLive(task.Status)),
  );
  const lang = i18n.language;
  const newLink: ReactNode = (
    <Link
      href={channel.newPath}
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {channel.newLabel}
    </Link>
  );

  return (
    <PageFrame title={channel.title} description={channel.subtitle} testId={channel.testId} actions={newLink}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('tasks.keyword')}
            value={keyword}
            onValueChange={resetPage(setKeyword)}
            className="w-full sm:w-56"
            type="search"
          />
          <Select
            label={t('tasks.status')}
            className="w-full sm:w-48"
            value={group}
            onChange={resetPage(setGroup)}
            options={[
              { value: 'all', label: t('tasks.allStatuses') },
              ...Object.keys(channel.groups).map((value) => ({ value, label: channel.groupLabel(value) })),
            ]}
          />
          {extra.fields}
        </div>
        <DataTable
          caption={channel.title}
          testId="tasks-table"
          rows={tasks.data?.Tasks}
          rowKey={(task) => task.TaskId}
          isLoading={tasks.isPending}
          error={tasks.isError ? t('loadFailed') : null}
          onRetry={() => void tasks.refetch()}
          empty={{ title: channel.emptyTitle, description: channel.emptyBody, action: newLink }}
          columns={[
            {
              key: 'name',
              header: t('tasks.columns.name'),
              cell: (task) => (
                <Link href={channel.detailPath(task)} className="font-medium text-brand-700 hover:underline">
                  {task.TaskName}
                </Link>
              ),
            },
            {
              key: 'status',
              header: t('tasks.columns.status'),
              cell: (task) => {
                const view = channel.statusView(task.Status);
                return (
                  <Badge tone={view.tone} testId="task-status">
                    {label(view.label)}
                  </Badge>
                );
              },
            },
            {
              key: 'total',
              header: t('tasks.columns.recipients'),
              align: 'right',
              cell: (task) => formatCount(task.TotalCount, lang),
            },
            {
              key: 'success',
              header: t('tasks.columns.success'),
              align: 'right',
              cell: (task) => formatCount(task.SuccessCount, lang),
            },
            {
              key: 'fail',
              header: t('tasks.columns.fail'),
              align: 'right',
              cell: (task) => formatCount(task.FailCount + task.SubmitFailCount, lang),
            },
            {
              key: 'rate',
              header: t('tasks.columns.rate'),
              align: 'right',
              cell: (task) => formatPercent(task.SuccessRate, lang),
            },
            { key: 'time', header: t('tasks.columns.sendTime'), cell: (task) => formatTime(task.SendTime) },
          ]}
          rowActions={(task) => (
            <>
              <RowAction href={channel.detailPath(task)}>{t('tasks.view')}</RowAction>
              {channel.again && <RowAction href={channel.again!.path(task)}>{channel.again.label}</RowAction>}
              {cancel.canAsk(task) && (
                <RowAction danger testId="task-cancel" onClick={() => cancel.ask(task)}>
                  {t('tasks.cancel')}
                </RowAction>
              )}
            </>
          )}
        />
        {tasks.data && tasks.data.Total > 0 && (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={tasks.data.Total}
            onPageChange={setPage}
            onPageSizeChange={resetPage(setPageSize)}
            pageSizes={PAGE_SIZES.compact}
          />
        )}
      </Card>
      {cancel.dialog}
    </PageFrame>
  );
}
