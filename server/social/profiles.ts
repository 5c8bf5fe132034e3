import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ServerConfig } from '../context';
import { socialAuthStates, socialProfiles } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { requireModule, type PlanInForce } from '../money/plan-gate';
import { PlatformError, type SocialPlatforms } from '../platforms';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SocialProfile } from '../../src/gateway/contract/actions/social';
import {
  SOCIAL_AUTH_STATE_TTL_SECONDS,
  SOCIAL_PROFILE_STATUS,
  type SocialPlatformType,
} from '../../src/gateway/contract/social/platforms';

// Social profiles (docs/decisions.md "Social profiles and posts"): connected through the platform's
// OAuth-shaped flow with a state value of Herald's (random, single use, this account and platform only,
// 10 minutes), counted against the plan's SocialMediaAccountLimit.

export type ProfileRow = typeof socialProfiles.$inferSelect;

export interface ProfileWork {
  db: Db;
  now: Date;
  config: ServerConfig;
  platforms: SocialPlatforms;
}

export const profileData = (row: ProfileRow): SocialProfile => ({
  ProfileId: row.profileId,
  PlatformType: row.platformType,
  AccountId: row.accountId,
  Name: row.name,
  Username: row.username,
  Status: row.status,
  Error: row.error,
  CreateTime: unix(row.createdAt),
  CheckTime: unix(row.checkedAt),
});

export const requireSocialModule = (db: Db, userId: number, now: Date) => requireModule(db, userId, 'SocialMedia', now);

/** The plan's SocialMediaAccountLimit, or null when the plan sets none. */
export const profileLimit = (plan: PlanInForce): number | null => plan.limits.SocialMediaAccountLimit ?? null;

export async function profileCount(db: Db, userId: number): Promise<number> {
  const [{ used }] = await db.select({ used: count() }).from(socialProfiles).where(eq(socialProfiles.userId, userId));
  return used;
}

/** Where the platform sends the user back: the console's page that completes the connection. */
export const redirectUriOf = (config: ServerConfig, platform: SocialPlatformType) =>
  `${(config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}/mkthub/authmediapage/${platform}`;

