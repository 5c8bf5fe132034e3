import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The Facebook ad tables of migrations/0033_fb_ads.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const fbAdObjects = pgTable(
  'fb_ad_objects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    objectId: text('object_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    level: text('level').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    status: text('status').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    reviewReason: text('review_reason').notNull().default(''),
    requestKey: text('request_key'),
    activatedAt: ts('activated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('fb_ad_objects_name_key')
      .on(t.adAccountId, t.level, t.nameKey)
      .where(sql`status <> 'DELETED'`),
    uniqueIndex('fb_ad_objects_request_key').on(t.userId, t.requestKey),
    index('fb_ad_objects_account_idx').on(t.adAccountId, t.level, t.createdAt),
    index('fb_ad_objects_parent_idx').on(t.parentId),
    index('fb_ad_objects_status_idx').on(t.level, t.status),
  ],
);

export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    platformId: integer('platform_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adsetId: text('adset_id').notNull(),
    adId: text('ad_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    spend: bigint('spend', { mode: 'number' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    conversions: bigint('conversions', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique().on(t.adId, t.day),
    index('ad_daily_stats_user_day_idx').on(t.userId, t.day),
    index('ad_daily_stats_account_day_idx').on(t.accountId, t.day),
  ],
);
