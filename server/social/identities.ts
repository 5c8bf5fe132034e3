import { and, asc, eq } from 'drizzle-orm';
import { socialIdentities, users } from '../db/schema';
import { ApiError } from '../errors';
import type { HandlerContext } from '../context';
import { exchange, link, spendState } from './signin';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SocialIdentity } from '../../src/gateway/contract/actions/social-signin';
import type { SocialPlatformType } from '../../src/gateway/contract/social/platforms';

// The sign-in identities linked to an account (Settings, docs/decisions.md "Social sign-in: linked
// identities"). Every read and write is scoped to the signed-in account; another account's identity is
// NotFound. An account whose only password is the random one of a social sign-up (users.password_set false)
// keeps at least one identity: it is the only way in until a password is set through /retrieve.

type IdentityRow = typeof socialIdentities.$inferSelect;

const identityData = (row: IdentityRow): SocialIdentity => ({
  IdentityId: row.id,
  PlatformType: row.platformType,
  Name: row.name,
  Email: row.email,
  LinkedAt: Math.floor(row.createdAt.getTime() / 1000),
});

export async function listIdentities(ctx: HandlerContext, userId: number) {
  const rows = await ctx.db
    .select()
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId))
    .orderBy(asc(socialIdentities.createdAt), asc(socialIdentities.id));
  const [user] = await ctx.db.select({ passwordSet: users.passwordSet }).from(users).where(eq(users.id, userId));
  return { Identities: rows.map(identityData), HasPassword: user?.passwordSet ?? false };
}

/** Finishes a Purpose link: the state must be this account's; the platform account must not sign in elsewhere. */
export async function linkIdentity(
  ctx: HandlerContext,
  userId: number,
  input: { PlatformType: SocialPlatformType; Code: string; State: string },
): Promise<SocialIdentity> {
  await spendState(ctx, input.PlatformType, input.State, 'link', userId);
  const account = await exchange(ctx, input.PlatformType, input.Code);
  await link(
    ctx,
    { platformType: input.PlatformType, platformUserId: account.id, name: account.name, email: account.email ?? '' },
    userId,
  );
  const [row] = await ctx.db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.platformType, input.PlatformType), eq(socialIdentities.platformUserId, account.id)));
  return identityData(row);
}

export async function unlinkIdentity(ctx: HandlerContext, userId: number, identityId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The account's row is locked so two unlinks at once cannot both pass the "not the last one" check.
    const [user] = await tx
      .select({ passwordSet: users.passwordSet })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const rows = await tx
      .select({ id: socialIdentities.id })
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, userId));
    if (!rows.some((row) => row.id === identityId)) throw new ApiError(RetCode.NotFound);
    if (!user?.passwordSet && rows.length === 1) throw new ApiError(RetCode.SocialIdentityLastSignIn);
    await tx
      .delete(socialIdentities)
      .where(and(eq(socialIdentities.id, identityId), eq(socialIdentities.userId, userId)));
  });
}
