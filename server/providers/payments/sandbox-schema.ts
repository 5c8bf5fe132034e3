import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The sandbox provider's own records, standing in for the processor's database (migration 0005).
// Never a card number: the outcome its test-card rules give, and what may be shown.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sandboxPayMethods = pgTable('sandbox_pay_methods', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holderName: text('holder_name').notNull(),
  outcome: text('outcome').notNull(),
  detached: boolean('detached').notNull().default(false),
});

export const sandboxPaySetups = pgTable('sandbox_pay_setups', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  paymentMethod: text('payment_method'),
  failureCode: text('failure_code'),
  createdAt: ts('created_at').notNull(),
});

export const sandboxPayIntents = pgTable('sandbox_pay_intents', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  paymentMethod: text('payment_method').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  /** failsLater cards: when the processing charge turns into a failure */
  settleAt: ts('settle_at'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: ts('created_at').notNull(),
});
