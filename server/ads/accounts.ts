import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { adAccounts, adApplications, wallets } from '../db/schema';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { AD_OPENING_STATUS } from '../../src/gateway/contract/advertising';
import type { AdAccount, AdOverview } from '../../src/gateway/contract/actions/advertising';
import { unixSecondsOf } from './work';

// Ad accounts as the console lists them (issue 17 item 2): a tenant's own only, by platform, status and
// a keyword on the name or id; and the home page's overview.

type AccountRow = typeof adAccounts.$inferSelect;

export const accountData = (row: AccountRow, applicationId: string): AdAccount => ({
  AccountId: row.accountId,
  PlatformId: row.platformId,
  Name: row.name,
  CompanyName: row.companyName,
  Status: row.status,
  PlatformStatus: row.platformStatus,
  Currency: row.currency,
  TimeZone: row.timeZone,
  Balance: row.balance,
  Consumption: row.consumption,
  ApplicationId: applicationId,
  CreateTime: unixSecondsOf(row.createdAt),
});

export interface AccountQuery {
  Page: number;
  NumPerPage: number;
  PlatformId?: number;
  Status?: number[];
  Keyword?: string;
}

export async function listAccounts(
  db: Db,
  userId: number,
  query: AccountQuery,
): Promise<{ total: number; accounts: AdAccount[] }> {
  const keyword = query.Keyword ? `%${query.Keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(adAccounts.userId, userId),
    query.PlatformId ? eq(adAccounts.platformId, query.PlatformId) : undefined,
    query.Status?.length ? inArray(adAccounts.status, query.Status) : undefined,
    keyword ? or(ilike(adAccounts.name, keyword), ilike(adAccounts.accountId, keyword)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(adAccounts).where(where);
  const rows = await db
    .select({ account: adAccounts, applicationId: adApplications.applicationId })
    .from(adAccounts)
    // an account bound by an authorisation has no application
    .leftJoin(adApplications, eq(adApplications.id, adAccounts.applicationId))
    .where(where)
    .orderBy(desc(adAccounts.createdAt), desc(adAccounts.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, accounts: rows.map((row) => accountData(row.account, row.applicationId ?? '')) };
}

/** The caller's account by its platform id, or undefined (another tenant's is not found either). */
export async function ownedAccount(db: Db, userId: number, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(adAccounts)
    .where(and(eq(adAccounts.accountId, accountId), eq(adAccounts.userId, userId)));
  return row;
}

type Money = AdOverview['ByCurrency'][number];

function addMoney(money: Map<string, Money>, currency: string, balance: number, consumption: number): void {
  const entry = money.get(currency) ?? { Currency: currency, Balance: 0, Consumption: 0 };
  entry.Balance += balance;
  entry.Consumption += consumption;
  money.set(currency, entry);
}

const currencyList = (money: Map<string, Money>) =>
  [...money.values()].sort((a, b) => a.Currency.localeCompare(b.Currency));

export async function overview(db: Db, userId: number): Promise<AdOverview> {
  const byPlatformStatus = await db
    .select({
      platformId: adAccounts.platformId,
      status: adAccounts.status,
      currency: adAccounts.currency,
      count: count(),
      balance: sql<string>`coalesce(sum(${adAccounts.balance}), 0)`,
      consumption: sql<string>`coalesce(sum(${adAccounts.consumption}), 0)`,
    })
    .from(adAccounts)
    .where(eq(adAccounts.userId, userId))
    .groupBy(adAccounts.platformId, adAccounts.status, adAccounts.currency);
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, SUB_WALLET_TYPES.Ads)));
  const [{ pending }] = await db
    .select({ pending: count() })
    .from(adApplications)
    .where(
      and(
        eq(adApplications.userId, userId),
        inArray(adApplications.status, [AD_OPENING_STATUS.PendingReview, AD_OPENING_STATUS.PendingOpening]),
      ),
    );
  const byStatus = new Map<number, number>();
  const byPlatform = new Map<number, { PlatformId: number; Count: number; money: Map<string, Money> }>();
  const all = new Map<string, Money>();
  for (const row of byPlatformStatus) {
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.count);
    const platform = byPlatform.get(row.platformId) ?? { PlatformId: row.platformId, Count: 0, money: new Map() };
    platform.Count += row.count;
    for (const money of [platform.money, all])
      addMoney(money, row.currency, Number(row.balance), Number(row.consumption));
    byPlatform.set(row.platformId, platform);
  }
  const platforms = [...byPlatform.values()].sort((a, b) => a.PlatformId - b.PlatformId);
  return {
    WalletBalance: wallet ? wallet.amount + wallet.amountFree + wallet.amountCredit - wallet.amountFreeze : 0,
    ByCurrency: currencyList(all),
    Total: platforms.reduce((sum, p) => sum + p.Count, 0),
    ByStatus: [...byStatus.entries()].sort(([a], [b]) => a - b).map(([Status, Count]) => ({ Status, Count })),
    ByPlatform: platforms.map(({ PlatformId, Count, money }) => ({
      PlatformId,
      Count,
      ByCurrency: currencyList(money),
    })),
    PendingApplications: pending,
  };
}