export async function ownedProfile(db: Db, userId: number, profileId: string): Promise<ProfileRow> {
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(and(eq(socialProfiles.profileId, profileId), eq(socialProfiles.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function authorizeUrl(
  work: ProfileWork,
  userId: number,
  platform: SocialPlatformType,
  profileId?: string,
): Promise<{ Url: string; State: string }> {
  const plan = await requireSocialModule(work.db, userId, work.now);
  if (profileId) {
    const profile = await ownedProfile(work.db, userId, profileId);
    if (profile.platformType !== platform) throw new ApiError(RetCode.SocialProfileInvalid);
  } else {
    const limit = profileLimit(plan);
    if (limit !== null && (await profileCount(work.db, userId)) >= limit)
      throw new ApiError(RetCode.SocialProfilesOutOfQuota, { limit });
  }
  const state = randomBytes(24).toString('base64url');
  await work.db.insert(socialAuthStates).values({
    state,
    userId,
    platformType: platform,
    profileId: profileId ?? null,
    createdAt: work.now,
    expiresAt: new Date(work.now.getTime() + SOCIAL_AUTH_STATE_TTL_SECONDS * 1000),
  });
  const url = work.platforms(platform).authorizeUrl({ redirectUri: redirectUriOf(work.config, platform), state });
  return { Url: url, State: state };
}

/** Uses the state once (this account, this platform, not expired), exchanges the code and keeps the profile. */
export async function connectProfile(
  work: ProfileWork,
  userId: number,
  input: { PlatformType: SocialPlatformType; Code: string; State: string },
): Promise<ProfileRow> {
  const plan = await requireSocialModule(work.db, userId, work.now);
  const used = await work.db
    .update(socialAuthStates)
    .set({ usedAt: work.now })
    .where(
      and(
        eq(socialAuthStates.state, input.State),
        eq(socialAuthStates.userId, userId),
        eq(socialAuthStates.platformType, input.PlatformType),
        isNull(socialAuthStates.usedAt),
        gt(socialAuthStates.expiresAt, work.now),
      ),
    )
    .returning({ state: socialAuthStates.state });
  if (used.length !== 1) throw new ApiError(RetCode.SocialAuthStateInvalid);

  let granted: Awaited<ReturnType<ReturnType<SocialPlatforms>['exchange']>>;
  try {
    granted = await work.platforms(input.PlatformType).exchange({
      code: input.Code,
      redirectUri: redirectUriOf(work.config, input.PlatformType),
    });
  } catch (error) {
    if (error instanceof PlatformError && error.refusal !== 'unavailable' && error.refusal !== 'rateLimited')
      throw new ApiError(RetCode.SocialAuthRefused);
    throw new ApiError(RetCode.SocialPlatformUnavailable);
  }
  const { account, accessToken } = granted;
  const limit = profileLimit(plan);
  return work.db.transaction(async (tx) => {
    // One connect at a time per account, so two cannot both take the last place of the quota.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${6_016_000}, ${userId})`);
    const [existing] = await tx
      .select()
      .from(socialProfiles)
      .where(
        and(
          eq(socialProfiles.userId, userId),
          eq(socialProfiles.platformType, input.PlatformType),
          eq(socialProfiles.accountId, account.id),
        ),
      );
    const values = {
      name: account.name,
      username: account.username,
      accessToken,
      status: SOCIAL_PROFILE_STATUS.Connected,
      error: '',
      checkedAt: work.now,
    };
    if (existing) {
      const [row] = await tx.update(socialProfiles).set(values).where(eq(socialProfiles.id, existing.id)).returning();
      return row;
    }
    const [{ n }] = await tx.select({ n: count() }).from(socialProfiles).where(eq(socialProfiles.userId, userId));
    if (limit !== null && n >= limit) throw new ApiError(RetCode.SocialProfilesOutOfQuota, { limit });
    const [row] = await tx
      .insert(socialProfiles)
      .values({
        profileId: newPublicId('SP'),
        userId,
        platformType: input.PlatformType,
        accountId: account.id,
        createdAt: work.now,
        ...values,
      })
      .returning();
    return row;
  });
}

export async function listProfiles(db: Db, userId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(socialProfiles)
    .where(eq(socialProfiles.userId, userId))
    .orderBy(asc(socialProfiles.createdAt), asc(socialProfiles.id));
}

/** Asks each platform for the connected profiles' accounts; a refused token turns the profile to error. */
export async function checkProfiles(work: ProfileWork, userId: number): Promise<ProfileRow[]> {
  for (const profile of await listProfiles(work.db, userId)) {
    if (profile.status !== SOCIAL_PROFILE_STATUS.Connected) continue;
    try {
      const account = await work.platforms(profile.platformType as SocialPlatformType).account(profile.accessToken);
      await work.db
        .update(socialProfiles)
        .set({ name: account.name, username: account.username, checkedAt: work.now })
        .where(eq(socialProfiles.id, profile.id));
    } catch (error) {
      if (!(error instanceof PlatformError) || error.refusal !== 'unauthorized') continue;
      await markProfileError(work.db, profile.id, error.description, work.now);
    }
  }
  return listProfiles(work.db, userId);
}

export async function markProfileError(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(socialProfiles)
    .set({ status: SOCIAL_PROFILE_STATUS.Error, error: reason.slice(0, 300), checkedAt: now })
    .where(eq(socialProfiles.id, id));
}

export async function deleteProfile(db: Db, userId: number, profileId: string): Promise<void> {
  const removed = await db
    .delete(socialProfiles)
    .where(and(eq(socialProfiles.profileId, profileId), eq(socialProfiles.userId, userId)))
    .returning({ id: socialProfiles.id });
  if (removed.length === 0) throw notFound();
}
