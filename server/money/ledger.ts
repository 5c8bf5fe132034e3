import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ledger, wallets } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';

import { BILL_TYPES, type BillTypeName } from '../../src/gateway/contract/actions/billing';

/** Spec 001 §4's bill types. Debits write a negative ledger amount, credits a positive one. */
export { BILL_TYPES };
export type BillType = BillTypeName;

/** productType 0 is the main wallet; 9 SMS, 6003 voice, 6011 e-mail, 6026 ads (spec 000 §3). */
export const MAIN_WALLET = 0;

export interface MoneyMove {
  userId: number;
  /** 0 main wallet, 9 SMS, 6003, 6011, 6026 */
  productType: number;
  /** units (10,000 per currency unit), > 0 */
  amount: number;
  billType: BillType;
  /** Idempotent on (userId, uniqueKey): a retried move returns the first result and moves nothing. */
  uniqueKey: string;
  description?: string;
  /** When the move happened; callers pass the server clock so tests can move time. */
  at?: Date;
  /** The product paid for (usage statistics); a sub-wallet's moves default to its own product type. */
  productId?: number;
  /** Take the money from Amount only, never from AmountFree (a released card-check hold goes back). */
  paidOnly?: boolean;
}

export interface MoveResult {
  /** The wallet's balance (Amount + AmountFree) after the move, or after the first move on a replay. */
  balanceAfter: number;
  replayed: boolean;
  ledgerId: number;
}

type WalletRow = typeof wallets.$inferSelect;

/**
 * The wallet row, created when missing, locked until the transaction ends so two moves on one wallet
 * run one after the other (FOR UPDATE; PGlite serializes transactions anyway).
 */
async function lockWallet(tx: Db, userId: number, productType: number): Promise<WalletRow> {
  await tx
    .insert(wallets)
    .values({ userId, productType })
    .onConflictDoNothing({ target: [wallets.userId, wallets.productType] });
  const [row] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, productType)))
    .for('update');
  return row;
}

/** The first move with this key, if any. A key reused for a different move is a conflict, not a replay. */
async function findReplay(tx: Db, move: MoneyMove, signedAmount: number, walletId: number): Promise<MoveResult | null> {
  const [previous] = await tx
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, move.userId), eq(ledger.uniqueKey, move.uniqueKey)));
  if (!previous) return null;
  if (previous.amount !== signedAmount || previous.billType !== move.billType || previous.walletId !== walletId) {
    throw new ApiError(RetCode.IdempotencyConflict);
  }
  return { balanceAfter: previous.balanceAfter, replayed: true, ledgerId: previous.id };
}

function assertMove(move: MoneyMove): void {
  if (!Number.isSafeInteger(move.amount) || move.amount <= 0)
    throw new RangeError(`money move amount must be a positive integer, got ${move.amount}`);
  if (!move.uniqueKey) throw new RangeError('money move needs a uniqueKey');
}

async function writeLedger(
  tx: Db,
  move: MoneyMove,
  walletId: number,
  signedAmount: number,
  balanceAfter: number,
): Promise<number> {
  const [row] = await tx
    .insert(ledger)
    .values({
      userId: move.userId,
      walletId,
      billType: move.billType,
      amount: signedAmount,
      balanceAfter,
      description: move.description ?? '',
      uniqueKey: move.uniqueKey,
      productId: move.productId ?? (move.productType === MAIN_WALLET ? null : move.productType),
      createdAt: move.at ?? new Date(),
    })
    .returning({ id: ledger.id });
  return row.id;
}

/**
 * Takes money out of a wallet: free money first, then paid money, which may go below zero only as far
 * as the wallet's credit line (AmountCredit) allows. Throws InsufficientBalance otherwise.
 * Call it inside a transaction: `debit(tx as unknown as Db, move)`.
 */
export async function debit(tx: Db, move: MoneyMove): Promise<MoveResult> {
  assertMove(move);
  const wallet = await lockWallet(tx, move.userId, move.productType);
  const replay = await findReplay(tx, move, -move.amount, wallet.id);
  if (replay) return replay;
  const available = wallet.amount + wallet.amountFree + wallet.amountCredit - wallet.amountFreeze;
  if (available < move.amount) throw new ApiError(RetCode.InsufficientBalance);
  const fromFree = move.paidOnly ? 0 : Math.min(Math.max(wallet.amountFree, 0), move.amount);
  const amount = wallet.amount - (move.amount - fromFree);
  const amountFree = wallet.amountFree - fromFree;
  await tx.update(wallets).set({ amount, amountFree }).where(eq(wallets.id, wallet.id));
  const balanceAfter = amount + amountFree;
  const ledgerId = await writeLedger(tx, move, wallet.id, -move.amount, balanceAfter);
  return { balanceAfter, replayed: false, ledgerId };
}

/** Puts money into a wallet; a bonus goes to AmountFree, everything else to Amount. */
export async function credit(tx: Db, move: MoneyMove): Promise<MoveResult> {
  assertMove(move);
  const wallet = await lockWallet(tx, move.userId, move.productType);
  const replay = await findReplay(tx, move, move.amount, wallet.id);
  if (replay) return replay;
  const toFree = move.billType === 'bonus';
  await tx
    .update(wallets)
    .set(
      toFree
        ? { amountFree: sql`${wallets.amountFree} + ${move.amount}` }
        : { amount: sql`${wallets.amount} + ${move.amount}` },
    )
    .where(eq(wallets.id, wallet.id));
  const balanceAfter = wallet.amount + wallet.amountFree + move.amount;
  const ledgerId = await writeLedger(tx, move, wallet.id, move.amount, balanceAfter);
  return { balanceAfter, replayed: false, ledgerId };
}

/** Sum of a wallet's ledger rows; equals Amount + AmountFree when the ledger is whole (tests, bench). */
export async function ledgerSum(tx: Db, userId: number, productType = MAIN_WALLET): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledger.amount}), 0)` })
    .from(ledger)
    .innerJoin(wallets, eq(wallets.id, ledger.walletId))
    .where(and(eq(ledger.userId, userId), eq(wallets.productType, productType)));
  return Number(row.total);
}
