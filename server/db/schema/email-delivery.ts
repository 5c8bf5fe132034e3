import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The tables of migrations/0008_email_delivery.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mail the embedded sandbox SMTP sink accepted, shown at /dev/outbox. */
export const mailSinkMessages = pgTable('mail_sink_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  receivedAt: ts('received_at').notNull(),
  envelopeFrom: text('envelope_from').notNull().default(''),
  envelopeTo: text('envelope_to').array().notNull(),
  fromHeader: text('from_header').notNull().default(''),
  toHeader: text('to_header').notNull().default(''),
  subject: text('subject').notNull().default(''),
  messageId: text('message_id').notNull().default(''),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  dkimResult: text('dkim_result').notNull().default('none'),
  dkimDetail: text('dkim_detail').notNull().default(''),
  complaint: boolean('complaint').notNull().default(false),
  html: text('html'),
  textBody: text('text_body').notNull().default(''),
  raw: text('raw').notNull(),
});

/** How often the sink was offered mail for an address (the soft-bounce rule counts them). */
export const mailSinkAttempts = pgTable('mail_sink_attempts', {
  address: text('address').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
});

export type EmailSuppressionReason = 'hard_bounce' | 'complaint' | 'unsubscribe';

/** An account's suppressed e-mail addresses (lower-cased). */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    reason: text('reason').$type<EmailSuppressionReason>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
