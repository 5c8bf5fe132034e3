import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adAccounts, adDailyStats, fbAdObjects } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { AD_ACCOUNT_STATUS } from '../../../src/gateway/contract/advertising';
import type { FbLevel } from '../../../src/gateway/contract/fb-ads';
import type { FbObject } from '../../../src/gateway/contract/actions/fb-ads';
import { fbCampaignLifecycle } from '../../../src/machines/lifecycles/fb-campaign.machine';
import { fbAdSetLifecycle } from '../../../src/machines/lifecycles/fb-adset.machine';
import { fbAdLifecycle } from '../../../src/machines/lifecycles/fb-ad.machine';
import type { FbMarketingApi } from '../../platforms/ads/fb-marketing';
import type { AdWork } from '../work';
import { unixSecondsOf } from '../work';

// Facebook ad objects of an opened Facebook ad account (docs/decisions.md "Facebook campaigns, ad sets and
// ads"): the caller's own only; the three levels share one table and their lifecycles.

export type FbObjectRow = typeof fbAdObjects.$inferSelect;
export type AdAccountRow = typeof adAccounts.$inferSelect;

/** An account can run ads while it can spend: Normal, Empty (it shows, it does not deliver), Outstanding, grace. */
const RUNNING_ACCOUNT: readonly number[] = [
  AD_ACCOUNT_STATUS.Normal,
  AD_ACCOUNT_STATUS.Empty,
  AD_ACCOUNT_STATUS.Outstanding,
  AD_ACCOUNT_STATUS.GracePeriod,
];

export const FACEBOOK_PLATFORM_ID = 1;

/** The caller's opened Facebook account, or FbAdAccountNotOpened (another tenant's is not found either). */
export async function openedFbAccount(db: Db, userId: number, accountId: string): Promise<AdAccountRow> {
  const [row] = await db
    .select()
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.accountId, accountId),
        eq(adAccounts.userId, userId),
        eq(adAccounts.platformId, FACEBOOK_PLATFORM_ID),
      ),
    );
  if (!row || !RUNNING_ACCOUNT.includes(row.status))
    throw new ApiError(
      RetCode.FbAdAccountNotOpened,
      {},
      { Fields: [{ Field: 'AccountId', Key: 'errors:FbAdAccountNotOpened' }] },
    );
  return row;
}

export function marketingOf(work: AdWork): FbMarketingApi {
  const marketing = work.platforms(FACEBOOK_PLATFORM_ID).marketing;
  if (!marketing) throw new Error('the Facebook ad platform has no Marketing API adapter');
  return marketing;
}

/** The account's object of a level by its platform id (never a deleted one), or NotFound. */
export async function ownedObject(db: Db, account: AdAccountRow, level: FbLevel, objectId: string, lock = false) {
  const query = db
    .select()
    .from(fbAdObjects)
    .where(
      and(
        eq(fbAdObjects.objectId, objectId),
        eq(fbAdObjects.adAccountId, account.id),
        eq(fbAdObjects.userId, account.userId),
        eq(fbAdObjects.level, level),
        ne(fbAdObjects.status, 'DELETED'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const lifecycleOf = (level: FbLevel) =>
  (level === 'campaign' ? fbCampaignLifecycle : level === 'adset' ? fbAdSetLifecycle : fbAdLifecycle) as {
    next(status: string, event: string): { status: string } | null;
    can(status: string, event: string): boolean;
    statuses: readonly string[];
    statusesAllowing(event: string): string[];
  };

/** The status after an event, or IllegalTransition. */
export function nextStatus(level: FbLevel, status: string, event: string): string {
  const next = lifecycleOf(level).next(status, event);
  if (!next) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

/** The status after an event when the lifecycle allows it, else the same status (a child following its parent). */
export const follow = (level: FbLevel, status: string, event: string) =>
  lifecycleOf(level).next(status, event)?.status ?? status;

export const fbNameRefusal = (field: string) =>
  new ApiError(RetCode.FbAdNameTaken, {}, { Fields: [{ Field: field, Key: 'validation:fbNameTaken' }] });

/** Refuses a name the account already uses at this level (another object than `exceptId`). */
export async function checkNameFree(
  db: Db,
  account: AdAccountRow,
  level: FbLevel,
  name: string,
  field: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: fbAdObjects.id })
    .from(fbAdObjects)
    .where(
      and(
        eq(fbAdObjects.adAccountId, account.id),
        eq(fbAdObjects.level, level),
        eq(fbAdObjects.nameKey, name.trim().toLowerCase()),
        ne(fbAdObjects.status, 'DELETED'),
        exceptId === undefined ? undefined : ne(fbAdObjects.id, exceptId),
      ),
    );
  if (row) throw fbNameRefusal(field);
}

export type FbStats = FbObject['Stats'];
export const NO_STATS: FbStats = { Spend: 0, Impressions: 0, Clicks: 0, Conversions: 0 };

/** Each ad's totals (by the ad's platform id). */
export async function statsByAd(db: Db, userId: number, adIds: string[]): Promise<Map<string, FbStats>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({
      adId: adDailyStats.adId,
      spend: sql<string>`sum(${adDailyStats.spend})`,
      impressions: sql<string>`sum(${adDailyStats.impressions})`,
      clicks: sql<string>`sum(${adDailyStats.clicks})`,
      conversions: sql<string>`sum(${adDailyStats.conversions})`,
    })
    .from(adDailyStats)
    .where(and(eq(adDailyStats.userId, userId), inArray(adDailyStats.adId, adIds)))
    .groupBy(adDailyStats.adId);
  return new Map(
    rows.map((r) => [
      r.adId,
      {
        Spend: Number(r.spend),
        Impressions: Number(r.impressions),
        Clicks: Number(r.clicks),
        Conversions: Number(r.conversions),
      },
    ]),
  );
}

export const addStats = (a: FbStats, b: FbStats): FbStats => ({
  Spend: a.Spend + b.Spend,
  Impressions: a.Impressions + b.Impressions,
  Clicks: a.Clicks + b.Clicks,
  Conversions: a.Conversions + b.Conversions,
});

export function objectData(row: FbObjectRow, parentObjectId: string, stats: FbStats = NO_STATS): FbObject {
  return {
    Id: row.objectId,
    Level: row.level as FbLevel,
    ParentId: parentObjectId,
    Name: row.name,
    Status: row.status,
    ReviewReason: row.reviewReason,
    Fields: row.fields,
    Stats: stats,
    CreateTime: unixSecondsOf(row.createdAt),
    UpdateTime: unixSecondsOf(row.updatedAt),
  };
}

/** The object ids (platform's) of rows by Herald id. */
export async function objectIdsOf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: fbAdObjects.id, objectId: fbAdObjects.objectId })
    .from(fbAdObjects)
    .where(inArray(fbAdObjects.id, wanted));
  return new Map(rows.map((r) => [r.id, r.objectId]));
}
