import { z } from 'zod';
import { defineAction, emptyInput } from './define';

export const ticketActions = {
  /** Replies from support the owner has not opened yet: the top-bar work-order badge. */
  GetNewReplyList: defineAction('user', emptyInput, z.object({ Total: z.number(), TicketIds: z.array(z.number()) })),
} as const;
