import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailKeys } from '../../db/schema';
import { randomToken, sha256 } from '../../auth/secrets';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import type { Clock } from '../../clock';
import { secondsUntilResend } from './limits';

export type EmailKeyPurpose = 'activate' | 'reset';

/** Creates a single-use key for a mailed link, refusing a resend inside the 60 s countdown. */
export async function createEmailKey(
  db: Db,
  clock: Clock,
  userId: number,
  purpose: EmailKeyPurpose,
  ttlMs: number,
): Promise<string> {
  const now = clock.now();
  const [last] = await db
    .select({ sentAt: emailKeys.sentAt })
    .from(emailKeys)
    .where(and(eq(emailKeys.userId, userId), eq(emailKeys.purpose, purpose)))
    .orderBy(desc(emailKeys.sentAt))
    .limit(1);
  const wait = secondsUntilResend(last?.sentAt, now);
  if (wait > 0) throw new ApiError(RetCode.ResendTooSoon, { seconds: wait }, { ResendAfterSeconds: wait });
  const key = randomToken(24);
  await db
    .insert(emailKeys)
    .values({ userId, purpose, keyHash: sha256(key), sentAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return key;
}

export type EmailKeyRow = typeof emailKeys.$inferSelect;

/** The key's row if it exists and has this purpose; expiry and use are the caller's to judge. */
export async function findEmailKey(db: Db, key: string, purpose: EmailKeyPurpose): Promise<EmailKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(emailKeys)
    .where(and(eq(emailKeys.keyHash, sha256(key)), eq(emailKeys.purpose, purpose)));
  return row;
}

export async function markEmailKeyUsed(db: Db, clock: Clock, id: number): Promise<boolean> {
  const used = await db
    .update(emailKeys)
    .set({ usedAt: clock.now() })
    .where(and(eq(emailKeys.id, id), isNull(emailKeys.usedAt)))
    .returning({ id: emailKeys.id });
  return used.length === 1;
}
