import { z } from 'zod';
import { defineAction } from './define';
import { smsTaskIdField } from './sms-common';

// Staff-only (permission key SupportStaff): the decision on a task that content review flagged for a
// person (status 7, pending manual review). `npm run support -- task …` calls it.
export const staffTaskActions = {
  /** Approve: the task goes to waiting and sends at its time. Reject: rejected (6) with the reason. */
  SupportReviewTask: defineAction(
    'user',
    z
      .object({
        TaskId: smsTaskIdField,
        Decision: z.enum(['approve', 'reject']),
        Reason: z.string().trim().max(200).default(''),
      })
      .strict(),
    z.object({ TaskId: z.string(), Status: z.number(), Reason: z.string() }),
  ),
} as const;
