import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { mmsTaskListQuery } from '../../../gateway/client/queries/mms';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import { useLabel } from '../../../i18n/useLabel';
import { taskStatusView } from '../../common/channel-status';
import { formatCount, formatPercent, formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { isTaskLive, TASK_STATUS_GROUPS, type TaskStatusGroup } from './status-groups';
import { useCancelMmsTask } from './useCancelMmsTask';

/** /mms/message: MMS tasks with a status filter, live counts and the lifecycle's row actions. */
export default function MmsTasksPage() {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const label = useLabel();
  const [, navigate] = useLocation();
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState<TaskStatusGroup | 'all'>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const tasks = useQuery(
    mmsTaskListQuery(
      {
        Page: page,
        NumPerPage: pageSize,
        ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
        ...(group !== 'all' ? { Status: [...TASK_STATUS_GROUPS[group]] } : {}),
      },
      (data) => data.Tasks.some((task) => isTaskLive(task.Status)),
    ),
  );
  const cancel = useCancelMmsTask();
  const lang = i18n.language;
  const detailPath = (task: SmsTask) => `/mms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`;
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const newLink = (
    <Link
      href="/mms/sending"
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('mms:tasks.new')}
    </Link>
  );

  return (
    <PageFrame title={t('mms:titles.tasks')} description={t('mms:tasks.subtitle')} testId="mms-tasks" actions={newLink}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('sms:tasks.keyword')}
            value={keyword}
            onValueChange={resetPage(setKeyword)}
            className="w-full sm:w-56"
            type="search"
          />
          <Select
            label={t('sms:tasks.status')}
            className="w-full sm:w-48"
            value={group}
            onChange={resetPage(setGroup)}
            options={[
              { value: 'all' as const, label: t('sms:tasks.allStatuses') },
              ...(Object.keys(TASK_STATUS_GROUPS) as TaskStatusGroup[]).map((value) => ({
                value,
                label: t(`mms:tasks.groups.${value}`),
              })),
            ]}
          />
        </div>
        <DataTable
          caption={t('mms:titles.tasks')}
          testId="tasks-table"
          rows={tasks.data?.Tasks}
          rowKey={(task) => task.TaskId}
          isLoading={tasks.isPending}
          error={tasks.isError ? t('sms:loadFailed') : null}
          onRetry={() => void tasks.refetch()}
          empty={{ title: t('mms:tasks.emptyTitle'), description: t('mms:tasks.emptyBody'), action: newLink }}
          columns={[
            {
              key: 'name',
              header: t('sms:tasks.columns.name'),
              cell: (task) => (
                <Link href={detailPath(task)} className="font-medium text-brand-700 hover:underline">
                  {task.TaskName}
                </Link>
              ),
            },
            {
              key: 'status',
              header: t('sms:tasks.columns.status'),
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
              header: t('sms:tasks.columns.recipients'),
              align: 'right',
              cell: (task) => formatCount(task.TotalCount, lang),
            },
            {
              key: 'success',
              header: t('sms:tasks.columns.success'),
              align: 'right',
              cell: (task) => formatCount(task.SuccessCount, lang),
            },
            {
              key: 'fail',
              header: t('sms:tasks.columns.fail'),
              align: 'right',
              cell: (task) => formatCount(task.FailCount + task.SubmitFailCount, lang),
            },
            {
              key: 'rate',
              header: t('sms:tasks.columns.rate'),
              align: 'right',
              cell: (task) => formatPercent(task.SuccessRate, lang),
            },
            { key: 'time', header: t('sms:tasks.columns.sendTime'), cell: (task) => formatTime(task.SendTime) },
          ]}
          rowActions={(task) => (
            <>
              <RowAction onClick={() => navigate(detailPath(task))}>{t('sms:tasks.view')}</RowAction>
              {cancel.canAsk(task) && (
                <RowAction danger testId="task-cancel" onClick={() => cancel.ask(task)}>
                  {t('sms:tasks.cancel')}
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
