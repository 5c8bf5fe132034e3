import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { smsTagsQuery, smsTasksQuery } from '../../../gateway/client/queries/sms';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange } from '../../ui/date-ranges';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { formatCount, formatPercent, formatTime } from '../format';
import { SmsPage } from '../SmsPage';
import { useLabel } from '../../../i18n/useLabel';
import { taskStatusView, TASK_STATUS_VALUES } from '../status';
import { isTaskLive } from './task-rules';
import { useCancelTask } from './useCancelTask';

const ALL = -1;

/** /sms/message: the task list with filters, statuses and lifecycle row actions. */
export default function TasksPage() {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const [, navigate] = useLocation();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const [tag, setTag] = useState('');
  const tags = useQuery(smsTagsQuery());
  const [range, setRange] = useState<DateRange>(() => quickRange('last30d'));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const input = {
    Page: page,
    NumPerPage: pageSize,
    ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
    ...(status !== ALL ? { Status: [status] } : {}),
    ...(tag ? { Tag: tag } : {}),
    BeginTime: range.start,
    EndTime: range.end,
  };
  const tasks = useQuery(smsTasksQuery(input, (data) => data.Tasks.some((task) => isTaskLive(task.Status))));
  const cancel = useCancelTask();
  const lang = i18n.language;
  const detailPath = (task: SmsTask) => `/sms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`;
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <SmsPage
      title={t('titles.tasks')}
      description={t('tasks.subtitle')}
      testId="sms-tasks"
      actions={
        <Link
          href="/sms/sending"
          className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('tasks.new')}
        </Link>
      }
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('tasks.keyword')}
            value={keyword}
            onValueChange={resetPage(setKeyword)}
            className="w-56"
            type="search"
          />
          <Select
            label={t('tasks.status')}
            className="w-48"
            value={status}
            onChange={resetPage(setStatus)}
            options={[
              { value: ALL, label: t('tasks.allStatuses') },
              ...TASK_STATUS_VALUES.map((value) => ({ value, label: label(taskStatusView(value).label) })),
            ]}
          />
          <Select
            label={t('tasks.tag')}
            className="w-40"
            value={tag}
            onChange={resetPage(setTag)}
            options={[
              { value: '', label: t('tasks.allTags') },
              ...(tags.data?.Tags ?? []).map((name) => ({ value: name, label: name })),
            ]}
          />
          <DateRangePicker label={t('tasks.created')} value={range} onChange={resetPage(setRange)} />
        </div>
        <DataTable
          caption={t('titles.tasks')}
          testId="tasks-table"
          rows={tasks.data?.Tasks}
          rowKey={(task) => task.TaskId}
          isLoading={tasks.isPending}
          error={tasks.isError ? t('loadFailed') : null}
          onRetry={() => void tasks.refetch()}
          empty={{
            title: t('tasks.emptyTitle'),
            description: t('tasks.emptyBody'),
            action: (
              <Link href="/sms/sending" className="text-sm font-medium text-brand-700 underline">
                {t('tasks.new')}
              </Link>
            ),
          }}
          columns={[
            {
              key: 'name',
              header: t('tasks.columns.name'),
              cell: (task) => (
                <Link href={detailPath(task)} className="font-medium text-brand-700 hover:underline">
                  {task.TaskName}
                </Link>
              ),
            },
            {
              key: 'status',
              header: t('tasks.columns.status'),
              cell: (task) => {
                const view = taskStatusView(task.Status);
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
              <RowAction onClick={() => navigate(detailPath(task))}>{t('tasks.view')}</RowAction>
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
    </SmsPage>
  );
}
