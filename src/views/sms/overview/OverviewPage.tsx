import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { smsStatisticsQuery, smsTasksQuery } from '../../../gateway/client/queries/sms';
import { SUB_WALLET_TYPES } from '../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { SessionActor } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { quickRange } from '../../ui/date-ranges';
import {
  Loading,
  QuickLinksCard,
  RecentTasksCard,
  WeekChartCard,
  WeekTotalsCards,
} from '../../common/stats/OverviewParts';
import { PriceDownloadButton } from '../records/PriceDownloadButton';
import { SmsPage } from '../SmsPage';
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

/** /sms/overview: the SMS wallet, the last 7 days, recent tasks and the ways in. */
export default function OverviewPage() {
  const { t, i18n } = useTranslation('sms');
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
        <WeekTotalsCards stats={stats} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <WeekChartCard stats={stats} sendPath="/sms/sending" />
        <QuickLinksCard
          links={QUICK_LINKS}
          label={(key) => t(`overview.links.${key as (typeof QUICK_LINKS)[number]['key']}`)}
        />
      </div>
      <RecentTasksCard
        recent={recent}
        listPath="/sms/message"
        taskPath={(task) => `/sms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
      />
    </SmsPage>
  );
}
