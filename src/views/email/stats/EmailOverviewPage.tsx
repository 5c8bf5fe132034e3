import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { balanceQuery } from '../../../gateway/client/queries/account';
import {
  emailStatisticsQuery,
  emailTaskListQuery,
  emailTraceStatisticsQuery,
} from '../../../gateway/client/queries/email-send';
import { SUB_WALLET_TYPES } from '../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { formatCount } from '../../common/format';
import {
  Loading,
  QuickLinksCard,
  RecentTasksCard,
  WeekChartCard,
  WeekTotalsCards,
} from '../../common/stats/OverviewParts';
import { SessionActor } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { quickRange } from '../../ui/date-ranges';
import { emailTaskStatusView, isEmailTaskLive } from '../tasks/status';
import { TraceTotals } from './TraceTotals';

const QUICK_LINKS = [
  { href: '/email/sending', key: 'send' },
  { href: '/email/template', key: 'templates' },
  { href: '/email/message', key: 'tasks' },
  { href: '/email/search', key: 'records' },
  { href: '/email/analytics', key: 'analytics' },
  { href: '/email/setting', key: 'settings' },
] as const;

/** The 6011 e-mail wallet's balance and the way to add funds. */
function WalletCard() {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const balance = useQuery(balanceQuery());
  const wallet = balance.data?.SubWallets.find((w) => w.ProductTypes.includes(SUB_WALLET_TYPES.Email));
  return (
    <Card title={t('emailSend:overview.wallet')}>
      {balance.isPending ? (
        <Loading />
      ) : balance.isError ? (
        <ErrorState message={t('sms:loadFailed')} onRetry={() => void balance.refetch()} retryLabel={t('sms:retry')} />
      ) : (
        <>
          <p className="text-2xl font-semibold tabular-nums" data-testid="email-wallet">
            {formatMoney(wallet ? availableUnits(wallet) : 0, balance.data.Currency, i18n.language, { maxDigits: 3 })}
          </p>
          <Link href="/bill/management" className="text-sm text-brand-700 underline">
            {t('emailSend:overview.topUp')}
          </Link>
        </>
      )}
    </Card>
  );
}

/** /email/overview: the e-mail wallet, today and the last 7 days (sends, delivery, opens and clicks), tasks and ways in. */
export default function EmailOverviewPage() {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const lang = i18n.language;
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  const week = quickRange('last7d');
  const today = quickRange('today');
  const windowOf = (range: { start: number; end: number }) => ({
    BeginTime: range.start,
    EndTime: range.end,
    Granularity: 'day' as const,
    TimeZone: timeZone,
  });
  const stats = useQuery(emailStatisticsQuery(windowOf(week)));
  const todayStats = useQuery(emailStatisticsQuery(windowOf(today)));
  const trace = useQuery(emailTraceStatisticsQuery(windowOf(week)));
  const recent = useQuery(
    emailTaskListQuery({ Page: 1, NumPerPage: 5 }, (data) => data.Tasks.some((task) => isEmailTaskLive(task.Status))),
  );

  return (
    <PageFrame
      title={t('emailSend:titles.overview')}
      description={t('emailSend:overview.subtitle')}
      testId="email-overview"
    >
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
        <WalletCard />
        <Card title={t('emailSend:overview.today')}>
          {todayStats.isPending ? (
            <Loading />
          ) : todayStats.isError ? (
            <ErrorState
              message={t('sms:loadFailed')}
              onRetry={() => void todayStats.refetch()}
              retryLabel={t('sms:retry')}
            />
          ) : (
            <>
              <p className="text-2xl font-semibold tabular-nums" data-testid="email-today-sent">
                {formatCount(todayStats.data.Totals.Submit, lang)}
              </p>
              <p className="text-sm text-slate-600">
                {t('emailSend:overview.todayDelivered', {
                  delivered: formatCount(todayStats.data.Totals.Success, lang),
                })}
              </p>
            </>
          )}
        </Card>
        <WeekTotalsCards stats={stats} />
      </div>
      <Card title={t('emailSend:overview.trace')} className="mt-6">
        <TraceTotals trace={trace} />
      </Card>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <WeekChartCard stats={stats} sendPath="/email/sending" />
        <QuickLinksCard
          links={QUICK_LINKS}
          label={(key) => t(`emailSend:overview.links.${key as (typeof QUICK_LINKS)[number]['key']}`)}
        />
      </div>
      <RecentTasksCard
        recent={recent}
        listPath="/email/message"
        taskPath={(task) => `/email/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
        statusView={emailTaskStatusView}
      />
    </PageFrame>
  );
}
