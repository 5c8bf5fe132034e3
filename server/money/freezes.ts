import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { cardFreezes, wallets } from '../db/schema';
import { CARD_BIND_FREEZE_DAYS, CARD_BIND_FREEZE_UNITS } from '../../src/gateway/contract/billing/rules';
import { credit, debit, MAIN_WALLET } from './ledger';
import type { MoneyDeps } from './card-payments';

// Binding a card holds 10.00 (spec 001 §8), the way a processor checks a card with an authorisation:
// the hold is credited to the main wallet and frozen (AmountFreeze) in one ledger move, and released
// within 2 weeks by the job, which returns it to the card (a withdraw row) and lifts the freeze. The
// available balance never changes; the balance and the ledger both show the hold while it lasts.

const DAY_MS = 86_400_000;

export async function freezeForCard(tx: Db, userId: number, paymentMethodId: number, last4: string, now: Date) {
  const releaseAt = new Date(now.getTime() + CARD_BIND_FREEZE_DAYS * DAY_MS);
  const [freeze] = await tx
    .insert(cardFreezes)
    .values({ userId, paymentMethodId, amount: CARD_BIND_FREEZE_UNITS, releaseAt, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!freeze) return null;
  await credit(tx, {
    userId,
    productType: MAIN_WALLET,
    amount: freeze.amount,
    billType: 'recharge',
    uniqueKey: `card-hold:${freeze.id}`,
    description: `Card check hold ****${last4} (frozen until ${releaseAt.toISOString().slice(0, 10)})`,
    at: now,
  });
  await tx
    .update(wallets)
    .set({ amountFreeze: sql`${wallets.amountFreeze} + ${freeze.amount}` })
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, MAIN_WALLET)));
  return freeze;
}

/** Releases every hold that is due: lifts the freeze and returns the money to the card, once each. */
export async function releaseDueFreezes(deps: MoneyDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.database.db
    .select()
    .from(cardFreezes)
    .where(and(isNull(cardFreezes.releasedAt), lte(cardFreezes.releaseAt, now)))
    .limit(500);
  let released = 0;
  for (const candidate of due) {
    await deps.database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [freeze] = await tx
        .update(cardFreezes)
        .set({ releasedAt: now })
        .where(and(eq(cardFreezes.id, candidate.id), isNull(cardFreezes.releasedAt)))
        .returning();
      if (!freeze) return;
      // Lift the freeze first: the held money is then available to take back out.
      await tx
        .update(wallets)
        .set({ amountFreeze: sql`${wallets.amountFreeze} - ${freeze.amount}` })
        .where(and(eq(wallets.userId, freeze.userId), eq(wallets.productType, MAIN_WALLET)));
      await debit(tx, {
        userId: freeze.userId,
        productType: MAIN_WALLET,
        amount: freeze.amount,
        billType: 'withdraw',
        uniqueKey: `card-hold-release:${freeze.id}`,
        description: 'Card check hold released to the card',
        paidOnly: true,
        at: now,
      });
      released++;
    });
  }
  return released;
}
