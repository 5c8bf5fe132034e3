import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * AI generations used per account and plan period (the subscription record in force), counted against
 * the plan's AIGCRequestLimit (docs/decisions.md "AI text"). A renewal is a new record: a fresh count.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recordId] })],
);
