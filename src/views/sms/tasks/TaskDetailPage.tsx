import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { smsTaskStatisticsQuery } from '../../../gateway/client/queries/sms';
import { formatMoney } from '../../../gateway/contract/money';
import { smsTaskCancelMachine } from '../../../machines/sms-task-cancel.machine';
import { isPhoneTaskLive as isTaskLive } from '../../common/tasks/phone-task-status';
import {
  CountTiles,
  sendTimeText,
  TaskFieldList,
  TaskStatusBar,
  useTaskAudience,
  type CountTile,
} from '../../common/tasks/TaskParts';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { formatCount, formatPercent, formatTime } from '../format';
import { QueryGate, SmsPage } from '../SmsPage';
import { taskStatusView } from '../status';
import { useNotify } from '../../shell/actors';

/** /sms/task/:taskId/:accountId/:sessionNo: counts, success rate and a live status while not final. */
export default function TaskDetailPage() {
  const { t, i18n } = useTranslation('sms');
  const audience = useTaskAudience();
  const { taskId = '' } = useParams<{ taskId: string; accountId: string; sessionNo: string }>();
  const detail = useQuery(smsTaskStatisticsQuery(taskId, isTaskLive));
  const cancel = useTaskCancel(smsTaskCancelMachine, useNotify());
  const lang = i18n.language;

  return (
    <SmsPage
      title={detail.data?.Task.TaskName ?? t('titles.task')}
      description={t('task.subtitle', { id: taskId })}
      testId="sms-task-detail"
    >
      <QueryGate isPending={detail.isPending} isError={detail.isError} onRetry={() => void detail.refetch()}>
        {() => {
          const { Task: task, ErrorCodes: codes } = detail.data!;
          const finished = task.SuccessCount + task.FailCount + task.UnknownCount + task.SubmitFailCount;
          const valid = Math.max(task.TotalCount, 1);
          const tiles: CountTile[] = [
            [t('task.counts.total'), task.TotalCount, 'total'],
            [t('task.counts.invalid'), task.InvalidCount, 'invalid'],
            [t('task.counts.submit'), task.SubmitCount, 'submit'],
            [t('task.counts.submitFail'), task.SubmitFailCount, 'submitFail'],
            [t('task.counts.success'), task.SuccessCount, 'success'],
            [t('task.counts.fail'), task.FailCount, 'fail'],
            [t('task.counts.unknown'), task.UnknownCount, 'unknown'],
            ...audience.tiles(task),
          ];
          return (
            <div className="flex flex-col gap-6">
              <Card>
                <TaskStatusBar view={taskStatusView(task.Status)} live={isTaskLive(task.Status)}>
                  <div className="flex gap-2">
                    <Link
                      href={`/sms/search?taskId=${task.TaskId}`}
                      data-testid="task-records-link"
                      className="rounded-[var(--radius-herald)] px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
                    >
                      {t('task.records')}
                    </Link>
                    {cancel.canAsk(task) && (
                      <Button variant="danger" onClick={() => cancel.ask(task)} data-testid="task-detail-cancel">
                        {t('tasks.cancel')}
                      </Button>
                    )}
                  </div>
                </TaskStatusBar>
                <div className="mt-4">
                  <div className="mb-1 flex justify-between text-sm text-slate-600">
                    <span>
                      {t('task.progress', {
                        done: formatCount(finished, lang),
                        total: formatCount(task.TotalCount, lang),
                      })}
                    </span>
                    <span data-testid="task-success-rate">
                      {t('task.successRate', { rate: formatPercent(task.SuccessRate, lang) })}
                    </span>
                  </div>
                  <div
                    role="progressbar"
                    aria-label={t('task.progressLabel')}
                    aria-valuemin={0}
                    aria-valuemax={task.TotalCount}
                    aria-valuenow={finished}
                    className="flex h-2 overflow-hidden rounded-full bg-slate-100"
                  >
                    <div className="bg-emerald-500" style={{ width: `${(task.SuccessCount / valid) * 100}%` }} />
                    <div
                      className="bg-red-500"
                      style={{ width: `${((task.FailCount + task.SubmitFailCount) / valid) * 100}%` }}
                    />
                    <div className="bg-amber-400" style={{ width: `${(task.UnknownCount / valid) * 100}%` }} />
                  </div>
                </div>
                <CountTiles tiles={tiles} lang={lang} wide />
              </Card>
              <div className="grid gap-6 lg:grid-cols-2">
                <Card title={t('task.details')}>
                  <TaskFieldList
                    rows={[
                      ...audience.rows(task),
                      [t('task.fields.template'), task.TemplateName],
                      [t('task.fields.content'), task.Content],
                      [t('task.fields.country'), task.CountryCode],
                      [t('task.fields.senderId'), task.SenderId || '—'],
                      [t('task.fields.tags'), task.Tags.join(', ') || '—'],
                      [t('task.fields.sendTime'), sendTimeText(task)],
                      [t('task.fields.created'), formatTime(task.CreateTime)],
                      [t('task.fields.finished'), formatTime(task.FinishTime)],
                      [t('task.fields.segments'), String(task.Segments)],
                      [
                        t('task.fields.cost'),
                        `${formatMoney(task.Cost, 'usd', lang)} / ${formatMoney(task.EstimatedCost, 'usd', lang)}`,
                      ],
                      ...(task.Reason ? [[t('task.fields.reason'), task.Reason]] : []),
                    ]}
                  />
                </Card>
                <Card title={t('task.errorCodes')}>
                  <DataTable
                    caption={t('task.errorCodes')}
                    rows={codes}
                    rowKey={(code) => code.ErrorCode}
                    empty={{ title: t('task.noErrors') }}
                    columns={[
                      {
                        key: 'code',
                        header: t('records.columns.errorCode'),
                        cell: (code) => <code>{code.ErrorCode}</code>,
                      },
                      {
                        key: 'description',
                        header: t('records.columns.errorDescription'),
                        cell: (code) => code.Description,
                      },
                      {
                        key: 'count',
                        header: t('task.count'),
                        align: 'right',
                        cell: (code) => formatCount(code.Count, lang),
                      },
                    ]}
                  />
                </Card>
              </div>
            </div>
          );
        }}
      </QueryGate>
      {cancel.dialog}
    </SmsPage>
  );
}
