import { bigserial, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/** Everything the sandbox providers "send": mails, codes, SMS. Shown at /dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
