import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const subscriptionPackages = pgTable('subscription_packages', {
  subscriptionNo: text('subscription_no').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
  cnName: text('cn_name').notNull(),
  enName: text('en_name').notNull(),
  free: boolean('free').notNull().default(false),
  /** [{Period, PeriodUnit, Price}] with Price in 10,000 units per currency unit */
  prices: jsonb('prices').$type<{ Period: number; PeriodUnit: 'day' | 'month' | 'year'; Price: number }[]>().notNull(),
  modWhitelist: text('mod_whitelist').array().notNull(),
  limits: jsonb('limits').$type<Record<string, number>>().notNull(),
});

/** The status column holds RECORD_STATUS codes, defined once in the contract. */
export { RECORD_STATUS } from '../../../src/gateway/contract/statuses';

export const subscriptionRecords = pgTable(
  'subscription_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    subscriptionNo: text('subscription_no').notNull(),
    status: integer('status').notNull(),
    period: integer('period').notNull(),
    periodUnit: text('period_unit').$type<'day' | 'month' | 'year'>().notNull(),
    costAmount: bigint('cost_amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A renewal starts when the period before it ends; otherwise equals createdAt. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('subscription_records_user_idx').on(t.userId, t.createdAt),
    index('subscription_records_user_end_idx').on(t.userId, t.endsAt),
  ],
);
