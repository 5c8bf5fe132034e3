import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { planDetailQuery, planInsightQuery, planTasksQuery } from '../../../gateway/client/queries/mkt-plans';
import type { PlanTask } from '../../../gateway/contract/actions/mkt-plans';
import { formatCount, formatTime } from '../../common/format';
import { CountTiles } from '../../common/tasks/TaskParts';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { PageLoading } from '../../ui/Spinner';
import { usePaging } from '../../ui/usePaging';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';
/** The journey's figures are read again this often while contacts are in it. */
const LIVE_MS = 10_000;

/** /mkthub/overviewplan/{Id}: how an applied plan is doing: its journey's figures, messages per channel, its tasks. */
export default function PlanOverviewPage() {
  const { t, i18n } = useTranslation('mkthub');
  const { planId = '' } = useParams<{ planId: string }>();
  const plan = useQuery(planDetailQuery(planId));
  const insight = useQuery({
    ...planInsightQuery(planId),
    refetchInterval: (query) => ((query.state.data?.Workflow?.InProcessUsers ?? 0) > 0 ? LIVE_MS : false),
  });
  const { page, pageSize, pagination } = usePaging();
  const tasks = useQuery({
    ...planTasksQuery({ PlanId: planId, Page: page, NumPerPage: pageSize }),
    enabled: Boolean(insight.data?.Workflow),
  });
  const title = t('titles.planOverview');
  if (plan.isPending || insight.isPending)
    return (
      <PageFrame title={title}>
        <PageLoading label={t('plans.loading')} />
      </PageFrame>
    );
  if (plan.isError || insight.isError)
    return (
      <PageFrame title={title}>
        <ErrorState
          message={t('plans.loadFailedOne')}
          onRetry={() => void Promise.all([plan.refetch(), insight.refetch()])}
          retryLabel={t('plans.retry')}
        />
      </PageFrame>
    );
  const workflow = insight.data.Workflow;
  const lang = i18n.language;
  return (
    <PageFrame
      title={plan.data.Name}
      description={title}
      actions={
        <div className="flex gap-3">
          <Link href={`/mkthub/detailsplan/${planId}`} className={linkClass}>
            {t('plans.detail')}
          </Link>
          {workflow && (
            <Link href={`/mkthub/workflowdetail/${workflow.SeqId}`} className={linkClass}>
              {t('plans.overview.journey')}
            </Link>
          )}
        </div>
      }
    >
      {!workflow ? (
        <EmptyState
          title={t(insight.data.SeqId ? 'plans.overview.journeyGone' : 'plans.overview.notApplied')}
          description={t(insight.data.SeqId ? 'plans.overview.journeyGoneBody' : 'plans.overview.notAppliedBody')}
          action={
            <Link href="/mkthub/planlist" className={linkClass}>
              {t('titles.plans')}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-6">
          <Card title={t('plans.overview.journeyCard')}>
            <CountTiles
              lang={lang}
              tiles={[
                [t('plans.overview.entered'), workflow.TotalUsers, 'entered'],
                [t('plans.overview.inProcess'), workflow.InProcessUsers, 'in-process'],
                [t('plans.overview.completed'), workflow.CompletedUsers, 'completed'],
              ]}
            />
            <p className="mt-3 text-sm text-slate-600">
              {workflow.FirstSendTime
                ? t('plans.overview.firstSend', {
                    time: formatTime(workflow.FirstSendTime),
                    days: workflow.DurationDays,
                  })
                : t('plans.overview.nothingSent')}
            </p>
          </Card>
          <Card title={t('plans.overview.channelsCard')}>
            <DataTable<(typeof insight.data.Channels)[number]>
              caption={t('plans.overview.channelsCard')}
              rows={insight.data.Channels}
              rowKey={(row) => row.Channel}
              isLoading={false}
              empty={{ title: t('plans.overview.noMessages'), description: t('plans.overview.noMessagesBody') }}
              columns={[
                {
                  key: 'channel',
                  header: t('plans.overview.channel'),
                  cell: (row) => t(`kinds.${row.Channel as 'sms'}`),
                },
                {
                  key: 'messages',
                  header: t('plans.overview.messages'),
                  cell: (row) => formatCount(row.Messages, lang),
                },
                {
                  key: 'delivered',
                  header: t('plans.overview.delivered'),
                  cell: (row) => formatCount(row.Delivered, lang),
                },
                { key: 'failed', header: t('plans.overview.failed'), cell: (row) => formatCount(row.Failed, lang) },
              ]}
            />
          </Card>
          <Card title={t('plans.overview.tasksCard')}>
            <DataTable<PlanTask>
              caption={t('plans.overview.tasksCard')}
              rows={tasks.data?.Tasks}
              rowKey={(task) => task.TaskId}
              isLoading={tasks.isPending}
              error={tasks.isError ? t('plans.loadFailedOne') : null}
              onRetry={() => void tasks.refetch()}
              empty={{ title: t('plans.overview.noTasks'), description: t('plans.overview.noMessagesBody') }}
              columns={[
                {
                  key: 'task',
                  header: t('plans.overview.task'),
                  cell: (task) => (
                    <Link
                      href={`/${task.Channel}/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {task.Name}
                    </Link>
                  ),
                },
                {
                  key: 'channel',
                  header: t('plans.overview.channel'),
                  cell: (task) => t(`kinds.${task.Channel as 'sms'}`),
                },
                {
                  key: 'total',
                  header: t('plans.overview.messages'),
                  cell: (task) => formatCount(task.TotalCount, lang),
                },
                {
                  key: 'delivered',
                  header: t('plans.overview.delivered'),
                  cell: (task) => formatCount(task.SuccessCount, lang),
                },
                {
                  key: 'failed',
                  header: t('plans.overview.failed'),
                  cell: (task) => formatCount(task.FailCount, lang),
                },
                { key: 'created', header: t('plans.overview.created'), cell: (task) => formatTime(task.CreateTime) },
              ]}
            />
            <Pagination {...pagination(tasks.data?.Total ?? 0)} />
          </Card>
        </div>
      )}
    </PageFrame>
  );
}
