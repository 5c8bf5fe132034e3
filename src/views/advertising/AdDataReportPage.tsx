import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adAccountsQuery } from '../../gateway/client/queries/advertising';
import { adDataReportQuery } from '../../gateway/client/queries/ad-operations';
import { AD_REPORT_RANGES, type AdReportRange } from '../../gateway/contract/ad-operations';
import { AD_PLATFORMS, type AdPlatformId } from '../../gateway/contract/advertising';
import type { AdReportAccount } from '../../gateway/contract/actions/ad-operations';
import type { AdAccount } from '../../gateway/contract/actions/advertising';
import { formatMoney } from '../../gateway/contract/money';
import { useDebounced } from '../common/useDebounced';
import { LazyAdReportChart } from '../common/charts/LazyAdReportChart';
import { saveBlob } from '../common/download';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { DataTable } from '../ui/DataTable';
import { PageFrame } from '../ui/PageFrame';
import { Combobox, Select } from '../ui/Select';
import { Segmented } from '../ui/Tabs';
import { AD_REPORT_METRICS, reportChart, reportCsv, reportRates, type AdReportMetric } from './report-view';

/** /advertising/data-report: spend, impressions, clicks and conversions over 7 or 30 days ending today. */
export default function AdDataReportPage() {
  const { t, i18n } = useTranslation('advertising');
  const [days, setDays] = useState<AdReportRange>(7);
  const [platformId, setPlatformId] = useState<number>(0);
  const [accountId, setAccountId] = useState<string>('');
  const [metric, setMetric] = useState<AdReportMetric>('Spend');
  // every account can be chosen: the filter asks the server as one types (not the first 100)
  const [accountQuery, setAccountQuery] = useState('');
  const [chosen, setChosen] = useState<AdAccount | null>(null);
  const keyword = useDebounced(accountQuery.trim(), 250);
  const accounts = useQuery(
    adAccountsQuery({
      NumPerPage: 20,
      ...(platformId ? { PlatformId: platformId as AdPlatformId } : {}),
      ...(keyword ? { Keyword: keyword } : {}),
    }),
  );
  const found = accounts.data?.Accounts ?? [];
  const accountOptions = [
    { value: '', label: t('report.allAccounts') },
    ...(chosen && !found.some((a) => a.AccountId === chosen.AccountId) ? [chosen] : []),
    ...found,
  ].map((a) => ('AccountId' in a ? { value: a.AccountId, label: a.Name, hint: a.AccountId } : a));
  const report = useQuery(
    adDataReportQuery({
      Days: days,
      ...(platformId ? { PlatformId: platformId as AdPlatformId } : {}),
      ...(accountId ? { AccountId: accountId } : {}),
    }),
  );
  const money = (units: number, currency = 'usd') => formatMoney(units, currency, i18n.language);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const platformName = (id: number) => t(`platforms.${id}` as 'platforms.1');
  const metricLabel = (m: AdReportMetric) => t(`report.metrics.${m}`);
  const data = report.data;

  const exportCsv = () => {
    if (!data) return;
    const csv = reportCsv(
      data,
      {
        day: t('report.day'),
        total: t('report.total'),
        account: t('operations.account'),
        accountId: t('list.id'),
        platform: t('operations.platform'),
        currency: t('list.currency'),
        spend: metricLabel('Spend'),
        impressions: metricLabel('Impressions'),
        clicks: metricLabel('Clicks'),
        conversions: metricLabel('Conversions'),
      },
      platformName,
    );
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `herald-ad-report-${data.From}-${data.To}.csv`);
  };

  return (
    <PageFrame
      title={t('titles.report')}
      testId="ad-data-report"
      actions={
        <Button variant="secondary" onClick={exportCsv} disabled={!data}>
          {t('report.export')}
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <Segmented<AdReportRange>
          label={t('report.range')}
          value={days}
          options={AD_REPORT_RANGES.map((d) => ({ value: d, label: t('report.lastDays', { count: d }) }))}
          onChange={setDays}
        />
        <Select
          label={t('operations.platformFilter')}
          value={platformId}
          options={[
            { value: 0, label: t('operations.allPlatforms') },
            ...AD_PLATFORMS.map((p) => ({ value: p.id, label: platformName(p.id) })),
          ]}
          onChange={(value) => {
            setPlatformId(value);
            setAccountId('');
            setChosen(null);
          }}
        />
        <Combobox<string>
          label={t('report.accountFilter')}
          value={accountId}
          placeholder={t('report.accountSearch')}
          noMatches={accounts.isFetching ? t('report.loading') : t('report.noAccounts')}
          options={accountOptions}
          onQueryChange={setAccountQuery}
          onChange={(value) => {
            setAccountId(value);
            setChosen(found.find((a) => a.AccountId === value) ?? null);
          }}
        />
      </div>
      <div className="mb-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {AD_REPORT_METRICS.map((m) => (
          <Card key={m} title={metricLabel(m)}>
            <p className="text-2xl font-semibold" data-testid={`ad-report-total-${m}`}>
              {!data
                ? '—'
                : m !== 'Spend'
                  ? number(data.Totals[m])
                  : data.Currencies.length === 0
                    ? money(0)
                    : // money is not summed across currencies: one line per currency
                      data.Currencies.map((c) => (
                        <span key={c.Currency} className="block">
                          {money(c.Totals.Spend, c.Currency)}
                        </span>
                      ))}
            </p>
          </Card>
        ))}
      </div>
      {data && data.Currencies.length > 1 && (
        <p className="mb-4 text-sm text-slate-600" role="note">
          {t('report.mixedCurrencies')}
        </p>
      )}
      <Card
        title={t('report.chartTitle', { from: data?.From ?? '', to: data?.To ?? '' })}
        action={
          <Segmented<AdReportMetric>
            label={t('report.metric')}
            value={metric}
            options={AD_REPORT_METRICS.map((m) => ({ value: m, label: metricLabel(m) }))}
            onChange={setMetric}
          />
        }
      >
        <LazyAdReportChart
          loadingLabel={t('report.loading')}
          {...(data ? reportChart(data, metric, metricLabel(metric)) : { series: [], points: [] })}
          title={t('report.chartLabel', { metric: metricLabel(metric) })}
        />
      </Card>
      <div className="mt-6">
        <DataTable<AdReportAccount>
          caption={t('report.byAccount')}
          rows={data?.Accounts}
          rowKey={(row) => row.AccountId}
          isLoading={report.isLoading}
          empty={{ title: t('report.empty'), description: t('report.emptyHint') }}
          columns={[
            {
              key: 'account',
              header: t('operations.account'),
              cell: (row) => (
                <span>
                  {row.AccountName}
                  <span className="block text-xs text-slate-500">{row.AccountId}</span>
                </span>
              ),
            },
            { key: 'platform', header: t('operations.platform'), cell: (row) => platformName(row.PlatformId) },
            {
              key: 'spend',
              header: metricLabel('Spend'),
              align: 'right',
              cell: (row) => money(row.Spend, row.Currency),
            },
            { key: 'imp', header: metricLabel('Impressions'), align: 'right', cell: (row) => number(row.Impressions) },
            { key: 'clicks', header: metricLabel('Clicks'), align: 'right', cell: (row) => number(row.Clicks) },
            { key: 'conv', header: metricLabel('Conversions'), align: 'right', cell: (row) => number(row.Conversions) },
            {
              key: 'ctr',
              header: t('report.ctr'),
              align: 'right',
              cell: (row) => `${reportRates(row).ctr.toFixed(2)}%`,
            },
          ]}
        />
      </div>
    </PageFrame>
  );
}
