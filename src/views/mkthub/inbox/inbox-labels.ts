import { INBOX_MESSAGE_TYPES, INBOX_STATUS } from '../../../gateway/contract/inbox';
import type { BadgeTone } from '../../ui/Badge';

// How the inbox names a message's platform, type and status (mkthub:inbox.*).

export const STATUS_KEY = {
  [INBOX_STATUS.Unread]: 'inbox.status.unread',
  [INBOX_STATUS.Reviewed]: 'inbox.status.reviewed',
  [INBOX_STATUS.Replied]: 'inbox.status.replied',
  [INBOX_STATUS.Archived]: 'inbox.status.archived',
} as const;

export const STATUS_TONE: Record<number, BadgeTone> = {
  [INBOX_STATUS.Unread]: 'info',
  [INBOX_STATUS.Reviewed]: 'neutral',
  [INBOX_STATUS.Replied]: 'success',
  [INBOX_STATUS.Archived]: 'muted',
};

export const statusKey = (status: number) => STATUS_KEY[status as keyof typeof STATUS_KEY] ?? STATUS_KEY[1];

/** `inbox.platforms.<n>` and `inbox.kinds.<kind>` of a message type code. */
export function typeKeys(typeCode: number) {
  const type = INBOX_MESSAGE_TYPES[typeCode as keyof typeof INBOX_MESSAGE_TYPES] ?? INBOX_MESSAGE_TYPES[70];
  return { platform: `inbox.platforms.${type.platform}`, kind: `inbox.kinds.${type.kind}` } as const;
}
