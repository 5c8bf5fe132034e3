import { INBOX_STATUS } from './statuses';

// Smart inbox rules both ends apply (spec 001 §3 message types, §4 statuses, §5 replies, §9 windows;
// docs/decisions.md "Smart inbox"). No zod here.

export { INBOX_STATUS } from './statuses';

/** Spec 001 §3 platform types; WhatsApp 8 is Herald's (the spec's list ends at Telegram). */
export const INBOX_PLATFORM = {
  Facebook: 1,
  Instagram: 2,
  LinkedIn: 3,
  Twitter: 4,
  YouTube: 5,
  TikTok: 6,
  Telegram: 7,
  WhatsApp: 8,
} as const;
export type InboxPlatform = (typeof INBOX_PLATFORM)[keyof typeof INBOX_PLATFORM];

/** Spec 001 §3 message type codes (Code → PlatformType, kind); 80 is Herald's WhatsApp message. */
export const INBOX_MESSAGE_TYPES = {
  12: { platform: INBOX_PLATFORM.Facebook, kind: 'comment' },
  14: { platform: INBOX_PLATFORM.Facebook, kind: 'private' },
  23: { platform: INBOX_PLATFORM.Instagram, kind: 'private' },
  24: { platform: INBOX_PLATFORM.Instagram, kind: 'comment' },
  31: { platform: INBOX_PLATFORM.LinkedIn, kind: 'comment' },
  41: { platform: INBOX_PLATFORM.Twitter, kind: 'comment' },
  51: { platform: INBOX_PLATFORM.YouTube, kind: 'comment' },
  61: { platform: INBOX_PLATFORM.TikTok, kind: 'comment' },
  70: { platform: INBOX_PLATFORM.Telegram, kind: 'message' },
  71: { platform: INBOX_PLATFORM.Telegram, kind: 'group' },
  80: { platform: INBOX_PLATFORM.WhatsApp, kind: 'message' },
} as const satisfies Record<number, { platform: InboxPlatform; kind: InboxMessageKind }>;
export type InboxMessageKind = 'comment' | 'private' | 'message' | 'group';
export type InboxTypeCode = keyof typeof INBOX_MESSAGE_TYPES;
export const INBOX_TYPE_CODES = Object.keys(INBOX_MESSAGE_TYPES).map(Number) as InboxTypeCode[];

const DAY_MS = 86_400_000;

export const INBOX_LIMITS = {
  /** "Reply at most 1000 characters" (spec 001 §5). */
  replyMax: 1000,
  /** "Inbox covers last 30 days; X and YouTube comments 7 days" (spec 001 §9). */
  windowDays: 30,
  shortWindowDays: 7,
  /** Facebook private messages and WhatsApp's customer-service window: 24 hours. */
  replyWindowMs: DAY_MS,
  /** How often the console asks for new messages (live arrival without reload). */
  pollMs: 5000,
} as const;

/** How far back the inbox shows a message of this type. */
export function inboxWindowDays(typeCode: number): number {
  return typeCode === 41 || typeCode === 51 ? INBOX_LIMITS.shortWindowDays : INBOX_LIMITS.windowDays;
}

/**
 * The social platforms' inbox types (docs/decisions.md "Social messages in the inbox"): each platform's
 * comment code, and its private/direct-message code where the spec has one (Facebook 14, Instagram 23).
 */
export const SOCIAL_INBOX_TYPES: Record<number, { comment: InboxTypeCode; private?: InboxTypeCode }> = {
  [INBOX_PLATFORM.Facebook]: { comment: 12, private: 14 },
  [INBOX_PLATFORM.Instagram]: { comment: 24, private: 23 },
  [INBOX_PLATFORM.LinkedIn]: { comment: 31 },
  [INBOX_PLATFORM.Twitter]: { comment: 41 },
  [INBOX_PLATFORM.YouTube]: { comment: 51 },
  [INBOX_PLATFORM.TikTok]: { comment: 61 },
};

/** The kind of a type code: comment, private, message or group. */
export const inboxKindOf = (typeCode: number): InboxMessageKind | undefined =>
  INBOX_MESSAGE_TYPES[typeCode as InboxTypeCode]?.kind;

export type ReplyRefusal = 'facebookWindow' | 'instagramWindow' | 'whatsappWindow' | 'commentTooOld' | 'archived';

/**
 * Why a reply to this message cannot be sent now, or null: Facebook private messages older than 24 hours
 * (spec 001 §10), Instagram direct messages likewise (the platform's own 24-hour messaging window),
 * WhatsApp messages outside the 24-hour customer-service window (only a template may be sent there), and
 * X and YouTube comments past the inbox's 7 days (spec 001 §9). All count from the customer's message;
 * `now` is the server's clock.
 */
export function replyRefusal(
  message: { typeCode: number; receivedAtMs: number; status: number },
  nowMs: number,
): ReplyRefusal | null {
  if (message.status === INBOX_STATUS.Archived) return 'archived';
  const late = nowMs - message.receivedAtMs >= INBOX_LIMITS.replyWindowMs;
  if (late && message.typeCode === 14) return 'facebookWindow';
  if (late && message.typeCode === 23) return 'instagramWindow';
  if (late && message.typeCode === 80) return 'whatsappWindow';
  const pastShortWindow = nowMs - message.receivedAtMs >= INBOX_LIMITS.shortWindowDays * DAY_MS;
  if (pastShortWindow && inboxWindowDays(message.typeCode) === INBOX_LIMITS.shortWindowDays) return 'commentTooOld';
  return null;
}
