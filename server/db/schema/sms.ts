import {
  bigint,
  bigserial,
  boolean,
  index,
  numeric,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The SMS tables of migrations/0004_sms.sql. Indexes live in the SQL; bulk paths use raw SQL.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const smsTemplates = pgTable('sms_templates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  templateId: text('template_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  purpose: integer('purpose').notNull(),
  language: text('language').notNull(),
  content: text('content').notNull(),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull(),
  rejectReason: text('reject_reason').notNull().default(''),
  variableCount: integer('variable_count').notNull(),
  revision: integer('revision').notNull().default(1),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  reviewedAt: ts('reviewed_at'),
  /** 'sms' or 'mms' (migrations/0007_mms.sql): MMS templates share the table and the review. */
  channel: text('channel').notNull().default('sms'),
  /** MMS only. */
  subject: text('subject').notNull().default(''),
  /** MMS only: the images, in order. */
  images: jsonb('images').$type<StoredMmsImage[]>().notNull().default([]),
});

export interface StoredMmsImage {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

export const smsTags = pgTable('sms_tags', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const smsCarrierMessages = pgTable('sms_carrier_messages', {
  messageKey: text('message_key').primaryKey(),
  phone: text('phone').notNull(),
  body: text('body').notNull(),
  accepted: boolean('accepted').notNull(),
  errorCode: text('error_code').notNull().default(''),
  submissions: integer('submissions').notNull().default(1),
  createdAt: ts('created_at').notNull(),
  reportedAt: ts('reported_at'),
});

/** The settings tables below hold every phone channel's settings, by `channel` (migration 0019). */
const settingsChannel = () => text('channel').notNull().default('sms');

export const smsCallbacks = pgTable(
  'sms_callbacks',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The kernel's channel id (sms, mms, voice): one callback per account and channel. */
    channel: settingsChannel(),
    url: text('url').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    secret: text('secret').notNull(),
    /** Whether the secret was issued to the user (it is shown once, in that reply). */
    secretShown: boolean('secret_shown').notNull().default(false),
    disabledReason: text('disabled_reason').notNull().default(''),
    lastDeliveryAt: ts('last_delivery_at'),
    lastStatus: integer('last_status').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

export const smsCallbackDeliveries = pgTable('sms_callback_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: text('message_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** Whose callback it goes to: the channel of the task that reported. */
  channel: settingsChannel(),
  payload: text('payload').notNull(),
  status: text('status').$type<'pending' | 'delivered' | 'failed' | 'dropped'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lastStatus: integer('last_status').notNull().default(0),
  lastError: text('last_error').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});

export const smsAlarmRules = pgTable(
  'sms_alarm_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: text('rule_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The channel whose sends the rule counts. */
    channel: settingsChannel(),
    kind: integer('kind').notNull(),
    /** What an e-mail rule watches (trigger, batch, total, blockRate, spamRate); phone rules count every send. */
    metric: text('metric').notNull().default('total'),
    period: text('period').$type<'day' | 'month'>().notNull(),
    threshold: numeric('threshold', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    emails: text('emails').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    firedPeriod: text('fired_period').notNull().default(''),
    /** The language of whoever saved the rule: its alerts are written in it. */
    lang: text('lang').$type<'en' | 'zh'>().notNull().default('en'),
    firedAt: ts('fired_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sms_alarm_rules_user_channel_idx').on(t.userId, t.channel)],
);

export const smsLimits = pgTable(
  'sms_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The channel whose sends are limited: one limit row per account and channel. */
    channel: settingsChannel(),
    dailyLimit: integer('daily_limit'),
    monthlyLimit: integer('monthly_limit'),
    totalLimit: integer('total_limit'),
    alarmPercent: integer('alarm_percent').notNull().default(80),
    emails: text('emails').array().notNull().default([]),
    firedKeys: text('fired_keys').array().notNull().default([]),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

export const smsTrialPhones = pgTable('sms_trial_phones', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  countryCode: text('country_code').notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  codeSentAt: ts('code_sent_at').notNull(),
  codeExpiresAt: ts('code_expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  verifiedAt: ts('verified_at'),
  createdAt: ts('created_at').notNull(),
});

export const smsExports = pgTable('sms_exports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  exportId: text('export_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** The channel whose send records the export holds (sms, mms, voice: migration 0018). */
  channel: text('channel').notNull().default('sms'),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
  beginAt: ts('begin_at').notNull(),
  endAt: ts('end_at').notNull(),
  status: integer('status').notNull().default(0),
  rowCount: integer('row_count').notNull().default(0),
  fileName: text('file_name').notNull().default(''),
  body: text('body'),
  reason: text('reason').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});
