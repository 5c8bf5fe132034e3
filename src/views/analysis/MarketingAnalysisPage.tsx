import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMoney } from '../../gateway/contract/money';
import { spendQuery, SPEND_MAX_MOVES } from '../../gateway/client/queries/billing';
import { smsStatisticsQuery } from '../../gateway/client/queries/sms';
import { mmsStatisticsQuery } from '../../gateway/client/queries/mms';
import { emailStatisticsQuery } from '../../gateway/client/queries/email-send';
import { waStatisticsQuery } from '../../gateway/client/queries/wa-send';
import { SMS_COMPARE_DAYS, SMS_GRANULARITIES, type SmsGranularity } from '../../gateway/contract/sms-constants';
import { SessionActor } from '../shell/actors';
import { LazySendChart } from '../common/charts/LazySendChart';
import { chartPoints } from '../common/charts/points';
import { formatCount, formatPercent } from '../common/format';
import { Card } from '../ui/Card';
import { DateRangePicker } from '../ui/DateRangePicker';
import { quickRange, type DateRange } from '../ui/date-ranges';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { Select } from '../ui/Select';
import { PageLoading } from '../ui/Spinner';
import { Segmented } from '../ui/Tabs';
import { ChannelTable, type ChannelFigures } from './ChannelTable';
import { combineStatistics } from './combine';
import { comparisonWindow, defaultCompareDays, type CompareDays } from './compare';
import { FailureReasons } from './FailureReasons';
import { KpiCards, type Kpi } from './KpiCards';

/**
 * /analysis/marketing_analysis: the account's sending and spend over a range, against an earlier
 * window. The KPIs and chart show every kernel channel with statistics of its own added together (SMS, MMS,
 * e-mail, WhatsApp), or the one chosen; the channel table lists each. Voice has no send statistics yet and
 * is listed without figures.
 */

/** What the KPIs and the chart show: every channel added together, or one. */
const KPI_CHANNELS = ['all', 'sms', 'mms', 'email', 'whatsapp'] as const;
type KpiChannel = (typeof KPI_CHANNELS)[number];
/** Where the empty chart sends a user to start sending: the chosen channel's sending page (SMS for all). */
const SEND_PAGE: Record<KpiChannel, string> = {
  all: '/sms/sending',
  sms: '/sms/sending',
  mms: '/mms/sending',
  email: '/email/sending',
  whatsapp: '/whatsapp/sending',
};
/** A channel's row from its statistics' totals. */
const figuresOf = (totals: { Submit: number; Success: number; SuccessRate: number; Cost: number }): ChannelFigures => ({
  submitted: totals.Submit,
  delivered: totals.Success,
  successRate: totals.SuccessRate,
  cost: totals.Cost,
});

