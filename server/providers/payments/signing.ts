import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './types';

// Webhook signatures as real processors make them: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
// The timestamp is inside the signed text, so a captured delivery cannot be replayed after the tolerance.

export const SIGNATURE_HEADER = 'provider-signature';
/** A delivery older (or newer) than this is refused: a replay of a captured request fails. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, body: string, atSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
  return `t=${atSeconds},v1=${mac}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookVerificationError('no signature');
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookVerificationError('malformed');
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookVerificationError('timestamp outside tolerance');
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1], 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookVerificationError('bad signature');
}
