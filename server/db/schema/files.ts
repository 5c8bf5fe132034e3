import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Per-deployment secrets, made once and shared by every gateway process (upload signatures). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One row per authorised upload; `stored` once its PUT arrived whole. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }),
    status: text('status').$type<'authorized' | 'stored'>().notNull(),
    storageKey: text('storage_key'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    storedAt: ts('stored_at'),
  },
  (t) => [index('files_user_idx').on(t.userId, t.createdAt)],
);
