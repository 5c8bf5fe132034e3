import { adPlatformServes } from '../../src/gateway/contract/ad-platform-status';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { adAccounts, adRecharges } from '../db/schema';
import { retryOnUniqueViolation } from '../db/rows';
import { fail, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { credit, debit } from '../money/ledger';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { adAccountLifecycle } from '../../src/machines/lifecycles/ad-account.machine';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { AD_RECHARGE_STATUS, type AdPlatformId } from '../../src/gateway/contract/advertising';
import type { AdRecharge } from '../../src/gateway/contract/actions/advertising';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ownedAccount } from './accounts';
import { unixSecondsOf, type AdWork } from './work';

// Ad recharges (issue 17 item 4): the 6026 ad sub-wallet is debited once per IdempotencyKey, in the
// same transaction as the Pending recharge row; the money reaches the account after the platform's
// delay (a job). A top-up the platform refuses is Agent Failed and its money goes back to 6026.

type RechargeRow = typeof adRecharges.$inferSelect;
const ADS = SUB_WALLET_TYPES.Ads;

export const rechargeData = (row: RechargeRow, accountId: string): AdRecharge => ({
  RechargeId: row.rechargeId,
  AccountId: accountId,
  Amount: row.amount,
  Status: row.status,
  CreateTime: unixSecondsOf(row.createdAt),
  ArriveTime: unixSecondsOf(row.arrivedAt),
});

export async function rechargeAccount(
  work: AdWork,
  userId: number,
  input: { AccountId: string; Amount: number; IdempotencyKey: string },
): Promise<AdRecharge> {
  const account = await ownedAccount(work.db, userId, input.AccountId);
  if (!account) throw notFound();
  // two requests with one key at once: the loser's insert meets the winner's unique key and is a replay
  const { row, created } = await retryOnUniqueViolation(() =>
    work.db.transaction(async (tx) => {
      const [previous] = await tx
        .select()
        .from(adRecharges)
        .where(and(eq(adRecharges.userId, userId), eq(adRecharges.requestKey, input.IdempotencyKey)));
      if (previous) {
        if (previous.adAccountId !== account.id || previous.amount !== input.Amount)
          throw fail(RetCode.IdempotencyConflict);
        return { row: previous, created: false };
      }
      if (!adAccountLifecycle.can(account.status, 'recharge.request')) throw fail(RetCode.AdAccountNotRechargeable);
      if (!adPlatformServes(account.platformStatus)) throw fail(RetCode.AdAccountPlatformBlocked);
      const rechargeId = newPublicId('RC');
      await debit(tx as unknown as Db, {
        userId,
        productType: ADS,
        amount: input.Amount,
        billType: 'deduct',
        uniqueKey: `ad-recharge:${input.IdempotencyKey}`,
        description: `Ad account ${account.accountId} recharge ${rechargeId}`,
        at: work.now,
      });
      const [inserted] = await tx
        .insert(adRecharges)
        .values({
          rechargeId,
          userId,
          adAccountId: account.id,
          amount: input.Amount,
          status: AD_RECHARGE_STATUS.Pending,
          requestKey: input.IdempotencyKey,
          createdAt: work.now,
        })
        .returning();
      return { row: inserted, created: true };
    }),
  );
  if (created)
    await enqueueAfterCommit(work, QUEUE.adRechargeArrive, { id: row.id }, { startAfterMs: work.delays.rechargeMs });
  return rechargeData(row, account.accountId);
}

/** The arrival job: claims the Pending recharge once, then credits the account or refunds the wallet. */
export async function arriveRecharge(work: AdWork, id: number): Promise<void> {
  const [pending] = await work.db
    .select({ recharge: adRecharges, account: adAccounts })
    .from(adRecharges)
    .innerJoin(adAccounts, eq(adAccounts.id, adRecharges.adAccountId))
    .where(and(eq(adRecharges.id, id), eq(adRecharges.status, AD_RECHARGE_STATUS.Pending)));
  if (!pending) return;
  const { recharge, account } = pending;
  const answer = await work.platforms(account.platformId as AdPlatformId).topUp({
    accountId: account.accountId,
    accountName: account.name,
    amount: recharge.amount,
    rechargeId: recharge.rechargeId,
  });
  await work.db.transaction(async (tx) => {
    const status = answer.accepted ? AD_RECHARGE_STATUS.AgentSuccess : AD_RECHARGE_STATUS.AgentFailed;
    const [claimed] = await tx
      .update(adRecharges)
      .set({ status, arrivedAt: work.now })
      .where(and(eq(adRecharges.id, id), eq(adRecharges.status, AD_RECHARGE_STATUS.Pending)))
      .returning();
    if (!claimed) return;
    if (!answer.accepted) {
      await credit(tx as unknown as Db, {
        userId: recharge.userId,
        productType: ADS,
        amount: recharge.amount,
        billType: 'refund',
        uniqueKey: `ad-recharge-refund:${recharge.rechargeId}`,
        description: `Ad account ${account.accountId} recharge ${recharge.rechargeId} refused: ${answer.reason}`,
        at: work.now,
      });
      return;
    }
    const [current] = await tx.select().from(adAccounts).where(eq(adAccounts.id, account.id)).for('update');
    const next = adAccountLifecycle.next(current.status, 'recharge.arrive')?.status ?? current.status;
    await tx
      .update(adAccounts)
      .set({ balance: sql`${adAccounts.balance} + ${recharge.amount}`, status: next, updatedAt: work.now })
      .where(eq(adAccounts.id, account.id));
  });
}

export async function listRecharges(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; AccountId?: string },
): Promise<{ total: number; recharges: AdRecharge[] }> {
  const where = and(
    eq(adRecharges.userId, userId),
    query.AccountId ? eq(adAccounts.accountId, query.AccountId) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(adRecharges)
    .innerJoin(adAccounts, eq(adAccounts.id, adRecharges.adAccountId))
    .where(where);
  const rows = await db
    .select({ recharge: adRecharges, accountId: adAccounts.accountId })
    .from(adRecharges)
    .innerJoin(adAccounts, eq(adAccounts.id, adRecharges.adAccountId))
    .where(where)
    .orderBy(desc(adRecharges.createdAt), desc(adRecharges.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, recharges: rows.map((row) => rechargeData(row.recharge, row.accountId)) };
}

/** Recharges the platform has not answered yet (the start-up sweep queues them again). */
export async function pendingRecharges(db: Db): Promise<RechargeRow[]> {
  return db.select().from(adRecharges).where(eq(adRecharges.status, AD_RECHARGE_STATUS.Pending));
}
