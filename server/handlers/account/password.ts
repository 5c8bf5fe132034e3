import { eq } from 'drizzle-orm';
import { loginFailures, users } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { translate } from '../../messages';
import { queueMail } from '../../mail';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAllSessions, revokeOtherSessions } from '../../auth/sessions';
import { check, consume, forgive, rateLimited } from '../../limits';
import type { HandlerContext } from '../../context';
import type { HandlerMap } from '../../context';
import { RESET_KEY_TTL_MS } from './limits';
import { createEmailKey, findEmailKey, markEmailKeyUsed } from './email-keys';

/**
 * The account of an e-mail, or 214407 (UserNotExist). A client address that has asked for 10 unknown
 * addresses in 15 minutes is refused (230029) for every address, known or not, until the window ends:
 * the answers can no longer be used to list who has an account.
 */
export async function findUserThrottled(ctx: HandlerContext, email: string) {
  const key = `ip:${ctx.ip}`;
  const wait = await check(ctx, 'unknownEmail', key);
  if (wait > 0) throw rateLimited(wait);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (user) return user;
  const over = await consume(ctx, 'unknownEmail', key);
  throw over > 0 ? rateLimited(over) : new ApiError(RetCode.UserNotExist);
}

export const passwordHandlers: HandlerMap = {
  async SendResetPasswordEmail({ Email }, ctx) {
    const user = await findUserThrottled(ctx, Email);
    const key = await createEmailKey(ctx.db, ctx.clock, user.id, 'reset', RESET_KEY_TTL_MS);
    await queueMail(ctx, {
      to: user.email,
      subject: translate('mail:resetSubject', ctx.lang),
      text: translate('mail:resetText', ctx.lang, {
        link: `${ctx.origin}/reset?key=${key}`,
        minutes: RESET_KEY_TTL_MS / 60_000,
      }),
    });
    return { ResendAfterSeconds: 60 };
  },

  async GetEmailByKey({ Key }, ctx) {
    // Only password-reset keys: the /reset page asks which account a reset link belongs to.
    const key = await findEmailKey(ctx.db, Key, 'reset');
    if (!key || key.usedAt) throw new ApiError(RetCode.ResetKeyInvalid);
    if (key.expiresAt <= ctx.clock.now()) throw new ApiError(RetCode.ResetKeyExpired);
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, key.userId));
    if (!user) throw new ApiError(RetCode.ResetKeyInvalid);
    return { Email: user.email };
  },

  async ResetPassword({ Key, Password }, ctx) {
    const key = await findEmailKey(ctx.db, Key, 'reset');
    if (!key || key.usedAt) throw new ApiError(RetCode.ResetKeyInvalid);
    if (key.expiresAt <= ctx.clock.now()) throw new ApiError(RetCode.ResetKeyExpired);
    if (!(await markEmailKeyUsed(ctx.db, ctx.clock, key.id))) throw new ApiError(RetCode.ResetKeyInvalid);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(Password), passwordSet: true })
      .where(eq(users.id, key.userId));
    // A reset is what an owner does when the password may have leaked: every session ends. It also
    // lifts any sign-in pause on the account, so the new password works at once (issue 18 §6).
    await revokeAllSessions(ctx.db, ctx.clock, key.userId);
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, key.userId));
    if (owner) await ctx.db.delete(loginFailures).where(eq(loginFailures.email, owner.email));
    return {};
  },

  async ChangePassword({ OldPassword, NewPassword }, ctx) {
    // A stolen access token must not be a way to guess the password: 5 tries per 15 minutes per account.
    const guessKey = `user:${ctx.user.id}`;
    const wait = await consume(ctx, 'passwordGuess', guessKey);
    if (wait > 0) throw rateLimited(wait);
    if (!(await verifyPassword(ctx.user.passwordHash, OldPassword))) throw new ApiError(RetCode.PasswordWrong);
    await forgive(ctx, 'passwordGuess', guessKey);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(NewPassword), passwordSet: true })
      .where(eq(users.id, ctx.user.id));
    // Every other browser signed in to the account is signed out (a reset ends them all).
    if (ctx.accessToken) await revokeOtherSessions(ctx.db, ctx.clock, ctx.user.id, ctx.accessToken);
    else await revokeAllSessions(ctx.db, ctx.clock, ctx.user.id);
    return {};
  },
};
