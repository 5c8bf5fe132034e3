import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { socialAuthStates, socialIdentities, socialSigninTickets, users } from '../db/schema';
import { serverSecret } from '../db/server-secrets';
import { ApiError, fieldError } from '../errors';
import { hashPassword } from '../auth/passwords';
import { issueTokens } from '../auth/sessions';
import { randomToken, sha256 } from '../auth/secrets';
import { PlatformError, socialPlatforms, type SocialAccount } from '../platforms';
import type { HandlerContext } from '../context';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_AUTH_STATE_TTL_SECONDS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import { LINK_STATE_PREFIX, type SocialSignInOutcome } from '../../src/gateway/contract/actions/social-signin';

// Social sign-in (docs/decisions.md "Post statistics and social sign-in"). GetSocialMediaAuthUrl with
// Purpose signin makes a state: random, signed with a per-deployment secret, stored for one use within
// 10 minutes. LoginBySocialMedia spends it, exchanges the code, and
// - signs in the Herald account the platform account is linked to (social_identities: one platform account
//   → one Herald account), with the same tokens as LoginByPassword;
// - otherwise answers a ticket (stored as its SHA-256, single use, 10 minutes) with what the platform said:
//   needsLink when its e-mail has an account (LoginBindSocialMedia links after that account's password),
//   needsRegistration when not (RegisterBySocialMedia makes the account).
// A state or ticket never names an account: the identity decides, so one account's platform sign-in can
// never open another.

const TICKET_TTL_MS = 10 * 60 * 1000;

export const signInRedirectUri = (ctx: HandlerContext, platform: SocialPlatformType) =>
  `${(ctx.config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}/medialogin/${platform}`;

async function signState(ctx: HandlerContext, nonce: string): Promise<string> {
  const key = await serverSecret(ctx.db, 'social-signin-state');
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

async function nonceOf(ctx: HandlerContext, state: string): Promise<string | null> {
  const [nonce, mac] = state.split('.');
  if (!nonce || !mac) return null;
  const expected = Buffer.from(await signState(ctx, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

type SignInPurpose = 'signin' | 'link';

/**
 * GetSocialMediaAuthUrl with Purpose signin (nobody is signed in; `service` is where the console goes
 * afterwards) or link (the signed-in `userId` links another identity). Both return to /medialogin/{type}; a
 * link state's nonce starts with LINK_STATE_PREFIX so the page knows which it is before asking the server.
 */
export async function signInAuthorizeUrl(
  ctx: HandlerContext,
  platform: SocialPlatformType,
  options: { purpose: SignInPurpose; userId?: number; service?: string } = { purpose: 'signin' },
) {
  const now = ctx.clock.now();
  const nonce = `${options.purpose === 'link' ? LINK_STATE_PREFIX : ''}${randomToken(24)}`;
  const state = `${nonce}.${await signState(ctx, nonce)}`;
  await ctx.db.insert(socialAuthStates).values({
    state: nonce,
    userId: options.purpose === 'link' ? options.userId! : null,
    platformType: platform,
    purpose: options.purpose,
    service: options.purpose === 'signin' ? (options.service ?? null) : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_AUTH_STATE_TTL_SECONDS * 1000),
  });
  const url = socialPlatforms(ctx.config)(platform).authorizeUrl({
    redirectUri: signInRedirectUri(ctx, platform),
    state,
  });
  return { Url: url, State: state };
}

/** Spends a state of this purpose (a link state only for the account that asked for it); answers its service. */
export async function spendState(
  ctx: HandlerContext,
  platform: number,
  state: string,
  purpose: SignInPurpose = 'signin',
  userId?: number,
): Promise<string> {
  const nonce = await nonceOf(ctx, state);
  const used = nonce
    ? await ctx.db
        .update(socialAuthStates)
        .set({ usedAt: ctx.clock.now() })
        .where(
          and(
            eq(socialAuthStates.state, nonce),
            eq(socialAuthStates.purpose, purpose),
            purpose === 'link' ? eq(socialAuthStates.userId, userId ?? -1) : isNull(socialAuthStates.userId),
            eq(socialAuthStates.platformType, platform),
            isNull(socialAuthStates.usedAt),
            gt(socialAuthStates.expiresAt, ctx.clock.now()),
          ),
        )
        .returning({ service: socialAuthStates.service })
    : [];
  if (used.length !== 1) throw new ApiError(RetCode.SocialSignInStateInvalid);
  return used[0].service ?? '';
}

export async function exchange(
  ctx: HandlerContext,
  platform: SocialPlatformType,
  code: string,
): Promise<SocialAccount> {
  try {
    const granted = await socialPlatforms(ctx.config)(platform).exchange({
      code,
      redirectUri: signInRedirectUri(ctx, platform),
    });
    return granted.account;
  } catch (error) {
    if (error instanceof PlatformError && error.refusal !== 'unavailable' && error.refusal !== 'rateLimited')
      throw new ApiError(RetCode.SocialSignInRefused);
    throw new ApiError(RetCode.SocialPlatformUnavailable);
  }
}

async function signedIn(ctx: HandlerContext, userId: number, name: string): Promise<SocialSignInOutcome> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user.activatedAt) throw new ApiError(RetCode.NotActivated);
  const tokens = await issueTokens(ctx.db, ctx.clock, user.id);
  return { Result: 'signedIn', ...tokens, Email: user.email, Name: name };
}

export async function loginBySocialMedia(
  ctx: HandlerContext,
  input: { PlatformType: SocialPlatformType; Code: string; State: string },
): Promise<SocialSignInOutcome> {
  const service = await spendState(ctx, input.PlatformType, input.State);
  const account = await exchange(ctx, input.PlatformType, input.Code);
  const [identity] = await ctx.db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.platformType, input.PlatformType), eq(socialIdentities.platformUserId, account.id)));
  if (identity) return { ...(await signedIn(ctx, identity.userId, account.name)), Service: service };

  const email = (account.email ?? '').toLowerCase();
  const ticket = randomToken(24);
  const now = ctx.clock.now();
  await ctx.db.insert(socialSigninTickets).values({
    ticket: sha256(ticket),
    platformType: input.PlatformType,
    platformUserId: account.id,
    name: account.name,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  });
  const [existing] = email ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)) : [];
  return {
    Result: existing ? 'needsLink' : 'needsRegistration',
    Ticket: ticket,
    Email: email,
    Name: account.name,
    Service: service,
  };
}

