import { and, count, desc, eq } from 'drizzle-orm';
import { ticketComments, tickets, users } from '../../db/schema';
import type { HandlerMap, UserContext } from '../../context';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ticketLifecycleKit, STAFF_EVENT_FOR_STATUS } from '../../../src/machines/lifecycles/ticket.machine';
import { ApiError } from '../../errors';
import { permissionsOf } from '../account/signin';
import { notify } from '../../notifications/notify';
import { commentsOf, ticketSummaryOf, type TicketRow } from './shared';

// Support staff answer through these Actions (scripts/support.ts signs in as a staff account), so the
// support tool works against a running server whatever the database is (docs/decisions.md).
function requireStaff(ctx: UserContext): void {
  if (!permissionsOf(ctx.user, ctx.config).includes('SupportStaff')) throw new ApiError(RetCode.Forbidden);
}

async function anyTicket(ctx: UserContext, ticketId: number): Promise<{ ticket: TicketRow; ownerEmail: string }> {
  const [row] = await ctx.db
    .select({ ticket: tickets, ownerEmail: users.email })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw new ApiError(RetCode.NotFound);
  return row;
}

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

export const staffHandlers: HandlerMap = {
  async SupportListTickets({ Page, NumPerPage, Status }, ctx) {
    requireStaff(ctx);
    const where = Status ? eq(tickets.status, Status) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(tickets).where(where);
    const rows = await ctx.db
      .select({ ticket: tickets, ownerEmail: users.email })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    return { Total: total, Tickets: rows.map((r) => ({ ...ticketSummaryOf(r.ticket), OwnerEmail: r.ownerEmail })) };
  },

  async SupportGetTicket({ TicketId }, ctx) {
    requireStaff(ctx);
    const { ticket, ownerEmail } = await anyTicket(ctx, TicketId);
    return {
      Ticket: { ...ticketSummaryOf(ticket), OwnerEmail: ownerEmail },
      Comments: await commentsOf(ctx.db, TicketId, ctx.clock.nowMs()),
    };
  },

  async SupportReplyTicket({ TicketId, Comment }, ctx) {
    requireStaff(ctx);
    const { ticket } = await anyTicket(ctx, TicketId);
    const status = ticketLifecycleKit.next(ticket.status, 'staff.reply')?.status;
    if (!status) throw new ApiError(RetCode.IllegalTransition);
    const now = ctx.clock.now();
    const [comment] = await ctx.db
      .insert(ticketComments)
      .values({ ticketId: TicketId, author: 'staff', authorUserId: ctx.user.id, body: Comment, createdAt: now })
      .returning({ id: ticketComments.id });
    // The reply raises the owner's badge until the owner opens the ticket (GetTicketInfo).
    await ctx.db
      .update(tickets)
      .set({ status, updatedAt: now, unreadReplyAt: now })
      .where(and(eq(tickets.id, TicketId)));
    await notify(ctx, ticket.userId, {
      kind: 'ticketReply',
      titleKey: 'mail:noticeTicketReplyTitle',
      bodyKey: 'mail:noticeTicketReplyBody',
      params: { ticketId: TicketId, excerpt: excerpt(Comment) },
      link: `/setting/work-order/${TicketId}`,
      dedupeKey: `ticketReply:${comment.id}`,
    });
    return { CommentId: comment.id, Status: status };
  },

  async SupportSetTicketStatus({ TicketId, Status }, ctx) {
    requireStaff(ctx);
    const { ticket } = await anyTicket(ctx, TicketId);
    if (ticket.status === Status) return { Status };
    // pending means "support answered": it is reached by replying, not set by hand.
    const event = Status === 'pending' ? null : STAFF_EVENT_FOR_STATUS[Status];
    const next = event ? (ticketLifecycleKit.next(ticket.status, event)?.status ?? null) : null;
    if (!next) throw new ApiError(RetCode.IllegalTransition);
    await ctx.db.update(tickets).set({ status: next, updatedAt: ctx.clock.now() }).where(eq(tickets.id, TicketId));
    return { Status: next };
  },
};
