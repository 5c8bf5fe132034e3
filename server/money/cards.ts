import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { billingAddresses, cardSetups, paymentMethods, users, wallets, type StoredAddress } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { NON_UPGRADABLE_USER_TYPE } from '../../src/gateway/contract/billing/rules';
import type { Card } from '../../src/gateway/contract/billing/cards';
import { TEST_CARDS } from '../../src/gateway/contract/billing/test-cards';
import { paymentsFor } from '../providers/payments';
import { customerOf, type MoneyDeps } from './card-payments';
import { freezeForCard } from './freezes';
import { MAIN_WALLET } from './ledger';

// Saved cards. The console hands the card to the provider; Herald keeps the provider's payment-method
// id, brand, last 4 and expiry, per account. Binding the first card upgrades a trial account (unless
// its Type forbids it) and every binding holds 10.00 for the card check (freezes.ts).

type CardRow = typeof paymentMethods.$inferSelect;

export function cardView(row: CardRow): Card {
  return {
    PaymentMethodId: row.providerPmId,
    Brand: row.brand,
    Last4: row.last4,
    ExpMonth: row.expMonth,
    ExpYear: row.expYear,
    HolderName: row.holderName,
    IsDefault: row.isDefault,
    CreateTime: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export async function startCardSetup(deps: MoneyDeps, userId: number) {
  const provider = paymentsFor(deps);
  const intent = await provider.createSetupIntent(customerOf(userId));
  await deps.database.db.insert(cardSetups).values({ setupIntentId: intent.id, userId, createdAt: deps.clock.now() });
  return {
    SetupIntentId: intent.id,
    ClientSecret: intent.clientSecret,
    ProviderUrl: provider.publicUrl,
    Sandbox: provider.sandbox,
    TestCards: provider.sandbox
      ? TEST_CARDS.map((c) => ({ Number: c.number, Brand: c.brand, Outcome: c.outcome }))
      : [],
  };
}

export async function activeCards(db: Db, userId: number): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** Stores the card the provider accepted for this account's setup intent; a repeat answers the same card. */
export async function confirmCardSetup(deps: MoneyDeps, userId: number, setupIntentId: string, makeDefault: boolean) {
  const db = deps.database.db;
  const [setup] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.setupIntentId, setupIntentId), eq(cardSetups.userId, userId)));
  if (!setup) throw new ApiError(RetCode.NotFound);
  const intent = await paymentsFor(deps).getSetupIntent(setupIntentId);
  if (!intent || intent.customer !== customerOf(userId) || intent.status !== 'succeeded' || !intent.paymentMethod)
    throw new ApiError(RetCode.CardSetupIncomplete);
  const method = intent.paymentMethod;
  const now = deps.clock.now();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const existing = await activeCards(tx, userId);
    const already = existing.find((c) => c.providerPmId === method.id);
    const isFirst = existing.length === 0;
    let row = already;
    if (!row) {
      if (makeDefault || isFirst)
        await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
      [row] = await tx
        .insert(paymentMethods)
        .values({
          userId,
          providerPmId: method.id,
          brand: method.brand,
          last4: method.last4,
          expMonth: method.expMonth,
          expYear: method.expYear,
          holderName: method.holderName,
          isDefault: makeDefault || isFirst,
          createdAt: now,
        })
        .returning();
      await tx.update(cardSetups).set({ paymentMethodId: row.id }).where(eq(cardSetups.setupIntentId, setupIntentId));
    }
    const freeze = await freezeForCard(tx, userId, row.id, row.last4, now);
    const upgrade = !user.upgraded && user.type !== NON_UPGRADABLE_USER_TYPE;
    if (upgrade) await tx.update(users).set({ upgraded: true }).where(eq(users.id, userId));
    return {
      Card: cardView(row),
      Upgraded: upgrade,
      FreezeAmount: freeze?.amount ?? 0,
      FreezeReleaseTime: freeze ? Math.floor(freeze.releaseAt.getTime() / 1000) : 0,
    };
  });
}

/** A postpaid balance is owed when the main wallet's paid money is below zero (used credit). */
export async function owesPostpaid(db: Db, userId: number): Promise<boolean> {
  const [main] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, MAIN_WALLET), lt(wallets.amount, 0)));
  return Boolean(main);
}

async function ownCard(tx: Db, userId: number, providerPmId: string): Promise<CardRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.providerPmId, providerPmId),
        isNull(paymentMethods.removedAt),
      ),
    );
  if (!row) throw new ApiError(RetCode.NotFound);
  return row;
}

export async function setDefaultCard(deps: MoneyDeps, userId: number, providerPmId: string): Promise<void> {
  await deps.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const card = await ownCard(tx, userId, providerPmId);
    await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, card.id));
  });
}

/** Not the last card while a postpaid balance is owed; the oldest remaining card becomes the default. */
export async function removeCard(deps: MoneyDeps, userId: number, providerPmId: string): Promise<void> {
  await deps.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const card = await ownCard(tx, userId, providerPmId);
    const cards = await activeCards(tx, userId);
    if (cards.length === 1 && (await owesPostpaid(tx, userId))) throw new ApiError(RetCode.CardLastWhileOwed);
    await tx
      .update(paymentMethods)
      .set({ removedAt: deps.clock.now(), isDefault: false })
      .where(eq(paymentMethods.id, card.id));
    const next = cards.find((c) => c.id !== card.id);
    if (card.isDefault && next)
      await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  });
  await paymentsFor(deps).detachPaymentMethod(providerPmId);
}

export async function defaultCard(db: Db, userId: number): Promise<CardRow | undefined> {
  return (await activeCards(db, userId)).find((c) => c.isDefault);
}

export async function getBillingAddress(db: Db, userId: number): Promise<StoredAddress | null> {
  const [row] = await db.select().from(billingAddresses).where(eq(billingAddresses.userId, userId));
  return row?.address ?? null;
}

export async function saveBillingAddress(deps: MoneyDeps, userId: number, address: StoredAddress) {
  const now = deps.clock.now();
  await deps.database.db
    .insert(billingAddresses)
    .values({ userId, address, updatedAt: now })
    .onConflictDoUpdate({ target: billingAddresses.userId, set: { address, updatedAt: now } });
  return address;
}
