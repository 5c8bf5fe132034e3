import { createHash } from 'node:crypto';
import { WA_NUMBER_STATUSES, type WaNumberStatus } from '../../../src/gateway/contract/whatsapp';

// The sandbox WhatsApp Cloud API's rules (docs/decisions.md "WhatsApp numbers"): everything follows from
// the sign-up's choice and the numbers' last two digits, so a test or a newcomer can produce every answer.
// - The sign-up page (/sandbox/whatsapp/signup) offers three businesses: `shop` "Sandbox Shop" (numbers
//   ending 40, 18, 17), `every` "Sandbox Every Status" (numbers ending 00 … 10, one per status) and
//   `empty` "Sandbox No Numbers". Allow returns `code=sbx-<business>-<nonce>` (the nonce is the first 16
//   hex digits of SHA-256 of the sign-up's state); Cancel returns `error=access_denied`.
// - A code whose nonce starts with `expired`, or of an unknown business, is refused (400, OAuthException
//   code 100). Codes are not remembered: the same code answers the same token again.
// - The token is `sbxtok.<business>.<nonce>`; anything else is 401 (code 190). The WABA id is `10` and 13
//   digits of SHA-256 of `<business>:<nonce>`, so every sign-up makes a new business account; a token
//   reaches only its own WABA (403, code 200).
// - A number's id is the WABA id and its two last digits NN; its display phone is +1 555-010-00NN and
//   - status: the spec's order at NN mod 11: 00 PENDING, 01 DELETED, 02 MIGRATED, 03 BANNED, 04 RESTRICTED,
//     05 RATE_LIMITED, 06 FLAGGED, 07 CONNECTED, 08 DISCONNECTED, 09 UNKNOWN, 10 UNVERIFIED;
//   - quality_rating: NN mod 4: GREEN, YELLOW, RED, UNKNOWN;
//   - messaging_limit_tier: NN mod 6: TIER_50, TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED.
//   So shop's 40 is CONNECTED GREEN 100K, 18 CONNECTED RED 50, 17 FLAGGED YELLOW unlimited.
// - Webhooks (sandbox-webhooks.ts) are signed with the app secret and posted to /webhooks/whatsapp,
//   retried 3 times (after 1, 2 and 4 seconds) when the gateway does not answer 200.

export const SANDBOX_BUSINESSES = {
  shop: { name: 'Sandbox Shop', endings: [40, 18, 17] },
  every: { name: 'Sandbox Every Status', endings: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  empty: { name: 'Sandbox No Numbers', endings: [] as number[] },
} as const;
export type SandboxBusinessKey = keyof typeof SANDBOX_BUSINESSES;

const QUALITY_WORDS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
const TIER_WORDS = ['TIER_50', 'TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;

const isBusiness = (key: string): key is SandboxBusinessKey => Object.hasOwn(SANDBOX_BUSINESSES, key);

export const sandboxNonce = (state: string) => createHash('sha256').update(state).digest('hex').slice(0, 16);
export const sandboxCode = (business: SandboxBusinessKey, state: string) => `sbx-${business}-${sandboxNonce(state)}`;

export interface SandboxGrant {
  business: SandboxBusinessKey;
  nonce: string;
}

/** The grant of a code, or why it is refused. */
export function grantOfCode(code: string): SandboxGrant | 'expired' | null {
  const match = /^sbx-([a-z]+)-([A-Za-z0-9]{4,64})$/.exec(code);
  if (!match || !isBusiness(match[1])) return null;
  if (match[2].startsWith('expired')) return 'expired';
  return { business: match[1], nonce: match[2] };
}

export const tokenOf = (grant: SandboxGrant) => `sbxtok.${grant.business}.${grant.nonce}`;

export function grantOfToken(token: string): SandboxGrant | null {
  const match = /^sbxtok\.([a-z]+)\.([A-Za-z0-9]{4,64})$/.exec(token);
  return match && isBusiness(match[1]) ? { business: match[1], nonce: match[2] } : null;
}

export function wabaIdOf(grant: SandboxGrant): string {
  const digest = createHash('sha256').update(`${grant.business}:${grant.nonce}`).digest();
  return `10${String(digest.readBigUInt64BE(0) % 10_000_000_000_000n).padStart(13, '0')}`;
}

export interface SandboxNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  status: WaNumberStatus;
  quality_rating: (typeof QUALITY_WORDS)[number];
  messaging_limit_tier: (typeof TIER_WORDS)[number];
}

export function sandboxNumber(wabaId: string, name: string, ending: number): SandboxNumber {
  const nn = String(ending).padStart(2, '0');
  return {
    id: `${wabaId}${nn}`,
    display_phone_number: `+1 555-010-00${nn}`,
    verified_name: name,
    status: WA_NUMBER_STATUSES[ending % 11],
    quality_rating: QUALITY_WORDS[ending % 4],
    messaging_limit_tier: TIER_WORDS[ending % 6],
  };
}

export function sandboxNumbers(grant: SandboxGrant): SandboxNumber[] {
  const business = SANDBOX_BUSINESSES[grant.business];
  return business.endings.map((ending) => sandboxNumber(wabaIdOf(grant), business.name, ending));
}
