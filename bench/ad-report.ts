import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { memoryJobQueue } from '../server/queue/memory';
import { rowsOf } from '../server/db/rows';
import { addDays, dataReport, utcDay } from '../server/ads/report';
import { formatMoney } from '../src/gateway/contract/money';
import { reportChart, reportCsv, reportRates } from '../src/views/advertising/report-view';

// Issue 17's figure: the advertising data report over 2 years × 200 accounts of daily rows
// (ad_account_daily_stats, 146,000 rows for the tenant, as many for a second one). Timed: the report's
// query (GetAdDataReport's aggregation by day and by account) for 7 and 30 days, all platforms and one,
// and a page render estimate: building the chart's points, the table's formatted cells and the CSV from
// the report (what AdDataReportPage does with it, without the DOM). `npx tsx bench/ad-report.ts`.
// Figures, never assertions; aims printed beside them: query ≤ 50 ms, render estimate ≤ 16 ms.

const ACCOUNTS = Number(process.env.BENCH_AD_ACCOUNTS ?? 200);
const DAYS = Number(process.env.BENCH_AD_DAYS ?? 730);
const RUNS = 15;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    value = await work();
    times.push(performance.now() - start);
  }
  return { ms: median(times), value };
}

export async function benchAdReport(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-ads-'));
  const deps = await boot({ dataDir, skipSeed: true, jobs: memoryJobQueue() });
  try {
    const db = deps.database.db;
    const today = utcDay(deps.clock.now());
    const first = addDays(today, -(DAYS - 1));
    const platforms = [1, 2, 3, 4, 5, 8, 9];
    for (const userId of [1, 2]) {
      await db.execute(sql`
        INSERT INTO ad_accounts (account_id, user_id, platform_id, application_id, name, company_name, status,
          currency, time_zone, created_at, updated_at)
        SELECT ${String(userId)} || lpad(i::text, 12, '0'), ${userId}, (ARRAY[${sql.raw(platforms.join(','))}])[1 + i % 7],
          0, 'Bench account ' || i, 'Bench', 1, 'USD', 'UTC+8', now(), now()
        FROM generate_series(1, ${ACCOUNTS}) AS i`);
    }
    const loadStart = performance.now();
    await db.execute(sql`
      INSERT INTO ad_account_daily_stats (ad_account_id, user_id, platform_id, day, spend, impressions, clicks, conversions)
      SELECT a.id, a.user_id, a.platform_id, d::date,
        ((a.id * 7919 + extract(doy FROM d)::int * 104729) % 900 + 100) * 1000,
        (a.id * 31 + extract(doy FROM d)::int * 17) % 20000 + 500,
        (a.id * 13 + extract(doy FROM d)::int * 7) % 400 + 5,
        (a.id * 3 + extract(doy FROM d)::int) % 20
      FROM ad_accounts a, generate_series(${first}::date, ${today}::date, interval '1 day') AS d`);
    await db.execute(sql`ANALYZE ad_account_daily_stats`);
    const loadMs = performance.now() - loadStart;
    const [{ n }] = await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM ad_account_daily_stats`);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      db,
      sql`EXPLAIN SELECT day, sum(spend) FROM ad_account_daily_stats
          WHERE user_id = 1 AND day BETWEEN ${addDays(today, -29)} AND ${today} GROUP BY day`,
    );
    const usesIndex = plan.some((row) => row['QUERY PLAN'].includes('ad_account_daily_stats_user_day_idx'));

    const week = await timed(() => dataReport(db, 1, today, { Days: 7 }));
    const month = await timed(() => dataReport(db, 1, today, { Days: 30 }));
    const monthOnePlatform = await timed(() => dataReport(db, 1, today, { Days: 30, PlatformId: 1 }));
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
    const render = await timed(() => {
      const report = month.value;
      const points = reportChart(report, 'Spend', 'Spend').points;
      const cells = report.Accounts.map((row) => [
        row.AccountName,
        formatMoney(row.Spend, row.Currency, 'en'),
        row.Impressions.toLocaleString('en'),
        row.Clicks.toLocaleString('en'),
        row.Conversions.toLocaleString('en'),
        `${reportRates(row).ctr.toFixed(2)}%`,
      ]);
      const csv = reportCsv(report, headers, (id) => `P${id}`);
      return points.length + cells.length + csv.length;
    });
    return {
      'daily rows (2 tenants)': Number(n),
      'accounts per tenant': ACCOUNTS,
      'days per account': DAYS,
      'load ms (INSERT … SELECT + ANALYZE)': Math.round(loadMs),
      'range query uses (user, day) index': usesIndex ? 'yes' : 'no',
      'report 7 days, all platforms ms (aim ≤ 50)': week.ms.toFixed(1),
      'report 30 days, all platforms ms (aim ≤ 50)': month.ms.toFixed(1),
      'report 30 days, one platform ms (aim ≤ 50)': monthOnePlatform.ms.toFixed(1),
      'accounts in the 30-day table': month.value.Accounts.length,
      'render estimate 30 days ms (points + table cells + CSV; aim ≤ 16)': render.ms.toFixed(2),
    };
  } finally {
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchAdReport();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  process.exit(0);
}
