import { describe, expect, it } from 'vitest';
import { csvCell, reportChart, reportCsv, reportRates } from './report-view';

// The data report's chart points and CSV export (docs/decisions.md "Ad operations and data report").

const days = [
  { Day: '2026-11-27', Spend: 123_456, Impressions: 1000, Clicks: 20, Conversions: 2 },
  { Day: '2026-11-28', Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 },
];
const counts = days.map(({ Day, Impressions, Clicks, Conversions }) => ({ Day, Impressions, Clicks, Conversions }));
const eurDays = [
  { Day: '2026-11-27', Spend: 50_000, Impressions: 10, Clicks: 1, Conversions: 0 },
  { Day: '2026-11-28', Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 },
];
const currencies = [
  { Currency: 'EUR', Totals: { Spend: 50_000, Impressions: 10, Clicks: 1, Conversions: 0 }, Days: eurDays },
  { Currency: 'USD', Totals: { Spend: 123_456, Impressions: 1000, Clicks: 20, Conversions: 2 }, Days: days },
];
const accounts = [
  {
    AccountId: '1000000000101',
    AccountName: '=HYPERLINK("x")',
    PlatformId: 1,
    Currency: 'USD',
    Spend: 123_456,
    Impressions: 1000,
    Clicks: 20,
    Conversions: 2,
  },
];
const headers = {
  day: 'Day',
  total: 'Total',
  account: 'Account',
  accountId: 'ID',
  platform: 'Platform',
  currency: 'Currency',
  spend: 'Spend',
  impressions: 'Impressions',
  clicks: 'Clicks',
  conversions: 'Conversions',
};

describe('data report view', () => {
  it('charts spend as one series per currency in currency units, counts as one series', () => {
    const spend = reportChart({ Days: counts, Currencies: currencies }, 'Spend', 'Spend');
    expect(spend.series).toEqual([
      { key: 'EUR', label: 'Spend (EUR)' },
      { key: 'USD', label: 'Spend (USD)' },
    ]);
    expect(spend.points).toEqual([
      { label: '11-27', values: { EUR: 5, USD: 12.35 } },
      { label: '11-28', values: { EUR: 0, USD: 0 } },
    ]);
    const clicks = reportChart({ Days: counts, Currencies: currencies }, 'Clicks', 'Clicks');
    expect(clicks.series).toEqual([{ key: 'Clicks', label: 'Clicks' }]);
    expect(clicks.points.map((p) => p.values.Clicks)).toEqual([20, 0]);
    expect(reportRates(days[0])).toEqual({ ctr: 2, costPerConversion: 6.1728 });
    expect(reportRates(days[1])).toEqual({ ctr: 0, costPerConversion: 0 });
  });

  it('exports days per currency, totals per currency, then accounts, neutralising formulas', () => {
    const csv = reportCsv({ Days: counts, Currencies: currencies, Accounts: accounts }, headers, () => 'Facebook');
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'Day,Currency,Spend,Impressions,Clicks,Conversions',
      '2026-11-27,EUR,5.00,10,1,0',
      '2026-11-27,USD,12.35,1000,20,2',
      '2026-11-28,EUR,0.00,0,0,0',
      '2026-11-28,USD,0.00,0,0,0',
      'Total,EUR,5.00,10,1,0',
      'Total,USD,12.35,1000,20,2',
    ]);
    expect(lines[7]).toBe('');
    expect(lines[9]).toBe('1000000000101,"\'=HYPERLINK(""x"")",Facebook,USD,12.35,1000,20,2');
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
