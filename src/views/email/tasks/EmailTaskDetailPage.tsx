import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { emailTaskListQuery } from '../../../gateway/client/queries/email-send';
import { formatMoney } from '../../../gateway/contract/money';
import { useLabel } from '../../../i18n/useLabel';
import { emailTaskCancelMachine } from '../../../machines/email-task-cancel.machine';
import { formatCount, formatPercent, formatTime } from '../../common/format';
import { useTaskCancel } from './useTaskCancel';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading, Spinner } from '../../ui/Spinner';
import { EmailRecordsTable } from './EmailRecordsTable';
import { emailTaskStatusView, isEmailTaskLive } from './status';

/** /email/task/:taskId/:accountId/:sessionNo: status (live while moving), counts and each recipient's result. */
export default function EmailTaskDetailPage() {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const label = useLabel();
  const { taskId = '' } = useParams<{ taskId: string; accountId: string; sessionNo: string }>();
  const query = useQuery(
    emailTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }, (data) =>
      data.Tasks.some((task) => isEmailTaskLive(task.Status)),
    ),
  );
  const cancel = useTaskCancel(emailTaskCancelMachine);
  const lang = i18n.language;
  const task = query.data?.Tasks[0];

  return (
    <PageFrame
      title={task?.TaskName ?? t('emailSend:titles.task')}
      description={t('sms:task.subtitle', { id: taskId })}
      testId="email-task-detail"
    >
      {query.isPending ? (
        <PageLoading label={t('sms:loading')} />
      ) : query.isError ? (
        <ErrorState message={t('sms:loadFailed')} onRetry={() => void query.refetch()} retryLabel={t('sms:retry')} />
      ) : !task ? (
        <EmptyState title={t('emailSend:task.notFound')} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3" aria-live="polite">
                <Badge tone={emailTaskStatusView(task.Status).tone} testId="task-detail-status">
                  {label(emailTaskStatusView(task.Status).label)}
                </Badge>
                {isEmailTaskLive(task.Status) && (
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
                  [t('emailSend:task.bounced'), task.FailCount + task.SubmitFailCount, 'fail'],
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
                [t('emailSend:task.subject'), task.Content],
                [
                  t('sms:task.fields.sendTime'),
                  `${formatTime(task.SendTime)}${task.SendType === 'scheduled' ? ` (${task.TimeZone})` : ''}`,
                ],
                [t('sms:task.fields.created'), formatTime(task.CreateTime)],
                [t('sms:task.fields.finished'), formatTime(task.FinishTime)],
                [
                  t('sms:task.fields.cost'),
                  `${formatMoney(task.Cost, 'usd', lang, { maxDigits: 3 })} / ${formatMoney(task.EstimatedCost, 'usd', lang, { maxDigits: 3 })}`,
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
          <Card title={t('emailSend:task.recipients')}>
            <EmailRecordsTable
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
