import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import { useLabel } from '../../../i18n/useLabel';
import { Badge, type BadgeTone } from '../../ui/Badge';
import type { TranslationKey } from '../../../i18n/keys';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { LazySendChart } from '../charts/LazySendChart';
import { chartPoints } from '../charts/points';
import { taskStatusView } from '../channel-status';
import { formatCount, formatPercent, formatTime } from '../format';
import type { StatisticsResult } from './stats-types';

// The parts of a channel's overview page (/sms/overview, /mms/overview, /email/overview) that do not
// depend on the channel: the last 7 days' totals, their chart, the ways in and the latest tasks.

export function Loading() {
  const { t } = useTranslation('sms');
  return (
    <div className="flex justify-center py-6 text-brand-600">
      <Spinner className="h-5 w-5" label={t('loading')} />
    </div>
  );
}

/** Sent, delivered and success rate of the last 7 days, one card each. */
export function WeekTotalsCards({ stats }: { stats: StatisticsResult }) {
  const { t, i18n } = useTranslation('sms');
  const lang = i18n.language;
  return (['Submit', 'Success', 'SuccessRate'] as const).map((key) => (
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
  ));
}

/** The last 7 days' results as a chart, or a way to send the first one. */
export function WeekChartCard({ stats, sendPath }: { stats: StatisticsResult; sendPath: string }) {
  const { t } = useTranslation('sms');
  return (
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
            <Link href={sendPath} className="text-sm font-medium text-brand-700 underline">
              {t('tasks.new')}
            </Link>
          }
        />
      )}
    </Card>
  );
}

/** Links to the channel's pages; `label` turns a link's key into its text. */
export function QuickLinksCard({
  links,
  label,
}: {
  links: readonly { href: string; key: string }[];
  label: (key: string) => string;
}) {
  const { t } = useTranslation('sms');
  return (
    <Card title={t('overview.quickLinks')}>
      <nav aria-label={t('overview.quickLinks')}>
        <ul className="grid grid-cols-2 gap-2">
          {links.map((link) => (
            <li key={link.key}>
              <Link
                href={link.href}
                className="block rounded-[var(--radius-herald)] border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
              >
                {label(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

/** The latest tasks with their counts and status; `taskPath` and `listPath` lead to the channel's pages. */
export function RecentTasksCard({
  recent,
  listPath,
  taskPath,
  statusView = taskStatusView,
}: {
  recent: UseQueryResult<{ Tasks: SmsTask[] }>;
  listPath: string;
  taskPath: (task: SmsTask) => string;
  /** The channel's status looks (the phone channels' by default; e-mail has its own 0-11). */
  statusView?: (status: number) => { label: TranslationKey; tone: BadgeTone };
}) {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const lang = i18n.language;
  return (
    <Card
      title={t('overview.recent')}
      className="mt-6"
      action={
        <Link href={listPath} className="text-sm text-brand-700 underline">
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
            const view = statusView(task.Status);
            return (
              <li key={task.TaskId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link href={taskPath(task)} className="font-medium text-brand-700 hover:underline">
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
  );
}
