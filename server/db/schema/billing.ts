import {
  bigint,
  boolean,
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

// Amounts are integer units, 10,000 per currency unit (spec 000 §3), in BIGINT columns.
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** productType 0 is the main wallet; the others are the sub-wallets of spec 000 §3. */
export const wallets = pgTable(
  'wallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productType: integer('product_type').notNull(),
    currency: text('currency').notNull().default('usd'),
    amount: money('amount'),
    amountFree: money('amount_free'),
    amountCredit: money('amount_credit'),
    amountFreeze: money('amount_freeze'),
  },
  (t) => [uniqueIndex('wallets_user_product_key').on(t.userId, t.productType)],
);

/** Append-only: every balance change is one row, written in the same transaction as the wallet. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    /** the bill type of spec 001 §4: deduct, recharge, withdraw, refund, bonus, cancel_promotion, card_deduction */
    billType: text('bill_type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    /** A retried request carries the same key, so it cannot move money twice. */
    uniqueKey: text('unique_key').notNull(),
    /** the product the move paid for (SMS 9, voice 6003, ...): usage statistics read it */
    productId: integer('product_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_unique_key').on(t.userId, t.uniqueKey),
    index('ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A money-moving Action's first answer, keyed by (user, IdempotencyKey): replays return `response`. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    action: text('action').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A saved card: the provider's payment-method id and what may be shown, never the number. */
export const paymentMethods = pgTable('payment_methods', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  providerPmId: text('provider_pm_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holderName: text('holder_name').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  removedAt: ts('removed_at'),
});

export const cardSetups = pgTable('card_setups', {
  setupIntentId: text('setup_intent_id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  paymentMethodId: bigint('payment_method_id', { mode: 'number' }),
});

/** What a payment pays for besides the wallet credit: a plan purchase to complete once it succeeds. */
export interface PaymentPurpose {
  plan?: { subscriptionNo: string; periodUnit: string; quantity: number; upgrade: boolean };
  alarmCrossing?: number;
}

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** recharge | plan | auto_recharge */
  kind: text('kind').notNull(),
  walletType: integer('wallet_type').notNull(),
  amount: money('amount'),
  fee: money('fee'),
  currency: text('currency').notNull().default('usd'),
  providerPmId: text('provider_pm_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  providerIntentId: text('provider_intent_id'),
  /** processing | requires_action | succeeded | failed */
  status: text('status').notNull(),
  failureRetCode: integer('failure_ret_code'),
  challengeUrl: text('challenge_url'),
  challengeSecret: text('challenge_secret'),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  purpose: jsonb('purpose').$type<PaymentPurpose>(),
  invoiceId: bigint('invoice_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

export const cardFreezes = pgTable('card_freezes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  paymentMethodId: bigint('payment_method_id', { mode: 'number' }).notNull(),
  amount: money('amount'),
  releaseAt: ts('release_at').notNull(),
  releasedAt: ts('released_at'),
  createdAt: ts('created_at').notNull(),
});

export interface StoredAddress {
  Name: string;
  Company: string;
  Line1: string;
  Line2: string;
  City: string;
  State: string;
  PostalCode: string;
  Country: string;
  TaxId: string;
}

export const billingAddresses = pgTable('billing_addresses', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  address: jsonb('address').$type<StoredAddress>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const invoices = pgTable('invoices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  invoiceNo: text('invoice_no').notNull(),
  /** recharge | plan | bank_transfer */
  kind: text('kind').notNull(),
  /** what it is for (payment:<id>, plan:<record>, bank:<reference>): one invoice per thing paid */
  sourceKey: text('source_key').notNull(),
  description: text('description').notNull(),
  subtotal: money('subtotal'),
  fee: money('fee'),
  tax: money('tax'),
  total: money('total'),
  currency: text('currency').notNull().default('usd'),
  billTo: jsonb('bill_to').$type<StoredAddress | null>(),
  createdAt: ts('created_at').notNull(),
});

export const balanceAlarms = pgTable('balance_alarms', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  walletType: integer('wallet_type').notNull(),
  threshold: money('threshold'),
  autoRecharge: boolean('auto_recharge').notNull(),
  autoRechargeAmount: money('auto_recharge_amount'),
  /** below the threshold now: the alert of this crossing was sent */
  below: boolean('below').notNull().default(false),
  /** how many crossings so far: the auto-recharge of crossing n is keyed by n */
  crossing: integer('crossing').notNull().default(0),
  lastAlertAt: ts('last_alert_at'),
  lastPaymentId: text('last_payment_id'),
  updatedAt: ts('updated_at').notNull(),
});

export const bankReferences = pgTable('bank_references', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull(),
});
