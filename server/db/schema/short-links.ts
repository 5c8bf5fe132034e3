import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The short-link tables of migrations/0011_short_links.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** status: 0 live, 9 deleted. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: text('link_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    destination: text('destination').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmTerm: text('utm_term').notNull().default(''),
    utmContent: text('utm_content').notNull().default(''),
    originalUrl: text('original_url').notNull(),
    status: integer('status').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('short_links_link_id_idx').on(t.linkId),
    uniqueIndex('short_links_code_idx').on(t.code),
    index('short_links_user_idx').on(t.userId, t.status, t.createdAt.desc()),
  ],
);
export type ShortLinkRow = typeof shortLinks.$inferSelect;

/** kind: 1 click, 2 QR scan. */
export const shortLinkHits = pgTable(
  'short_link_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    at: ts('at').notNull(),
    kind: smallint('kind').notNull(),
    visitor: text('visitor').notNull(),
    referrer: text('referrer').notNull(),
    device: text('device').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    language: text('language').notNull(),
    country: text('country').notNull(),
  },
  (t) => [index('short_link_hits_link_idx').on(t.linkId, t.id)],
);
export type ShortLinkHitInsert = typeof shortLinkHits.$inferInsert;

export interface StoredCount {
  name: string;
  count: number;
}
export interface StoredBreakdown {
  locations: StoredCount[];
  referrers: StoredCount[];
  devices: StoredCount[];
  systems: StoredCount[];
  browsers: StoredCount[];
  languages: StoredCount[];
}
export interface StoredDay {
  day: string;
  pv: number;
  uv: number;
}

export const shortLinkStats = pgTable('short_link_stats', {
  linkId: bigint('link_id', { mode: 'number' }).primaryKey(),
  lastHitId: bigint('last_hit_id', { mode: 'number' }).notNull(),
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  qrScans: bigint('qr_scans', { mode: 'number' }).notNull(),
  breakdown: jsonb('breakdown').$type<StoredBreakdown>().notNull(),
  daily: jsonb('daily').$type<StoredDay[]>().notNull(),
  refreshedAt: ts('refreshed_at').notNull(),
});
export type ShortLinkStatsRow = typeof shortLinkStats.$inferSelect;

export const shortLinkRefresh = pgTable('short_link_refresh', {
  id: integer('id').primaryKey(),
  refreshedAt: ts('refreshed_at').notNull(),
});
