import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { tickets } from '../db/schema';
import type { HandlerMap } from '../context';

export const ticketHandlers: HandlerMap = {
  async GetNewReplyList(_input, ctx) {
    const rows = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.userId, ctx.user.id), isNotNull(tickets.unreadReplyAt)))
      .orderBy(asc(tickets.unreadReplyAt));
    return { Total: rows.length, TicketIds: rows.map((r) => r.id) };
  },
};
