import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';
import { files } from './files';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    author: text('author').$type<'owner' | 'staff'>().notNull(),
    authorUserId: bigint('author_user_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => ticketComments.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_attachments_comment_idx').on(t.commentId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    verifyType: integer('verify_type').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.verifyType, t.sentAt)],
);

export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    newEmail: text('new_email').notNull(),
    keyHash: text('key_hash').notNull(),
    sessionFamily: text('session_family').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('email_changes_key').on(t.keyHash), index('email_changes_user_idx').on(t.userId, t.sentAt)],
);

export const accessKeys = pgTable(
  'access_keys',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    secret: text('secret').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('access_keys_user_idx').on(t.userId, t.createdAt)],
);
