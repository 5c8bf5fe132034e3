import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { emailChanges, emailCodes, sessions, users } from '../../db/schema';
import type { HandlerMap, UserContext } from '../../context';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { VERIFY_TYPES } from '../../../src/gateway/contract/actions/settings';
import { ApiError } from '../../errors';
import { translate } from '../../messages';
import { queueMail } from '../../mail';
import { randomToken, sha256, sixDigitCode } from '../../auth/secrets';
import { HOUR_MS, MINUTE_MS } from '../../clock';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { secondsUntilResend } from '../account/limits';

// Decided in docs/decisions.md ("Account settings").
export const EMAIL_CODE_TTL_MS = 10 * MINUTE_MS;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR_MS;

/** The session family of the access token that made this request ('' for an access key). */
async function currentFamily(ctx: UserContext): Promise<string> {
  if (!ctx.accessToken) return '';
  const [row] = await ctx.db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.accessHash, sha256(ctx.accessToken)));
  return row?.familyId ?? '';
}

/** Ends every session of the account except the given family (the one that asked for the change). */
export async function revokeOtherSessions(db: Db, clock: Clock, userId: number, keepFamily: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.familyId, keepFamily)));
}

async function consumeEmailCode(ctx: UserContext, code: string): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, ctx.user.id),
        eq(emailCodes.verifyType, VERIFY_TYPES.ModifyOldEmail),
        isNull(emailCodes.usedAt),
      ),
    )
    .orderBy(desc(emailCodes.sentAt))
    .limit(1);
  if (!row) throw new ApiError(RetCode.EmailCodeInvalid);
  if (row.expiresAt <= ctx.clock.now() || row.attempts >= EMAIL_CODE_MAX_ATTEMPTS)
    throw new ApiError(RetCode.EmailCodeExpired);
  if (row.codeHash !== sha256(`${ctx.user.id}:${code}`)) {
    await ctx.db
      .update(emailCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailCodes.id, row.id));
    throw new ApiError(RetCode.EmailCodeInvalid);
  }
  const used = await ctx.db
    .update(emailCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw new ApiError(RetCode.EmailCodeInvalid);
}

export const profileHandlers: HandlerMap = {
  async UpdateUser(input, ctx) {
    const changes = {
      ...(input.CnName !== undefined && { cnName: input.CnName }),
      ...(input.EnName !== undefined && { enName: input.EnName }),
      ...(input.Phone !== undefined && { phone: input.Phone }),
      ...(input.Timezone !== undefined && { timezone: input.Timezone }),
    };
    if (Object.keys(changes).length > 0) await ctx.db.update(users).set(changes).where(eq(users.id, ctx.user.id));
    return {};
  },

  async SendCurrentEmailVerificationCode({ VerifyType }, ctx) {
    const now = ctx.clock.now();
    const [last] = await ctx.db
      .select({ sentAt: emailCodes.sentAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, ctx.user.id), eq(emailCodes.verifyType, VerifyType)))
      .orderBy(desc(emailCodes.sentAt))
      .limit(1);
    const wait = secondsUntilResend(last?.sentAt, now);
    if (wait > 0) throw new ApiError(RetCode.ResendTooSoon, { seconds: wait }, { ResendAfterSeconds: wait });
    const code = sixDigitCode();
    await ctx.db.insert(emailCodes).values({
      userId: ctx.user.id,
      verifyType: VerifyType,
      codeHash: sha256(`${ctx.user.id}:${code}`),
      sentAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    });
    await queueMail(ctx, {
      to: ctx.user.email,
      subject: translate('mail:emailCodeSubject', ctx.lang),
      text: translate('mail:emailCodeText', ctx.lang, { code, minutes: EMAIL_CODE_TTL_MS / MINUTE_MS }),
    });
    return { ResendAfterSeconds: 60 };
  },

  async SendChangeEmail({ Code, NewEmail }, ctx) {
    const email = NewEmail.toLowerCase();
    if (email === ctx.user.email) throw new ApiError(RetCode.EmailUnchanged);
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new ApiError(RetCode.UserExists);
    await consumeEmailCode(ctx, Code);
    const key = randomToken(24);
    const now = ctx.clock.now();
    await ctx.db.insert(emailChanges).values({
      userId: ctx.user.id,
      newEmail: email,
      keyHash: sha256(key),
      sessionFamily: await currentFamily(ctx),
      sentAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    await queueMail(ctx, {
      to: email,
      subject: translate('mail:emailChangeSubject', ctx.lang),
      text: translate('mail:emailChangeText', ctx.lang, {
        email,
        link: `${ctx.origin}/mail?key=${key}`,
        hours: EMAIL_CHANGE_TTL_MS / HOUR_MS,
      }),
    });
    return { ResendAfterSeconds: 60 };
  },

  async ChangeEmail({ Key }, ctx) {
    const [change] = await ctx.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.keyHash, sha256(Key)));
    if (!change || change.usedAt) throw new ApiError(RetCode.EmailChangeKeyInvalid);
    if (change.expiresAt <= ctx.clock.now()) throw new ApiError(RetCode.EmailChangeKeyExpired);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, change.userId));
    if (!user) throw new ApiError(RetCode.EmailChangeKeyInvalid);
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.newEmail), ne(users.id, user.id)));
    if (taken) throw new ApiError(RetCode.UserExists);
    const used = await ctx.db
      .update(emailChanges)
      .set({ usedAt: ctx.clock.now() })
      .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt)))
      .returning({ id: emailChanges.id });
    if (used.length === 0) throw new ApiError(RetCode.EmailChangeKeyInvalid);
    await ctx.db.update(users).set({ email: change.newEmail }).where(eq(users.id, user.id));
    // Spec: every other session ends; the session that asked for the change keeps going.
    await revokeOtherSessions(ctx.db, ctx.clock, user.id, change.sessionFamily);
    await queueMail(ctx, {
      to: user.email,
      subject: translate('mail:emailChangedSubject', ctx.lang),
      text: translate('mail:emailChangedText', ctx.lang, { email: change.newEmail }),
    });
    return { Email: change.newEmail };
  },
};
