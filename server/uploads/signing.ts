import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { serverSecret } from '../db/server-secrets';
import { MEDIA_URL_TTL_SECONDS } from '../../src/gateway/contract/actions/upload-rules';

// Upload authorisations and media URLs are HMAC-SHA256 signatures under a per-deployment secret kept
// in the database, so every gateway process (ROLE=api, many of them) signs and verifies alike.
export const uploadSecret = (db: Db): Promise<Buffer> => serverSecret(db, 'upload-signing');

const hmac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a === b;
}

export interface UploadGrant {
  fileId: string;
  userId: number;
  md5: string;
  contentType: string;
  /** unix seconds */
  expires: number;
}

const grantText = (g: UploadGrant) =>
  ['put', g.fileId, g.userId, g.md5.toLowerCase(), g.contentType, g.expires].join('\n');

/** The `authorization` header value the browser sends with its PUT. */
export function signUpload(secret: Buffer, grant: UploadGrant): string {
  return `HERALD-UPLOAD ${grant.expires}:${hmac(secret, grantText(grant))}`;
}

/** 'ok', or why the header does not authorise this upload. */
export function verifyUpload(
  secret: Buffer,
  header: string | undefined,
  grant: Omit<UploadGrant, 'expires'>,
  nowSeconds: number,
): 'ok' | 'signature' | 'expired' {
  const match = /^HERALD-UPLOAD (\d{1,12}):([A-Za-z0-9_-]{43})$/.exec(header ?? '');
  if (!match) return 'signature';
  const expires = Number(match[1]);
  if (!safeEqual(match[2], hmac(secret, grantText({ ...grant, expires })))) return 'signature';
  return expires <= nowSeconds ? 'expired' : 'ok';
}

/**
 * A short-lived read address for a stored file. Expiry is rounded up to 5 minutes so a page that
 * asks twice gets the same URL (the browser cache keeps working).
 */
export function mediaUrl(secret: Buffer, fileId: string, nowSeconds: number): string {
  const expires = Math.ceil((nowSeconds + MEDIA_URL_TTL_SECONDS) / 300) * 300;
  return `/files/${fileId}?expires=${expires}&signature=${hmac(secret, `get\n${fileId}\n${expires}`)}`;
}

export function verifyMediaUrl(
  secret: Buffer,
  fileId: string,
  expires: string | undefined,
  signature: string | undefined,
  nowSeconds: number,
): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
  return safeEqual(signature, hmac(secret, `get\n${fileId}\n${expires}`)) && Number(expires) > nowSeconds;
}
