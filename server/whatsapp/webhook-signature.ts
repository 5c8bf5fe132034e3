import { createHmac, timingSafeEqual } from 'node:crypto';

// Meta's webhook signature: X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>.

export const signWhatsAppBody = (appSecret: string, rawBody: string | Uint8Array) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Constant-time: a wrong signature of the right length takes as long as a right one. */
export function verifyWhatsAppSignature(appSecret: string, rawBody: Uint8Array, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWhatsAppBody(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
