import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, ticketAttachments, ticketComments, tickets } from '../../db/schema';
import type { TicketComment, TicketSummary, TicketStatusName } from '../../../src/gateway/contract/actions/tickets';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { mediaUrl, uploadSecret } from '../../uploads/signing';

export type TicketRow = typeof tickets.$inferSelect;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function ticketSummaryOf(row: TicketRow): TicketSummary {
  return {
    TicketId: row.id,
    Category: row.category,
    Status: row.status as TicketStatusName,
    Comment: row.firstComment,
    CreateTime: seconds(row.createdAt),
    UpdateTime: seconds(row.updatedAt),
    HasNewReply: row.unreadReplyAt !== null,
  };
}

/** The comments of a ticket, oldest first, each picture with a fresh short-lived MediaURL. */
export async function commentsOf(db: Db, ticketId: number, nowMs: number): Promise<TicketComment[]> {
  const comments = await db
    .select()
    .from(ticketComments)
    .where(eq(ticketComments.ticketId, ticketId))
    .orderBy(asc(ticketComments.id));
  const ids = comments.map((c) => c.id);
  const pictures = ids.length
    ? await db
        .select({
          id: ticketAttachments.id,
          commentId: ticketAttachments.commentId,
          fileId: files.id,
          name: files.name,
        })
        .from(ticketAttachments)
        .innerJoin(files, eq(files.id, ticketAttachments.fileId))
        .where(inArray(ticketAttachments.commentId, ids))
        .orderBy(asc(ticketAttachments.id))
    : [];
  const secret = await uploadSecret(db);
  const nowSeconds = Math.floor(nowMs / 1000);
  return comments.map((c) => ({
    CommentId: c.id,
    Author: c.author,
    Comment: c.body,
    CreateTime: seconds(c.createdAt),
    Attachments: pictures
      .filter((p) => p.commentId === c.id)
      .map((p) => ({ AttachFileId: p.id, FileName: p.name, MediaURL: mediaUrl(secret, p.fileId, nowSeconds) })),
  }));
}

/** The caller's own ticket; another tenant's ticket is "not found", never "forbidden". */
export async function ownTicket(db: Db, userId: number, ticketId: number): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)));
  if (!row) throw new ApiError(RetCode.NotFound);
  return row;
}

/** Ties the caller's unused attachments to a comment; any id that is not one of them refuses the lot. */
export async function attachToComment(
  db: Db,
  userId: number,
  commentId: number,
  attachFileIds: number[],
): Promise<void> {
  const wanted = [...new Set(attachFileIds)];
  if (wanted.length === 0) return;
  const claimed = await db
    .update(ticketAttachments)
    .set({ commentId })
    .where(
      and(
        inArray(ticketAttachments.id, wanted),
        eq(ticketAttachments.userId, userId),
        isNull(ticketAttachments.commentId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  if (claimed.length !== wanted.length) throw new ApiError(RetCode.NotFound);
}
