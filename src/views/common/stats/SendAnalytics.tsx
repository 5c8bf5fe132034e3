import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { smsCountriesQuery } from '../../../gateway/client/queries/sms';
import { SMS_COMPARE_DAYS, SMS_GRANULARITIES, type SmsGranularity } from '../../../gateway/contract/sms-constants';
import { formatMoney } from '../../../gateway/contract/money';
import { useLabel } from '../../../i18n/useLabel';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange } from '../../ui/date-ranges';
import { ErrorState } from '../../ui/EmptyState';
import { Combobox, Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { Segmented } from '../../ui/Tabs';
import { LazySendChart } from '../charts/LazySendChart';
import { chartPoints } from '../charts/points';
import { countryLabel, formatCount, formatPercent } from '../format';
import { messageResultView } from '../channel-status';
import type { ReceiptCodesInput, ReceiptCodesResult, StatisticsInput, StatisticsResult } from './stats-types';

type Compare = 0 | (typeof SMS_COMPARE_DAYS)[number];

/** The change from the comparison window, or nothing without one. */
export function Delta({ now, before, lang }: { now: number; before: number | undefined; lang: string }) {
  const { t } = useTranslation('sms');
  if (before === undefined) return null;
  const change = before === 0 ? (now === 0 ? 0 : 100) : ((now - before) / before) * 100;
  return (
    <span className={`text-xs ${change >= 0 ? 'text-emerald-700' : 'text-red-700'}`}>
      {t('analytics.delta', {
        value: `${change >= 0 ? '+' : ''}${formatPercent(Math.round(change * 10) / 10, lang)}`,
        before: formatCount(before, lang),
      })}
    </span>
  );
}

/** The window the page's controls chose, for what a channel adds below the sends (e-mail's trace statistics). */
export interface AnalyticsWindow {
  BeginTime: number;
  EndTime: number;
  Granularity: SmsGranularity;
  TimeZone: string;
  CompareDays?: (typeof SMS_COMPARE_DAYS)[number];
}

type TotalKey = 'submit' | 'success' | 'fail' | 'unknown' | 'rate';

/**
 * The body of a channel's analytics page (/sms/analytics, /mms/analytics, /email/analytics): sends by
 * day, week or month over a range, with a comparison window and error codes. The page passes its
 * channel's reads; a channel without countries or error codes leaves them out, and `extra` adds the
 * channel's own cards for the same window.
 */
export function SendAnalytics({
  timeZone,
  useStatistics,
  useReceiptCodes,
  countryFilter = true,
  totalLabels = {},
  extra,
}: {
  /** The account's time zone: days, weeks and months are its. */
  timeZone: string;
  useStatistics: (input: StatisticsInput) => StatisticsResult;
  useReceiptCodes?: (input: ReceiptCodesInput) => ReceiptCodesResult;
  countryFilter?: boolean;
  /** The channel's words for the totals (e-mail: bounced, delivery rate). */
  totalLabels?: Partial<Record<TotalKey, string>>;
  extra?: (chosen: AnalyticsWindow) => ReactNode;
}) {
  const { t, i18n } = useTranslation('sms');
  const lang = i18n.language;
  const [range, setRange] = useState<DateRange>(() => quickRange('last7d'));
  const [granularity, setGranularity] = useState<SmsGranularity>('day');
  const [compare, setCompare] = useState<Compare>(0);
  const [country, setCountry] = useState('');
  const countries = useQuery({ ...smsCountriesQuery(), enabled: countryFilter });
  const filters = { BeginTime: range.start, EndTime: range.end, ...(country ? { CountryCode: country } : {}) };
  const chosen: AnalyticsWindow = {
    BeginTime: range.start,
    EndTime: range.end,
    Granularity: granularity,
    TimeZone: timeZone,
    ...(compare ? { CompareDays: compare } : {}),
  };
  const stats = useStatistics({ ...filters, ...chosen });
  const totalLabel = (key: TotalKey) => totalLabels[key] ?? t(`analytics.totals.${key}`);
  const totals = stats.data?.Totals;
  const before = stats.data?.Compare?.Totals;

  return (
    <>
      <Card>
        <div className="flex flex-wrap items-end gap-3">
          <DateRangePicker label={t('analytics.range')} value={range} onChange={setRange} />
          <Segmented
            label={t('analytics.granularity')}
            value={granularity}
            onChange={setGranularity}
            options={SMS_GRANULARITIES.map((value) => ({ value, label: t(`analytics.granularities.${value}`) }))}
            testId="analytics-granularity"
          />
          <Select
            label={t('analytics.compare')}
            className="w-48"
            value={compare}
            onChange={setCompare}
            options={[
              { value: 0 as Compare, label: t('analytics.noCompare') },
              ...SMS_COMPARE_DAYS.map((days) => ({
                value: days as Compare,
                label: t('analytics.compareDays', { count: days }),
              })),
            ]}
          />
          {countryFilter && (
            <Combobox
              label={t('records.country')}
              className="w-52"
              value={country || null}
              placeholder={t('records.anyCountry')}
              noMatches={t('send.noCountries')}
              options={[
                { value: '', label: t('records.anyCountry') },
                ...(countries.data?.Countries ?? []).map((c) => ({
                  value: c.CountryCode,
                  label: countryLabel(c, lang),
                  hint: c.CountryCode,
                })),
              ]}
              onChange={setCountry}
            />
          )}
        </div>
      </Card>
      {stats.isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner className="h-8 w-8" label={t('loading')} />
        </div>
      ) : stats.isError || !totals ? (
        <ErrorState message={t('loadFailed')} onRetry={() => void stats.refetch()} retryLabel={t('retry')} />
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="analytics-totals">
            {(
              [
                ['submit', totalLabel('submit'), formatCount(totals.Submit, lang), totals.Submit, before?.Submit],
                ['success', totalLabel('success'), formatCount(totals.Success, lang), totals.Success, before?.Success],
                [
                  'fail',
                  totalLabel('fail'),
                  formatCount(totals.Fail + totals.SubmitFail, lang),
                  totals.Fail + totals.SubmitFail,
                  before && before.Fail + before.SubmitFail,
                ],
                ['unknown', totalLabel('unknown'), formatCount(totals.Unknown, lang), totals.Unknown, before?.Unknown],
                [
                  'rate',
                  totalLabel('rate'),
                  formatPercent(totals.SuccessRate, lang),
                  totals.SuccessRate,
                  before?.SuccessRate,
                ],
                ['cost', t('analytics.totals.cost'), formatMoney(totals.Cost, 'usd', lang), totals.Cost, before?.Cost],
              ] as const
            ).map(([key, name, text, now, then]) => (
              <div key={key} className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-4">
                <dt className="text-xs text-slate-500">{name}</dt>
                <dd className="text-2xl font-semibold tabular-nums" data-testid={`analytics-total-${key}`}>
                  {text}
                </dd>
                <dd>
                  <Delta now={now} before={then} lang={lang} />
                </dd>
              </div>
            ))}
          </dl>
          <Card title={t('analytics.chartTitle')} className="mt-6">
            {stats.data.Points.every((p) => p.Submit === 0) ? (
              <p className="py-10 text-center text-sm text-slate-500">{t('analytics.noSends')}</p>
            ) : (
              <LazySendChart
                loadingLabel={t('loading')}
                points={chartPoints(stats.data.Points, stats.data.Compare?.Points)}
                labels={{
                  title: t('analytics.chartTitle'),
                  success: totalLabel('success'),
                  fail: totalLabel('fail'),
                  unknown: totalLabel('unknown'),
                  compare: t('analytics.compareLine', { count: compare }),
                }}
              />
            )}
          </Card>
        </>
      )}
      {extra?.(chosen)}
      {useReceiptCodes && <ReceiptCodesCard filters={filters} useReceiptCodes={useReceiptCodes} />}
    </>
  );
}

