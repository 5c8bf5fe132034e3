import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WorkflowDocument } from '../../../src/gateway/contract/workflow/document';

// The workflow table of migrations/0010_workflows.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workflows = pgTable(
  'workflows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seqId: text('seq_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    status: integer('status').notNull(),
    document: jsonb('document').$type<WorkflowDocument>().notNull(),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    steps: integer('steps').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('workflows_user_idx').on(t.userId, t.status, t.updatedAt),
    uniqueIndex('workflows_name_key')
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`status <> 9`),
  ],
);
