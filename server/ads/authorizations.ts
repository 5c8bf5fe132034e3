import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ServerConfig } from '../context';
import { adAccounts, adAuthorizations } from '../db/schema';
import { fail, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import type { AdOperationsPlatforms } from '../platforms/ads/operations';
import { adAuthorizeUrl, readAdCode } from '../platforms/ads/sandbox-consent';
import { sandboxPlatformStatus } from '../platforms/ads/sandbox';
import { adAccountLifecycle } from '../../src/machines/lifecycles/ad-account.machine';
import { AD_ACCOUNT_STATUS, AD_DEFAULT_TIME_ZONE, type AdPlatformId } from '../../src/gateway/contract/advertising';
import { AD_AUTHORIZABLE_PLATFORMS, AD_AUTHORIZATION_STATUS } from '../../src/gateway/contract/ad-operations';
import type { AdAuthorization } from '../../src/gateway/contract/actions/ad-operations';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { unixSecondsOf } from './work';

// Authorising Herald to a business (issue 17 item 5: authorize-list, authorize-authpage). Start stores a
// Pending authorisation with a single-use state and answers the platform's consent page; the return page
// completes it with the code (Authorised: the business's ad accounts are bound to the user) or the
// refusal (Denied). A state older than AUTH_STATE_TTL_MS, or used, is refused. Revoking keeps the bound
// accounts listed but refuses operations on them (docs/decisions.md "Ad operations and data report").

type AuthorizationRow = typeof adAuthorizations.$inferSelect;
export const AUTH_STATE_TTL_MS = 10 * 60_000;

export interface AdAuthWork {
  db: Db;
  now: Date;
  config: ServerConfig;
  platforms: AdOperationsPlatforms;
}

async function boundAccounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: adAccounts.authorizationId, n: count() })
    .from(adAccounts)
    .where(inArray(adAccounts.authorizationId, ids))
    .groupBy(adAccounts.authorizationId);
  return new Map(rows.map((row) => [row.id!, row.n]));
}

const authorizationData = (row: AuthorizationRow, accounts: number): AdAuthorization => ({
  AuthorizationId: row.authorizationId,
  PlatformId: row.platformId,
  BusinessId: row.businessId,
  BusinessName: row.businessName,
  Status: row.status,
  Accounts: accounts,
  CreateTime: unixSecondsOf(row.createdAt),
  UpdateTime: unixSecondsOf(row.updatedAt),
});

async function withAccounts(db: Db, row: AuthorizationRow): Promise<AdAuthorization> {
  return authorizationData(row, (await boundAccounts(db, [row.id])).get(row.id) ?? 0);
}

export async function startAuthorization(
  work: AdAuthWork,
  userId: number,
  platformId: AdPlatformId,
): Promise<{ AuthorizationId: string; AuthorizeUrl: string }> {
  if (!AD_AUTHORIZABLE_PLATFORMS.includes(platformId)) throw fail(RetCode.AdOperationNotSupported);
  const state = randomBytes(24).toString('base64url');
  const [row] = await work.db
    .insert(adAuthorizations)
    .values({
      authorizationId: newPublicId('AZ'),
      userId,
      platformId,
      status: AD_AUTHORIZATION_STATUS.Pending,
      state,
      createdAt: work.now,
      updatedAt: work.now,
    })
    .returning();
  return { AuthorizationId: row.authorizationId, AuthorizeUrl: adAuthorizeUrl(work.config, platformId, state) };
}

