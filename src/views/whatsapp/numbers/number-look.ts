import type { BadgeTone } from '../../ui/Badge';

// How a number's status and quality look: one tone per status, one dot colour per quality.

export const STATUS_TONES: Record<string, BadgeTone> = {
  CONNECTED: 'success',
  PENDING: 'info',
  UNVERIFIED: 'info',
  FLAGGED: 'warning',
  RATE_LIMITED: 'warning',
  RESTRICTED: 'danger',
  BANNED: 'danger',
  DELETED: 'muted',
  MIGRATED: 'muted',
  DISCONNECTED: 'neutral',
  UNKNOWN: 'neutral',
};

export const QUALITY_DOTS: Record<string, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  unknown: 'bg-slate-300',
};
