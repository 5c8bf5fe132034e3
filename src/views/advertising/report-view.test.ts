import { describe, expect, it } from 'vitest';
import { csvCell, reportCsv, reportPoints, reportRates } from './report-view';

// The data report's chart points and CSV export (docs/decisions.md "Ad operations and data report").

const days = [
  { Day: '2026-11-27', Spend: 123_456, Impressions: 1000, Clicks: 20, Conversions: 2 },
  { Day: '2026-11-28', Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 },
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
  it('charts spend in currency units and counts as they are', () => {
    expect(reportPoints(days, 'Spend')).toEqual([
      { label: '11-27', value: 12.35 },
      { label: '11-28', value: 0 },
    ]);
    expect(reportPoints(days, 'Clicks').map((p) => p.value)).toEqual([20, 0]);
    expect(reportRates(days[0])).toEqual({ ctr: 2, costPerConversion: 6.1728 });
    expect(reportRates(days[1])).toEqual({ ctr: 0, costPerConversion: 0 });
  });

  it('exports days then accounts, quoting and neutralising formulas', () => {
    const csv = reportCsv({ Days: days, Accounts: accounts }, headers, () => 'Facebook');
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Spend,Impressions,Clicks,Conversions');
    expect(lines[1]).toBe('2026-11-27,12.35,1000,20,2');
    expect(lines[3]).toBe('');
    expect(lines[5]).toBe('1000000000101,"\'=HYPERLINK(""x"")",Facebook,USD,12.35,1000,20,2');
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
