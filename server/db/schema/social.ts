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
  unique,
} from 'drizzle-orm/pg-core';

// The social tables of migrations/0028_social.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const socialAuthStates = pgTable(
  'social_auth_states',
  {
    state: text('state').primaryKey(),
    /** null for a sign-in (Purpose signin): nobody is signed in yet */
    userId: bigint('user_id', { mode: 'number' }),
    platformType: integer('platform_type').notNull(),
    profileId: text('profile_id'),
    purpose: text('purpose').$type<'profile' | 'signin' | 'link'>().notNull().default('profile'),
    /** a sign-in's same-origin path to go to afterwards (the sign-in page's `service`) */
    service: text('service'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('social_auth_states_user_idx').on(t.userId, t.createdAt)],
);

export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: text('profile_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    platformType: integer('platform_type').notNull(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    accessToken: text('access_token').notNull(),
    status: integer('status').notNull(),
    error: text('error').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    checkedAt: ts('checked_at').notNull(),
  },
  (t) => [unique().on(t.userId, t.platformType, t.accountId)],
);

export interface SocialTikTokColumn {
  title?: string;
  privacyLevel?: string;
  allowDuet?: boolean;
  allowStitch?: boolean;
  allowComment?: boolean;
  brandedContent?: boolean | null;
}

export const socialPosts = pgTable(
  'social_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: text('post_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: integer('status').notNull(),
    text: text('text').notNull(),
    mediaFileIds: text('media_file_ids').array().notNull().default([]),
    youTubeTitle: text('youtube_title').notNull().default(''),
    tikTok: jsonb('tiktok').$type<SocialTikTokColumn>().notNull().default({}),
    sendTime: ts('send_time'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('social_posts_user_idx').on(t.userId, t.status, t.createdAt)],
);

export type SocialTargetResult = 'pending' | 'publishing' | 'published' | 'failed';

export const socialPostTargets = pgTable(
  'social_post_targets',
  {
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    profileId: text('profile_id').notNull(),
    platformType: integer('platform_type').notNull(),
    name: text('name').notNull(),
    result: text('result').$type<SocialTargetResult>().notNull().default('pending'),
    platformPostId: text('platform_post_id').notNull().default(''),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.postId, t.profileId] })],
);
