import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { smsStatisticsQuery, smsTasksQuery } from '../../../gateway/client/queries/sms';
import { SUB_WALLET_TYPES } from '../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { useLabel } from '../../../i18n/useLabel';
import { SessionActor } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { quickRange } from '../../ui/date-ranges';
import { LazySendChart } from '../../common/charts/LazySendChart';
import { chartPoints } from '../../common/charts/points';
import { formatCount, formatPercent, formatTime } from '../format';
import { PriceDownloadButton } from '../records/PriceDownloadButton';
import { SmsPage } from '../SmsPage';
import { taskStatusView } from '../status';
import { isPhoneTaskLive as isTaskLive } from '../../common/tasks/phone-task-status';
import { TopUpLink } from '../TopUpLink';

const QUICK_LINKS = [
  { href: '/sms/sending', key: 'send' },
  { href: '/sms/template', key: 'templates' },
  { href: '/sms/message', key: 'tasks' },
  { href: '/sms/search', key: 'records' },
  { href: '/sms/analytics', key: 'analytics' },
  { href: '/sms/setting', key: 'settings' },
] as const;

function Loading() {
  const { t } = useTranslation('sms');
  return (
    <div className="flex justify-center py-6 text-brand-600">
      <Spinner className="h-5 w-5" label={t('loading')} />
    </div>
  );
}

/** /sms/overview: the SMS wallet, the last 7 days, recent tasks and the ways in. */
export default function OverviewPage() {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const lang = i18n.language;
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  const week = quickRange('last7d');
  const balance = useQuery(balanceQuery());
  const stats = useQuery(
    smsStatisticsQuery({ BeginTime: week.start, EndTime: week.end, Granularity: 'day', TimeZone: timeZone }),
  );
  const recent = useQuery(
    smsTasksQuery({ Page: 1, NumPerPage: 5 }, (data) => data.Tasks.some((task) => isTaskLive(task.Status))),
  );
  const smsWallet = balance.data?.SubWallets.find((wallet) => wallet.ProductTypes.includes(SUB_WALLET_TYPES.Sms));

  return (
    <SmsPage
      title={t('titles.overview')}
      description={t('overview.subtitle')}
      testId="sms-overview"
      actions={<PriceDownloadButton />}
    >
      <div className="grid gap-4 md:grid-cols-4">
        <Card title={t('overview.wallet')}>
          {balance.isPending ? (
            <Loading />
          ) : balance.isError ? (
            <ErrorState message={t('loadFailed')} onRetry={() => void balance.refetch()} retryLabel={t('retry')} />
          ) : (
            <>
              <p className="text-2xl font-semibold" data-testid="sms-wallet">
                {formatMoney(smsWallet ? availableUnits(smsWallet) : 0, balance.data.Currency, lang)}
              </p>
              <TopUpLink />
            </>
          )}
        </Card>
        {(['Submit', 'Success', 'SuccessRate'] as const).map((key) => (
          <Card key={key} title={t(`overview.week.${key}`)}>
            {stats.isPending ? (
              <Loading />
            ) : stats.isError ? (
              <ErrorState message={t('loadFailed')} onRetry={() => void stats.refetch()} retryLabel={t('retry')} />
            ) : (
              <p className="text-2xl font-semibold tabular-nums">
                {key === 'SuccessRate'
                  ? formatPercent(stats.data.Totals.SuccessRate, lang)
                  : formatCount(stats.data.Totals[key], lang)}
              </p>
            )}
          </Card>
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title={t('overview.chart')}>
          {stats.data && stats.data.Points.some((p) => p.Submit > 0) ? (
            <LazySendChart
              loadingLabel={t('loading')}
              height={240}
              points={chartPoints(stats.data.Points)}
              labels={{
                title: t('overview.chart'),
                success: t('analytics.totals.success'),
                fail: t('analytics.totals.fail'),
                unknown: t('analytics.totals.unknown'),
                compare: t('analytics.noCompare'),
              }}
            />
          ) : stats.isPending ? (
            <Loading />
          ) : (
            <EmptyState
              title={t('overview.noSends')}
              action={
                <Link href="/sms/sending" className="text-sm font-medium text-brand-700 underline">
                  {t('tasks.new')}
                </Link>
              }
            />
          )}
        </Card>
        <Card title={t('overview.quickLinks')}>
          <nav aria-label={t('overview.quickLinks')}>
            <ul className="grid grid-cols-2 gap-2">
              {QUICK_LINKS.map((link) => (
                <li key={link.key}>
                  <Link
                    href={link.href}
                    className="block rounded-[var(--radius-herald)] border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
                  >
                    {t(`overview.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
      </div>
      <Card
        title={t('overview.recent')}
        className="mt-6"
        action={
          <Link href="/sms/message" className="text-sm text-brand-700 underline">
            {t('overview.allTasks')}
          </Link>
        }
      >
        {recent.isPending ? (
          <Loading />
        ) : recent.isError ? (
          <ErrorState message={t('loadFailed')} onRetry={() => void recent.refetch()} retryLabel={t('retry')} />
        ) : recent.data.Tasks.length === 0 ? (
          <EmptyState title={t('tasks.emptyTitle')} description={t('tasks.emptyBody')} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.data.Tasks.map((task) => {
              const view = taskStatusView(task.Status);
              return (
                <li key={task.TaskId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link
                    href={`/sms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {task.TaskName}
                  </Link>
                  <span className="flex items-center gap-3 text-slate-500">
                    <span>
                      {t('overview.taskLine', {
                        count: task.TotalCount,
                        total: formatCount(task.TotalCount, lang),
                        rate: formatPercent(task.SuccessRate, lang),
                      })}
                    </span>
                    <span>{formatTime(task.CreateTime)}</span>
                    <Badge tone={view.tone}>{label(view.label)}</Badge>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </SmsPage>
  );
}
