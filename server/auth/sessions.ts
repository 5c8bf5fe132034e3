import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ApiError } from '../errors';
import { DAY_MS, type Clock } from '../clock';
import { randomToken, sha256 } from './secrets';

// The console refreshes 4-24 h after sign-in (spec 000 §4), so an access token lives 24 h; a refresh
// token lives 30 days. Each refresh rotates both; presenting a rotated refresh token again is reuse.
export const ACCESS_TOKEN_TTL_MS = DAY_MS;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;

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
const AUTHENTICATE_SQL = `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.access_hash = $1 AND s.revoked_at IS NULL AND s.access_expires_at > $2 LIMIT 1`;
const userColumns = Object.entries(getTableColumns(users));

/** The signed-in user of an access token, or null when it is unknown, expired or revoked. */
export async function authenticate(database: Database, clock: Clock, accessToken: string): Promise<AuthUser | null> {
  const [row] = await database.prepared('herald_authenticate', AUTHENTICATE_SQL, [sha256(accessToken), clock.now()]);
  if (!row) return null;
  // the same mapping drizzle applies to a select (bigint mode number, timestamps as Date, arrays)
  const user: Record<string, unknown> = {};
  for (const [key, column] of userColumns) {
    const value = row[column.name];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return user as AuthUser;
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
      // A refresh token is good once. A second use means it leaked: end every session of the family.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
      return new ApiError(RetCode.TokenReused);
    }
    if (row.revokedAt || row.refreshExpiresAt <= now) return new ApiError(RetCode.NotLoggedIn);
    await tx.update(sessions).set({ rotatedAt: now, revokedAt: now }).where(eq(sessions.id, row.id));
    return issueTokens(tx as unknown as Db, clock, row.userId, row.familyId);
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
