import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import { formatPercent, formatTime } from '../format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import type { SendAgain, TaskCancel, TaskChannel, TaskList } from './task-channel';
import { CountTiles, sendTimeText, TaskFieldList, TaskStatusBar, useTaskAudience } from './TaskParts';

// A task of a channel read from its task list (/mms/task/…, /email/task/…): status (live while it
// moves), counts, its fields and each recipient's record. What differs by channel comes in `channel`.

export interface TaskDetailChannel extends Pick<TaskChannel, 'testId' | 'statusView' | 'isLive'> {
  title: string;
  notFound: string;
  /** The channel's task list query for one task; `moving` keeps it refreshing. */
  useTask: (taskId: string, moving: (data: { Tasks: { Status: number }[] }) => boolean) => UseQueryResult<TaskList>;
  failLabel: string;
  /** The channel's fields between the template and the send time (content, subject…). */
  contentFields: (task: SmsTask) => [string, string][];
  money: (amount: number) => string;
  recipientsTitle: string;
  records: (task: SmsTask) => ReactNode;
  /** A channel's own section after the details (e-mail: trace statistics); read again as the task moves. */
  extra?: (task: SmsTask) => ReactNode;
  /** "Send again" beside Cancel, when the channel has it. */
  again?: SendAgain;
}

export function ChannelTaskDetailPage({ channel, cancel }: { channel: TaskDetailChannel; cancel: TaskCancel }) {
  const { t, i18n } = useTranslation('sms');
  const { taskId = '' } = useParams<{ taskId: string; accountId: string; sessionNo: string }>();
  const query = channel.useTask(taskId, (data) => data.Tasks.some((task) => channel.isLive(task.Status)));
  const lang = i18n.language;
  const task = query.data?.Tasks[0];
  const audience = useTaskAudience();

  return (
    <PageFrame
      title={task?.TaskName ?? channel.title}
      description={t('task.subtitle', { id: taskId })}
      testId={channel.testId}
    >
      {query.isPending ? (
        <PageLoading label={t('loading')} />
      ) : query.isError ? (
        <ErrorState message={t('loadFailed')} onRetry={() => void query.refetch()} retryLabel={t('retry')} />
      ) : !task ? (
        <EmptyState title={channel.notFound} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <TaskStatusBar view={channel.statusView(task.Status)} live={channel.isLive(task.Status)}>
              <div className="flex flex-wrap items-center gap-2">
                {channel.again && (
                  <Link
                    href={channel.again.path(task)}
                    className="rounded-[var(--radius-herald)] border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50"
                  >
                    {channel.again.label}
                  </Link>
                )}
                {cancel.canAsk(task) && (
                  <Button variant="danger" onClick={() => cancel.ask(task)} data-testid="task-detail-cancel">
                    {t('tasks.cancel')}
                  </Button>
                )}
              </div>
            </TaskStatusBar>
            <CountTiles
              lang={lang}
              tiles={[
                [t('task.counts.total'), task.TotalCount, 'total'],
                [t('task.counts.success'), task.SuccessCount, 'success'],
                [channel.failLabel, task.FailCount + task.SubmitFailCount, 'fail'],
                [t('task.counts.unknown'), task.UnknownCount, 'unknown'],
                ...audience.tiles(task),
              ]}
            />
            <p className="mt-3 text-sm text-slate-600" data-testid="task-success-rate">
              {t('task.successRate', { rate: formatPercent(task.SuccessRate, lang) })}
            </p>
          </Card>
          <Card title={t('task.details')}>
            <TaskFieldList
              rows={[
                ...audience.rows(task),
                [t('task.fields.template'), task.TemplateName],
                ...channel.contentFields(task),
                [t('task.fields.sendTime'), sendTimeText(task)],
                [t('task.fields.created'), formatTime(task.CreateTime)],
                [t('task.fields.finished'), formatTime(task.FinishTime)],
                [t('task.fields.cost'), `${channel.money(task.Cost)} / ${channel.money(task.EstimatedCost)}`],
                ...(task.Reason ? [[t('task.fields.reason'), task.Reason] as const] : []),
              ]}
            />
          </Card>
          {channel.extra && <Fragment key={`extra-${recordsVersion(task)}`}>{channel.extra(task)}</Fragment>}
          <Card title={channel.recipientsTitle}>
            {/* read again when the task moves: records asked for while it was parsing were none */}
            <Fragment key={recordsVersion(task)}>{channel.records(task)}</Fragment>
          </Card>
        </div>
      )}
      {cancel.dialog}
    </PageFrame>
  );
}

/** What changes a task's records: its status and its counts (a new value reads them again). */
const recordsVersion = (task: SmsTask) =>
  [task.Status, task.SubmitCount, task.SubmitFailCount, task.SuccessCount, task.FailCount].join('.');

/** The records of a task: from a day before it was created to a year after. */
export const taskRecordWindow = (task: SmsTask) => ({
  TaskId: task.TaskId,
  BeginTime: Math.max(task.CreateTime - 86_400, 0),
  EndTime: task.CreateTime + 365 * 86_400,
});
