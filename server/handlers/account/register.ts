import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { phoneCodes, users } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { isCommonPassword } from '../../../src/gateway/contract/validators';
import { ApiError } from '../../errors';
import { translate } from '../../messages';
import { queueMail } from '../../mail';
import { hashPassword } from '../../auth/passwords';
import { sha256, sixDigitCode } from '../../auth/secrets';
import { findUserThrottled } from './password';
import type { HandlerContext, HandlerMap } from '../../context';
import { ACTIVATION_KEY_TTL_MS, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MS, secondsUntilResend } from './limits';
import { createEmailKey, findEmailKey, markEmailKeyUsed } from './email-keys';

export async function sendActivationMail(ctx: HandlerContext, userId: number, email: string): Promise<void> {
  const key = await createEmailKey(ctx.db, ctx.clock, userId, 'activate', ACTIVATION_KEY_TTL_MS);
  const link = `${ctx.origin}/active?key=${key}`;
  await queueMail(ctx, {
    to: email,
    subject: translate('mail:activateSubject', ctx.lang),
    text: translate('mail:activateText', ctx.lang, { link, hours: ACTIVATION_KEY_TTL_MS / 3_600_000 }),
  });
}

/** The id of the phone's live code when `code` is it; a wrong guess counts against the code. */
async function checkPhoneCode(ctx: HandlerContext, phone: string, country: string, code: string): Promise<number> {
  const [row] = await ctx.db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.country, country), isNull(phoneCodes.usedAt)))
    .orderBy(desc(phoneCodes.sentAt))
    .limit(1);
  if (!row) throw new ApiError(RetCode.PhoneCodeInvalid);
  if (row.expiresAt <= ctx.clock.now() || row.attempts >= PHONE_CODE_MAX_ATTEMPTS)
    throw new ApiError(RetCode.SignupCodeExpired);
  if (row.codeHash !== sha256(`${phone}:${code}`)) {
    // Counted in SQL, so that concurrent wrong guesses each count.
    await ctx.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(eq(phoneCodes.id, row.id));
    throw new ApiError(RetCode.PhoneCodeInvalid);
  }
  return row.id;
}

/** Marks a checked code used: single use even under concurrent sign-ups with the same code. */
async function markPhoneCodeUsed(ctx: HandlerContext, id: number): Promise<void> {
  const used = await ctx.db
    .update(phoneCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt), lt(phoneCodes.attempts, PHONE_CODE_MAX_ATTEMPTS)))
    .returning({ id: phoneCodes.id });
  if (used.length === 0) throw new ApiError(RetCode.PhoneCodeInvalid);
}

export const registerHandlers: HandlerMap = {
  async SendRegisterPhoneCodeV1({ Phone, Country }, ctx) {
    const now = ctx.clock.now();
    const [last] = await ctx.db
      .select({ sentAt: phoneCodes.sentAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, Phone), eq(phoneCodes.country, Country)))
      .orderBy(desc(phoneCodes.sentAt))
      .limit(1);
    const wait = secondsUntilResend(last?.sentAt, now);
    if (wait > 0) throw new ApiError(RetCode.ResendTooSoon, { seconds: wait }, { ResendAfterSeconds: wait });
    const code = sixDigitCode();
    await ctx.db.insert(phoneCodes).values({
      phone: Phone,
      country: Country,
      codeHash: sha256(`${Phone}:${code}`),
      sentAt: now,
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    });
    await ctx.messenger.sendSms(
      Phone,
      translate('mail:phoneCodeText', ctx.lang, { code, minutes: PHONE_CODE_TTL_MS / 60_000 }),
    );
    return { ResendAfterSeconds: 60 };
  },

  async RegisterAdminUser(input, ctx) {
    const email = input.Email.toLowerCase();
    // The phone code first: without one, the answer tells nothing about which e-mails have accounts.
    const codeId = await checkPhoneCode(ctx, input.Phone, input.Country, input.PhoneCode);
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new ApiError(RetCode.UserExists);
    if (isCommonPassword(input.Password)) throw new ApiError(RetCode.PasswordTooCommon);
    await markPhoneCodeUsed(ctx, codeId);
    const passwordHash = await hashPassword(input.Password);
    const inserted = await ctx.db
      .insert(users)
      .values({
        email,
        passwordHash,
        phone: input.Phone,
        country: input.Country,
        enName: input.EnName ?? '',
        registerIp: ctx.ip,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!inserted[0]) throw new ApiError(RetCode.UserExists);
    await sendActivationMail(ctx, inserted[0].id, email);
    return { AdminUserID: inserted[0].id };
  },

  async SendActivateEmail({ Email }, ctx) {
    const user = await findUserThrottled(ctx, Email);
    if (user.activatedAt) throw new ApiError(RetCode.AlreadyActivated);
    await sendActivationMail(ctx, user.id, user.email);
    return { ResendAfterSeconds: 60 };
  },

  async ActivateAdminUser({ Key }, ctx) {
    const key = await findEmailKey(ctx.db, Key, 'activate');
    if (!key) throw new ApiError(RetCode.ActivationKeyInvalid);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, key.userId));
    if (!user) throw new ApiError(RetCode.ActivationKeyInvalid);
    if (user.activatedAt) throw new ApiError(RetCode.AlreadyActivated);
    if (key.usedAt) throw new ApiError(RetCode.ActivationKeyInvalid);
    if (key.expiresAt <= ctx.clock.now()) throw new ApiError(RetCode.ActivationKeyExpired);
    await markEmailKeyUsed(ctx.db, ctx.clock, key.id);
    await ctx.db.update(users).set({ activatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    return { Email: user.email };
  },
};
