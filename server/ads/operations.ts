import { adPlatformServes } from '../../src/gateway/contract/ad-platform-status';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { adAccounts, adAuthorizations, adOperations } from '../db/schema';
import { isUniqueViolation } from '../db/rows';
import { fail, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { credit } from '../money/ledger';
import { enqueueAfterCommit, QUEUE, type JobQueue } from '../queue';
import type { AdOperationsPlatforms } from '../platforms/ads/operations';
import { adAccountLifecycle } from '../../src/machines/lifecycles/ad-account.machine';
import { adOperationLifecycle } from '../../src/machines/lifecycles/ad-operation.machine';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { AD_ACCOUNT_STATUS, type AdPlatformId } from '../../src/gateway/contract/advertising';
import {
  AD_AUTHORIZATION_STATUS,
  AD_MONEY_ACTIONS,
  AD_OPERATION_STATUS,
  adPlatformOffers,
  type AdOperationAction,
} from '../../src/gateway/contract/ad-operations';
import type { AdOperation, AdOperationRequest } from '../../src/gateway/contract/actions/ad-operations';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ownedAccount } from './accounts';
import { unixSecondsOf } from './work';

// Ad operations (issue 17 item 5): BM/pixel/MCC (un)binding, binding users, refund and clear. Applying
// stores a Pending record (once per IdempotencyKey) and asks the platform in a job after its delay; the
// answer moves the record (the adOperation lifecycle). A refund or clear the platform accepts moves the
// money from the ad account back to the 6026 ad sub-wallet in the same transaction that claims the
// record, with a keyed ledger move: a job that runs twice moves the money once.

type OperationRow = typeof adOperations.$inferSelect;
type AccountRow = typeof adAccounts.$inferSelect;
const ADS = SUB_WALLET_TYPES.Ads;

export interface AdOperationWork {
  db: Db;
  now: Date;
  jobs: JobQueue;
  platforms: AdOperationsPlatforms;
  delayMs: number;
}

export const operationData = (row: OperationRow, account: Pick<AccountRow, 'accountId' | 'name'>): AdOperation => ({
  OperationId: row.operationId,
  AccountId: account.accountId,
  AccountName: account.name,
  PlatformId: row.platformId,
  Operation: row.action,
  BindingType: row.bindingType,
  Target: row.target,
  Amount: row.amount,
  Status: row.status,
  Reason: row.reason,
  CreateTime: unixSecondsOf(row.createdAt),
  FinishTime: unixSecondsOf(row.finishedAt),
});

const targetsOf = (input: AdOperationRequest): string[] =>
  input.Users ?? [input.BmId ?? input.PixelId ?? input.MccId ?? ''].filter(Boolean);

/** The refusals that need the database: the platform's table, the account's status, its authorisation. */
async function checkAccount(db: Db, account: AccountRow, input: AdOperationRequest): Promise<void> {
  if (!adPlatformOffers(account.platformId, input.Operation)) throw fail(RetCode.AdOperationNotSupported);
  // operations need an account that can still spend (the statuses a recharge may be asked in)
  if (!adAccountLifecycle.can(account.status, 'recharge.request')) throw fail(RetCode.AdOperationNotSupported);
  if (!adPlatformServes(account.platformStatus)) throw fail(RetCode.AdAccountPlatformBlocked);
  if (account.authorizationId) {
    const [authorization] = await db
      .select({ status: adAuthorizations.status })
      .from(adAuthorizations)
      .where(eq(adAuthorizations.id, account.authorizationId));
    if (authorization?.status !== AD_AUTHORIZATION_STATUS.Authorized) throw fail(RetCode.AdAuthorizationRevoked);
  }
  if (input.Operation === 'REFUND' && (input.Amount ?? 0) > account.balance) throw fail(RetCode.AdRefundOverBalance);
}

export async function applyOperation(
  work: AdOperationWork,
  userId: number,
  input: AdOperationRequest,
): Promise<AdOperation> {
  const account = await ownedAccount(work.db, userId, input.AccountId);
  if (!account) throw notFound();
  const replay = async () => {
    const [previous] = await work.db
      .select()
      .from(adOperations)
      .where(and(eq(adOperations.userId, userId), eq(adOperations.requestKey, input.IdempotencyKey)));
    if (!previous) return null;
    if (previous.adAccountId !== account.id || previous.action !== input.Operation)
      throw fail(RetCode.IdempotencyConflict);
    return operationData(previous, account);
  };
  const first = await replay();
  if (first) return first;
  await checkAccount(work.db, account, input);
  let row: OperationRow;
  try {
    [row] = await work.db
      .insert(adOperations)
      .values({
        operationId: newPublicId('AO'),
        userId,
        adAccountId: account.id,
        platformId: account.platformId,
        action: input.Operation,
        bindingType: input.BindingType ?? -1,
        target: targetsOf(input).join(', '),
        amount: input.Operation === 'REFUND' ? (input.Amount ?? 0) : 0,
        status: AD_OPERATION_STATUS.Pending,
        requestKey: input.IdempotencyKey,
        createdAt: work.now,
      })
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // the same key racing its first request, or another refund/clear of the account still pending
    const raced = await replay();
    if (raced) return raced;
    throw fail(RetCode.AdOperationAccountBusy);
  }
  await enqueueAfterCommit(work, QUEUE.adOperationAnswer, { id: row.id }, { startAfterMs: work.delayMs });
  return operationData(row, account);
}

