import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { subscriptionPackages, subscriptionRecords, RECORD_STATUS } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';

// Spec 001 §6: "Trial and expired subscriptions block features". An account that bought a paid plan
// and has no live paid plan now is expired: sending (and the gated features that call this) is refused
// with SubscriptionExpired until it renews. An upgraded account that never bought a plan pays as it
// goes from its wallet and is not blocked (docs/decisions.md, "Money in").

export async function requireLiveSubscription(db: Db, userId: number, now: Date): Promise<void> {
  const paid = await db
    .select({
      status: subscriptionRecords.status,
      endsAt: subscriptionRecords.endsAt,
      startsAt: subscriptionRecords.startsAt,
    })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(and(eq(subscriptionRecords.userId, userId), eq(subscriptionPackages.free, false)));
  if (paid.length === 0) return;
  const live = paid.some((r) => r.status === RECORD_STATUS.Active && r.startsAt <= now && r.endsAt > now);
  if (!live) throw new ApiError(RetCode.SubscriptionExpired);
}

/** Whether the account has a live paid plan ending after `now` (used by renewals and the console). */
export async function hasLivePaidPlan(db: Db, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionRecords.id })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(
      and(
        eq(subscriptionRecords.userId, userId),
        eq(subscriptionPackages.free, false),
        eq(subscriptionRecords.status, RECORD_STATUS.Active),
        gt(subscriptionRecords.endsAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
