import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../../context';
import type { Db } from '../../db/database';
import { serverSecret } from '../../db/server-secrets';
import { SOCIAL_PLATFORM } from '../../../src/gateway/contract/social/platforms';

// The social platforms' webhook signatures, each in its real service's form (docs/decisions.md "Social
// messages in the inbox"):
// - Facebook, Instagram (Meta): X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>
// - LinkedIn: X-LI-Signature: hmacsha256=<hex HMAC-SHA256(client secret, raw body)>
// - TikTok: TikTok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(client secret, "<t>.<raw body>")>,
//   refused more than TIKTOK_TOLERANCE_SECONDS away from the gateway's clock
// Comparisons are constant-time. Replays are dropped by the platform's message id, not here.

export const TIKTOK_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, data: string | Uint8Array) => createHmac('sha256', secret).update(data).digest('hex');

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The header name and value a platform signs a body with. */
export function signSocialWebhook(
  platformType: number,
  secret: string,
  rawBody: string,
  nowSeconds: number,
): { header: string; value: string } {
  if (platformType === SOCIAL_PLATFORM.LinkedIn)
    return { header: 'x-li-signature', value: `hmacsha256=${hmacHex(secret, rawBody)}` };
  if (platformType === SOCIAL_PLATFORM.TikTok)
    return { header: 'tiktok-signature', value: `t=${nowSeconds},s=${hmacHex(secret, `${nowSeconds}.${rawBody}`)}` };
  return { header: 'x-hub-signature-256', value: `sha256=${hmacHex(secret, rawBody)}` };
}

/** Whether the request's signature header is the platform's signature of this body. */
export function verifySocialWebhook(
  platformType: number,
  secret: string,
  rawBody: Uint8Array,
  header: (name: string) => string | undefined,
  nowSeconds: number,
): boolean {
  if (platformType === SOCIAL_PLATFORM.TikTok) {
    const parts = Object.fromEntries(
      (header('tiktok-signature') ?? '').split(',').map((part) => part.trim().split('=') as [string, string]),
    );
    const t = Number(parts.t);
    if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TIKTOK_TOLERANCE_SECONDS || !parts.s) return false;
    const signed = Buffer.concat([Buffer.from(`${t}.`), rawBody]);
    return same(parts.s, hmacHex(secret, signed));
  }
  const linkedIn = platformType === SOCIAL_PLATFORM.LinkedIn;
  const given = header(linkedIn ? 'x-li-signature' : 'x-hub-signature-256')?.trim();
  if (!given) return false;
  return same(given, `${linkedIn ? 'hmacsha256' : 'sha256'}=${hmacHex(secret, rawBody)}`);
}

/** The platform's webhook secret: configured, or made once per deployment (the sandbox signs with it). */
export async function socialWebhookSecret(db: Db, config: ServerConfig, platformType: number): Promise<string> {
  return (
    config.socialWebhooks?.secrets[platformType] ??
    (await serverSecret(db, `social-webhook-secret-${platformType}`)).toString('hex')
  );
}

/** Meta's subscription handshake token (GET hub.verify_token). */
export async function socialVerifyToken(db: Db, config: ServerConfig): Promise<string> {
  return config.socialWebhooks?.verifyToken ?? (await serverSecret(db, 'social-webhook-verify-token')).toString('hex');
}
