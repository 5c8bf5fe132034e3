import { sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The inbox's roster of teammates, migrations/0041_inbox_team.sql (docs/decisions.md "Inbox assignment").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const inboxTeammates = pgTable(
  'inbox_teammates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teammateId: text('teammate_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('inbox_teammates_email_key').on(t.userId, sql`lower(${t.email})`)],
);