export default function MarketingAnalysisPage() {
  const { t, i18n } = useTranslation('analysis');
  const lang = i18n.language;
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  const [range, setRange] = useState<DateRange>(() => quickRange('last7d'));
  const [granularity, setGranularity] = useState<SmsGranularity>('day');
  const [compareDays, setCompareDays] = useState<CompareDays>(() => defaultCompareDays(range));
  const [channel, setChannel] = useState<KpiChannel>('all');
  const earlier = comparisonWindow(range, compareDays);
  const span = { BeginTime: range.start, EndTime: range.end };
  const perChannel = { ...span, Granularity: granularity, TimeZone: timeZone, CompareDays: compareDays };
  const sms = useQuery(smsStatisticsQuery(perChannel));
  const mms = useQuery(mmsStatisticsQuery(perChannel));
  const email = useQuery(emailStatisticsQuery(perChannel));
  const whatsapp = useQuery(waStatisticsQuery(perChannel));
  const spend = useQuery(spendQuery({ StartTime: range.start, EndTime: range.end }));
  const spendBefore = useQuery(spendQuery({ StartTime: earlier.start, EndTime: earlier.end }));
  const changeRange = (next: DateRange) => {
    setRange(next);
    setCompareDays(defaultCompareDays(next));
  };

  const channelQueries = [sms, mms, email, whatsapp];
  const failed = spend.isError || spendBefore.isError || channelQueries.some((q) => q.isError);
  const retry = () =>
    void Promise.all([spend, spendBefore, ...channelQueries].filter((q) => q.isError).map((q) => q.refetch()));
  const money = (units: number) => formatMoney(units, 'usd', lang);

  let body;
  if (failed) body = <ErrorState message={t('loadFailed')} onRetry={retry} retryLabel={t('retry')} />;
  else if (!sms.data || !mms.data || !email.data || !whatsapp.data || !spend.data || !spendBefore.data)
    body = <PageLoading label={t('loading')} />;
  else {
    const byChannel = { sms: sms.data, mms: mms.data, email: email.data, whatsapp: whatsapp.data };
    const stats = channel === 'all' ? combineStatistics(Object.values(byChannel)) : byChannel[channel];
    const totals = stats.Totals;
    const before = stats.Compare?.Totals;
    const kpis: Kpi[] = [
      {
        key: 'submitted',
        label: t('kpis.submitted'),
        text: formatCount(totals.Submit, lang),
        now: totals.Submit,
        before: before?.Submit ?? 0,
        beforeText: formatCount(before?.Submit ?? 0, lang),
      },
      {
        key: 'delivered',
        label: t('kpis.delivered'),
        text: formatCount(totals.Success, lang),
        now: totals.Success,
        before: before?.Success ?? 0,
        beforeText: formatCount(before?.Success ?? 0, lang),
      },
      {
        key: 'rate',
        label: t('kpis.successRate'),
        text: formatPercent(totals.SuccessRate, lang),
        now: totals.SuccessRate,
        // A window that submitted nothing has no success rate (not 0%).
        before: before?.Submit ? before.SuccessRate : null,
        beforeText: before?.Submit ? formatPercent(before.SuccessRate, lang) : '—',
        unit: 'points',
      },
      {
        key: 'spend',
        label: t('kpis.spend'),
        text: money(spend.data.units),
        now: spend.data.units,
        before: spendBefore.data.units,
        beforeText: money(spendBefore.data.units),
        hint: spend.data.complete ? t('kpis.spendHint') : t('kpis.spendPartial', { count: SPEND_MAX_MOVES }),
      },
    ];
    const sent = totals.Submit > 0;
    body = (
      <>
        <KpiCards kpis={kpis} />
        <Card title={t('trend.title')} className="mt-6">
          {sent ? (
            <LazySendChart
              loadingLabel={t('loading')}
              points={chartPoints(stats.Points, stats.Compare?.Points)}
              labels={{
                title: t('trend.title'),
                success: t('trend.success'),
                fail: t('trend.fail'),
                unknown: t('trend.unknown'),
                compare: t('compareLine', { count: compareDays }),
              }}
            />
          ) : (
            <EmptyState
              testId="analysis-empty"
              title={t('empty.title')}
              description={t('empty.description')}
              action={
                <Link href={SEND_PAGE[channel]} className="text-sm font-medium text-brand-700 underline">
                  {t(`empty.action.${channel}`)}
                </Link>
              }
            />
          )}
        </Card>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <FailureReasons range={span} />
          <Card title={t('channels.title')}>
            <ChannelTable
              figures={{
                sms: figuresOf(sms.data.Totals),
                mms: figuresOf(mms.data.Totals),
                email: figuresOf(email.data.Totals),
                whatsapp: figuresOf(whatsapp.data.Totals),
              }}
            />
          </Card>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl" data-testid="marketing-analysis">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('subtitle')}</p>
      </header>
      <Card className="mb-6">
        <div className="flex flex-wrap items-end gap-3">
          <DateRangePicker label={t('range')} value={range} onChange={changeRange} testId="analysis-range" />
          <Segmented
            label={t('granularity')}
            value={granularity}
            onChange={setGranularity}
            options={SMS_GRANULARITIES.map((value) => ({ value, label: t(`granularities.${value}`) }))}
            testId="analysis-granularity"
          />
          <Select
            label={t('compare')}
            className="w-44"
            value={compareDays}
            onChange={setCompareDays}
            options={SMS_COMPARE_DAYS.map((days) => ({ value: days, label: t('compareDays', { count: days }) }))}
            testId="analysis-compare"
          />
          <Select
            label={t('kpiChannel')}
            className="w-44"
            value={channel}
            onChange={setChannel}
            options={KPI_CHANNELS.map((value) => ({
              value,
              label: value === 'all' ? t('allChannels') : t(`channels.names.${value}`),
            }))}
            testId="analysis-channel"
          />
        </div>
      </Card>
      {body}
    </div>
  );
}
