import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { adAccountDailyStats, adAccounts } from '../db/schema';
import { AD_PLATFORMS_WITH_AD_OBJECTS, chargeSpend, rollUpAdObjectDays } from './spend';
import type { AdOperationsPlatforms } from '../platforms/ads/operations';
import { AD_RECHARGE_STATUS, localDayOf, type AdPlatformId } from '../../src/gateway/contract/advertising';
import type {
  AdReportAccount,
  AdReportCountDay,
  AdReportCurrency,
  AdReportDay,
} from '../../src/gateway/contract/actions/ad-operations';

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

/**
 * The report's last day: today in the latest time zone among the tenant's accounts with ad objects
 * (Facebook: each ad's rows are its account's own days, facebook/review.ts), else today in UTC (the other
 * platforms' rows are UTC days). Without it, a UTC+8 account's spend of its today was missing from the
 * report from 16:00 UTC until midnight UTC.
 */
export async function reportLastDay(db: Db, userId: number, now: Date): Promise<string> {
  const zones = await db
    .selectDistinct({ zone: adAccounts.timeZone })
    .from(adAccounts)
    .where(and(eq(adAccounts.userId, userId), inArray(adAccounts.platformId, [...AD_PLATFORMS_WITH_AD_OBJECTS])));
  return zones.reduce((last, { zone }) => {
    const day = localDayOf(now, zone);
    return day > last ? day : last;
  }, utcDay(now));
}

export interface ReportQuery {
  Days: number;
  PlatformId?: number;
  AccountId?: string;
}

export interface AdReport {
  From: string;
  To: string;
  Totals: Omit<AdReportCountDay, 'Day'>;
  Days: AdReportCountDay[];
  Currencies: AdReportCurrency[];
  Accounts: AdReportAccount[];
}

const sums = {
  spend: sql<string>`sum(${adAccountDailyStats.spend})`,
  impressions: sql<string>`sum(${adAccountDailyStats.impressions})`,
  clicks: sql<string>`sum(${adAccountDailyStats.clicks})`,
  conversions: sql<string>`sum(${adAccountDailyStats.conversions})`,
};
type Figures = Omit<AdReportDay, 'Day'>;
const ZERO: Figures = { Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 };
const figuresOf = (row: { spend: string; impressions: string; clicks: string; conversions: string }): Figures => ({
  Spend: Number(row.spend),
  Impressions: Number(row.impressions),
  Clicks: Number(row.clicks),
  Conversions: Number(row.conversions),
});
const add = (a: Figures, b: Figures): Figures => ({
  Spend: a.Spend + b.Spend,
  Impressions: a.Impressions + b.Impressions,
  Clicks: a.Clicks + b.Clicks,
  Conversions: a.Conversions + b.Conversions,
});
const countsOf = ({ Impressions, Clicks, Conversions }: Figures) => ({ Impressions, Clicks, Conversions });

/**
 * The report of `Days` days ending `today`: per currency and day (every day, zeros where none), the counts
 * per day across currencies, and per account. Money is never added across currencies (Herald has no rates).
 */
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
  const byDayCurrency = await db
    .select({ day: adAccountDailyStats.day, currency: adAccounts.currency, ...sums })
    .from(adAccountDailyStats)
    .innerJoin(adAccounts, eq(adAccounts.id, adAccountDailyStats.adAccountId))
    .where(where)
    .groupBy(adAccountDailyStats.day, adAccounts.currency);
  const byAccount = await db
    .select({ id: adAccountDailyStats.adAccountId, ...sums })
    .from(adAccountDailyStats)
    .where(where)
    .groupBy(adAccountDailyStats.adAccountId);
  const ids = byAccount.map((row) => row.id);
  const accounts = ids.length ? await db.select().from(adAccounts).where(inArray(adAccounts.id, ids)) : [];
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const dayList: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) dayList.push(day);
  const perCurrencyDay = new Map<string, Map<string, Figures>>();
  const perDay = new Map<string, Figures>();
  for (const row of byDayCurrency) {
    const figures = figuresOf(row);
    const found = perCurrencyDay.get(row.currency) ?? new Map<string, Figures>();
    found.set(row.day, figures);
    perCurrencyDay.set(row.currency, found);
    perDay.set(row.day, add(perDay.get(row.day) ?? ZERO, figures));
  }
  const days = dayList.map((Day) => ({ Day, ...countsOf(perDay.get(Day) ?? ZERO) }));
  const currencies = [...perCurrencyDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([Currency, found]) => {
      const currencyDays = dayList.map((Day) => ({ Day, ...(found.get(Day) ?? ZERO) }));
      return { Currency, Totals: currencyDays.reduce<Figures>(add, ZERO), Days: currencyDays };
    });
  const accountRows = byAccount
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
  return {
    From: from,
    To: today,
    Totals: countsOf(days.reduce<Figures>((sum, day) => add(sum, { ...day, Spend: 0 }), ZERO)),
    Days: days,
    Currencies: currencies,
    Accounts: accountRows,
  };
}
