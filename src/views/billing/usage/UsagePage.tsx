import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usageQuery } from '../../../gateway/client/queries/billing';
import { formatMoney } from '../../../gateway/contract/money';
import { USAGE_MAX_DAYS } from '../../../gateway/contract/billing/usage';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange, type QuickRangeKey } from '../../ui/date-ranges';
import { Spinner } from '../../ui/Spinner';
import { Segmented } from '../../ui/Tabs';
import type { UsagePoint } from './UsageChart';

const UsageChart = lazy(() => import('./UsageChart'));

/** Spec 000 §9 date ranges that make sense for spending (nothing in the future). */
const RANGES: QuickRangeKey[] = ['today', 'yesterday', 'last7d', 'last15d', 'last30d', 'halfYear', 'oneYear'];

/** Spec 000 §3 product ids; SMS is counted under 9 and 6007 alike. */
const PRODUCTS = { sms: [9, 6007], voice: [6003], mms: [6018], whatsapp: [6009], email: [6011] } as const;
type UsageProduct = keyof typeof PRODUCTS;

type Granularity = keyof typeof USAGE_MAX_DAYS;
const DAY_SECONDS = 86_400;
/** A range longer than a day series may span (3 months) is shown by month. */
const granularityFor = (range: DateRange, wanted: Granularity): Granularity =>
  wanted === 'day' && (range.end - range.start) / DAY_SECONDS > USAGE_MAX_DAYS.day ? 'month' : wanted;

/** One product's points; SMS adds its two product ids period by period. */
function pointsOf(
  products: { ProductType: number; Total: number; Points: { Time: number; Amount: number; Count: number }[] }[],
  product: UsageProduct,
  granularity: Granularity,
): { rows: UsagePoint[]; total: number } {
  const ids: readonly number[] = PRODUCTS[product];
  const byTime = new Map<number, { Amount: number; Count: number }>();
  let total = 0;
  for (const entry of products.filter((p) => ids.includes(p.ProductType))) {
    total += entry.Total;
    for (const point of entry.Points) {
      const row = byTime.get(point.Time) ?? { Amount: 0, Count: 0 };
      byTime.set(point.Time, { Amount: row.Amount + point.Amount, Count: row.Count + point.Count });
    }
  }
  const rows = [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, row]) => ({
      Period: dayjs.unix(time).format(granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'),
      ...row,
    }));
  return { rows, total };
}

/** /bill/usage: spending per product, by day or by month, as a chart and a table. */
export default function UsagePage() {
  const { t, i18n } = useTranslation('billing');
  const [product, setProduct] = useState<UsageProduct>('sms');
  const [wanted, setGranularity] = useState<Granularity>('day');
  const [range, setRange] = useState<DateRange>(() => quickRange('last30d'));
  const granularity = granularityFor(range, wanted);
  const usage = useQuery({
    ...usageQuery({
      Granularity: granularity,
      StartTime: range.start,
      EndTime: range.end,
      TimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
    placeholderData: keepPreviousData,
  });
  const currency = usage.data?.Currency ?? 'usd';
  const money = (units: number) => formatMoney(units, currency, i18n.language);
  const shown = usage.data ? pointsOf(usage.data.Products, product, granularity) : null;
  const rows = shown?.rows;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('usage.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('usage.subtitle')}</p>
      </header>
      <Card>
        <div className="flex flex-wrap items-end gap-4">
          <Segmented<UsageProduct>
            label={t('usage.product')}
            value={product}
            onChange={setProduct}
            options={(Object.keys(PRODUCTS) as UsageProduct[]).map((key) => ({
              value: key,
              label: t(`usage.products.${key}`),
            }))}
            testId="usage-product"
          />
          <Segmented<Granularity>
            label={t('usage.granularity')}
            value={granularity}
            onChange={setGranularity}
            options={[
              { value: 'day', label: t('usage.byDay') },
              { value: 'month', label: t('usage.byMonth') },
            ]}
          />
        </div>
        <div className="mt-4">
          <DateRangePicker label={t('usage.range')} value={range} onChange={setRange} presets={RANGES} />
        </div>
      </Card>
      <Card title={t('usage.chart')}>
        {rows && rows.length > 0 && (
          <Suspense fallback={<Spinner label={t('usage.chart')} />}>
            <UsageChart rows={rows} amountLabel={t('usage.amount')} formatAmount={money} />
          </Suspense>
        )}
        <p className="my-3 text-sm" data-testid="usage-total">
          {t('usage.total')}: <strong>{money(shown?.total ?? 0)}</strong>
        </p>
        <DataTable<UsagePoint>
          caption={t('usage.title')}
          testId="usage-table"
          rows={rows}
          rowKey={(row) => row.Period}
          isLoading={usage.isFetching}
          error={usage.isError ? t('usage.loadFailed') : null}
          onRetry={() => void usage.refetch()}
          empty={{ title: t('usage.empty'), description: t('usage.emptyHint') }}
          columns={[
            { key: 'date', header: t('usage.date'), cell: (row) => row.Period },
            { key: 'count', header: t('usage.count'), align: 'right', cell: (row) => row.Count.toLocaleString() },
            { key: 'amount', header: t('usage.amount'), align: 'right', cell: (row) => money(row.Amount) },
          ]}
        />
      </Card>
    </div>
  );
}
