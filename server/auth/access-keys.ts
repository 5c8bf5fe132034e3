import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accessKeyNonces, accessKeys, users } from '../db/schema';
import type { AuthUser } from './sessions';
import type { Clock } from '../clock';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ACCESS_KEY_REFUSED_ACTIONS } from '../../src/gateway/contract/actions/settings';
import { ApiError } from '../errors';

// The signing scheme is documented for API users in docs/decisions.md ("API access with an access
// key"); scripts/api-client-example.ts is a client written from that text alone.
export const SIGNATURE_ALGORITHM = 'HERALD-HMAC-SHA256';
export const MAX_CLOCK_SKEW_SECONDS = 300;

export interface SignedRequest {
  accessKeyId: string;
  timestamp: string;
  /** X-Herald-Nonce: new for every request; a second use within the validity window is refused */
  nonce: string;
  signature: string;
  method: string;
  path: string;
  body: string;
}

/** The access-key headers of a request, when it carries them. */
export function signedRequestOf(
  header: (name: string) => string | undefined,
  method: string,
  path: string,
  body: string,
): SignedRequest | undefined {
  const accessKeyId = header('x-herald-accesskey');
  if (!accessKeyId) return undefined;
  return {
    accessKeyId,
    timestamp: header('x-herald-timestamp') ?? '',
    nonce: header('x-herald-nonce') ?? '',
    signature: header('x-herald-signature') ?? '',
    method,
    path,
    body,
  };
}

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function stringToSign(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return [
    SIGNATURE_ALGORITHM,
    method.toUpperCase(),
    path,
    timestamp,
    nonce,
    createHash('sha256').update(body, 'utf8').digest('hex'),
  ].join('\n');
}

export function signRequest(
  secret: string,
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return createHmac('sha256', secret)
    .update(stringToSign(method, path, timestamp, nonce, body))
    .digest('hex');
}

/** The key's owner, or an ApiError that says what is wrong with the signature. */
export async function authenticateAccessKey(
  db: Db,
  clock: Clock,
  action: string,
  request: SignedRequest,
): Promise<AuthUser> {
  if (ACCESS_KEY_REFUSED_ACTIONS.includes(action)) throw new ApiError(RetCode.AccessKeyActionRefused);
  const [row] = await db
    .select({ key: accessKeys, user: users })
    .from(accessKeys)
    .innerJoin(users, eq(users.id, accessKeys.userId))
    .where(and(eq(accessKeys.id, request.accessKeyId.slice(0, 64)), isNull(accessKeys.revokedAt)));
  if (!row) throw new ApiError(RetCode.AccessKeyInvalid);
  const timestamp = Number(request.timestamp);
  if (!/^\d{1,12}$/.test(request.timestamp) || Math.abs(clock.nowMs() / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    throw new ApiError(RetCode.AccessKeyTimestampSkew);
  }
  const expected = Buffer.from(
    signRequest(row.key.secret, request.method, request.path, request.timestamp, request.nonce, request.body),
    'hex',
  );
  const given = /^[0-9a-f]{64}$/i.test(request.signature) ? Buffer.from(request.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ApiError(RetCode.AccessKeySignatureInvalid);
  if (!(await takeNonce(db, clock, row.key.id, request.nonce, timestamp)))
    throw new ApiError(RetCode.AccessKeyNonceUsed);
  await db.update(accessKeys).set({ lastUsedAt: clock.now() }).where(eq(accessKeys.id, row.key.id));
  return row.user;
}

/**
 * Records a signed request's nonce; false when it is malformed or this key already used it. A nonce is
 * kept while its timestamp can still pass the skew check (timestamp + 300 s), so a captured request
 * cannot be replayed at all: after that the timestamp refuses it. Expired nonces are swept now and then.
 */
async function takeNonce(db: Db, clock: Clock, accessKeyId: string, nonce: string, timestamp: number) {
  if (!NONCE_PATTERN.test(nonce)) return false;
  const expiresAt = new Date((timestamp + MAX_CLOCK_SKEW_SECONDS + 1) * 1000);
  const taken = await db
    .insert(accessKeyNonces)
    .values({ accessKeyId, nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: accessKeyNonces.nonce });
  if (Math.random() < 0.02) await db.delete(accessKeyNonces).where(lt(accessKeyNonces.expiresAt, clock.now()));
  return taken.length === 1;
}
