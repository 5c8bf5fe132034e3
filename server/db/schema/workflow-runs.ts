import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WorkflowDocument } from '../../../src/gateway/contract/workflow/document';

// The journey tables of migrations/0015_workflow_runs.sql (0025_journey_loops.sql: steps claimed by place).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workflowId: bigint('workflow_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<WorkflowDocument>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('workflow_versions_key').on(t.workflowId, t.version)],
);

export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workflowId: bigint('workflow_id', { mode: 'number' }).notNull(),
    versionId: bigint('version_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    /** The steps the run has taken: the place of its next step in its path (from 0, the trigger). */
    step: integer('step').notNull().default(0),
    status: integer('status').notNull(),
    dueAt: ts('due_at').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('workflow_runs_contact_key').on(t.workflowId, t.contactId),
    index('workflow_runs_due_idx').on(t.status, t.dueAt),
  ],
);

export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    /** The step's place in the run's path: a node taken again (a loop through a delay) has a new place. */
    step: integer('step').notNull(),
    nodeId: text('node_id').notNull(),
    workflowId: bigint('workflow_id', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    taskId: text('task_id').notNull().default(''),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.step] }),
    index('workflow_run_steps_workflow_idx').on(t.workflowId, t.nodeId),
  ],
);
