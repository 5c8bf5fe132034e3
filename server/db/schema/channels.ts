import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TaskAudience, VariableMapping } from '../../../src/gateway/contract/audience/send-audience';
import type { SegmentRules } from '../../../src/gateway/contract/audience/segments';

// The channel kernel's tables (migrations 0004_sms.sql, 0006_channel_kernel.sql): every sending
// channel's tasks and recipients, told apart by `channel` (docs/decisions.md "Channel kernel").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

export const channelTasks = pgTable('channel_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: text('task_id').notNull(),
  /** The channel description's id (server/channels): 'sms', … */
  channel: text('channel').notNull().default('sms'),
  sessionNo: text('session_no').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  templateId: text('template_id').notNull(),
  templateName: text('template_name').notNull(),
  content: text('content').notNull(),
  variableCount: integer('variable_count').notNull(),
  countryCode: text('country_code').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  senderId: text('sender_id').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  projectId: text('project_id').notNull().default('default'),
  sendType: text('send_type').$type<'immediate' | 'scheduled'>().notNull(),
  /** E-mail: a trigger (API, one recipient) or a batch request, counted apart by the alert rules. */
  requestKind: text('request_kind').$type<'trigger' | 'batch'>().notNull().default('batch'),
  sendAt: ts('send_at').notNull(),
  timeZone: text('time_zone').notNull(),
  status: integer('status').notNull(),
  resultState: integer('result_state').notNull().default(0),
  trial: boolean('trial').notNull().default(false),
  totalCount: integer('total_count').notNull(),
  invalidCount: integer('invalid_count').notNull().default(0),
  duplicateCount: integer('duplicate_count').notNull().default(0),
  submitCount: integer('submit_count').notNull().default(0),
  submitFailCount: integer('submit_fail_count').notNull().default(0),
  successCount: integer('success_count').notNull().default(0),
  failCount: integer('fail_count').notNull().default(0),
  unknownCount: integer('unknown_count').notNull().default(0),
  segments: integer('segments').notNull(),
  totalSegments: money('total_segments').notNull(),
  price: money('price').notNull(),
  estimatedCost: money('estimated_cost').notNull(),
  cost: money('cost').notNull().default(0),
  groupSize: integer('group_size').notNull(),
  groupCount: integer('group_count').notNull(),
  reason: text('reason').notNull().default(''),
  parsedCount: integer('parsed_count').notNull().default(0),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  /** The list or segment it was sent to (migration 0008); null for numbers and files. */
  audience: jsonb('audience').$type<TaskAudience>(),
  suppressedCount: integer('suppressed_count').notNull().default(0),
  noAddressCount: integer('no_address_count').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

export const channelRecipients = pgTable(
  'channel_recipients',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    /** In the channel's recipient kind: E.164 digits, an e-mail address or a chat id. */
    address: text('address').notNull(),
    params: jsonb('params').$type<string[] | null>(),
    segments: integer('segments').notNull(),
    state: smallint('state').notNull().default(0),
    errorCode: text('error_code').notNull().default(''),
    cost: money('cost').notNull().default(0),
    submitAt: ts('submit_at'),
    reportAt: ts('report_at'),
    /** A voice call's duration in seconds, from its report (migration 0013); null otherwise. */
    callSeconds: integer('call_seconds'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.seq] }),
    // the audience's channel conditions: a contact's records by address (migration 0007)
    index('channel_recipients_address_idx').on(t.address, t.submitAt),
  ],
);

/** Recipients accepted with a task until the parse job stores them (then the row is deleted). */
export const channelTaskInputs = pgTable('channel_task_inputs', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey(),
  addresses: text('addresses').array().notNull(),
  params: jsonb('params').array().notNull(),
  segments: integer('segments').array().notNull(),
});

/** An audience task's source until the parse job has stored its recipients (then the row is deleted). */
export const channelTaskAudiences = pgTable('channel_task_audiences', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey(),
  listId: bigint('list_id', { mode: 'number' }),
  segmentRules: jsonb('segment_rules').$type<SegmentRules>(),
  variableMapping: jsonb('variable_mapping').$type<VariableMapping[]>().notNull().default([]),
  /** Keyset cursor: the highest contact id already looked at. */
  cursorContactId: bigint('cursor_contact_id', { mode: 'number' }).notNull().default(0),
});
