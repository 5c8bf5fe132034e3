import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, ticketAttachments, ticketComments, tickets } from '../../db/schema';
import type { HandlerMap } from '../../context';
import { IMAGE_TYPES } from '../../../src/gateway/contract/actions/upload-rules';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import {
  ticketLifecycleKit,
  TICKET_INITIAL_STATUS,
  type TicketLifecycleEvent,
  type TicketStatus,
} from '../../../src/machines/lifecycles/ticket.machine';
import { ApiError } from '../../errors';
import { attachToComment, commentsOf, ownTicket, ticketSummaryOf } from './shared';
import { staffHandlers } from './staff';

function moveOrRefuse(status: string, event: TicketLifecycleEvent['type']): TicketStatus {
  const next = ticketLifecycleKit.next(status, event);
  if (!next) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export const ticketHandlers: HandlerMap = {
  async GetNewReplyList(_input, ctx) {
    const rows = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.userId, ctx.user.id), isNotNull(tickets.unreadReplyAt)))
      .orderBy(asc(tickets.unreadReplyAt));
    return { Total: rows.length, TicketIds: rows.map((r) => r.id) };
  },

  async GetTicketList({ Page, NumPerPage, Status }, ctx) {
    const where = and(eq(tickets.userId, ctx.user.id), Status ? eq(tickets.status, Status) : undefined);
    const [{ total }] = await ctx.db.select({ total: count() }).from(tickets).where(where);
    const rows = await ctx.db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    return { Total: total, Tickets: rows.map(ticketSummaryOf) };
  },

  async CreateTicket({ Category, Comment, AttachFileIds }, ctx) {
    const now = ctx.clock.now();
    const ticketId = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [ticket] = await db
        .insert(tickets)
        .values({
          userId: ctx.user.id,
          category: Category,
          status: TICKET_INITIAL_STATUS,
          firstComment: Comment,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tickets.id });
      const [comment] = await db
        .insert(ticketComments)
        .values({ ticketId: ticket.id, author: 'owner', authorUserId: ctx.user.id, body: Comment, createdAt: now })
        .returning({ id: ticketComments.id });
      await attachToComment(db, ctx.user.id, comment.id, AttachFileIds);
      return ticket.id;
    });
    return { TicketId: ticketId };
  },

  async CreateComment({ TicketId, Comment, AttachFileIds }, ctx) {
    const ticket = await ownTicket(ctx.db, ctx.user.id, TicketId);
    const status = moveOrRefuse(ticket.status, 'owner.comment');
    const now = ctx.clock.now();
    const commentId = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [comment] = await db
        .insert(ticketComments)
        .values({ ticketId: TicketId, author: 'owner', authorUserId: ctx.user.id, body: Comment, createdAt: now })
        .returning({ id: ticketComments.id });
      await attachToComment(db, ctx.user.id, comment.id, AttachFileIds);
      await db.update(tickets).set({ status, updatedAt: now }).where(eq(tickets.id, TicketId));
      return comment.id;
    });
    return { CommentId: commentId, Status: status };
  },

  async GetTicketInfo({ TicketId }, ctx) {
    let ticket = await ownTicket(ctx.db, ctx.user.id, TicketId);
    if (ticket.unreadReplyAt) {
      // Opening the ticket is reading the reply: the top-bar badge falls.
      [ticket] = await ctx.db.update(tickets).set({ unreadReplyAt: null }).where(eq(tickets.id, TicketId)).returning();
    }
    return { Ticket: ticketSummaryOf(ticket), Comments: await commentsOf(ctx.db, TicketId, ctx.clock.nowMs()) };
  },

  async SolvedTicket({ TicketId }, ctx) {
    const ticket = await ownTicket(ctx.db, ctx.user.id, TicketId);
    const status = moveOrRefuse(ticket.status, 'owner.solve');
    await ctx.db.update(tickets).set({ status, updatedAt: ctx.clock.now() }).where(eq(tickets.id, TicketId));
    return { Status: status };
  },

  async UploadAttachFile({ FileId }, ctx) {
    const [file] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, FileId), eq(files.userId, ctx.user.id), eq(files.status, 'stored')));
    if (!file) throw new ApiError(RetCode.NotFound);
    // Spec 001 §3: a ticket carries pictures.
    if (!(IMAGE_TYPES as readonly string[]).includes(file.contentType))
      throw new ApiError(RetCode.UploadTypeNotAllowed);
    const [row] = await ctx.db
      .insert(ticketAttachments)
      .values({ userId: ctx.user.id, fileId: file.id, createdAt: ctx.clock.now() })
      .returning({ id: ticketAttachments.id });
    return { AttachFileId: row.id };
  },

  ...staffHandlers,
};
