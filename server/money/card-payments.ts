import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ServerDeps } from '../context';
import { paymentMethods, payments, type PaymentPurpose } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { cardFeeUnits } from '../../src/gateway/contract/billing/rules';
import type { Payment } from '../../src/gateway/contract/billing/payments';
import { paymentsFor } from '../providers/payments';
import { ProviderRefusedError, type FailureCode, type PaymentIntentView } from '../providers/payments/types';
import { credit } from './ledger';
import { createInvoice } from './invoices';

// Card payments: a row first (processing), then the provider's payment intent keyed by the row's id, then
// settlement. Settlement is the one place a card payment becomes money: it locks the row, credits the
// wallet with the ledger key `payment:<id>` and marks the row succeeded, so the console's call, the
// webhook (early, late or twice) and the reconciliation job can all run it and the wallet moves once.

export type MoneyDeps = Pick<ServerDeps, 'database' | 'clock' | 'config' | 'messenger'>;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = 'recharge' | 'plan' | 'auto_recharge';

const FAILURE_RET_CODE: Record<FailureCode, number> = {
  card_declined: RetCode.CardDeclined,
  insufficient_funds: RetCode.CardInsufficientFunds,
  challenge_failed: RetCode.CardChallengeFailed,
  expired_card: RetCode.CardExpired,
};

export const customerOf = (userId: number) => `user:${userId}`;

export function paymentView(row: PaymentRow): Payment {
  return {
    PaymentId: row.id,
    Status: row.status as Payment['Status'],
    ProductType: row.walletType,
    Amount: row.amount,
    Fee: row.fee,
    Total: row.amount + row.fee,
    Currency: row.currency,
    PaymentMethodId: row.providerPmId,
    Brand: row.brand,
    Last4: row.last4,
    Challenge:
      row.status === 'requires_action' && row.challengeUrl && row.challengeSecret
        ? { Url: row.challengeUrl, ClientSecret: row.challengeSecret }
        : null,
    FailureRetCode: row.failureRetCode,
    InvoiceId: row.invoiceId,
    CreateTime: Math.floor(row.createdAt.getTime() / 1000),
    UpdateTime: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

const describe = (row: PaymentRow) =>
  `${row.kind === 'auto_recharge' ? 'Auto-recharge' : 'Card top-up'} ${row.brand} ****${row.last4}`;

/** Applies the provider's word on a payment, once. Safe to call any number of times, in any order. */
export async function settlePayment(
  deps: MoneyDeps,
  paymentId: string,
  intent: PaymentIntentView,
): Promise<PaymentRow> {
  return deps.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row) throw new ApiError(RetCode.NotFound);
    if (intent.customer !== customerOf(row.userId) || intent.metadata.paymentId !== row.id)
      throw new Error(`payment ${row.id}: intent ${intent.id} belongs elsewhere`);
    if (row.status === 'succeeded' || row.status === 'failed') return row;
    const now = deps.clock.now();
    const base = { providerIntentId: intent.id, updatedAt: now };
    if (intent.status === 'succeeded') {
      await credit(tx, {
        userId: row.userId,
        productType: row.walletType,
        amount: row.amount,
        billType: 'recharge',
        uniqueKey: `payment:${row.id}`,
        description: describe(row),
        at: now,
      });
      const invoice = await createInvoice(tx, {
        userId: row.userId,
        kind: 'recharge',
        sourceKey: `payment:${row.id}`,
        description: describe(row),
        subtotal: row.amount,
        fee: row.fee,
        at: now,
      });
      const [done] = await tx
        .update(payments)
        .set({ ...base, status: 'succeeded', invoiceId: invoice.id, challengeUrl: null, challengeSecret: null })
        .where(eq(payments.id, row.id))
        .returning();
      return done;
    }
    const next =
      intent.status === 'failed'
        ? {
            status: 'failed',
            failureRetCode: FAILURE_RET_CODE[intent.failureCode ?? 'card_declined'],
            challengeUrl: null,
            challengeSecret: null,
          }
        : intent.status === 'requires_action'
          ? {
              status: 'requires_action',
              challengeUrl: intent.challenge?.url,
              challengeSecret: intent.challenge?.clientSecret,
            }
          : { status: 'processing' };
    const [updated] = await tx
      .update(payments)
      .set({ ...base, ...next })
      .where(eq(payments.id, row.id))
      .returning();
    return updated;
  });
}

