import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import { TICKET_STATUSES } from '../statuses';

// Spec 001 §3, §9: categories 1 SMS, 2 EMAIL, 3 WhatsApp, 4 Billing, 5 Account, 6 Others; a comment
// of at most 150 characters; at most 5 pictures. Staff replies may run to 1000 characters (§5).
export const TICKET_CATEGORIES = [1, 2, 3, 4, 5, 6] as const;
export const TICKET_COMMENT_MAX = 150;
export const TICKET_PICTURES_MAX = 5;
export const STAFF_REPLY_MAX = 1000;
export { TICKET_STATUSES, type TicketStatusName } from '../statuses';

const ticketId = z.number().int().positive();
const comment = (max: number, tooLong = 'validation:commentTooLong') =>
  z.string({ message: 'validation:commentRequired' }).trim().min(1, 'validation:commentRequired').max(max, tooLong);
const attachFileIds = z
  .array(z.number().int().positive())
  .max(TICKET_PICTURES_MAX, 'validation:tooManyPictures')
  .default([]);

const ticketSummary = z.object({
  TicketId: z.number(),
  Category: z.number(),
  Status: z.enum(TICKET_STATUSES),
  /** the first comment, which says what the ticket is about */
  Comment: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  /** a staff reply the owner has not opened yet */
  HasNewReply: z.boolean(),
});

const attachment = z.object({ AttachFileId: z.number(), FileName: z.string(), MediaURL: z.string() });
const ticketComment = z.object({
  CommentId: z.number(),
  Author: z.enum(['owner', 'staff']),
  Comment: z.string(),
  CreateTime: z.number(),
  Attachments: z.array(attachment),
});

export type TicketSummary = z.infer<typeof ticketSummary>;
export type TicketComment = z.infer<typeof ticketComment>;

const page = {
  Page: z.number().int().min(1).default(1),
  NumPerPage: z.union([z.literal(10), z.literal(15), z.literal(30)]).default(10),
};

export const ticketActions = {
  /** Replies from support the owner has not opened yet: the top-bar work-order badge. */
  GetNewReplyList: defineAction('user', emptyInput, z.object({ Total: z.number(), TicketIds: z.array(z.number()) })),
  GetTicketList: defineAction(
    'user',
    z.object({ ...page, Status: z.enum(TICKET_STATUSES).optional() }).strict(),
    z.object({ Total: z.number(), Tickets: z.array(ticketSummary) }),
  ),
  CreateTicket: defineAction(
    'user',
    z
      .object({
        Category: z.union(
          TICKET_CATEGORIES.map((c) => z.literal(c)),
          { message: 'validation:categoryRequired' },
        ),
        Comment: comment(TICKET_COMMENT_MAX),
        AttachFileIds: attachFileIds,
      })
      .strict(),
    z.object({ TicketId: z.number() }),
  ),
  CreateComment: defineAction(
    'user',
    z.object({ TicketId: ticketId, Comment: comment(TICKET_COMMENT_MAX), AttachFileIds: attachFileIds }).strict(),
    z.object({ CommentId: z.number(), Status: z.enum(TICKET_STATUSES) }),
  ),
  /** Opening a ticket clears its new-reply mark. */
  GetTicketInfo: defineAction(
    'user',
    z.object({ TicketId: ticketId }).strict(),
    z.object({ Ticket: ticketSummary, Comments: z.array(ticketComment) }),
  ),
  SolvedTicket: defineAction(
    'user',
    z.object({ TicketId: ticketId }).strict(),
    z.object({ Status: z.enum(TICKET_STATUSES) }),
  ),
  /** Makes an uploaded picture (a FileId from the upload pipeline) a ticket attachment. */
  UploadAttachFile: defineAction(
    'user',
    z.object({ FileId: z.string().min(1).max(64) }).strict(),
    z.object({ AttachFileId: z.number() }),
  ),

  // Support staff only (permission key SupportStaff): `npm run support -- …` goes through these.
  SupportListTickets: defineAction(
    'user',
    z
      .object({
        ...page,
        NumPerPage: z.number().int().min(1).max(100).default(30),
        Status: z.enum(TICKET_STATUSES).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tickets: z.array(ticketSummary.extend({ OwnerEmail: z.string() })) }),
  ),
  SupportGetTicket: defineAction(
    'user',
    z.object({ TicketId: ticketId }).strict(),
    z.object({ Ticket: ticketSummary.extend({ OwnerEmail: z.string() }), Comments: z.array(ticketComment) }),
  ),
  SupportReplyTicket: defineAction(
    'user',
    z.object({ TicketId: ticketId, Comment: comment(STAFF_REPLY_MAX, 'validation:replyTooLong') }).strict(),
    z.object({ CommentId: z.number(), Status: z.enum(TICKET_STATUSES) }),
  ),
  SupportSetTicketStatus: defineAction(
    'user',
    z.object({ TicketId: ticketId, Status: z.enum(TICKET_STATUSES) }).strict(),
    z.object({ Status: z.enum(TICKET_STATUSES) }),
  ),
} as const;
