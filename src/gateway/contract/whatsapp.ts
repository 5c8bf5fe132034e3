// WhatsApp numbers: the words both ends use (spec 001 §4 number statuses and quality, §9 tiers; issue 15
// items 1-2; docs/decisions.md "WhatsApp numbers"). No zod here: the number page reads these too.

/** Spec 001 §4, in the spec's order; the WhatsApp Cloud API answers the same words. */
export const WA_NUMBER_STATUSES = [
  'PENDING',
  'DELETED',
  'MIGRATED',
  'BANNED',
  'RESTRICTED',
  'RATE_LIMITED',
  'FLAGGED',
  'CONNECTED',
  'DISCONNECTED',
  'UNKNOWN',
  'UNVERIFIED',
] as const;
export type WaNumberStatus = (typeof WA_NUMBER_STATUSES)[number];

export const WA_QUALITIES = ['green', 'yellow', 'red', 'unknown'] as const;
export type WaQuality = (typeof WA_QUALITIES)[number];

/** Spec 001 §9: business-initiated conversations a number may open per rolling 24 hours. */
export const WA_TIERS = ['50', '250', '1K', '10K', '100K', 'unlimited'] as const;
export type WaTier = (typeof WA_TIERS)[number];

/** Each tier's limit; unlimited is Infinity. */
export const WA_TIER_LIMITS: Record<WaTier, number> = {
  '50': 50,
  '250': 250,
  '1K': 1_000,
  '10K': 10_000,
  '100K': 100_000,
  unlimited: Number.POSITIVE_INFINITY,
};

/** The Cloud API's messaging_limit_tier words, as Herald's tiers. */
export const WA_API_TIERS: Record<string, WaTier> = {
  TIER_50: '50',
  TIER_250: '250',
  TIER_1K: '1K',
  TIER_10K: '10K',
  TIER_100K: '100K',
  TIER_UNLIMITED: 'unlimited',
};

export const waStatusOf = (word: string | undefined): WaNumberStatus =>
  (WA_NUMBER_STATUSES as readonly string[]).includes(word ?? '') ? (word as WaNumberStatus) : 'UNKNOWN';

/** The Cloud API answers quality_rating GREEN, YELLOW, RED, UNKNOWN (or NA). */
export const waQualityOf = (word: string | undefined): WaQuality => {
  const lower = (word ?? '').toLowerCase();
  return (WA_QUALITIES as readonly string[]).includes(lower) ? (lower as WaQuality) : 'unknown';
};

export const waTierOf = (word: string | undefined): WaTier => WA_API_TIERS[word ?? ''] ?? '50';

/** A sign-up `state`: what GetWhatsAppSignUpUrl hands out and ConnectWhatsAppAccount takes back. */
export const WA_STATE_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;
/** The sign-up's one-time code (the Cloud API's are opaque; the sandbox's are `sbx-<business>-<random>`). */
export const WA_CODE_PATTERN = /^[A-Za-z0-9._-]{4,512}$/;
/** Phone number ids are numeric strings. */
export const WA_PHONE_NUMBER_ID_PATTERN = /^\d{5,20}$/;
