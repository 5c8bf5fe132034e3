import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The table of migrations/0016_email_tracking.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type EmailTrackKind = 'open' | 'click' | 'unsubscribe';

/** One recipient's (task, seq) opens, clicks or unsubscribes: first and last time and a count. */
export const emailTrackEvents = pgTable(
  'email_track_events',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<EmailTrackKind>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(1),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.seq, t.kind] })],
);
