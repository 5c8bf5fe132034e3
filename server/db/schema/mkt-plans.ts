import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlanContent } from '../../../src/gateway/contract/actions/mkt-plans';

// Marketing plans of migrations/0024_mkt_plans.sql (docs/decisions.md "Marketing plans").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mktPlans = pgTable(
  'mkt_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: text('plan_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    aim: integer('aim').notNull(),
    industry: text('industry').notNull(),
    productCategory: text('product_category').notNull(),
    type: text('type').notNull(),
    tone: text('tone').notNull(),
    channels: jsonb('channels').$type<string[]>().notNull(),
    status: integer('status').notNull(),
    brief: text('brief').notNull().default(''),
    content: jsonb('content').$type<PlanContent | null>(),
    seqId: text('seq_id').notNull().default(''),
    /** Day 0 of the plan on the calendar (migrations/0036_plan_schedule.sql); null: not scheduled. */
    startAt: ts('start_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('mkt_plans_user_idx').on(t.userId, t.status, t.updatedAt),
    index('mkt_plans_start_idx')
      .on(t.userId, t.startAt)
      .where(sql`start_at IS NOT NULL`),
    uniqueIndex('mkt_plans_name_key')
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`status <> 9`),
  ],
);
