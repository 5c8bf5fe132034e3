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
