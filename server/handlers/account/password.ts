import { eq } from 'drizzle-orm';
import { loginFailures, users } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { translate } from '../../messages';
import { queueMail } from '../../mail';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../../auth/sessions';
import type { HandlerMap } from '../../context';
import { RESET_KEY_TTL_MS } from './limits';
import { createEmailKey, findEmailKey, markEmailKeyUsed } from './email-keys';

export const passwordHandlers: HandlerMap = {
  async SendResetPasswordEmail({ Email }, ctx) {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, Email.toLowerCase()));
    if (!user) throw new ApiError(RetCode.UserNotExist);
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
      .set({ passwordHash: await hashPassword(Password) })
      .where(eq(users.id, key.userId));
    // A reset is what an owner does when the password may have leaked: every session ends. It also
    // lifts any sign-in pause on the account, so the new password works at once (issue 18 §6).
    await revokeAllSessions(ctx.db, ctx.clock, key.userId);
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, key.userId));
    if (owner) await ctx.db.delete(loginFailures).where(eq(loginFailures.email, owner.email));
    return {};
  },

  async ChangePassword({ OldPassword, NewPassword }, ctx) {
    if (!(await verifyPassword(ctx.user.passwordHash, OldPassword))) throw new ApiError(RetCode.PasswordWrong);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(NewPassword) })
      .where(eq(users.id, ctx.user.id));
    return {};
  },
};
