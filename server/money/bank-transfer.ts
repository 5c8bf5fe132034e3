import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { bankReferences, users } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { credit } from './ledger';
import { createInvoice } from './invoices';
import type { MoneyDeps } from './card-payments';

// Bank transfer: every account has one reference code ("HB" + 8 characters, no look-alikes) to put in
// the transfer. Operations staff record an arriving transfer against it (`npm run support -- transfer`);
// the bank's own reference is the ledger key, so recording the same transfer twice credits once.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BANK_DETAILS = {
  BankName: 'Sandbox Bank of Singapore',
  AccountName: 'Herald Messaging Ltd.',
  Iban: 'SG00 HRLD 0000 0012 3456 78',
  Swift: 'HRLDSGSG',
  Currency: 'usd',
};

export async function bankReferenceOf(db: Db, userId: number): Promise<string> {
  const [existing] = await db.select().from(bankReferences).where(eq(bankReferences.userId, userId));
  if (existing) return existing.code;
  for (;;) {
    const code = `HB${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
    const [made] = await db.insert(bankReferences).values({ userId, code }).onConflictDoNothing().returning();
    if (made) return made.code;
    const [raced] = await db.select().from(bankReferences).where(eq(bankReferences.userId, userId));
    if (raced) return raced.code;
  }
}

export async function recordBankTransfer(
  deps: MoneyDeps,
  input: { verifyCode: string; amount: number; bankReference: string; walletType: number },
) {
  return deps.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [found] = await tx
      .select({ userId: bankReferences.userId, email: users.email })
      .from(bankReferences)
      .innerJoin(users, eq(users.id, bankReferences.userId))
      .where(eq(bankReferences.code, input.verifyCode));
    if (!found) throw new ApiError(RetCode.BankReferenceUnknown);
    const now = deps.clock.now();
    const description = `Bank transfer ${input.bankReference}`;
    const move = await credit(tx, {
      userId: found.userId,
      productType: input.walletType,
      amount: input.amount,
      billType: 'recharge',
      uniqueKey: `bank:${input.bankReference}`,
      description,
      at: now,
    });
    await createInvoice(tx, {
      userId: found.userId,
      kind: 'bank_transfer',
      sourceKey: `bank:${input.bankReference}`,
      description,
      subtotal: input.amount,
      fee: 0,
      at: now,
    });
    return { UserId: found.userId, Email: found.email, BalanceAfter: move.balanceAfter, Replayed: move.replayed };
  });
}
