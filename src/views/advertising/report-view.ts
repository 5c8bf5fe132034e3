import type {
  AdReportAccount,
  AdReportCountDay,
  AdReportCurrency,
  AdReportDay,
} from '../../gateway/contract/actions/ad-operations';

// The data report as the page shows it: the chart's points for one figure, and the CSV export. Pure, so
// the bench (bench/ad-report.ts) times what the page does with a report.

export const AD_REPORT_METRICS = ['Spend', 'Impressions', 'Clicks', 'Conversions'] as const;
export type AdReportMetric = (typeof AD_REPORT_METRICS)[number];

const UNITS_PER_CURRENCY_UNIT = 10_000;

/** One bar series of the chart: a currency's spend, or one count. */
export interface AdReportSeries {
  key: string;
  label: string;
}

/**
 * The chart's series and points: spend as one series per currency, in currency units (2 decimals), since
 * money is not added across currencies; a count (impressions, clicks, conversions) as one series.
 */
export function reportChart(
  report: { Days: readonly AdReportCountDay[]; Currencies: readonly AdReportCurrency[] },
  metric: AdReportMetric,
  metricLabel: string,
): { series: AdReportSeries[]; points: { label: string; values: Record<string, number> }[] } {
  if (metric !== 'Spend')
    return {
      series: [{ key: metric, label: metricLabel }],
      points: report.Days.map((day) => ({ label: day.Day.slice(5), values: { [metric]: day[metric] } })),
    };
  const series = report.Currencies.map((c) => ({ key: c.Currency, label: `${metricLabel} (${c.Currency})` }));
  const points = report.Days.map((day, index) => ({
    label: day.Day.slice(5),
    values: Object.fromEntries(
      report.Currencies.map((c) => [c.Currency, Math.round((c.Days[index]?.Spend ?? 0) / 100) / 100]),
    ),
  }));
  return { series, points };
}

/** Click-through rate and cost per conversion of a row, for the table. */
export function reportRates(row: Pick<AdReportDay, 'Spend' | 'Impressions' | 'Clicks' | 'Conversions'>) {
  return {
    ctr: row.Impressions ? (row.Clicks / row.Impressions) * 100 : 0,
    costPerConversion: row.Conversions ? row.Spend / row.Conversions / UNITS_PER_CURRENCY_UNIT : 0,
  };
}

/** One CSV cell: quoted when needed; a leading =, +, - or @ is neutralised (spreadsheet formulas). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (units: number) => (units / UNITS_PER_CURRENCY_UNIT).toFixed(2);

/**
 * The export, headers in the page's language: the days per currency (a Currency column), each currency's
 * totals, then the accounts. Money is never added across currencies.
 */
export function reportCsv(
  report: {
    Days: readonly AdReportCountDay[];
    Currencies: readonly AdReportCurrency[];
    Accounts: readonly AdReportAccount[];
  },
  headers: Record<
    | 'day'
    | 'total'
    | 'account'
    | 'accountId'
    | 'platform'
    | 'currency'
    | 'spend'
    | 'impressions'
    | 'clicks'
    | 'conversions',
    string
  >,
  platformName: (id: number) => string,
): string {
  const figures = (row: Omit<AdReportDay, 'Day'>) => [
    money(row.Spend),
    String(row.Impressions),
    String(row.Clicks),
    String(row.Conversions),
  ];
  const lines = [
    [headers.day, headers.currency, headers.spend, headers.impressions, headers.clicks, headers.conversions],
  ];
  report.Days.forEach((day, index) => {
    for (const currency of report.Currencies)
      lines.push([day.Day, currency.Currency, ...figures(currency.Days[index] ?? { ...day, Spend: 0 })]);
  });
  for (const currency of report.Currencies) lines.push([headers.total, currency.Currency, ...figures(currency.Totals)]);
  lines.push([]);
  lines.push([
    headers.accountId,
    headers.account,
    headers.platform,
    headers.currency,
    headers.spend,
    headers.impressions,
    headers.clicks,
    headers.conversions,
  ]);
  for (const account of report.Accounts)
    lines.push([
      account.AccountId,
      account.AccountName,
      platformName(account.PlatformId),
      account.Currency,
      ...figures(account),
    ]);
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
