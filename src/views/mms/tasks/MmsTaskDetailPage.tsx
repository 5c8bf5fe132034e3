import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { mmsTaskListQuery } from '../../../gateway/client/queries/mms';
import { formatMoney } from '../../../gateway/contract/money';
import { useLabel } from '../../../i18n/useLabel';
import { taskStatusView } from '../../common/channel-status';
import { formatCount, formatPercent, formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading, Spinner } from '../../ui/Spinner';
import { mmsContentOf } from '../content';
import { MmsRecordsTable } from '../records/MmsRecordsTable';
import { isTaskLive } from './status-groups';
import { useCancelMmsTask } from './useCancelMmsTask';

/** /mms/task/:taskId/:accountId/:sessionNo: status (live while not final), counts, content and its records. */
export default function MmsTaskDetailPage() {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const label = useLabel();
  const { taskId = '' } = useParams<{ taskId: string; accountId: string; sessionNo: string }>();
  const query = useQuery(
    mmsTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }, (data) =>
      data.Tasks.some((task) => isTaskLive(task.Status)),
    ),
  );
  const cancel = useCancelMmsTask();
  const lang = i18n.language;
  const task = query.data?.Tasks[0];

  return (
    <PageFrame
      title={task?.TaskName ?? t('mms:titles.task')}
      description={t('sms:task.subtitle', { id: taskId })}
      testId="mms-task-detail"
    >
      {query.isPending ? (
        <PageLoading label={t('sms:loading')} />
      ) : query.isError ? (
        <ErrorState message={t('sms:loadFailed')} onRetry={() => void query.refetch()} retryLabel={t('sms:retry')} />
      ) : !task ? (
        <EmptyState title={t('mms:task.notFound')} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3" aria-live="polite">
                <Badge tone={taskStatusView(task.Status).tone} testId="task-detail-status">
                  {label(taskStatusView(task.Status).label)}
                </Badge>
                {isTaskLive(task.Status) && (
                  <span className="flex items-center gap-1 text-xs text-slate-500">
                    <Spinner className="h-3 w-3" /> {t('sms:task.live')}
                  </span>
                )}
              </div>
              {cancel.canAsk(task) && (
                <Button variant="danger" onClick={() => cancel.ask(task)} data-testid="task-detail-cancel">
                  {t('sms:tasks.cancel')}
                </Button>
              )}
            </div>
            <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  [t('sms:task.counts.total'), task.TotalCount, 'total'],
                  [t('sms:task.counts.success'), task.SuccessCount, 'success'],
                  [t('sms:task.counts.fail'), task.FailCount + task.SubmitFailCount, 'fail'],
                  [t('sms:task.counts.unknown'), task.UnknownCount, 'unknown'],
                ] as const
              ).map(([name, value, key]) => (
                <div key={key} className="rounded-[var(--radius-herald)] bg-slate-50 p-3">
                  <dt className="text-xs text-slate-500">{name}</dt>
                  <dd className="text-xl font-semibold tabular-nums" data-testid={`task-count-${key}`}>
                    {formatCount(value, lang)}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-slate-600" data-testid="task-success-rate">
              {t('sms:task.successRate', { rate: formatPercent(task.SuccessRate, lang) })}
            </p>
          </Card>
          <Card title={t('sms:task.details')}>
            <dl className="space-y-2 text-sm">
              {[
                [t('sms:task.fields.template'), task.TemplateName],
                [t('mms:editor.subject'), mmsContentOf(task.Content).Subject],
                [t('mms:editor.text'), mmsContentOf(task.Content).Text || '—'],
                [t('mms:task.images'), String(mmsContentOf(task.Content).Images.length)],
                [t('sms:task.fields.country'), task.CountryCode],
                [
                  t('sms:task.fields.sendTime'),
                  `${formatTime(task.SendTime)}${task.SendType === 'scheduled' ? ` (${task.TimeZone})` : ''}`,
                ],
                [t('sms:task.fields.created'), formatTime(task.CreateTime)],
                [t('sms:task.fields.finished'), formatTime(task.FinishTime)],
                [
                  t('sms:task.fields.cost'),
                  `${formatMoney(task.Cost, 'usd', lang)} / ${formatMoney(task.EstimatedCost, 'usd', lang)}`,
                ],
                ...(task.Reason ? [[t('sms:task.fields.reason'), task.Reason]] : []),
              ].map(([name, value]) => (
                <div key={name} className="grid grid-cols-[8rem_1fr] gap-2">
                  <dt className="text-slate-500">{name}</dt>
                  <dd className="whitespace-pre-wrap break-words">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card title={t('mms:task.recipients')}>
            <MmsRecordsTable
              showTask={false}
              filters={{
                TaskId: task.TaskId,
                BeginTime: Math.max(task.CreateTime - 86_400, 0),
                EndTime: task.CreateTime + 365 * 86_400,
              }}
            />
          </Card>
        </div>
      )}
      {cancel.dialog}
    </PageFrame>
  );
}
