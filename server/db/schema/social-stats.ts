import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { PostMetrics } from '../../../src/gateway/contract/social/statistics';

// The tables of migrations/0035_social_stats.sql: post statistics and social sign-in.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const socialPostMetricSnapshots = pgTable(
  'social_post_metric_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    profileId: text('profile_id').notNull(),
    platformType: integer('platform_type').notNull(),
    platformPostId: text('platform_post_id').notNull(),
    metrics: jsonb('metrics').$type<PostMetrics>().notNull(),
    takenAt: ts('taken_at').notNull(),
  },
  (t) => [index('social_post_metric_snapshots_post_idx').on(t.userId, t.postId, t.profileId, t.takenAt)],
);

export const socialProfileDailyMetrics = pgTable(
  'social_profile_daily_metrics',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    profileId: text('profile_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    follows: integer('follows').notNull(),
    dailyFollows: integer('daily_follows').notNull(),
    impressions: integer('impressions').notNull(),
    reaches: integer('reaches').notNull(),
    engagements: integer('engagements').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.day] }),
    index('social_profile_daily_metrics_user_idx').on(t.userId, t.day),
  ],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platformType: integer('platform_type').notNull(),
    platformUserId: text('platform_user_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [unique().on(t.platformType, t.platformUserId), index('social_identities_user_idx').on(t.userId)],
);

export const socialSigninTickets = pgTable('social_signin_tickets', {
  ticket: text('ticket').primaryKey(),
  platformType: integer('platform_type').notNull(),
  platformUserId: text('platform_user_id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
