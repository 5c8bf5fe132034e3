import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