type TicketRow = typeof socialSigninTickets.$inferSelect;

async function liveTicket(ctx: HandlerContext, ticket: string): Promise<TicketRow> {
  const [row] = await ctx.db
    .select()
    .from(socialSigninTickets)
    .where(
      and(
        eq(socialSigninTickets.ticket, sha256(ticket)),
        isNull(socialSigninTickets.usedAt),
        gt(socialSigninTickets.expiresAt, ctx.clock.now()),
      ),
    );
  if (!row) throw new ApiError(RetCode.SocialSignInTicketInvalid);
  return row;
}

/** Spends the ticket: of two calls at once, one goes on. */
async function spendTicket(ctx: HandlerContext, row: TicketRow): Promise<void> {
  const used = await ctx.db
    .update(socialSigninTickets)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(socialSigninTickets.ticket, row.ticket), isNull(socialSigninTickets.usedAt)))
    .returning({ ticket: socialSigninTickets.ticket });
  if (used.length !== 1) throw new ApiError(RetCode.SocialSignInTicketInvalid);
}

type LinkedAccount = Pick<TicketRow, 'platformType' | 'platformUserId' | 'name' | 'email'>;

/** Links the platform account to userId; refused when it already signs in to another account. */
export async function link(ctx: HandlerContext, row: LinkedAccount, userId: number): Promise<void> {
  const inserted = await ctx.db
    .insert(socialIdentities)
    .values({
      platformType: row.platformType,
      platformUserId: row.platformUserId,
      userId,
      name: row.name,
      email: row.email,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ userId: socialIdentities.userId });
  if (inserted.length === 1) return;
  const [identity] = await ctx.db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(
      and(eq(socialIdentities.platformType, row.platformType), eq(socialIdentities.platformUserId, row.platformUserId)),
    );
  if (identity?.userId !== userId) throw new ApiError(RetCode.SocialIdentityTaken);
}

/**
 * A new account for the ticket's platform account. With the platform's e-mail it is activated at once (the
 * platform vouches for it) and signed in; with a typed one an activation mail goes to it first.
 */
export async function registerBySocialMedia(
  ctx: HandlerContext,
  input: { Ticket: string; Email?: string },
  sendActivationMail: (ctx: HandlerContext, userId: number, email: string) => Promise<void>,
): Promise<SocialSignInOutcome> {
  const row = await liveTicket(ctx, input.Ticket);
  const vouched = row.email !== '';
  const email = vouched ? row.email : (input.Email ?? '').toLowerCase();
  if (!email) throw fieldError('Email', 'validation:required');
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw new ApiError(RetCode.SocialSignInEmailTaken);
  await spendTicket(ctx, row);
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(users)
    .values({
      email,
      // No password is known: the person signs in with the platform, or sets one through /retrieve.
      passwordHash: await hashPassword(randomToken(32)),
      enName: row.name.slice(0, 60),
      registerIp: ctx.ip,
      createdAt: now,
      activatedAt: vouched ? now : null,
      passwordSet: false,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted[0]) throw new ApiError(RetCode.SocialSignInEmailTaken);
  await link(ctx, row, inserted[0].id);
  if (vouched) return signedIn(ctx, inserted[0].id, row.name);
  await sendActivationMail(ctx, inserted[0].id, email);
  return { Result: 'activationSent', Email: email, Name: row.name };
}

/** Links the ticket's platform account to the e-mail's account once its password is verified, and signs in. */
export async function loginBindSocialMedia(
  ctx: HandlerContext,
  input: { Ticket: string; Email?: string; Password: string },
  verifySignIn: (ctx: HandlerContext, email: string, password: string) => Promise<{ id: number }>,
): Promise<SocialSignInOutcome> {
  const row = await liveTicket(ctx, input.Ticket);
  const email = row.email || (input.Email ?? '').toLowerCase();
  if (!email) throw fieldError('Email', 'validation:required');
  const user = await verifySignIn(ctx, email, input.Password);
  await spendTicket(ctx, row);
  await link(ctx, row, user.id);
  return signedIn(ctx, user.id, row.name);
}
