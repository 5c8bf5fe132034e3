import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The Telegram tables of migrations/0012_telegram.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tgBots = pgTable('tg_bots', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  botId: text('bot_id').notNull(),
  username: text('username').notNull(),
  firstName: text('first_name').notNull(),
  token: text('token').notNull(),
  /** The inbox poll's getUpdates offset (migrations/0029_inbox.sql). */
  inboxOffset: bigint('inbox_offset', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

export const tgGroups = pgTable(
  'tg_groups',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    chatId: text('chat_id').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    verifiedAt: ts('verified_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] })],
);

export const tgPosts = pgTable(
  'tg_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: text('post_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: integer('status').notNull(),
    text: text('text').notNull(),
    imageFileId: text('image_file_id').notNull().default(''),
    sendTime: ts('send_time'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('tg_posts_user_idx').on(t.userId, t.status, t.createdAt)],
);

export type TgGroupResult = 'pending' | 'sending' | 'sent' | 'failed';

export const tgPostGroups = pgTable(
  'tg_post_groups',
  {
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    chatId: text('chat_id').notNull(),
    title: text('title').notNull(),
    result: text('result').$type<TgGroupResult>().notNull().default('pending'),
    messageId: bigint('message_id', { mode: 'number' }),
    error: text('error').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.postId, t.chatId] })],
);
