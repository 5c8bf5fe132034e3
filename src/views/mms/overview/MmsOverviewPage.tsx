import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsStatisticsQuery, mmsTaskListQuery } from '../../../gateway/client/queries/mms';
import { formatMoney } from '../../../gateway/contract/money';
import { mmsPriceFileMutation } from '../../../gateway/client/mutations/mms';
import { PriceListButton } from '../../common/PriceListButton';
import { SessionActor, useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { quickRange } from '../../ui/date-ranges';
import {
  Loading,
  QuickLinksCard,
  RecentTasksCard,
  WeekChartCard,
  WeekTotalsCards,
} from '../../common/stats/OverviewParts';
import { isPhoneTaskLive } from '../../common/tasks/phone-task-status';

const QUICK_LINKS = [
  { href: '/mms/sending', key: 'send' },
  { href: '/mms/template', key: 'templates' },
  { href: '/mms/message', key: 'tasks' },
  { href: '/mms/search', key: 'records' },
  { href: '/mms/analytics', key: 'analytics' },
] as const;

/** /mms/overview: the last 7 days of MMS (sent, delivered, success rate, cost), recent tasks and the ways in. */
export default function MmsOverviewPage() {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const lang = i18n.language;
  const notify = useNotify();
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  const week = quickRange('last7d');
  const stats = useQuery(
    mmsStatisticsQuery({ BeginTime: week.start, EndTime: week.end, Granularity: 'day', TimeZone: timeZone }),
  );
  const recent = useQuery(
    mmsTaskListQuery({ Page: 1, NumPerPage: 5 }, (data) => data.Tasks.some((task) => isPhoneTaskLive(task.Status))),
  );

  return (
    <PageFrame
      title={t('mms:titles.overview')}
      description={t('mms:overview.subtitle')}
      testId="mms-overview"
      actions={
        <PriceListButton
          download={mmsPriceFileMutation()}
          fileName="herald-mms-prices.csv"
          label={t('mms:overview.priceDownload')}
          notify={notify}
        />
      }
    >
      <div className="grid gap-4 md:grid-cols-4">
        <WeekTotalsCards stats={stats} />
        <Card title={t('mms:overview.weekCost')}>
          {stats.isPending ? (
            <Loading />
          ) : stats.isError ? (
            <ErrorState
              message={t('sms:loadFailed')}
              onRetry={() => void stats.refetch()}
              retryLabel={t('sms:retry')}
            />
          ) : (
            <p className="text-2xl font-semibold tabular-nums">{formatMoney(stats.data.Totals.Cost, 'usd', lang)}</p>
          )}
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <WeekChartCard stats={stats} sendPath="/mms/sending" />
        <QuickLinksCard
          links={QUICK_LINKS}
          label={(key) => t(`mms:overview.links.${key as (typeof QUICK_LINKS)[number]['key']}`)}
        />
      </div>
      <RecentTasksCard
        recent={recent}
        listPath="/mms/message"
        taskPath={(task) => `/mms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
      />
    </PageFrame>
  );
}
