import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// WhatsApp agent campaigns of migrations/0032_whatsapp_agent.sql (docs/decisions.md "WhatsApp agent campaigns").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const waAgentTasks = pgTable(
  'wa_agent_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: text('task_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    timeZone: text('time_zone').notNull(),
    expectedLocal: text('expected_local').notNull(),
    expectedAt: ts('expected_at').notNull(),
    content: text('content').notNull(),
    mediaFileId: text('media_file_id').notNull().default(''),
    status: smallint('status').notNull(),
    cancelledBy: text('cancelled_by'),
    failReason: text('fail_reason').notNull().default(''),
    totalCount: integer('total_count').notNull(),
    invalidCount: integer('invalid_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    price: bigint('price', { mode: 'number' }).notNull(),
    charged: bigint('charged', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    analyzingAt: ts('analyzing_at'),
    analyzedAt: ts('analyzed_at'),
    sendingAt: ts('sending_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('wa_agent_tasks_request_key').on(t.userId, t.requestKey),
    index('wa_agent_tasks_user_idx').on(t.userId, t.createdAt),
  ],
);

export const waAgentRecipients = pgTable(
  'wa_agent_recipients',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    phone: text('phone').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.seq] }),
    uniqueIndex('wa_agent_recipients_phone_key').on(t.taskId, t.phone),
  ],
);
