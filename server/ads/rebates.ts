import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { adAccounts, adRecharges } from '../db/schema';
import { newPublicId } from '../lib/ids';
import { credit } from '../money/ledger';
import type { AdPlatforms } from '../platforms/ads';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { AD_RECHARGE_STATUS, type AdPlatformId } from '../../src/gateway/contract/advertising';

// Recharge rebates (spec 001 §4 recharge statuses 3 pending rebate, 4 rebate success, 5 rebate failed;
// docs/decisions.md "Advertising: spend and rebates"). A rebate is the platform's monthly rebate on an
// ad account's spend: for every finished UTC month in which the account paid (Σ charged of its daily rows)
// at least AD_REBATE.thresholdUnits, AD_REBATE.rateBasisPoints of that spend is proposed as a recharge
// row in Pending rebate (one per account and month: request key `rebate:<account row>:<YYYY-MM>`, which
// no IdempotencyKey can spell). After AD_REBATE delay the platform is asked; paid, the row is Rebate
// success and the amount is credited to the 6026 ad sub-wallet through the ledger (`bonus`, shown as
// RebateRecharge in the statement, key `ad-rebate:<rebate id>`); refused, Rebate failed, nothing credited.

export const AD_REBATE = {
  /** 1,000.00 of spend in a month */
  thresholdUnits: 10_000_000,
  /** 2 % */
  rateBasisPoints: 200,
} as const;

/** How long a rebate waits in Pending rebate before the platform is asked (default one hour). */
export function adRebateDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.HERALD_AD_REBATE_DELAY_MS);
  return env.HERALD_AD_REBATE_DELAY_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : 3_600_000;
}

export const rebateOf = (spentUnits: number) =>
  spentUnits >= AD_REBATE.thresholdUnits ? Math.floor((spentUnits * AD_REBATE.rateBasisPoints) / 10_000) : 0;

const userFilter = (column: string, userId?: number) =>
  userId === undefined ? sql`TRUE` : sql`${sql.raw(column)} = ${userId}`;

/** Proposes the rebates of finished months not proposed yet; answers how many were proposed. */
export async function proposeRebates(db: Db, now: Date, userId?: number): Promise<number> {
  const monthStart = `${now.toISOString().slice(0, 7)}-01`;
  const months = await rowsOf<{ id: string; user_id: string; month: string; spent: string }>(
    db,
    sql`SELECT a.id, a.user_id, to_char(s.day, 'YYYY-MM') AS month, sum(s.charged) AS spent
        FROM ad_account_daily_stats s JOIN ad_accounts a ON a.id = s.ad_account_id
        WHERE s.day < ${monthStart} AND ${userFilter('a.user_id', userId)}
        GROUP BY a.id, a.user_id, to_char(s.day, 'YYYY-MM')
        HAVING sum(s.charged) >= ${AD_REBATE.thresholdUnits}`,
  );
  let proposed = 0;
  for (const month of months) {
    const inserted = await db
      .insert(adRecharges)
      .values({
        rechargeId: newPublicId('RB'),
        userId: Number(month.user_id),
        adAccountId: Number(month.id),
        amount: rebateOf(Number(month.spent)),
        status: AD_RECHARGE_STATUS.PendingRebate,
        requestKey: `rebate:${month.id}:${month.month}`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: adRecharges.id });
    proposed += inserted.length;
  }
  return proposed;
}

/** Asks the platform about the rebates that have waited their delay; each is settled once. */
export async function settleRebates(
  db: Db,
  platforms: AdPlatforms,
  now: Date,
  delayMs: number,
  userId?: number,
): Promise<number> {
  const due = await db
    .select({ rebate: adRecharges, account: adAccounts })
    .from(adRecharges)
    .innerJoin(adAccounts, eq(adAccounts.id, adRecharges.adAccountId))
    .where(
      and(
        eq(adRecharges.status, AD_RECHARGE_STATUS.PendingRebate),
        lte(adRecharges.createdAt, new Date(now.getTime() - delayMs)),
        userId === undefined ? undefined : eq(adRecharges.userId, userId),
      ),
    );
  let settled = 0;
  for (const { rebate, account } of due) {
    const answer = await platforms(account.platformId as AdPlatformId).rebate({
      accountId: account.accountId,
      accountName: account.name,
      month: rebate.requestKey.split(':')[2] ?? '',
      amount: rebate.amount,
      rechargeId: rebate.rechargeId,
    });
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(adRecharges)
        .set({
          status: answer.accepted ? AD_RECHARGE_STATUS.RebateSuccess : AD_RECHARGE_STATUS.RebateFailed,
          arrivedAt: now,
        })
        .where(and(eq(adRecharges.id, rebate.id), eq(adRecharges.status, AD_RECHARGE_STATUS.PendingRebate)))
        .returning();
      if (!claimed || !answer.accepted) return;
      settled += 1;
      await credit(tx as unknown as Db, {
        userId: rebate.userId,
        productType: SUB_WALLET_TYPES.Ads,
        amount: rebate.amount,
        billType: 'bonus',
        uniqueKey: `ad-rebate:${rebate.rechargeId}`,
        description: `Ad account ${account.accountId} rebate ${rebate.rechargeId} (${rebate.requestKey.split(':')[2]})`,
        at: now,
      });
    });
  }
  return settled;
}
