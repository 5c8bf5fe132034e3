import type { AdReportAccount, AdReportDay } from '../../gateway/contract/actions/ad-operations';

// The data report as the page shows it: the chart's points for one figure, and the CSV export. Pure, so
// the bench (bench/ad-report.ts) times what the page does with a report.

export const AD_REPORT_METRICS = ['Spend', 'Impressions', 'Clicks', 'Conversions'] as const;
export type AdReportMetric = (typeof AD_REPORT_METRICS)[number];

const UNITS_PER_CURRENCY_UNIT = 10_000;

/** The chart's points: spend in currency units (2 decimals), the counts as they are. */
export function reportPoints(days: readonly AdReportDay[], metric: AdReportMetric) {
  return days.map((day) => ({
    label: day.Day.slice(5),
    value: metric === 'Spend' ? Math.round(day.Spend / 100) / 100 : day[metric],
  }));
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

/** The export: the days, then the accounts, with headers in the page's language. */
export function reportCsv(
  report: { Days: readonly AdReportDay[]; Accounts: readonly AdReportAccount[] },
  headers: Record<
    'day' | 'account' | 'accountId' | 'platform' | 'currency' | 'spend' | 'impressions' | 'clicks' | 'conversions',
    string
  >,
  platformName: (id: number) => string,
): string {
  const lines = [[headers.day, headers.spend, headers.impressions, headers.clicks, headers.conversions]];
  for (const day of report.Days)
    lines.push([day.Day, money(day.Spend), String(day.Impressions), String(day.Clicks), String(day.Conversions)]);
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
      money(account.Spend),
      String(account.Impressions),
      String(account.Clicks),
      String(account.Conversions),
    ]);
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
