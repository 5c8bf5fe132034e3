import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { subscriptionPackages, subscriptionRecords, users, wallets, RECORD_STATUS } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { credit, MAIN_WALLET } from './ledger';
import { walletPayments, type PaymentProvider } from './payments';
import {
  addPeriods,
  isLive,
  priceEntry,
  quoteUpgrade,
  remainingShare,
  type PackageRow,
  type PeriodUnit,
  type RecordRow,
} from './plan-math';

/** Spec 000 §6: Type 4 accounts are not upgradable. */
export const NOT_UPGRADABLE_TYPE = 4;

export interface PurchaseOutcome {
  record: RecordRow;
  pkg: PackageRow;
  amount: number;
  balanceAfter: number;
}

async function lockUser(tx: Db, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new ApiError(RetCode.UserNotExist);
  return user;
}

async function findPackage(tx: Db, subscriptionNo: string): Promise<PackageRow> {
  const [pkg] = await tx
    .select()
    .from(subscriptionPackages)
    .where(eq(subscriptionPackages.subscriptionNo, subscriptionNo));
  if (!pkg) throw new ApiError(RetCode.NotFound);
  return pkg;
}

/** The account's live records (active and queued renewals) with their packages. */
async function liveRecords(tx: Db, userId: number, now: Date) {
  const rows = await tx
    .select({ record: subscriptionRecords, pkg: subscriptionPackages })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(
      and(
        eq(subscriptionRecords.userId, userId),
        eq(subscriptionRecords.status, RECORD_STATUS.Active),
        gt(subscriptionRecords.endsAt, now),
      ),
    );
  return rows.filter((row) => isLive(row.record, now));
}

/** Whether the account ever had a free package (a free trial is bought once). */
export async function hadFreePackage(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: subscriptionRecords.id })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(and(eq(subscriptionRecords.userId, userId), eq(subscriptionPackages.free, true)))
    .limit(1);
  return rows.length > 0;
}

async function mainBalance(tx: Db, userId: number): Promise<number> {
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, MAIN_WALLET)));
  return wallet ? wallet.amount + wallet.amountFree : 0;
}

export interface PurchasePlan {
  pkg: PackageRow;
  startsAt: Date;
  endsAt: Date;
  period: number;
  periodUnit: PeriodUnit;
  amount: number;
}

/**
 * What buying `count` periods of a package means for this account now (docs/decisions.md):
 * a free package once, never over a paid plan; the same paid package renews after the current end;
 * another paid package while one is live is refused (upgrade it instead, or wait for the end).
 */
export async function planPurchase(
  tx: Db,
  userId: number,
  subscriptionNo: string,
  unit: PeriodUnit,
  count: number,
  now: Date,
): Promise<PurchasePlan> {
  const pkg = await findPackage(tx, subscriptionNo);
  const entry = priceEntry(pkg, unit);
  if (!entry) throw new ApiError(RetCode.PackageNotBuyable);
  const live = await liveRecords(tx, userId, now);
  const livePaid = live.filter((row) => !row.pkg.free);
  if (pkg.free) {
    if (count !== 1 || livePaid.length > 0 || (await hadFreePackage(tx, userId)))
      throw new ApiError(RetCode.PackageNotBuyable);
  } else if (livePaid.some((row) => row.pkg.subscriptionNo !== pkg.subscriptionNo)) {
    throw new ApiError(RetCode.PackageNotBuyable);
  }
  const renewFrom = livePaid.reduce<Date | null>(
    (latest, row) => (!latest || row.record.endsAt > latest ? row.record.endsAt : latest),
    null,
  );
  const startsAt = renewFrom ?? now;
  const period = entry.Period * count;
  return {
    pkg,
    startsAt,
    endsAt: addPeriods(startsAt, unit, period),
    period,
    periodUnit: unit,
    amount: entry.Price * count,
  };
}

