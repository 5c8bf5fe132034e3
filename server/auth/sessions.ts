import { and, eq, getTableColumns, isNull, ne } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ApiError } from '../errors';
import { DAY_MS, type Clock } from '../clock';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { randomToken, sha256 } from './secrets';

// The console refreshes 4-24 h after sign-in (spec 000 §4), so an access token lives 24 h; a refresh
// token lives 30 days. Each refresh rotates both; presenting a rotated refresh token again is reuse.
export const ACCESS_TOKEN_TTL_MS = DAY_MS;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/**
 * Reuse grace (docs/decisions.md, "Sessions"): for this long after a rotation, the immediately previous
 * refresh token returns the same new pair instead of counting as reuse, so two tabs (or a retried
 * request whose answer was lost) that present it together do not end the session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface TokenPair {
  AccessToken: string;
  RefreshToken: string;
  AdminUserID: number;
}

export type AuthUser = typeof users.$inferSelect;

export async function issueTokens(
  db: Db,
  clock: Clock,
  userId: number,
  familyId = randomToken(12),
): Promise<TokenPair> {
  const access = randomToken();
  const refresh = randomToken();
  const now = clock.now();
  await db.insert(sessions).values({
    userId,
    familyId,
    accessHash: sha256(access),
    refreshHash: sha256(refresh),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { AccessToken: access, RefreshToken: refresh, AdminUserID: userId };
}

// The look-up behind every signed-in request: prepared once per connection (bench/README.md).
// - One parameter, the token's hash on a unique index: the plan is the same for every token, so the
//   database keeps one generic plan. With the expiry and grace times as parameters too, PGlite planned
//   every call anew (a custom plan, 300 µs against 95), so those are checked here instead.
// - The row comes back as one JSON text: decoding 17 text columns one by one through PGlite's protocol
//   parser cost more than the look-up itself.
// A rotated pair's access token still works for the reuse grace: calls that other tabs (or this one)
// sent with it while the rotation ran must not meet the not-logged code and end the session.
const AUTHENTICATE_SQL = `SELECT json_build_array(row_to_json(u), s.revoked_at, s.access_expires_at, s.rotated_at)::text
  AS "found" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.access_hash = $1`;
const userColumns = Object.entries(getTableColumns(users));
type Found = [
  user: Record<string, unknown>,
  revokedAt: string | null,
  accessExpiresAt: string,
  rotatedAt: string | null,
];

/** The signed-in user of an access token, or null when it is unknown, expired or revoked. */
export async function authenticate(database: Database, clock: Clock, accessToken: string): Promise<AuthUser | null> {
  const [row] = await database.prepared<{ found: string }>('herald_authenticate_v3', AUTHENTICATE_SQL, [
    sha256(accessToken),
  ]);
  if (!row) return null;
  const [json, revokedAt, accessExpiresAt, rotatedAt] = JSON.parse(row.found) as Found;
  const now = clock.nowMs();
  if (revokedAt !== null || Date.parse(accessExpiresAt) <= now) return null;
  if (rotatedAt !== null && Date.parse(rotatedAt) <= now - REFRESH_REUSE_GRACE_MS) return null;
  // the same mapping drizzle applies to a select (bigint mode number, timestamps as Date, arrays): JSON
  // gives numbers, booleans and arrays as they are and timestamps as ISO text with their offset
  const user: Record<string, unknown> = {};
  for (const [key, column] of userColumns) {
    const value = json[column.name];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return user as AuthUser;
}

// The successor pair is sealed with a key derived from the old refresh token (never stored, unlike its
// SHA-256): the database alone cannot open it, only a request that presents the old token.
const sealKey = (refreshToken: string) => createHmac('sha256', refreshToken).update('herald.successor').digest();

function sealPair(refreshToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function openPair(refreshToken: string, sealed: string): TokenPair | null {
  try {
    const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', sealKey(refreshToken), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as TokenPair;
  } catch {
    return null;
  }
}

type SessionRow = typeof sessions.$inferSelect;

/** Within the grace, the pair `row` was rotated into, if that pair is still the family's live one. */
async function pairWithinGrace(tx: Db, row: SessionRow, refreshToken: string, now: Date): Promise<TokenPair | null> {
  if (!row.rotatedAt || row.revokedAt || !row.successorSealed) return null;
  if (now.getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null;
  const pair = openPair(refreshToken, row.successorSealed);
  if (!pair) return null;
  const [successor] = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.refreshHash, sha256(pair.RefreshToken)));
  const live = successor && !successor.rotatedAt && !successor.revokedAt && successor.accessExpiresAt > now;
  return live ? pair : null;
}

export async function rotateTokens(db: Db, clock: Clock, refreshToken: string): Promise<TokenPair> {
  const now = clock.now();
  // The refusals are returned, not thrown, out of the transaction: a throw would roll back the
  // revocation of a reused token's family along with it.
  const outcome = await db.transaction(async (tx): Promise<TokenPair | ApiError> => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, sha256(refreshToken)))
      .for('update');
    if (!row) return new ApiError(RetCode.NotLoggedIn);
    if (row.rotatedAt) {
      const same = await pairWithinGrace(tx as unknown as Db, row, refreshToken, now);
      if (same) return same;
      // A refresh token is good once. A second use means it leaked: end every session of the family.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
      return new ApiError(RetCode.TokenReused);
    }
    if (row.revokedAt || row.refreshExpiresAt <= now) return new ApiError(RetCode.NotLoggedIn);
    const pair = await issueTokens(tx as unknown as Db, clock, row.userId, row.familyId);
    await tx
      .update(sessions)
      .set({ rotatedAt: now, successorSealed: sealPair(refreshToken, pair) })
      .where(eq(sessions.id, row.id));
    return pair;
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/** Logout ends the whole family of the given refresh token. Unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, clock: Clock, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.refreshHash, sha256(refreshToken)));
  if (!row) return;
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, clock: Clock, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of the account but the one `accessToken` belongs to (its whole family, so the
 * refresh that follows keeps working): a password change signs out every other browser and tab.
 */
export async function revokeOtherSessions(db: Db, clock: Clock, userId: number, accessToken: string): Promise<void> {
  const [current] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.accessHash, sha256(accessToken)), eq(sessions.userId, userId)));
  if (!current) return revokeAllSessions(db, clock, userId);
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.familyId, current.familyId)));
}