export async function completeAuthorization(
  work: AdAuthWork,
  userId: number,
  input: { State: string; Code?: string; Error?: string },
): Promise<AdAuthorization> {
  const [pending] = await work.db
    .select()
    .from(adAuthorizations)
    .where(
      and(
        eq(adAuthorizations.state, input.State),
        eq(adAuthorizations.userId, userId),
        eq(adAuthorizations.status, AD_AUTHORIZATION_STATUS.Pending),
      ),
    );
  if (!pending || pending.createdAt.getTime() + AUTH_STATE_TTL_MS < work.now.getTime())
    throw fail(RetCode.AdAuthorizationExpired);
  const platformId = pending.platformId as AdPlatformId;
  const businessName = input.Code ? readAdCode(input.Code, platformId, Math.floor(work.now.getTime() / 1000)) : null;
  const claim = (changes: Partial<AuthorizationRow>) =>
    work.db
      .update(adAuthorizations)
      .set({ ...changes, updatedAt: work.now })
      .where(and(eq(adAuthorizations.id, pending.id), eq(adAuthorizations.status, AD_AUTHORIZATION_STATUS.Pending)))
      .returning();
  if (input.Error || !businessName) {
    const [denied] = await claim({ status: AD_AUTHORIZATION_STATUS.Denied });
    if (!denied) throw fail(RetCode.AdAuthorizationExpired);
    return withAccounts(work.db, denied);
  }
  const business = work.platforms(platformId).business(businessName);
  const row = await work.db.transaction(async (tx) => {
    const [authorized] = await tx
      .update(adAuthorizations)
      .set({
        status: AD_AUTHORIZATION_STATUS.Authorized,
        businessId: business.businessId,
        businessName,
        updatedAt: work.now,
      })
      .where(and(eq(adAuthorizations.id, pending.id), eq(adAuthorizations.status, AD_AUTHORIZATION_STATUS.Pending)))
      .returning();
    if (!authorized) return null;
    const opened = adAccountLifecycle.next(AD_ACCOUNT_STATUS.PendingReview, 'review.approve')!.status;
    // The business's accounts: new ones are bound to the user; ones this user already holds (an earlier
    // authorisation) follow the new one; another user's stay theirs (a business is managed by one tenant).
    await tx
      .insert(adAccounts)
      .values(
        business.accounts.map((account) => ({
          accountId: account.accountId,
          userId,
          platformId,
          applicationId: 0,
          authorizationId: authorized.id,
          name: account.name,
          companyName: businessName,
          status: opened,
          platformStatus: sandboxPlatformStatus(platformId, account.name),
          currency: 'USD',
          timeZone: AD_DEFAULT_TIME_ZONE,
          createdAt: work.now,
          updatedAt: work.now,
        })),
      )
      .onConflictDoUpdate({
        target: adAccounts.accountId,
        set: { authorizationId: authorized.id, updatedAt: work.now },
        setWhere: sql`${adAccounts.userId} = ${userId}`,
      });
    return authorized;
  });
  if (!row) throw fail(RetCode.AdAuthorizationExpired);
  return withAccounts(work.db, row);
}

export async function listAuthorizations(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; PlatformId?: number },
): Promise<{ total: number; authorizations: AdAuthorization[] }> {
  const where = and(
    eq(adAuthorizations.userId, userId),
    query.PlatformId ? eq(adAuthorizations.platformId, query.PlatformId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(adAuthorizations).where(where);
  const rows = await db
    .select()
    .from(adAuthorizations)
    .where(where)
    .orderBy(desc(adAuthorizations.createdAt), desc(adAuthorizations.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  const accounts = await boundAccounts(
    db,
    rows.map((row) => row.id),
  );
  return { total, authorizations: rows.map((row) => authorizationData(row, accounts.get(row.id) ?? 0)) };
}

/** Revokes an Authorised authorisation (a revoked one answers as it is; a pending or denied one is not found). */
export async function revokeAuthorization(db: Db, now: Date, userId: number, id: string): Promise<AdAuthorization> {
  const [row] = await db
    .select()
    .from(adAuthorizations)
    .where(and(eq(adAuthorizations.authorizationId, id), eq(adAuthorizations.userId, userId)));
  if (!row || (row.status !== AD_AUTHORIZATION_STATUS.Authorized && row.status !== AD_AUTHORIZATION_STATUS.Revoked))
    throw notFound();
  const [revoked] = await db
    .update(adAuthorizations)
    .set({ status: AD_AUTHORIZATION_STATUS.Revoked, updatedAt: now })
    .where(and(eq(adAuthorizations.id, row.id), eq(adAuthorizations.status, AD_AUTHORIZATION_STATUS.Authorized)))
    .returning();
  return withAccounts(db, revoked ?? row);
}
