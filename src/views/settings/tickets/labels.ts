import type { BadgeTone } from '../../ui/Badge';
import type { TicketStatusName } from '../../../gateway/contract/actions/tickets';

export const STATUS_TONE: Record<TicketStatusName, BadgeTone> = {
  inReview: 'progress',
  pending: 'warning',
  onHold: 'info',
  solved: 'success',
  closed: 'muted',
};
