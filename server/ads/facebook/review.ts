import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { adAccounts, adDailyStats, fbAdObjects } from '../../db/schema';
import type { FbAdFields, FbAdSetFields } from '../../../src/gateway/contract/fb-ads';
import { fbAdLifecycle } from '../../../src/machines/lifecycles/fb-ad.machine';
import type { FbAdReview } from '../../platforms/ads/fb-marketing';
import type { AdWork } from '../work';
import { graphAdOf } from './graph';
import { FACEBOOK_PLATFORM_ID, marketingOf } from './objects';
import { localDayOf } from '../../../src/gateway/contract/advertising';

// The platform's side of an ad after Herald sent it (docs/decisions.md "Facebook campaigns, ad sets and
// ads"): its review (the job asks for it after HERALD_FB_AD_REVIEW_DELAY_MS), and its daily figures,
// written to ad_daily_stats for each day an ad is ACTIVE (from the day it last became ACTIVE, within its
// ad set's schedule, at most FB_STATS_BACKFILL_DAYS back), once per ad and day.

const REVIEW_EVENT: Record<FbAdReview['status'], string> = {
  ACTIVE: 'review.approve',
  DISAPPROVED: 'review.disapprove',
  PREAPPROVED: 'review.preapprove',
  PENDING_BILLING_INFO: 'review.billingMissing',
};

export const FB_STATS_BACKFILL_DAYS = 62;

/** Asks the platform's review of an ad still waiting for one; answers its status after (or null: nothing to do). */
export async function reviewFbAd(work: AdWork, adRowId: number): Promise<string | null> {
  const { db } = work;
  const [ad] = await db
    .select()
    .from(fbAdObjects)
    .where(and(eq(fbAdObjects.id, adRowId), eq(fbAdObjects.level, 'ad')));
  if (!ad || !fbAdLifecycle.can(ad.status, 'review.approve') || ad.objectId.startsWith('pending-')) return null;
  const [adSet] = await db
    .select()
    .from(fbAdObjects)
    .where(eq(fbAdObjects.id, ad.parentId ?? -1));
  const review = await marketingOf(work).reviewAd(
    ad.objectId,
    graphAdOf(ad.fields as unknown as FbAdFields, adSet?.objectId ?? '', 'ACTIVE'),
  );
  const next = fbAdLifecycle.next(ad.status, REVIEW_EVENT[review.status] as 'review.approve');
  if (!next) return null;
  const [moved] = await db
    .update(fbAdObjects)
    .set({
      status: next.status,
      reviewReason: review.status === 'DISAPPROVED' ? review.reason : '',
      ...(next.status === 'ACTIVE' ? { activatedAt: work.now } : {}),
      updatedAt: work.now,
    })
    .where(and(eq(fbAdObjects.id, ad.id), eq(fbAdObjects.status, ad.status)))
    .returning();
  if (moved?.status === 'ACTIVE') await accrueFbAdStats(work, [moved.id]);
  return moved?.status ?? null;
}

/** Ads still waiting for a review made before `before` (the sweep asks again for those a lost job left). */
export async function overdueFbAdReviews(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: fbAdObjects.id })
    .from(fbAdObjects)
    .where(
      and(
        eq(fbAdObjects.level, 'ad'),
        inArray(fbAdObjects.status, fbAdLifecycle.statusesAllowing('review.approve')),
        lt(fbAdObjects.updatedAt, before),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The most an ad spends in a day (cents): its ad set's daily budget, or its lifetime budget over the schedule. */
export function dailyCapOf(adSet: FbAdSetFields): number {
  if (adSet.BudgetType === 'DAILY') return adSet.DailyBudget;
  const days = adSet.EndDate ? Math.max(1, daysBetween(adSet.StartDate, adSet.EndDate)) : 30;
  return Math.ceil(adSet.LifetimeBudget / days);
}

/** Writes the missing daily rows of ACTIVE ads (all of them, or those given) up to today. */
export async function accrueFbAdStats(
  work: Pick<AdWork, 'db' | 'now' | 'platforms'>,
  adRowIds?: number[],
  userId?: number,
) {
  const { db } = work;
  const adSet = alias(fbAdObjects, 'adset');
  const campaign = alias(fbAdObjects, 'campaign');
  const rows = await db
    .select({ ad: fbAdObjects, adSet, campaign, timeZone: adAccounts.timeZone })
    .from(fbAdObjects)
    .innerJoin(adSet, eq(adSet.id, fbAdObjects.parentId))
    .innerJoin(campaign, eq(campaign.id, adSet.parentId))
    .innerJoin(adAccounts, eq(adAccounts.id, fbAdObjects.adAccountId))
    .where(
      and(
        eq(fbAdObjects.level, 'ad'),
        eq(fbAdObjects.status, 'ACTIVE'),
        // an account without money does not deliver (docs/decisions.md "Advertising: spend and rebates")
        gt(adAccounts.balance, 0),
        adRowIds ? inArray(fbAdObjects.id, adRowIds.length ? adRowIds : [-1]) : undefined,
        userId === undefined ? undefined : eq(fbAdObjects.userId, userId),
      ),
    );
  const marketing = work.platforms(FACEBOOK_PLATFORM_ID).marketing;
  if (!marketing) return 0;
  let written = 0;
  for (const { ad, adSet: set, campaign: camp, timeZone } of rows) {
    const fields = set.fields as unknown as FbAdSetFields;
    const today = localDayOf(work.now, timeZone);
    let from = localDayOf(ad.activatedAt ?? ad.updatedAt, timeZone);
    if (fields.StartDate > from) from = fields.StartDate;
    const earliest = addDays(today, -FB_STATS_BACKFILL_DAYS);
    if (from < earliest) from = earliest;
    let to = today;
    if (fields.EndDate && addDays(fields.EndDate, -1) < to) to = addDays(fields.EndDate, -1);
    if (from > to) continue;
    const [last] = await db
      .select({ day: sql<string>`max(${adDailyStats.day})` })
      .from(adDailyStats)
      .where(eq(adDailyStats.adId, ad.objectId));
    if (last?.day && last.day >= from) from = addDays(String(last.day).slice(0, 10), 1);
    const values = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const insights = await marketing.dayInsights(ad.objectId, day, dailyCapOf(fields));
      values.push({
        userId: ad.userId,
        accountId: ad.accountId,
        platformId: FACEBOOK_PLATFORM_ID,
        campaignId: camp.objectId,
        adsetId: set.objectId,
        adId: ad.objectId,
        day,
        // cents to units (10,000 per currency unit)
        spend: insights.spend * 100,
        impressions: insights.impressions,
        clicks: insights.clicks,
        conversions: insights.conversions,
      });
    }
    if (values.length) {
      await db.insert(adDailyStats).values(values).onConflictDoNothing();
      written += values.length;
    }
  }
  return written;
}