/** Buys (or renews) a package, paying from the wallet; replaces a live free trial when a paid plan starts now. */
export async function buyPackage(
  tx: Db,
  input: {
    userId: number;
    subscriptionNo: string;
    unit: PeriodUnit;
    count: number;
    now: Date;
    payments?: PaymentProvider;
  },
): Promise<PurchaseOutcome> {
  const user = await lockUser(tx, input.userId);
  const plan = await planPurchase(tx, user.id, input.subscriptionNo, input.unit, input.count, input.now);
  const [record] = await tx
    .insert(subscriptionRecords)
    .values({
      userId: user.id,
      subscriptionNo: plan.pkg.subscriptionNo,
      status: RECORD_STATUS.Active,
      period: plan.period,
      periodUnit: plan.periodUnit,
      costAmount: plan.amount,
      createdAt: input.now,
      startsAt: plan.startsAt,
      endsAt: plan.endsAt,
    })
    .returning();
  let balanceAfter = await mainBalance(tx, user.id);
  if (plan.amount > 0) {
    const payment = await (input.payments ?? walletPayments).charge(tx, {
      userId: user.id,
      amount: plan.amount,
      uniqueKey: `subscription:${record.id}`,
      description: `${plan.pkg.enName} × ${plan.period} ${plan.periodUnit}`,
      at: input.now,
    });
    balanceAfter = payment.balanceAfter;
    // A paid plan that starts now ends a live free trial.
    const replacedTrials = (await liveRecords(tx, user.id, input.now))
      .filter((row) => row.pkg.free)
      .map((row) => row.record.id);
    if (replacedTrials.length)
      await tx
        .update(subscriptionRecords)
        .set({ status: RECORD_STATUS.Upgraded })
        .where(inArray(subscriptionRecords.id, replacedTrials));
    // Buying a paid plan makes a trial account an upgraded one, except Type 4 accounts (spec 000 §6).
    if (!user.upgraded && user.type !== NOT_UPGRADABLE_TYPE)
      await tx.update(users).set({ upgraded: true }).where(eq(users.id, user.id));
  }
  return { record, pkg: plan.pkg, amount: plan.amount, balanceAfter };
}

/** The upgrade the account may make to `subscriptionNo`: refused codes as the spec's upgrade prompt. */
export async function planUpgrade(tx: Db, userId: number, subscriptionNo: string, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(RetCode.UserNotExist);
  if (user.type === NOT_UPGRADABLE_TYPE) throw new ApiError(RetCode.NoUpgradePermission);
  if (!user.upgraded) throw new ApiError(RetCode.UpgradeRequired);
  const target = await findPackage(tx, subscriptionNo);
  const livePaid = (await liveRecords(tx, userId, now)).filter((row) => !row.pkg.free);
  const current = livePaid.find((row) => row.record.startsAt <= now);
  if (target.free || !current || target.sortOrder <= current.pkg.sortOrder)
    throw new ApiError(RetCode.PackageNotBuyable);
  return {
    user,
    target,
    replaced: livePaid.map((row) => row.record),
    quote: quoteUpgrade(
      livePaid.map((row) => row.record),
      target,
      now,
    ),
  };
}

/** Upgrades the live paid plan to a higher package until the same end date, prorated. */
export async function upgradePackage(
  tx: Db,
  input: { userId: number; subscriptionNo: string; now: Date; payments?: PaymentProvider },
): Promise<PurchaseOutcome> {
  await lockUser(tx, input.userId);
  const { target, replaced, quote } = await planUpgrade(tx, input.userId, input.subscriptionNo, input.now);
  await tx
    .update(subscriptionRecords)
    .set({ status: RECORD_STATUS.Upgraded })
    .where(
      inArray(
        subscriptionRecords.id,
        replaced.map((r) => r.id),
      ),
    );
  const days = Math.max(1, Math.ceil((quote.endsAt.getTime() - input.now.getTime()) / 86_400_000));
  const [record] = await tx
    .insert(subscriptionRecords)
    .values({
      userId: input.userId,
      subscriptionNo: target.subscriptionNo,
      status: RECORD_STATUS.Active,
      period: days,
      periodUnit: 'day',
      costAmount: quote.amount,
      createdAt: input.now,
      startsAt: input.now,
      endsAt: quote.endsAt,
    })
    .returning();
  let balanceAfter = await mainBalance(tx, input.userId);
  if (quote.amount > 0) {
    const payment = await (input.payments ?? walletPayments).charge(tx, {
      userId: input.userId,
      amount: quote.amount,
      uniqueKey: `subscription:${record.id}`,
      description: `Upgrade to ${target.enName}`,
      at: input.now,
    });
    balanceAfter = payment.balanceAfter;
  }
  return { record, pkg: target, amount: quote.amount, balanceAfter };
}

/**
 * Refunds the unused part of a live paid purchase to the main wallet and ends it (operations staff
 * and the property tests use it; no console Action exposes it yet). Idempotent per record.
 */
export async function refundPurchase(
  tx: Db,
  input: { userId: number; recordId: number; now: Date },
): Promise<{ amount: number }> {
  await lockUser(tx, input.userId);
  const [record] = await tx
    .select()
    .from(subscriptionRecords)
    .where(and(eq(subscriptionRecords.id, input.recordId), eq(subscriptionRecords.userId, input.userId)));
  if (!record) throw new ApiError(RetCode.NotFound);
  if (!isLive(record, input.now)) return { amount: 0 };
  const amount = Math.floor(record.costAmount * remainingShare(record, input.now));
  await tx
    .update(subscriptionRecords)
    .set({ status: RECORD_STATUS.Refunded })
    .where(eq(subscriptionRecords.id, record.id));
  if (amount > 0) {
    await credit(tx, {
      userId: input.userId,
      productType: MAIN_WALLET,
      amount,
      billType: 'refund',
      uniqueKey: `refund:${record.id}`,
      description: 'Subscription refund',
      at: input.now,
    });
  }
  return { amount };
}
