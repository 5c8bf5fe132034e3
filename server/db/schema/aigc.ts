import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// AI image generations of migrations/0037_aigc.sql (docs/decisions.md "Creative material and AI images").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const aigcTasks = pgTable(
  'aigc_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: text('task_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** AIGC_STATUS */
    status: integer('status').notNull(),
    prompt: text('prompt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    category: text('category').notNull(),
    industry: text('industry').notNull(),
    referenceFileId: text('reference_file_id'),
    optimization: text('optimization'),
    /** The generated image (files), once succeeded. */
    fileId: text('file_id'),
    reason: text('reason').notNull().default(''),
    libraryItemId: text('library_item_id'),
    /** The plan period whose AIGCRequestLimit use the generation took (given back when it fails). */
    planRecordId: bigint('plan_record_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('aigc_tasks_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('aigc_tasks_one_running')
      .on(t.userId)
      .where(sql`status = 1`),
  ],
);
export type AigcTaskRow = typeof aigcTasks.$inferSelect;
