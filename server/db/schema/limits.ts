import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Counters of rate-limiter-flexible's Drizzle store (server/limits.ts): one row per limited key
 * (`api:token:…`, `api:ip:…`, `password-guess:…`), its points and when the window ends. The columns are
 * the ones the library reads and writes.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: ts('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * The general /api limit's counters on PostgreSQL (server/limits.ts): rate-limiter-flexible's own
 * PostgreSQL store, whose statements are prepared once per connection. The columns are the ones it reads
 * and writes (`expire` in epoch milliseconds). The embedded database counts these in memory.
 */
export const apiRateCounters = pgTable(
  'api_rate_counters',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('api_rate_counters_expire_idx').on(t.expire)],
);

/** Nonces of signed access-key requests, kept until their timestamp leaves the validity window. */
export const accessKeyNonces = pgTable(
  'access_key_nonces',
  {
    accessKeyId: text('access_key_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessKeyId, t.nonce] }), index('access_key_nonces_expires_idx').on(t.expiresAt)],
);