/** The error codes behind the failures in the range (the phone channels' carrier codes). */
function ReceiptCodesCard({
  filters,
  useReceiptCodes,
}: {
  filters: ReceiptCodesInput;
  useReceiptCodes: (input: ReceiptCodesInput) => ReceiptCodesResult;
}) {
  const { t, i18n } = useTranslation('sms');
  const label = useLabel();
  const lang = i18n.language;
  const codes = useReceiptCodes(filters);
  return (
    <Card title={t('analytics.codesTitle')} className="mt-6">
      <DataTable
        caption={t('analytics.codesTitle')}
        rows={codes.data?.Codes}
        rowKey={(code) => `${code.Result}:${code.ErrorCode}`}
        isLoading={codes.isPending}
        error={codes.isError ? t('loadFailed') : null}
        onRetry={() => void codes.refetch()}
        empty={{ title: t('analytics.noCodes') }}
        columns={[
          {
            key: 'code',
            header: t('records.columns.errorCode'),
            cell: (code) => <code>{code.ErrorCode || '—'}</code>,
          },
          { key: 'description', header: t('records.columns.errorDescription'), cell: (code) => code.Description },
          {
            key: 'result',
            header: t('records.columns.result'),
            cell: (code) => {
              const view = messageResultView(code.Result);
              return <Badge tone={view.tone}>{label(view.label)}</Badge>;
            },
          },
          { key: 'count', header: t('task.count'), align: 'right', cell: (code) => formatCount(code.Count, lang) },
          {
            key: 'ratio',
            header: t('analytics.ratio'),
            align: 'right',
            cell: (code) => formatPercent(code.Ratio, lang),
          },
        ]}
      />
    </Card>
  );
}
