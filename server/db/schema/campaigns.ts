import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Campaigns of migrations/0026_campaigns.sql (docs/decisions.md "Campaigns").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: text('campaign_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'sms' | 'email'>().notNull(),
    aim: integer('aim').notNull(),
    source: text('source').$type<'editor' | 'ai'>().notNull(),
    status: integer('status').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    createKey: text('create_key'),
    taskId: text('task_id').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('campaigns_user_idx').on(t.userId, t.status, t.updatedAt),
    uniqueIndex('campaigns_name_key')
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`status <> 9`),
    uniqueIndex('campaigns_create_key').on(t.userId, t.createKey),
  ],
);
