import { and, count, eq, gt, min, type SQL } from 'drizzle-orm';
import { loginFailures, users } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { PermissionKey, UserInfo } from '../../../src/gateway/contract/actions/account';
import { ApiError } from '../../errors';
import { verifyPassword } from '../../auth/passwords';
import { issueTokens, revokeFamilyOf, rotateTokens, type AuthUser } from '../../auth/sessions';
import type { HandlerContext, HandlerMap, ServerConfig } from '../../context';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from './limits';

/** Failures in the window and the oldest of them: the pause lasts until that one leaves the window. */
async function failuresSince(ctx: HandlerContext, where: SQL | undefined, since: Date) {
  const [row] = await ctx.db
    .select({ n: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.at, since)));
  return row;
}

/**
 * Records this attempt as a failure before the password is checked, then counts it with the others:
 * parallel guesses each see the rows of the rest, so a burst cannot try more than the limit. A refused
 * attempt takes its row back (it tried nothing); a successful one clears the account's rows.
 * Issue 18 §6: the limit is per account *and address* (plus one per address across accounts), so
 * someone who knows an e-mail can pause sign-in from their own address only, never its owner's.
 */
async function recordAttemptOrRefuse(ctx: HandlerContext, email: string): Promise<{ id: number; failures: number }> {
  const [attempt] = await ctx.db
    .insert(loginFailures)
    .values({ email, ip: ctx.ip, at: ctx.clock.now() })
    .returning({ id: loginFailures.id });
  const since = new Date(ctx.clock.nowMs() - LOGIN_FAILURE_WINDOW_MS);
  const fromHere = await failuresSince(ctx, and(eq(loginFailures.email, email), eq(loginFailures.ip, ctx.ip)), since);
  const byAddress = await failuresSince(ctx, eq(loginFailures.ip, ctx.ip), since);
  const over = [
    fromHere.n > LOGIN_FAILURES_PER_ACCOUNT ? fromHere.oldest : null,
    byAddress.n > LOGIN_FAILURES_PER_ADDRESS ? byAddress.oldest : null,
  ].filter((at): at is Date => at !== null);
  if (over.length) {
    await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    throw pausedError(ctx, Math.max(...over.map((at) => at.getTime())));
  }
  return { id: attempt.id, failures: fromHere.n };
}

/** The real time left ("try again in 14 min"), counted from the oldest failure still in the window. */
function pausedError(ctx: HandlerContext, oldestMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil((oldestMs + LOGIN_FAILURE_WINDOW_MS - ctx.clock.nowMs()) / 1000));
  return new ApiError(RetCode.SignInPaused, { minutes: Math.ceil(seconds / 60) }, { RetryAfterSeconds: seconds });
}

export function permissionsOf(user: AuthUser, config: ServerConfig): PermissionKey[] {
  const keys = new Set<PermissionKey>(['WhatsAppAgent']);
  if (user.email.endsWith(`@${config.ownDomain}`)) keys.add('TextUser');
  // Top-up (spec 001 §6): main accounts hold it; staff grant it to others (docs/decisions.md, "Money in").
  if (user.administrator) keys.add('TopUp');
  for (const extra of user.extraPermissions) keys.add(extra as PermissionKey);
  return [...keys];
}

export function userInfoOf(user: AuthUser, config: ServerConfig): UserInfo {
  return {
    AdminUserId: user.id,
    CnName: user.cnName,
    EnName: user.enName,
    Email: user.email,
    DisplayName: user.enName || user.cnName || user.email.split('@')[0],
    Administrator: user.administrator,
    Phone: user.phone,
    Timezone: user.timezone,
    RegisterIP: user.registerIp,
    RegisterCountry: user.country,
    Type: user.type,
    Upgrade: user.upgraded,
    Permissions: permissionsOf(user, config),
  };
}

/**
 * The password check of a sign-in, with its throttle (LoginByPassword; LoginBindSocialMedia verifies the
 * account the same way before linking a platform account to it). Answers the activated user.
 */
export async function verifySignIn(ctx: HandlerContext, Email: string, Password: string) {
  const email = Email.toLowerCase();
  const attempt = await recordAttemptOrRefuse(ctx, email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || !(await verifyPassword(user.passwordHash, Password))) {
    // The same for an unknown e-mail as for a wrong password: no account enumeration.
    if (attempt.failures >= LOGIN_FAILURES_PER_ACCOUNT) throw pausedError(ctx, ctx.clock.nowMs());
    if (attempt.failures === LOGIN_FAILURES_PER_ACCOUNT - 1) throw new ApiError(RetCode.SignInLastTry);
    throw new ApiError(RetCode.SignInFailed);
  }
  if (!user.activatedAt) {
    await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    throw new ApiError(RetCode.NotActivated);
  }
  // Only this address's failures: a guesser elsewhere does not get a fresh allowance from the owner's sign-in.
  await ctx.db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ctx.ip)));
  return user;
}

export const signinHandlers: HandlerMap = {
  async LoginByPassword({ Email, Password }, ctx) {
    const user = await verifySignIn(ctx, Email, Password);
    return issueTokens(ctx.db, ctx.clock, user.id);
  },

  RefreshToken: ({ RefreshToken }, ctx) => rotateTokens(ctx.db, ctx.clock, RefreshToken),

  async LogoutToken({ RefreshToken }, ctx) {
    await revokeFamilyOf(ctx.db, ctx.clock, RefreshToken);
    return {};
  },

  GetUserInfo: async (_input, ctx) => userInfoOf(ctx.user, ctx.config),
};
