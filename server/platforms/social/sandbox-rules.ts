import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { socialPlatformName, type SocialPlatformType } from '../../../src/gateway/contract/social/platforms';

// The sandbox social platforms' rules (docs/decisions.md "Social profiles and posts"): everything follows
// from what the user types on the consent page and in the post, so every outcome can be made on purpose.
// - /sandbox/social/{type}/authorize shows a consent page with an account name (default "Sandbox
//   <Platform> user"), Allow and Deny. Allow sends the browser to redirect_uri with ?code&state; Deny
//   with ?error=access_denied&state.
// - Sent back to /medialogin/{type} (a sign-in to Herald), the consent page also asks for the account's
//   e-mail (blank: the platform shares none); the exchange and /me answer it as the account's email.
// - A code is valid for CODE_TTL_SECONDS, for its platform and its redirect_uri only; anything else is
//   400 invalid_grant. The exchange answers the token and the account.
// - The account id is 12 digits from SHA-256(platform type and name): the same name is the same account,
//   so connecting it again reconnects the same profile.
// - An account name containing EXPIRED_WORD connects, but its token is refused (401) by every later call:
//   the next check turns the profile to error, and a post to it fails.
// - A post whose text contains REFUSE_MARKER is refused (400) with REFUSE_REASON.
// - A post with the same Idempotency-Key answers the same post id and is kept once (the outbox,
//   /dev/outbox, channel "social").
// Codes and tokens are signed with a fixed sandbox key: the sandbox stands in for a platform, it guards
// nothing. Herald's own state value (single use, per account, 10 minutes) is what stops CSRF and replay.

export const CODE_TTL_SECONDS = 300;
export const EXPIRED_WORD = 'expired';
export const REFUSE_MARKER = '#refuse';
export const REFUSE_REASON = 'The platform refused the post: it goes against its community standards.';
const SANDBOX_KEY = 'herald-social-sandbox';

const b64 = (value: string) => Buffer.from(value).toString('base64url');
const sign = (body: string) => createHmac('sha256', SANDBOX_KEY).update(body).digest('base64url');

function seal(payload: object): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${sign(body)}`;
}

function open<T>(sealed: string): T | null {
  const [body, mac] = sealed.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

export const defaultAccountName = (platform: SocialPlatformType) => `Sandbox ${socialPlatformName(platform)} user`;

export function sandboxAccount(platform: SocialPlatformType, name: string, email = '') {
  const digest = createHash('sha256').update(`${platform}:${name}`).digest();
  const id = String(100_000_000_000 + ((digest.readUInt32BE(0) * 97 + digest.readUInt16BE(4)) % 899_999_999_999));
  const username =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 30) || 'user';
  return { id, name, username, ...(email ? { email } : {}) };
}

interface CodePayload {
  p: number;
  n: string;
  /** the e-mail the account shares ('' for none) */
  m?: string;
  r: string;
  e: number;
}

export const makeCode = (
  platform: SocialPlatformType,
  name: string,
  redirectUri: string,
  nowSeconds: number,
  email = '',
) => seal({ p: platform, n: name, m: email, r: redirectUri, e: nowSeconds + CODE_TTL_SECONDS } satisfies CodePayload);

/** The code's account (name and shared e-mail), or null when it is forged, expired or for another place. */
export function readCode(
  code: string,
  platform: number,
  redirectUri: string,
  nowSeconds: number,
): { name: string; email: string } | null {
  const payload = open<CodePayload>(code);
  if (!payload || payload.p !== platform || payload.r !== redirectUri || payload.e < nowSeconds) return null;
  return { name: payload.n, email: payload.m ?? '' };
}

export const makeToken = (platform: SocialPlatformType, name: string, email = '') =>
  seal({ p: platform, n: name, m: email, t: 'access' });

/** The token's account name, or null when the sandbox refuses it (forged, other platform, "expired"). */
export function readToken(token: string, platform: number, afterConnect: boolean): string | null {
  return readTokenAccount(token, platform, afterConnect)?.name ?? null;
}

export function readTokenAccount(
  token: string,
  platform: number,
  afterConnect: boolean,
): { name: string; email: string } | null {
  const payload = open<{ p: number; n: string; m?: string; t: string }>(token);
  if (!payload || payload.p !== platform || payload.t !== 'access') return null;
  if (afterConnect && payload.n.toLowerCase().includes(EXPIRED_WORD)) return null;
  return { name: payload.n, email: payload.m ?? '' };
}

/** The platform's post id for an idempotency key: the same key, the same id. */
export function sandboxPostId(platform: SocialPlatformType, key: string): string {
  const digest = createHash('sha256').update(`${platform}:${key}`).digest('hex');
  return `${platform}${BigInt(`0x${digest.slice(0, 15)}`)
    .toString()
    .padStart(18, '0')}`;
}