/** The money a platform-accepted refund or clear takes from the account: null when it is not there any more. */
function moneyTaken(action: string, requested: number, balance: number): number | null {
  if (action === 'CLEAR') return balance;
  return requested <= balance ? requested : null;
}

/** The answer job: asks the platform, then claims the Pending record once and applies the answer. */
export async function answerOperation(work: AdOperationWork, id: number): Promise<void> {
  const [pending] = await work.db
    .select({ operation: adOperations, account: adAccounts })
    .from(adOperations)
    .innerJoin(adAccounts, eq(adAccounts.id, adOperations.adAccountId))
    .where(and(eq(adOperations.id, id), eq(adOperations.status, AD_OPERATION_STATUS.Pending)));
  if (!pending) return;
  const { operation, account } = pending;
  const answer = await work.platforms(account.platformId as AdPlatformId).applyOperation({
    accountId: account.accountId,
    accountName: account.name,
    action: operation.action as AdOperationAction,
    bindingType: operation.bindingType,
    targets: operation.target ? operation.target.split(', ') : [],
    amount: operation.amount,
    operationId: operation.operationId,
  });
  await work.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const finish = (event: 'platform.accept' | 'platform.refuse', changes: { reason?: string; amount?: number }) =>
      tx
        .update(adOperations)
        .set({
          status: adOperationLifecycle.next(AD_OPERATION_STATUS.Pending, event)!.status,
          finishedAt: work.now,
          ...changes,
        })
        .where(and(eq(adOperations.id, id), eq(adOperations.status, AD_OPERATION_STATUS.Pending)))
        .returning();
    if (!answer.accepted) {
      await finish('platform.refuse', { reason: answer.reason });
      return;
    }
    if (!AD_MONEY_ACTIONS.includes(operation.action as AdOperationAction)) {
      await finish('platform.accept', {});
      return;
    }
    const [current] = await tx.select().from(adAccounts).where(eq(adAccounts.id, account.id)).for('update');
    const amount = moneyTaken(operation.action, operation.amount, current.balance);
    if (amount === null) {
      await finish('platform.refuse', { reason: 'The account no longer has the money to refund.' });
      return;
    }
    const [claimed] = await finish('platform.accept', { amount });
    if (!claimed || amount === 0) return;
    const left = current.balance - amount;
    const status =
      left === 0 && current.status === AD_ACCOUNT_STATUS.Normal
        ? (adAccountLifecycle.next(current.status, 'balance.spendOut')?.status ?? current.status)
        : current.status;
    await tx
      .update(adAccounts)
      .set({ balance: sql`${adAccounts.balance} - ${amount}`, status, updatedAt: work.now })
      .where(eq(adAccounts.id, account.id));
    await credit(db, {
      userId: operation.userId,
      productType: ADS,
      amount,
      billType: 'refund',
      uniqueKey: `ad-operation:${operation.operationId}`,
      description: `Ad account ${account.accountId} ${operation.action.toLowerCase()} ${operation.operationId}`,
      at: work.now,
    });
  });
}

export async function listOperations(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; PlatformId?: number; AccountId?: string; Operation?: string },
): Promise<{ total: number; operations: AdOperation[] }> {
  const where = and(
    eq(adOperations.userId, userId),
    query.PlatformId ? eq(adOperations.platformId, query.PlatformId) : undefined,
    query.AccountId ? eq(adAccounts.accountId, query.AccountId) : undefined,
    query.Operation ? eq(adOperations.action, query.Operation) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(adOperations)
    .innerJoin(adAccounts, eq(adAccounts.id, adOperations.adAccountId))
    .where(where);
  const rows = await db
    .select({ operation: adOperations, accountId: adAccounts.accountId, name: adAccounts.name })
    .from(adOperations)
    .innerJoin(adAccounts, eq(adAccounts.id, adOperations.adAccountId))
    .where(where)
    .orderBy(desc(adOperations.createdAt), desc(adOperations.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, operations: rows.map((row) => operationData(row.operation, row)) };
}

/** Operations the platform has not answered yet (the start-up sweep queues them again). */
export async function pendingOperations(db: Db): Promise<OperationRow[]> {
  return db.select().from(adOperations).where(eq(adOperations.status, AD_OPERATION_STATUS.Pending));
}
