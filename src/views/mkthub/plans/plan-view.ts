import { MKT_PLAN_STATUS } from '../../../gateway/contract/statuses';
import type { BadgeTone } from '../../ui/Badge';

export const PLAN_STATUS_TONE: Record<number, BadgeTone> = {
  [MKT_PLAN_STATUS.Draft]: 'neutral',
  [MKT_PLAN_STATUS.Submitted]: 'info',
  [MKT_PLAN_STATUS.Applied]: 'success',
};

/** The status key of mkthub:plans.status (1 Draft, 2 Submitted, 3 Applied). */
export const planStatusKey = (status: number) => `plans.status.${status as 1}` as const;
