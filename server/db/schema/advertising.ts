import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

// The advertising tables of migrations/0014_advertising.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const adApplications = pgTable(
  'ad_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformId: integer('platform_id').notNull(),
    status: integer('status').notNull(),
    accountName: text('account_name').notNull(),
    companyName: text('company_name').notNull(),
    promotionLink: text('promotion_link').notNull(),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    quantity: integer('quantity').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [index('ad_applications_user_idx').on(t.userId, t.createdAt)],
);

export const adAccounts = pgTable(
  'ad_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformId: integer('platform_id').notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    status: integer('status').notNull(),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    consumption: bigint('consumption', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('ad_accounts_user_idx').on(t.userId, t.platformId, t.status)],
);

export const adRecharges = pgTable(
  'ad_recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeId: text('recharge_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: integer('status').notNull(),
    requestKey: text('request_key').notNull(),
    createdAt: ts('created_at').notNull(),
    arrivedAt: ts('arrived_at'),
  },
  (t) => [unique().on(t.userId, t.requestKey), index('ad_recharges_account_idx').on(t.adAccountId, t.createdAt)],
);
