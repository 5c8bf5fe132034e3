import { and, count, eq, gt } from 'drizzle-orm';
import { loginFailures, users } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { PermissionKey, UserInfo } from '../../../src/gateway/contract/actions/account';
import { ApiError } from '../../errors';
import { verifyPassword } from '../../auth/passwords';
import { issueTokens, revokeFamilyOf, rotateTokens, type AuthUser } from '../../auth/sessions';
import type { HandlerContext, HandlerMap, ServerConfig } from '../../context';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from './limits';

/**
 * Records this attempt as a failure before the password is checked, then counts it with the others:
 * parallel guesses each see the rows of the rest, so a burst cannot try more than the limit. A refused
 * attempt takes its row back (it tried nothing); a successful one clears the account's rows.
 */
async function recordAttemptOrRefuse(ctx: HandlerContext, email: string): Promise<number> {
  const [attempt] = await ctx.db
    .insert(loginFailures)
    .values({ email, ip: ctx.ip, at: ctx.clock.now() })
    .returning({ id: loginFailures.id });
  const since = new Date(ctx.clock.nowMs() - LOGIN_FAILURE_WINDOW_MS);
  const [byAccount] = await ctx.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)));
  const [byAddress] = await ctx.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ctx.ip), gt(loginFailures.at, since)));
  if (byAccount.n > LOGIN_FAILURES_PER_ACCOUNT || byAddress.n > LOGIN_FAILURES_PER_ADDRESS) {
    await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    throw new ApiError(RetCode.RateLimited, { seconds: LOGIN_FAILURE_WINDOW_MS / 1000 });
  }
  return attempt.id;
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

export const signinHandlers: HandlerMap = {
  async LoginByPassword({ Email, Password }, ctx) {
    const email = Email.toLowerCase();
    const attemptId = await recordAttemptOrRefuse(ctx, email);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user || !(await verifyPassword(user.passwordHash, Password))) throw new ApiError(RetCode.SignInFailed);
    if (!user.activatedAt) {
      await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
      throw new ApiError(RetCode.NotActivated);
    }
    await ctx.db.delete(loginFailures).where(eq(loginFailures.email, email));
    return issueTokens(ctx.db, ctx.clock, user.id);
  },

  RefreshToken: ({ RefreshToken }, ctx) => rotateTokens(ctx.db, ctx.clock, RefreshToken),

  async LogoutToken({ RefreshToken }, ctx) {
    await revokeFamilyOf(ctx.db, ctx.clock, RefreshToken);
    return {};
  },

  GetUserInfo: async (_input, ctx) => userInfoOf(ctx.user, ctx.config),
};
