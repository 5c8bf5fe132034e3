import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  smallint,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** the authorisation that bound the account (null: opened through an application; 0034) */
    authorizationId: bigint('authorization_id', { mode: 'number' }),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    status: integer('status').notNull(),
    /** the platform's own account status (TikTok, Snapchat, Huawei; spec 001 §4), as it reports it (0043) */
    platformStatus: smallint('platform_status'),
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

// Ad operations, authorisation and the data report (migrations/0034_ad_operations.sql).
export const adOperations = pgTable(
  'ad_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationId: text('operation_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    platformId: integer('platform_id').notNull(),
    action: text('action').notNull(),
    bindingType: integer('binding_type').notNull().default(-1),
    target: text('target').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    status: integer('status').notNull(),
    reason: text('reason').notNull().default(''),
    requestKey: text('request_key').notNull(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    unique().on(t.userId, t.requestKey),
    index('ad_operations_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ad_operations_money_pending_idx')
      .on(t.adAccountId)
      .where(sql`status = 0 AND action IN ('REFUND', 'CLEAR')`),
  ],
);

export const adAuthorizations = pgTable(
  'ad_authorizations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    authorizationId: text('authorization_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformId: integer('platform_id').notNull(),
    status: integer('status').notNull(),
    state: text('state').notNull().unique(),
    businessId: text('business_id').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('ad_authorizations_user_idx').on(t.userId, t.createdAt)],
);

export const adAccountDailyStats = pgTable(
  'ad_account_daily_stats',
  {
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformId: integer('platform_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    spend: bigint('spend', { mode: 'number' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    conversions: bigint('conversions', { mode: 'number' }).notNull(),
    /** what the account's balance paid for this day (migration 0039) */
    charged: bigint('charged', { mode: 'number' }).notNull().default(0),
    /** the balance ran out this day: the figures were scaled down to what was paid and stay so */
    capped: boolean('capped').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.adAccountId, t.day] }),
    index('ad_account_daily_stats_user_day_idx').on(t.userId, t.day, t.platformId, t.adAccountId),
  ],
);
