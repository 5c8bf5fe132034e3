import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waAccounts, waNumbers, waSignupStates } from '../db/schema';
import { ApiError } from '../errors';
import type { WhatsAppPlatform } from '../platforms/whatsapp/platform';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { whatsappRefusal } from './platform-errors';
import { storeNumbers } from './numbers';

// The account's WhatsApp Business Account (docs/decisions.md "WhatsApp numbers"): one per Herald account,
// connected by embedded sign-up. GetWhatsAppSignUpUrl makes a `state` (30 minutes, used once); the sign-up
// returns code + state to the number page, which hands them to ConnectWhatsAppAccount. The business token
// stays on the server. Connecting another WABA replaces the one before and its numbers.

export const SIGNUP_STATE_TTL_MS = 30 * 60 * 1000;

export interface WhatsAppWork {
  db: Db;
  now: Date;
  platform: WhatsAppPlatform;
  redirectUri: string;
}

type AccountRow = typeof waAccounts.$inferSelect;

export async function newSignUpState(db: Db, userId: number, now: Date): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  await db.insert(waSignupStates).values({ state, userId, createdAt: now });
  return state;
}

export async function accountOf(db: Db, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(waAccounts).where(eq(waAccounts.userId, userId));
  return row;
}

export async function requireAccount(db: Db, userId: number): Promise<AccountRow> {
  const row = await accountOf(db, userId);
  if (!row) throw new ApiError(RetCode.WhatsAppAccountMissing);
  return row;
}

/** Takes the state once: it must be the caller's, unused and younger than 30 minutes. */
async function takeState(db: Db, userId: number, state: string, now: Date): Promise<void> {
  const taken = await db
    .update(waSignupStates)
    .set({ usedAt: now })
    .where(and(eq(waSignupStates.state, state), eq(waSignupStates.userId, userId), isNull(waSignupStates.usedAt)))
    .returning();
  if (taken.length === 0 || now.getTime() - taken[0].createdAt.getTime() > SIGNUP_STATE_TTL_MS)
    throw new ApiError(
      RetCode.WhatsAppSignUpExpired,
      {},
      { Fields: [{ Field: 'State', Key: 'validation:waStateInvalid' }] },
    );
}

export async function connectAccount(
  work: WhatsAppWork,
  userId: number,
  code: string,
  state: string,
): Promise<AccountRow> {
  await takeState(work.db, userId, state, work.now);
  const business = await work.platform.exchangeCode(code, work.redirectUri).catch((error) => {
    throw whatsappRefusal(error, 'Code');
  });
  const [owner] = await work.db
    .select({ userId: waAccounts.userId })
    .from(waAccounts)
    .where(and(eq(waAccounts.wabaId, business.wabaId), ne(waAccounts.userId, userId)));
  if (owner) throw new ApiError(RetCode.WhatsAppAccountTaken);
  const numbers = await work.platform.phoneNumbers(business).catch((error) => {
    throw whatsappRefusal(error);
  });
  await work.platform.subscribe(business).catch((error) => {
    throw whatsappRefusal(error);
  });
  const values = { wabaId: business.wabaId, name: business.name, token: business.token, connectedAt: work.now };
  return work.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .insert(waAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: waAccounts.userId, set: values })
      .returning();
    await storeNumbers(db, row, numbers, work.now);
    return row;
  });
}

/** Reads the numbers again from the platform (one of them, or all). */
export async function refreshNumbers(work: WhatsAppWork, userId: number, phoneNumberId?: string) {
  const account = await requireAccount(work.db, userId);
  const numbers = await work.platform.phoneNumbers(account).catch((error) => {
    throw whatsappRefusal(error);
  });
  if (phoneNumberId === undefined) return storeNumbers(work.db, account, numbers, work.now);
  const one = numbers.find((n) => n.phoneNumberId === phoneNumberId);
  const [known] = await work.db
    .select()
    .from(waNumbers)
    .where(and(eq(waNumbers.userId, userId), eq(waNumbers.phoneNumberId, phoneNumberId)));
  if (!known)
    throw new ApiError(RetCode.NotFound, {}, { Fields: [{ Field: 'PhoneNumberId', Key: 'validation:invalid' }] });
  if (!one) {
    await work.db.delete(waNumbers).where(eq(waNumbers.phoneNumberId, phoneNumberId));
    return;
  }
  return storeNumbers(work.db, account, [one], work.now, { keepOthers: true });
}

export async function disconnectAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(waNumbers).where(eq(waNumbers.userId, userId));
    await tx.delete(waAccounts).where(eq(waAccounts.userId, userId));
  });
}