/** A payment the provider refused outright (no intent): failed, nothing charged. */
async function failPayment(deps: MoneyDeps, paymentId: string, retCode: number): Promise<PaymentRow> {
  const [row] = await deps.database.db
    .update(payments)
    .set({ status: 'failed', failureRetCode: retCode, updatedAt: deps.clock.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
    .returning();
  return row ?? (await deps.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0];
}

/** Asks the provider where a payment stands and settles it (re-creating the intent after a crash). */
export async function syncPayment(deps: MoneyDeps, row: PaymentRow): Promise<PaymentRow> {
  if (row.status === 'succeeded' || row.status === 'failed') return row;
  const provider = paymentsFor(deps);
  let intent: PaymentIntentView | null;
  try {
    intent = row.providerIntentId
      ? await provider.getPaymentIntent(row.providerIntentId)
      : // The crash window: the row exists but the intent id was never written. The same idempotency
        // key makes the provider answer the intent it already made, never a second charge.
        await provider.createPaymentIntent({
          customer: customerOf(row.userId),
          amount: row.amount + row.fee,
          currency: row.currency,
          paymentMethod: row.providerPmId,
          idempotencyKey: row.id,
          metadata: { paymentId: row.id },
        });
  } catch (error) {
    if (!(error instanceof ProviderRefusedError)) throw error;
    return failPayment(deps, row.id, RetCode.CardDeclined);
  }
  if (!intent) return row;
  return settlePayment(deps, row.id, intent);
}

export interface StartPayment {
  userId: number;
  kind: PaymentKind;
  walletType: number;
  amount: number;
  providerPmId: string;
  idempotencyKey: string;
  /** same key with another request is IdempotencyConflict */
  requestHash: string;
  purpose?: PaymentPurpose;
}

/** Starts (or, for a repeated key, returns) a card payment and settles what the provider answers at once. */
export async function startCardPayment(deps: MoneyDeps, input: StartPayment): Promise<PaymentRow> {
  const db = deps.database.db;
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, input.userId),
        eq(paymentMethods.providerPmId, input.providerPmId),
        isNull(paymentMethods.removedAt),
      ),
    );
  if (!card) throw new ApiError(RetCode.NotFound);
  const now = deps.clock.now();
  const [created] = await db
    .insert(payments)
    .values({
      id: `pay_${randomBytes(12).toString('hex')}`,
      userId: input.userId,
      kind: input.kind,
      walletType: input.walletType,
      amount: input.amount,
      fee: cardFeeUnits(input.amount),
      providerPmId: card.providerPmId,
      brand: card.brand,
      last4: card.last4,
      status: 'processing',
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      purpose: input.purpose ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [first] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, input.userId), eq(payments.idempotencyKey, input.idempotencyKey)));
    if (!first || first.requestHash !== input.requestHash) throw new ApiError(RetCode.IdempotencyConflict);
    return syncPayment(deps, first);
  }
  return syncPayment(deps, created);
}

export async function findPayment(deps: MoneyDeps, userId: number, paymentId: string): Promise<PaymentRow> {
  const [row] = await deps.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!row) throw new ApiError(RetCode.NotFound);
  return row;
}

/**
 * The reconciliation job: payments left processing (a lost webhook, a crash between the provider's
 * success and the ledger write) are asked about again. Returns how many changed state.
 */
export async function reconcilePayments(deps: MoneyDeps, olderThanMs = 30_000): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanMs);
  const open = await deps.database.db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['processing']), lt(payments.updatedAt, cutoff)))
    .limit(200);
  let changed = 0;
  for (const row of open) {
    try {
      const after = await syncPayment(deps, row);
      if (after.status !== row.status) changed++;
    } catch (error) {
      console.error(`[payments] reconcile ${row.id}`, error);
    }
  }
  return changed;
}
