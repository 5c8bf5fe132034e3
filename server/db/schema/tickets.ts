import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 1 SMS, 2 EMAIL, 3 WhatsApp, 4 Billing, 5 Account, 6 Others */
    category: integer('category').notNull(),
    /** a TicketStatusName: inReview, pending, onHold, solved, closed (src/machines/lifecycles/ticket.machine.ts) */
    status: text('status').notNull(),
    /** the comment that opened the ticket, for lists */
    firstComment: text('first_comment').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** set when staff reply, cleared when the owner opens the ticket: the badge counts these */
    unreadReplyAt: ts('unread_reply_at'),
  },
  (t) => [index('tickets_user_idx').on(t.userId, t.createdAt)],
);
