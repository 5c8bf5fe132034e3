import type { BadgeTone } from '../ui/Badge';
import { EMAIL_DOMAIN_STATUS, EMAIL_SENDER_STATUS } from '../../gateway/contract/statuses';

/** The badge tone of a domain's (or a record's) verify status. */
export function domainTone(status: number): BadgeTone {
  if (status === EMAIL_DOMAIN_STATUS.Passed) return 'success';
  if (status === EMAIL_DOMAIN_STATUS.Failed) return 'danger';
  return 'neutral';
}

export const senderTone = (status: number): BadgeTone => (status === EMAIL_SENDER_STATUS.Enabled ? 'success' : 'muted');
