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

export type ReplyRefusal = 'facebookWindow' | 'whatsappWindow' | 'archived';

/**
 * Why a reply to this message cannot be sent now, or null: Facebook private messages older than 24 hours
 * (spec 001 §10) and WhatsApp messages outside the 24-hour customer-service window (only a template may be
 * sent there). Both count from the customer's message; `now` is the server's clock.
 */
export function replyRefusal(
  message: { typeCode: number; receivedAtMs: number; status: number },
  nowMs: number,
): ReplyRefusal | null {
  if (message.status === INBOX_STATUS.Archived) return 'archived';
  const late = nowMs - message.receivedAtMs >= INBOX_LIMITS.replyWindowMs;
  if (late && message.typeCode === 14) return 'facebookWindow';
  if (late && message.typeCode === 80) return 'whatsappWindow';
  return null;
}
