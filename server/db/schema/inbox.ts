import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The smart inbox tables of migrations/0029_inbox.sql (docs/decisions.md "Smart inbox").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformType: integer('platform_type').notNull(),
    typeCode: integer('type_code').notNull(),
    externalId: text('external_id').notNull(),
    chatId: text('chat_id').notNull(),
    chatTitle: text('chat_title').notNull(),
    senderName: text('sender_name').notNull(),
    text: text('text').notNull(),
    status: integer('status').notNull(),
    favorited: boolean('favorited').notNull().default(false),
    receivedAt: ts('received_at').notNull(),
    repliedAt: ts('replied_at'),
    updatedAt: ts('updated_at').notNull(),
    /** inbox_teammates.id (0041, docs/decisions.md "Inbox assignment"); null: nobody */
    assigneeId: bigint('assignee_id', { mode: 'number' }),
  },
  (t) => [
    index('inbox_messages_assignee_idx').on(t.userId, t.assigneeId),
    uniqueIndex('inbox_messages_external_key').on(t.userId, t.platformType, t.externalId),
    index('inbox_messages_user_idx').on(t.userId, t.receivedAt),
  ],
);

export type InboxReplyResult = 'sending' | 'sent' | 'failed';

export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    requestKey: text('request_key').notNull(),
    text: text('text').notNull(),
    result: text('result').$type<InboxReplyResult>().notNull(),
    externalId: text('external_id').notNull().default(''),
    error: text('error').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('inbox_replies_key').on(t.userId, t.requestKey)],
);

export const sandboxTgUpdates = pgTable('sandbox_tg_updates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull(),
  chatId: text('chat_id').notNull(),
  fromName: text('from_name').notNull(),
  text: text('text').notNull(),
  replyTo: bigint('reply_to', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
});

/** The sandbox X and YouTube's comments, answered to the inbox's poll (migrations/0040_inbox_social.sql). */
export const sandboxSocialComments = pgTable(
  'sandbox_social_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platformType: integer('platform_type').notNull(),
    accountId: text('account_id').notNull(),
    commentId: text('comment_id').notNull().unique(),
    postId: text('post_id').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sandbox_social_comments_account_idx').on(t.platformType, t.accountId, t.createdAt)],
);
