import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { adAccountDailyStats, adAccounts } from '../db/schema';
import { AD_PLATFORMS_WITH_AD_OBJECTS, chargeSpend, rollUpAdObjectDays } from './spend';
import type { AdOperationsPlatforms } from '../platforms/ads/operations';
import { AD_RECHARGE_STATUS, type AdPlatformId } from '../../src/gateway/contract/advertising';
import type { AdReportAccount, AdReportDay } from '../../src/gateway/contract/actions/ad-operations';

// The data report (issue 17 item 7): the platform's daily figures per account in ad_account_daily_stats
// (Facebook: its ads' sums; every row is paid from the account's balance: spend.ts),
// filled by the sandbox's deterministic rule from the day the account first had money (its first
// recharge that arrived) through today (UTC), by the worker's hourly sweep and for a tenant's accounts
// when its report is opened; and the report's aggregation in SQL over the (user, day, …) index.

const DAY_MS = 86_400_000;
/** The oldest day the fill writes: two years back (the report shows 30 days at most). */
const FILL_DAYS_MAX = 731;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

interface FillTarget {
  id: number;
  account_id: string;
  user_id: number;
  platform_id: number;
  funded: string;
  last: string | null;
}

/** Fills the missing daily rows of funded accounts (one tenant's, or everyone's) through `today`. */
export async function fillDailyStats(
  db: Db,
  platforms: AdOperationsPlatforms,
  today: string,
  userId?: number,
  now?: Date,
): Promise<number> {
  const targets = await rowsOf<FillTarget>(
    db,
    sql`SELECT a.id, a.account_id, a.user_id, a.platform_id,
          to_char(min(r.arrived_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS funded,
          (SELECT to_char(max(s.day), 'YYYY-MM-DD') FROM ad_account_daily_stats s WHERE s.ad_account_id = a.id) AS last
        FROM ad_accounts a JOIN ad_recharges r ON r.ad_account_id = a.id AND r.status = ${AD_RECHARGE_STATUS.AgentSuccess}
        WHERE ${userId === undefined ? sql`TRUE` : sql`a.user_id = ${userId}`}
          AND a.platform_id NOT IN (${sql.join(
            AD_PLATFORMS_WITH_AD_OBJECTS.map((id) => sql`${id}`),
            sql`, `,
          )})
        GROUP BY a.id`,
  );
  let written = 0;
  for (const target of targets) {
    const oldest = addDays(today, -(FILL_DAYS_MAX - 1));
    let day = target.last ? addDays(target.last, 1) : target.funded;
    if (day < oldest) day = oldest;
    const rows = [];
    for (; day <= today; day = addDays(day, 1)) {
      const figures = platforms(target.platform_id as AdPlatformId).dailyFigures(target.account_id, day);
      rows.push({
        adAccountId: Number(target.id),
        userId: Number(target.user_id),
        platformId: target.platform_id,
        day,
        ...figures,
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(adAccountDailyStats)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    written += rows.length;
  }
  // Facebook's rows are its ads' sums; then every unpaid row is paid from its account's balance
  await rollUpAdObjectDays(db, addDays(today, -(FILL_DAYS_MAX - 1)), userId);
  await chargeSpend(db, now ?? new Date(`${today}T12:00:00Z`), userId);
  return written;
}

export interface ReportQuery {
  Days: number;
  PlatformId?: number;
  AccountId?: string;
}

export interface AdReport {
  From: string;
  To: string;
  Totals: Omit<AdReportDay, 'Day'>;
  SpendByCurrency: { Currency: string; Spend: number }[];
  Days: AdReportDay[];
  Accounts: AdReportAccount[];
}

const sums = {
  spend: sql<string>`sum(${adAccountDailyStats.spend})`,
  impressions: sql<string>`sum(${adAccountDailyStats.impressions})`,
  clicks: sql<string>`sum(${adAccountDailyStats.clicks})`,
  conversions: sql<string>`sum(${adAccountDailyStats.conversions})`,
};
const figuresOf = (row: { spend: string; impressions: string; clicks: string; conversions: string }) => ({
  Spend: Number(row.spend),
  Impressions: Number(row.impressions),
  Clicks: Number(row.clicks),
  Conversions: Number(row.conversions),
});

/** The report of `Days` days ending `today`: per day (every day, zeros where none) and per account. */
export async function dataReport(db: Db, userId: number, today: string, query: ReportQuery): Promise<AdReport> {
  const from = addDays(today, -(query.Days - 1));
  let accountFilter: number | undefined;
  if (query.AccountId) {
    const [account] = await db
      .select({ id: adAccounts.id })
      .from(adAccounts)
      .where(and(eq(adAccounts.accountId, query.AccountId), eq(adAccounts.userId, userId)));
    accountFilter = account?.id ?? -1;
  }
  const where = and(
    eq(adAccountDailyStats.userId, userId),
    between(adAccountDailyStats.day, from, today),
    query.PlatformId ? eq(adAccountDailyStats.platformId, query.PlatformId) : undefined,
    accountFilter !== undefined ? eq(adAccountDailyStats.adAccountId, accountFilter) : undefined,
  );
  const byDay = await db
    .select({ day: adAccountDailyStats.day, ...sums })
    .from(adAccountDailyStats)
    .where(where)
    .groupBy(adAccountDailyStats.day)
    .orderBy(asc(adAccountDailyStats.day));
  const byAccount = await db
    .select({ id: adAccountDailyStats.adAccountId, ...sums })
    .from(adAccountDailyStats)
    .where(where)
    .groupBy(adAccountDailyStats.adAccountId);
  const accounts = byAccount.length
    ? await db
        .select()
        .from(adAccounts)
        .where(
          inArray(
            adAccounts.id,
            byAccount.map((row) => row.id),
          ),
        )
    : [];
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const found = new Map(byDay.map((row) => [row.day, figuresOf(row)]));
  const days: AdReportDay[] = [];
  for (let day = from; day <= today; day = addDays(day, 1))
    days.push({ Day: day, ...(found.get(day) ?? { Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 }) });
  const totals = days.reduce(
    (sum, day) => ({
      Spend: sum.Spend + day.Spend,
      Impressions: sum.Impressions + day.Impressions,
      Clicks: sum.Clicks + day.Clicks,
      Conversions: sum.Conversions + day.Conversions,
    }),
    { Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 },
  );
  const perAccount = byAccount
    .map((row) => {
      const account = accountById.get(row.id)!;
      return {
        AccountId: account.accountId,
        AccountName: account.name,
        PlatformId: account.platformId,
        Currency: account.currency,
        ...figuresOf(row),
      };
    })
    .sort((a, b) => b.Spend - a.Spend || a.AccountId.localeCompare(b.AccountId));
  // money is not summed across currencies: the range's spend per account currency
  const byCurrency = new Map<string, number>();
  for (const account of perAccount)
    byCurrency.set(account.Currency, (byCurrency.get(account.Currency) ?? 0) + account.Spend);
  const spendByCurrency = [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([Currency, Spend]) => ({ Currency, Spend }));
  return { From: from, To: today, Totals: totals, SpendByCurrency: spendByCurrency, Days: days, Accounts: perAccount };
}
