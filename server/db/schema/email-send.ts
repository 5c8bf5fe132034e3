import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// The table of migrations/0009_email_send.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per task message key: its SMTP hand-overs so far and the last answer. */
export const emailSendAttempts = pgTable(
  'email_send_attempts',
  {
    messageKey: text('message_key').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    attempts: integer('attempts').notNull(),
    /** The last hand-over's EmailDeliveryResult. */
    result: text('result').notNull(),
    retryable: boolean('retryable').notNull(),
    smtpCode: integer('smtp_code').notNull().default(0),
    response: text('response').notNull().default(''),
    messageId: text('message_id').notNull().default(''),
    /** The code recorded on the message: '' when delivered, else the result or SUPPRESSED. */
    errorCode: text('error_code').notNull().default(''),
    /** When a soft bounce is tried again; null once final. */
    nextAttemptAt: ts('next_attempt_at'),
    reportedAt: ts('reported_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('email_send_attempts_due')
      .on(t.nextAttemptAt)
      .where(sql`reported_at IS NULL`),
  ],
);
